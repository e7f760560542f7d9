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
    /// A YAML/JSON list of plain values (`vlans: [10, 20]`), one answer per element with its own
    /// line: the items of a list field (`vlans.1`, `vlans.2`). A multichoice field takes `text`
    /// (the elements joined with ", ") instead. Nil for a scalar.
    public var items: [ScriptedAnswer]?

    public init(path: String, text: String, origin: String, fromCommandLine: Bool, items: [ScriptedAnswer]? = nil) {
        self.path = path
        self.text = text
        self.origin = origin
        self.fromCommandLine = fromCommandLine
        self.items = items
    }
}

/// A problem with the scripted answers, reported as `ORIGIN: field: message`, or `field: message`
/// when it has no origin.
public struct AnswerProblem: Sendable, Equatable, CustomStringConvertible {
    /// `answers.yaml:4`, `--set age`, or the answers file alone for a missing answer; nil when
    /// no answer is to blame (a missing answer with no answers file, a failed check on defaults).
    public var origin: String?
    public var field: String
    public var message: String

    public init(origin: String?, field: String, message: String) {
        self.origin = origin
        self.field = field
        self.message = message
    }

    public var description: String { (origin.map { "\($0): " } ?? "") + "\(field): \(message)" }
}
