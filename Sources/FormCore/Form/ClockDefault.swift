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
    /// Whether any field defaults to `today` or `now`, or has a `today` bound.
    public var usesClock: Bool {
        fields.contains { $0.clockDefault != nil || $0.minimumFromClock != nil || $0.maximumFromClock != nil }
    }

    /// The form with each `today` bound (`ClockBound`) and each `today` / `now` default replaced
    /// by the value at `moment` (the local date, the local time to the minute, or the local date
    /// and time with its offset). A default the field's own rules refuse (a `max` date already
    /// past, a written default beyond `max: today`) leaves the field without default.
    public func resolvingClockDefaults(at moment: Timestamp) -> FormSpec {
        var spec = self
        for i in spec.fields.indices where spec.fields[i].minimumFromClock != nil || spec.fields[i].maximumFromClock != nil {
            spec.fields[i].resolveClockBounds(at: moment)
            if spec.fields[i].clockDefault == nil && spec.fields[i].defaultText != nil && spec.fields[i].defaultValue == nil {
                spec.fields[i].defaultText = nil
            }
        }
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

extension Field {
    /// `minimum` / `maximum` from `minimumFromClock` / `maximumFromClock` at `moment`; a bound
    /// that does not resolve (a date past year 9999) leaves that side unbounded. The clock bounds
    /// are then gone, so resolving again changes nothing.
    mutating func resolveClockBounds(at moment: Timestamp) {
        defer { minimumFromClock = nil; maximumFromClock = nil }
        guard let ordering = kind.ordering else { return }
        if let bound = minimumFromClock {
            let resolved = bound.resolved(ordering: ordering, lower: true, exclusive: minimumIsExclusive, at: moment)
            minimum = resolved?.value
            minimumIsExclusive = resolved?.isExclusive ?? false
        }
        if let bound = maximumFromClock {
            let resolved = bound.resolved(ordering: ordering, lower: false, exclusive: maximumIsExclusive, at: moment)
            maximum = resolved?.value
            maximumIsExclusive = resolved?.isExclusive ?? false
        }
    }
}
