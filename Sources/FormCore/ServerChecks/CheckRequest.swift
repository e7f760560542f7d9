/// One server check the wizard asks its driver to make (`WizardEffect.check`): the request as
/// it goes on the wire, and what the driver needs to bound it.
public struct CheckRequest: Sendable, Equatable {
    /// The field whose answer is checked.
    public var field: String
    public var method: String
    /// The path with its query, placeholders filled.
    public var path: String
    /// The JSON body; `.null` sends none (a GET).
    public var payload: JSONValue
    /// The check's own timeout; the driver caps it with `--timeout`.
    public var timeoutSeconds: Int
    /// What the in-process fake answers; ignored by real transports.
    public var fake: FakeCheckRule?
    /// The answer checked (the fake compares it).
    public var value: FieldValue
    /// A `choices_from` fetch: the list the in-process fake answers (`choices_from.fake`).
    public var fakeChoices: [String]?
    /// The path and the payload with each private or secret value as `[name]`, put in before
    /// encoding: what a transcript records (nil: the request holds none; docs/privacy.md).
    public var transcriptPath: String?
    public var transcriptPayload: JSONValue?

    public init(field: String, method: String, path: String, payload: JSONValue, timeoutSeconds: Int, fake: FakeCheckRule? = nil, value: FieldValue) {
        self.field = field
        self.method = method
        self.path = path
        self.payload = payload
        self.timeoutSeconds = timeoutSeconds
        self.fake = fake
        self.value = value
    }

    /// What makes two checks the same question: one answer is kept per key in a session
    /// (`CheckBook`), so `.back`, an edit and the next record of a run do not ask again.
    public var key: String { "\(method) \(path) \(payload.compactText)" }

    /// The check as a transcript records it, like a submission: `=> GET /api/usernames/ada null`.
    public var recorded: Submission {
        Submission(method: method, path: path, payload: payload, transcriptPayload: transcriptPayload ?? payload,
                   displayPayload: payload, attempt: 0, transcriptPath: transcriptPath)
    }

    /// The largest answer body a check reads (64 KiB): a lookup is a name and a few values.
    public static let maximumBodyBytes = 64 * 1024
}
