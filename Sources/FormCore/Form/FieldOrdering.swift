/// How the values of an ordered field type compare. A field type's kind names its ordering (or
/// none); `min`/`max`, `before`/`not_after` checks and their texts all follow from it.
public enum FieldOrdering: String, Sendable, CaseIterable {
    case number, date, time, instant

    /// How one value reads in a message: "a number", "a date".
    package var noun: String {
        switch self {
        case .number: return "a number"
        case .date: return "a date"
        case .time: return "a time"
        case .instant: return "a date and time"
        }
    }

    /// The plural used when listing what an ordering check accepts.
    package var plural: String {
        switch self {
        case .number: return "numbers"
        case .date: return "dates"
        case .time: return "times"
        case .instant: return "datetimes"
        }
    }

    /// The comparable reading of a canonical value of this ordering (nil: not one).
    public func value(of value: FieldValue) -> OrderedValue? {
        switch (self, value) {
        case (.number, .number(let text)): return DecimalText(text).map(OrderedValue.number)
        case (.date, .text(let text)): return CalendarDate(text).map(OrderedValue.date)
        case (.time, .text(let text)): return TimeOfDay(text).map(OrderedValue.time)
        case (.instant, .text(let text)): return Timestamp(text).map(OrderedValue.instant)
        case (.number, _), (.date, _), (.time, _), (.instant, _): return nil
        }
    }

    /// Numbers with both bounds say "between 1 and 5"; the others name the bound that was missed.
    var saysBetween: Bool { self == .number }

    /// "at least 1", "on or after 2024-01-01", "at or after 09:00".
    package func lowerBoundPhrase(_ bound: OrderedValue) -> String {
        if MessageLanguage.current.code == .nb { return norwegianBoundPhrase(bound, lower: true, exclusive: false) }
        switch self {
        case .number: return "at least \(bound)"
        case .date: return "on or after \(bound)"
        case .time, .instant: return "at or after \(bound)"
        }
    }

    /// "at most 5", "on or before 2024-12-31", "at or before 17:00".
    /// "more than 0", "after 2024-01-01": an exclusive lower bound.
    package func exclusiveLowerBoundPhrase(_ bound: OrderedValue) -> String {
        if MessageLanguage.current.code == .nb { return norwegianBoundPhrase(bound, lower: true, exclusive: true) }
        return self == .number ? "more than \(bound)" : "after \(bound)"
    }

    /// "less than 100", "before 18:00": an exclusive upper bound.
    package func exclusiveUpperBoundPhrase(_ bound: OrderedValue) -> String {
        if MessageLanguage.current.code == .nb { return norwegianBoundPhrase(bound, lower: false, exclusive: true) }
        return self == .number ? "less than \(bound)" : "before \(bound)"
    }

    package func upperBoundPhrase(_ bound: OrderedValue) -> String {
        if MessageLanguage.current.code == .nb { return norwegianBoundPhrase(bound, lower: false, exclusive: false) }
        switch self {
        case .number: return "at most \(bound)"
        case .date: return "on or before \(bound)"
        case .time, .instant: return "at or before \(bound)"
        }
    }

    /// How a form file says `min` is beyond `max`: "is more than" for numbers, "is after" otherwise.
    package var beyondPhrase: String { self == .number ? "is more than" : "is after" }
}

/// A value that can be compared with others of the same ordering: bounds and ordering checks.
public enum OrderedValue: Sendable, Hashable, CustomStringConvertible {
    case number(DecimalText)
    case date(CalendarDate)
    case time(TimeOfDay)
    case instant(Timestamp)

    public var ordering: FieldOrdering {
        switch self {
        case .number: return .number
        case .date: return .date
        case .time: return .time
        case .instant: return .instant
        }
    }

    /// Whether `self` comes strictly before `other`; nil when they are of different orderings.
    public func precedes(_ other: OrderedValue) -> Bool? {
        switch (self, other) {
        case (.number(let a), .number(let b)): return a < b
        case (.date(let a), .date(let b)): return a < b
        case (.time(let a), .time(let b)): return a < b
        case (.instant(let a), .instant(let b)): return a < b
        case (.number, _), (.date, _), (.time, _), (.instant, _): return nil
        }
    }

    public var description: String {
        switch self {
        case .number(let n): return n.description
        case .date(let d): return d.description
        case .time(let t): return t.description
        case .instant(let i): return i.description
        }
    }
}
