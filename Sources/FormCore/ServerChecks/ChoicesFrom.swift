/// A choice or multichoice field's `choices_from:` (docs/checks.md, "Choices from the API"):
/// the list is fetched with a GET when the field is reached, so it may depend on earlier
/// answers (the docks of the warehouse chosen). It rides on the server-check round trip: the
/// request is a `CheckRequest`, its answer a `CheckOutcome`, its cache the `CheckBook`.
public struct ChoicesFrom: Sendable, Equatable {
    /// Starts with `/`; `{name}` placeholders name earlier answers.
    public var path: String
    public var query: [ServerCheck.Parameter]
    /// In each object of the answer's array, the choice's text (what is typed and sent); an
    /// item that is a string or a number is the choice itself.
    public var value: JSONPointer?
    /// In each object, the text shown after the choice (`1) D1  North dock`): never sent; an
    /// operator may type it whole instead of the value.
    public var label: JSONPointer?
    public var timeoutSeconds: Int
    /// What the in-process fake answers, for running the form with no server.
    public var fake: [String]?

    public init(path: String, query: [ServerCheck.Parameter] = [], value: JSONPointer? = nil, label: JSONPointer? = nil,
                timeoutSeconds: Int = ServerCheck.defaultTimeoutSeconds, fake: [String]? = nil) {
        self.path = path
        self.query = query
        self.value = value
        self.label = label
        self.timeoutSeconds = timeoutSeconds
        self.fake = fake
    }

    /// Every `{name}` in the path and the query, in order (as a server check reads its own).
    public var placeholderNames: [String] { ServerCheck.placeholderNames(path, query, nil) }

    /// The GET for the answers as they are now; its `key` says whether the list is known.
    /// `withheld`: the private and secret fields, recorded `[name]` as in a server check's request.
    public func request(field: String, values: [String: FieldValue], withheld: Set<String> = []) -> CheckRequest {
        let check = ServerCheck(path: path, query: query, timeoutSeconds: timeoutSeconds)
        var request = check.request(field: field, value: .text(""), values: values, withheld: withheld)
        request.fakeChoices = fake
        return request
    }

    /// The choices in a 2xx answer: a JSON array of strings (or numbers), or of objects whose
    /// `value` pointer names each choice (an object without it is skipped). Nil when the answer is not such a list or names none;
    /// blank and repeated items are dropped, each item is made one clean line, and at most
    /// `FormLimits.choicesPerField` are taken.
    public func choices(in json: JSONValue?) -> [String]? {
        guard case .array(let items)? = json else { return nil }
        var out: [String] = []
        var seen = Set<String>()
        for item in items {
            let raw: String?
            switch item {
            case .string(let s): raw = s
            case .number(let n): raw = n
            case .object: raw = value?.text(in: item)
            default: raw = nil
            }
            guard let raw else { continue }
            let text = TextCleaning.oneLine(raw, limit: 200)
            guard !text.isEmpty, seen.insert(text).inserted else { continue }
            out.append(text)
            if out.count >= FormLimits.choicesPerField { break }
        }
        return out.isEmpty ? nil : out
    }

    /// Each choice's label in a 2xx answer, by choice (the first object naming a choice gives
    /// its label): one clean line of at most 200 characters; none without a `label` pointer.
    public func labels(in json: JSONValue?) -> [String: String] {
        guard let label, let value, case .array(let items)? = json else { return [:] }
        var out: [String: String] = [:]
        for item in items.prefix(FormLimits.choicesPerField) {
            guard case .object = item, let raw = value.text(in: item), let text = label.text(in: item) else { continue }
            let choice = TextCleaning.oneLine(raw, limit: 200)
            let shown = TextCleaning.oneLine(text, limit: 200)
            if !choice.isEmpty, !shown.isEmpty, out[choice] == nil { out[choice] = shown }
        }
        return out
    }
}
