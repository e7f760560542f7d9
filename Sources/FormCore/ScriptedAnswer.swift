/// One answer given before the session starts: from `--answers FILE` or `--set name=value`.
/// `text` is what an operator would type (a YAML/JSON number or boolean as written, a list
/// joined with ", "), so it goes through exactly the parsing and rules of a typed line.
public struct ScriptedAnswer: Sendable, Equatable {
    /// The dotted path, as in the payload (`address.city`).
    public var path: String
    public var text: String
    /// Where it came from, as messages print it: `answers.yaml:4` or `--set age`.
    public var origin: String
    public var fromCommandLine: Bool
    /// The items of a YAML list as written (`text` joins them with ", "): a list of scalars takes
    /// one item each, whatever commas they hold.
    public var items: [String]?

    public init(path: String, text: String, origin: String, fromCommandLine: Bool, items: [String]? = nil) {
        self.path = path
        self.text = text
        self.items = items
        self.origin = origin
        self.fromCommandLine = fromCommandLine
    }
}

/// A problem with the scripted answers, reported as `ORIGIN: field: message`.
public struct AnswerProblem: Sendable, Equatable, CustomStringConvertible {
    /// `answers.yaml:4`, `--set age`, or the answers file alone for a missing answer.
    public var origin: String
    public var field: String
    public var message: String

    public init(origin: String, field: String, message: String) {
        self.origin = origin
        self.field = field
        self.message = message
    }

    public var description: String { "\(origin): \(field): \(message)" }
}
