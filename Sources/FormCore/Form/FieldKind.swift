/// Everything one field type means, in one place: how a typed line becomes a canonical value,
/// how a saved value comes back, what `?` and the prompt say, what completes, which rules apply
/// and how values order. Each type's kind is one file in `FieldTypes/`; `FieldType.kind` is the
/// only switch that maps a type to it.
package protocol FieldKind: Sendable {
    /// Whether the line is trimmed at both ends before parsing (not secrets, not multiline).
    var trimsInput: Bool { get }
    /// Whether a value may hold line breaks (multiline): they are not control characters there.
    var allowsLineBreaks: Bool { get }
    /// Free text measured in characters: `min_length`, `max_length` and `pattern` apply.
    var measuresLength: Bool { get }
    /// The field lists its `choices`.
    var takesChoices: Bool { get }
    /// How values order, so `min`/`max` and `before`/`not_after` apply; nil: not ordered.
    var ordering: FieldOrdering? { get }
    /// What a `min`/`max` must be written as, for load errors ("a whole number").
    var boundFormat: String { get }

    /// The canonical value of a non-empty line (already trimmed if `trimsInput`, free of control
    /// characters), or why not. The field's length, pattern and bounds are checked by the caller.
    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError>
    /// A value saved in a draft, if it still fits the field.
    func restore(_ json: JSONValue, for field: Field) -> FieldValue?
    /// The type's rule for `?`/`.help` ("a whole number"); nil for plain text.
    func rule(for field: Field) -> String?
    /// Short hints in the prompt's parentheses ("YYYY-MM-DD", "y/n").
    func promptHints(for field: Field) -> [String]
    /// Words an editing terminal completes.
    func completion(for field: Field) -> FieldCompletion
}

/// What Tab completes at a field's prompt.
package enum FieldCompletion: Sendable, Equatable {
    case none
    /// One of these words.
    case single([String])
    /// Comma-separated items from these words.
    case list([String])
}

extension FieldKind {
    package var trimsInput: Bool { true }
    package var allowsLineBreaks: Bool { false }
    package var measuresLength: Bool { false }
    package var takesChoices: Bool { false }
    package var ordering: FieldOrdering? { nil }
    package var boundFormat: String { ordering?.noun ?? "a value" }
    package func promptHints(for field: Field) -> [String] { [] }
    package func completion(for field: Field) -> FieldCompletion { .none }

    /// Saved text and numbers go through the field's full rules again.
    package func restore(_ json: JSONValue, for field: Field) -> FieldValue? {
        switch json {
        case .string(let s): return try? field.parse(s).get()
        case .number(let n): return try? field.parse(n).get()
        default: return nil
        }
    }
}
