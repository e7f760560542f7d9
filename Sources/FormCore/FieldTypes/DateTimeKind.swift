/// `datetime`: an RFC 3339 date and time with a required offset (`Z` or `+02:00`), ordered by the
/// instant it denotes (`Timestamp`): `2024-05-01T14:30:00+02:00` is before `2024-05-01T13:00:00Z`.
struct DateTimeKind: FieldKind {
    var ordering: FieldOrdering? { .instant }
    var boundFormat: String { "a date and time like 2024-05-01T14:30:00Z" }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        switch Timestamp.read(input) {
        case .timestamp(let t): return .success(.text(t.description))
        case .missingOffset: return .failure(.dateTimeNeedsOffset)
        case .missingSeconds(let time, let hasOffset): return .failure(.dateTimeNeedsSeconds(time: time, hasOffset: hasOffset))
        case .notReal: return .failure(.notRealDateTime(input))
        case .malformed: return .failure(.notDateTime)
        }
    }

    func rule(for field: Field) -> String? { "a date and time with its offset, like 2024-05-01T14:30:00+02:00" }
    func promptHints(for field: Field) -> [String] { ["YYYY-MM-DDTHH:MM:SSZ"] }
}
