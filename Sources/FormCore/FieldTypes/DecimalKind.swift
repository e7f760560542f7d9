/// `decimal`: ASCII digits with `.` as the point; the text is kept (`12.50` stays `12.50`) and
/// sent as a JSON number, never through floating point. Ordered as numbers.
struct DecimalKind: FieldKind {
    var ordering: FieldOrdering? { .number }
    var boundFormat: String { "a number" }
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard let n = DecimalText(input) else { return .failure(.notNumber) }
        return .success(.number(n.description))
    }

    func rule(for field: Field) -> String? { "a number with . as the decimal point" }
    func promptHints(for field: Field) -> [String] { NumberRangeHint.hints(field) }
}

/// The refusals of `decimal` fields, with the sentences the operator reads.
extension ValueError {
    static let notNumber = ValueError.typeRule("Enter a number, like 12.5 (with . as the decimal point)")
}
