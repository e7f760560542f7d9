/// `time`: a 24-hour time of day, `HH:MM` or `HH:MM:SS` (a one-digit hour is fine: `9:30`).
/// Sent zero-padded, without seconds when they are zero (`TimeOfDay`). Ordered as times of day.
struct TimeKind: FieldKind {
    var ordering: FieldOrdering? { .time }
    var boundFormat: String { "a time as HH:MM or HH:MM:SS" }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard TimeOfDay.parts(input) != nil else { return .failure(.notTime) }
        guard let t = TimeOfDay(input) else { return .failure(.notRealTime(input)) }
        return .success(.text(t.description))
    }

    func rule(for field: Field) -> String? { "a time as HH:MM or HH:MM:SS (24-hour)" }
    func promptHints(for field: Field) -> [String] { ["HH:MM"] }
}
