/// `max: today`, `min: today+1`, `exclusive_max: today-30`: a date or datetime bound counted in
/// days from the operator's local date when the session starts ("date of birth not in the
/// future", "delivery not in the past").
///
/// Like `default: today` (`ClockDefault`), the Wizard never reads a clock: the driver resolves
/// these bounds on the spec before the session starts (`FormSpec.resolvingClockDefaults(at:)`),
/// from the same moment as the defaults (`#! clock:` in a transcript), so a replay is
/// deterministic and prompts, `?` and refusals show the resolved date.
public struct ClockBound: Sendable, Hashable, CustomStringConvertible {
    /// Days after (positive) or before (negative) the session's local date.
    public var days: Int

    /// The largest `N` of `today+N` / `today-N`: about 270 years either way, so the resolved
    /// date stays within the 4-digit years a date field takes.
    public static let dayLimit = 99_999

    public init(days: Int) { self.days = days }

    /// Whether `text` is meant as a clock bound (it starts with `today`), right or wrong, so a
    /// malformed one (`today+x`) is reported as that rather than as a bad date.
    public static func isMeant(_ text: String) -> Bool { text.hasPrefix("today") }

    /// `today`, `today+N` or `today-N` with 1 to 5 ASCII digits; nil otherwise.
    public init?(_ text: String) {
        guard text.hasPrefix("today") else { return nil }
        let rest = Array(text.utf8.dropFirst(5))
        if rest.isEmpty { self.days = 0; return }
        guard rest.count >= 2, rest.count <= 6, rest[0] == UInt8(ascii: "+") || rest[0] == UInt8(ascii: "-") else { return nil }
        var n = 0
        for b in rest.dropFirst() {
            guard (48...57).contains(b) else { return nil }
            n = n * 10 + Int(b - 48)
        }
        self.days = rest[0] == UInt8(ascii: "-") ? -n : n
    }

    public var description: String {
        days == 0 ? "today" : days > 0 ? "today+\(days)" : "today\(days)"
    }

    /// The local date `days` after `moment`'s; nil past year 0000 or 9999.
    public func date(at moment: Timestamp) -> CalendarDate? {
        CalendarDate.fromDays(Timestamp.daysFromCivil(moment.date) + days)
    }
}

/// A field's bound as the driver resolves it: the value and whether the bound itself is refused.
public struct ResolvedBound: Sendable, Equatable {
    public var value: OrderedValue
    public var isExclusive: Bool
}

extension ClockBound {
    /// The bound this is on a field of `ordering` at `moment`: `lower` for `min` / `exclusive_min`.
    ///
    /// On a date field the day itself. On a datetime field a day is the instants from its local
    /// midnight (at the moment's offset) to the next: `min: today` is on or after today's
    /// midnight, `max: today` before tomorrow's, `exclusive_min: today` on or after tomorrow's,
    /// `exclusive_max: today` before today's. Nil for other orderings or a date out of range.
    public func resolved(ordering: FieldOrdering, lower: Bool, exclusive: Bool, at moment: Timestamp) -> ResolvedBound? {
        switch ordering {
        case .date:
            return date(at: moment).map { ResolvedBound(value: .date($0), isExclusive: exclusive) }
        case .instant:
            // The day whose midnight is the bound: the next one for `max` and `exclusive_min`.
            let next = lower == exclusive
            guard let day = ClockBound(days: days + (next ? 1 : 0)).date(at: moment),
                  let midnight = Timestamp(day.description + "T00:00:00" + moment.zoneText) else { return nil }
            return ResolvedBound(value: .instant(midnight), isExclusive: !lower)
        case .number, .time:
            return nil
        }
    }
}

extension CalendarDate {
    /// The date `days` after 1970-01-01 (H. Hinnant's civil_from_days); nil outside 0000-9999.
    static func fromDays(_ days: Int) -> CalendarDate? {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        guard (0...9999).contains(year) else { return nil }
        func pad(_ n: Int, _ w: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        return CalendarDate("\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))")
    }
}

extension Timestamp {
    /// The offset as written at the end of `description`: `Z`, `+01:00`, `-00:00`.
    var zoneText: String {
        let text = description
        guard let last = text.utf8.last else { return "" }
        return last == UInt8(ascii: "Z") ? "Z" : String(text.suffix(6))
    }
}
