/// `time`: a 24-hour time of day, `HH:MM` or `HH:MM:SS` (a one-digit hour is fine: `9:30`).
/// Sent zero-padded, without seconds when they are zero (`TimeOfDay`). Ordered as times of day.
struct TimeKind: FieldKind {
    var ordering: FieldOrdering? { .time }
    var boundFormat: String { "a time as HH:MM or HH:MM:SS" }
    var countsOn: Bool { true }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    /// Not OpenAPI's `time`: that is RFC 3339's full-time, with seconds and an offset, which this
    /// type does not take (the importer checks it with a pattern instead).
    var openAPIFormats: [String] { [] }
    var clockKeyword: ClockDefault? { .now }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard TimeOfDay.parts(input) != nil else { return .failure(.notTime) }
        guard let t = TimeOfDay(input) else { return .failure(.notRealTime(input)) }
        return .success(.text(t.description))
    }

    func rule(for field: Field) -> String? { "a time as HH:MM or HH:MM:SS (24-hour)" }
    func promptHints(for field: Field) -> [String] { ["HH:MM"] }
    /// The local time to the minute.
    func clockText(at moment: Timestamp) -> String? { String(moment.time.description.prefix(5)) }
}

/// The refusals of `time` fields, with the sentences the operator reads.
extension ValueError {
    static let notTime = ValueError.typeRule("Enter a time as HH:MM or HH:MM:SS (24-hour), like 09:30")
    static func notRealTime(_ text: String) -> ValueError {
        .typeDetail(.notRealTime(text))
    }
}
