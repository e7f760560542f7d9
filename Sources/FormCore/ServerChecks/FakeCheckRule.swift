/// What the in-process fake answers a field's check (`server_check.fake`), so a form shows its
/// checks and lookups with no server: `formline fill Forms/signup.yaml` refuses `admin` as it is
/// typed.
public struct FakeCheckRule: Sendable, Equatable {
    /// Answers refused with a 422 carrying `message` (compared as typed, case-insensitively).
    public var refuse: [String]
    public var message: String
    /// Answers that pass with this JSON object (a lookup's record). When any are given, every
    /// other answer is unknown: 404.
    public var answers: [String: JSONValue]

    public init(refuse: [String] = [], message: String, answers: [String: JSONValue] = [:]) {
        self.refuse = refuse
        self.message = message
        self.answers = answers
    }

}
