/// Everything one field type means, in one place: how a typed line becomes a canonical value
/// (and the texts of its refusals, as `ValueError` members in the same file), how a saved value
/// comes back, what `?`, the prompt and the review say, what completes, which rules apply, how
/// values order, whether `carry: next` counts it on, whether it may be a list (and typed as one
/// line), its `today`/`now` default and the OpenAPI formats it claims. Each type's kind is one file
/// in `FieldTypes/`; `FieldType.kind` is the only switch that maps a type to it, and nothing else
/// switches over types.
///
/// The requirements with no default below are the decisions every new type must make: the
/// compiler lists them when a kind leaves one out.
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
    /// A value as the review, the prompt's `[default]` and record lists show it, on one line.
    func shortDisplay(_ value: FieldValue) -> String

    /// Whether `carry: next` can count a value on: only where the last decimal number is what
    /// changes from one record to the next (a port, a serial, a day, an address).
    var countsOn: Bool { get }
    /// The next record's text for `carry: next` (the caller checks it against the field's rules);
    /// nil: nothing to count on. Asked only when `countsOn`.
    func countedOn(_ previous: FieldValue) -> String?
    /// Why a field of this type can't be a `list:` (the form-file error), or nil when it may.
    var listRefusal: String? { get }
    /// Whether a list of this type's values may be typed on one comma-separated line: only when
    /// a value can never contain a comma.
    func entersSeveral(_ field: Field) -> Bool
    /// The OpenAPI `format` strings of a `type: string` schema this type reads (`email`,
    /// `idn-email`): the importer writes a field of this type for them. A type claims a format
    /// only when it takes what servers of that format take, or the form would refuse values the
    /// server accepts (why `time` and `phone` claim none); no two types claim the same format
    /// (`FieldTypeRegistryTests`).
    var openAPIFormats: [String] { get }

    /// The `default:` keyword the operator's clock resolves for this type (`today`, `now`).
    var clockKeyword: ClockDefault? { get }
    /// The value `clockKeyword` stands for at `moment`, as the operator would type it.
    func clockText(at moment: Timestamp) -> String?
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
    package func shortDisplay(_ value: FieldValue) -> String { value.editableText }
    /// The last run of digits counted on (`Gi1/0/7` -> `Gi1/0/8`): `Carry.countedOn`.
    package func countedOn(_ previous: FieldValue) -> String? { Carry.countedOn(previous.editableText) }
    package var clockKeyword: ClockDefault? { nil }
    package func clockText(at moment: Timestamp) -> String? { nil }

    /// Saved text and numbers go through the field's full rules again.
    package func restore(_ json: JSONValue, for field: Field) -> FieldValue? {
        switch json {
        case .string(let s): return try? field.parse(s).get()
        case .number(let n): return try? field.parse(n).get()
        default: return nil
        }
    }
}
