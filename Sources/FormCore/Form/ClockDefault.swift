/// `default: today` on a date field, `default: now` on a time or datetime field: the operator's
/// local date or time when the session starts (incident and receipt forms ask "when" and the
/// answer is usually "just now").
///
/// The Wizard never reads a clock: the driver resolves these defaults on the spec before the
/// session starts (`FormSpec.resolvingClockDefaults(at:)`), with the local time for a real run
/// and the recorded moment (`#! clock:`) for a replay, so a replay is deterministic.
public enum ClockDefault: String, Sendable, Equatable, CaseIterable {
    case today, now

    /// The keyword this field type takes: `today` for a date, `now` for a time or datetime.
    package static func keyword(for type: FieldType) -> ClockDefault? { type.kind.clockKeyword }

    /// A moment as resolution takes it: RFC 3339 local time with its offset,
    /// `2026-11-22T21:30:00+01:00`; nil when `text` is not one.
    package static func moment(_ text: String) -> Timestamp? {
        guard let t = Timestamp(text), t.offsetMinutes != nil else { return nil }
        return t
    }
}

extension FormSpec {
    /// Whether any field defaults to `today` or `now`.
    public var usesClock: Bool { fields.contains { $0.clockDefault != nil } }

    /// The form with each `today` / `now` default replaced by the value at `moment` (the local
    /// date, the local time to the minute, or the local date and time with its offset). A value
    /// the field's own rules refuse (a `max` date already past) leaves the field without default.
    public func resolvingClockDefaults(at moment: Timestamp) -> FormSpec {
        var spec = self
        for i in spec.fields.indices where spec.fields[i].clockDefault != nil {
            guard let text = spec.fields[i].kind.clockText(at: moment) else {
                spec.fields[i].defaultText = nil
                continue
            }
            let resolved = try? spec.fields[i].parse(text).get()
            spec.fields[i].defaultText = resolved == nil ? nil : text
        }
        return spec
    }
}
