/// `date`: a real calendar date `YYYY-MM-DD`, sent as that string. Ordered as dates.
struct DateKind: FieldKind {
    var ordering: FieldOrdering? { .date }
    var boundFormat: String { "a real date as YYYY-MM-DD" }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard let d = CalendarDate(input) else {
            return .failure(CalendarDate.looksLikeDate(input) ? .notRealDate(input) : .notDate)
        }
        return .success(.text(d.description))
    }

    func rule(for field: Field) -> String? { "a date as YYYY-MM-DD" }
    func promptHints(for field: Field) -> [String] { ["YYYY-MM-DD"] }
}
