/// `datetime`: an RFC 3339 date and time with a required offset (`Z` or `+02:00`), ordered by the
/// instant it denotes (`Timestamp`): `2024-05-01T14:30:00+02:00` is before `2024-05-01T13:00:00Z`.
struct DateTimeKind: FieldKind {
    var ordering: FieldOrdering? { .instant }
    var boundFormat: String { "a date and time like 2024-05-01T14:30:00Z" }
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { ["date-time"] }
    var clockKeyword: ClockDefault? { .now }

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

    /// The local date and time to the minute, with the moment's offset.
    func clockText(at moment: Timestamp) -> String? {
        let zone = moment.description.dropFirst(19 + (moment.fraction.isEmpty ? 0 : moment.fraction.count + 1))
        return moment.date.description + "T" + String(moment.time.description.prefix(5)) + ":00" + zone
    }
}

/// The refusals of `datetime` fields, with the sentences the operator reads.
extension ValueError {
    static let notDateTime = ValueError.typeRule("Enter a date and time like 2024-05-01T14:30:00Z or 2024-05-01T14:30:00+02:00")
    static let dateTimeNeedsOffset = ValueError.typeRule("Add the offset from UTC after the time: Z, or like +02:00")
    /// A date and time to the minute: the seconds (and maybe the offset) are missing.
    static func dateTimeNeedsSeconds(time: String, hasOffset: Bool) -> ValueError {
        .typeDetail(.dateTimeNeedsSeconds(time: time, hasOffset: hasOffset))
    }
    static func notRealDateTime(_ text: String) -> ValueError { .typeDetail(.notRealDateTime(text)) }
}
