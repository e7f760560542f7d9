/// `decimal`: ASCII digits with `.` as the point; the text is kept (`12.50` stays `12.50`) and
/// sent as a JSON number, never through floating point. Ordered as numbers.
struct DecimalKind: FieldKind {
    var ordering: FieldOrdering? { .number }
    var boundFormat: String { "a number" }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard let n = DecimalText(input) else { return .failure(.notNumber) }
        return .success(.number(n.description))
    }

    func rule(for field: Field) -> String? { "a number with . as the decimal point" }
    func promptHints(for field: Field) -> [String] { NumberRangeHint.hints(field) }
}
