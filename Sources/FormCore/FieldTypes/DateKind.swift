/// `date`: a real calendar date `YYYY-MM-DD`, sent as that string. Ordered as dates.
struct DateKind: FieldKind {
    var ordering: FieldOrdering? { .date }
    var boundFormat: String { "a real date as YYYY-MM-DD" }
    var countsOn: Bool { true }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { ["date"] }
    var clockKeyword: ClockDefault? { .today }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard let d = CalendarDate(input) else {
            return .failure(CalendarDate.looksLikeDate(input) ? .notRealDate(input) : .notDate)
        }
        return .success(.text(d.description))
    }

    func rule(for field: Field) -> String? { "a date as YYYY-MM-DD" }
    func promptHints(for field: Field) -> [String] { ["YYYY-MM-DD"] }
    /// The local date.
    func clockText(at moment: Timestamp) -> String? { moment.date.description }
}

/// The refusals of `date` fields, with the sentences the operator reads.
extension ValueError {
    static let notDate = ValueError.typeRule("Enter a date as YYYY-MM-DD")
    /// Shaped like a date but not on the calendar (2023-02-30).
    static func notRealDate(_ text: String) -> ValueError { .typeDetail(.notRealDate(text)) }
}
