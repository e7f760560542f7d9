/// The kinds of answer a form field accepts. Each decides how a typed line is parsed and how the
/// value travels in the JSON payload.
public enum FieldType: String, Sendable, CaseIterable, Hashable {
    case text, multiline, secret, email, url, integer, decimal, date, boolean, choice, multichoice

    /// Numbers and dates are ordered, so `min`/`max` and `before` checks apply to them.
    public var isOrdered: Bool { self == .integer || self == .decimal || self == .date }

    /// Types whose value is free text measured in characters (`min_length`/`max_length`/`pattern`).
    public var isTextual: Bool {
        switch self {
        case .text, .multiline, .secret, .email, .url: return true
        default: return false
        }
    }
}
