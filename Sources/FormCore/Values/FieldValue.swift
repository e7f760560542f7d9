/// A validated answer in canonical form. Numbers keep their text ("12.50" stays "12.50") so
/// payloads carry exactly what the operator meant, not a binary floating-point approximation.
public enum FieldValue: Sendable, Hashable {
    case text(String)
    case number(String)
    case boolean(Bool)
    case list([String])

    /// The value as JSON in the submitted payload.
    public var json: JSONValue {
        switch self {
        case .text(let s): return .string(s)
        case .number(let n): return .number(n)
        case .boolean(let b): return .bool(b)
        case .list(let items): return .array(items.map(JSONValue.string))
        }
    }

    /// The strings a `when` condition compares against: the resolved choice name, the canonical
    /// number, "true"/"false", or each item of a multichoice.
    public var comparableStrings: [String] { json.comparableStrings ?? [] }

    /// Whether one of `comparableStrings` is `text`, without building them.
    func compares(equalTo text: String) -> Bool {
        switch self {
        case .text(let s), .number(let s): return s == text
        case .boolean(let b): return text == (b ? "true" : "false")
        case .list(let items): return items.contains(text)
        }
    }

    /// Whether two values are the same down to their bytes. `==` compares text by Unicode
    /// equivalence ("é" precomposed equals "e" and a combining accent); what was shown must be
    /// shown again only for the very same bytes.
    static func sameBytes(_ a: FieldValue?, _ b: FieldValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (.text(let x)?, .text(let y)?), (.number(let x)?, .number(let y)?): return x.utf8.elementsEqual(y.utf8)
        case (.boolean(let x)?, .boolean(let y)?): return x == y
        case (.list(let x)?, .list(let y)?): return x.count == y.count && zip(x, y).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
        default: return false
        }
    }

    /// Whether `comparableStrings` is not empty (a `filled` condition), without building it.
    var comparesAsFilled: Bool {
        if case .list(let items) = self { return !items.isEmpty }
        return true
    }

    /// The value as an operator would type it again (used for pre-filling the edit line).
    public var editableText: String {
        switch self {
        case .text(let s), .number(let s): return s
        // In the session's language (`ja`/`nei`): parsed back in any (BooleanKind).
        case .boolean(let b): return MessageLanguage.current.word(for: b)
        case .list(let items): return items.joined(separator: ", ")
        }
    }

    public var isEmpty: Bool {
        switch self {
        case .text(let s), .number(let s): return s.isEmpty
        case .boolean: return false
        case .list(let items): return items.isEmpty
        }
    }
}
