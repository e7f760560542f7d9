/// An RFC 3339 date and time with its offset from UTC (`2024-05-01T14:30:00+02:00`), compared by
/// the instant it denotes, exactly: integer seconds plus the fraction's digits, no Foundation and
/// no floating point.
///
/// Accepted: `T`, `t` or one space between date and time, seconds required, an optional fraction
/// of 1 to 9 digits, then `Z`, `z` or `+HH:MM`/`-HH:MM`. Seconds go to 59 (a leap second `:60`
/// is refused). The canonical text keeps the offset and fraction as written, with `T` and `Z`
/// in upper case: `2024-05-01 14:30:00z` is sent as `2024-05-01T14:30:00Z`.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let date: CalendarDate
    public let time: TimeOfDay
    /// The fraction of a second as written, without the point ("" for none).
    public let fraction: String
    /// Minutes east of UTC; nil for `Z`.
    public let offsetMinutes: Int?
    /// `-00:00` ("offset unknown" in RFC 3339) is kept as written.
    private let negativeZeroOffset: Bool

    /// What a line holds when read as a date and time.
    public enum Reading: Sendable {
        case timestamp(Timestamp)
        /// A valid date and time without an offset.
        case missingOffset
        /// A date and a time to the minute (`2026-11-26 11:38`, with or without an offset): the
        /// seconds are missing. `time` is the typed `HH:MM`, for a message that shows the fix.
        case missingSeconds(time: String, hasOffset: Bool)
        /// Shaped right but not real (month 13, hour 24, offset +25:00).
        case notReal
        case malformed
    }

    public init?(_ text: String) {
        guard case .timestamp(let t) = Timestamp.read(text) else { return nil }
        self = t
    }

    private init(date: CalendarDate, time: TimeOfDay, fraction: String, offsetMinutes: Int?, negativeZero: Bool) {
        self.date = date
        self.time = time
        self.fraction = fraction
        self.offsetMinutes = offsetMinutes
        self.negativeZeroOffset = negativeZero
    }

    /// `2026-11-26 11:38`, `2026-11-26T11:38Z` or `2026-11-26T11:38+02:00`: a date and time to
    /// the minute, which RFC 3339 does not allow. Said apart from a malformed line, so the
    /// operator learns what to add rather than seeing the general example again.
    private static func withoutSeconds(_ b: [UInt8]) -> Reading? {
        guard b.count >= 16, b.count <= 22,
              CalendarDate.looksLikeDate(String(decoding: b[0..<10], as: UTF8.self)),
              [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(b[10]),
              b[13] == UInt8(ascii: ":"),
              [11, 12, 14, 15].allSatisfy({ (48...57).contains(b[$0]) }) else { return nil }
        let time = String(decoding: b[11..<16], as: UTF8.self)
        if b.count == 16 { return .missingSeconds(time: time, hasOffset: false) }
        let zone = b[16]
        if b.count == 17, zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") {
            return .missingSeconds(time: time, hasOffset: true)
        }
        if b.count == 22, zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-"), b[19] == UInt8(ascii: ":"),
           [17, 18, 20, 21].allSatisfy({ (48...57).contains(b[$0]) }) {
            return .missingSeconds(time: time, hasOffset: true)
        }
        return nil
    }

    public static func read(_ text: String) -> Reading {
        let b = Array(text.utf8)
        if let short = withoutSeconds(b) { return short }
        guard b.count >= 19, b.count <= 40 else { return .malformed }
        func digits(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= b.count else { return nil }
            var n = 0
            for c in b[r] {
                guard (48...57).contains(c) else { return nil }
                n = n * 10 + Int(c - 48)
            }
            return n
        }
        let colon = UInt8(ascii: ":")
        guard CalendarDate.looksLikeDate(String(decoding: b[0..<10], as: UTF8.self)),
              [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(b[10]),
              b[13] == colon, b[16] == colon,
              let hour = digits(11..<13), let minute = digits(14..<16), let second = digits(17..<19)
        else { return .malformed }
        var i = 19
        var fraction = ""
        if i < b.count, b[i] == UInt8(ascii: ".") {
            let start = i + 1
            var end = start
            while end < b.count, (48...57).contains(b[end]) { end += 1 }
            guard (1...9).contains(end - start) else { return .malformed }
            fraction = String(decoding: b[start..<end], as: UTF8.self)
            i = end
        }
        let dateText = String(decoding: b[0..<10], as: UTF8.self)
        let real = CalendarDate(dateText).flatMap { d in TimeOfDay(hour: hour, minute: minute, second: second).map { (d, $0) } }
        if i == b.count { return real == nil ? .notReal : .missingOffset }
        var offset: Int?
        var negativeZero = false
        if b.count == i + 1, b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            offset = nil
        } else if b.count == i + 6, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), b[i + 3] == colon,
                  let oh = digits((i + 1)..<(i + 3)), let om = digits((i + 4)..<(i + 6)) {
            guard oh <= 23, om <= 59 else { return .notReal }
            let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
            offset = sign * (oh * 60 + om)
            negativeZero = sign < 0 && oh == 0 && om == 0
        } else {
            return .malformed
        }
        guard let (date, time) = real else { return .notReal }
        return .timestamp(Timestamp(
            date: date, time: time, fraction: fraction, offsetMinutes: offset, negativeZero: negativeZero))
    }

    /// Whole seconds since 1970-01-01T00:00:00Z.
    public var epochSecond: Int {
        Timestamp.daysFromCivil(date) * 86400 + time.secondOfDay - (offsetMinutes ?? 0) * 60
    }

    /// The fraction as nanoseconds (9 digits), so "0.5" and "0.50" are the same instant.
    private var nanoseconds: Int {
        let padded = fraction + String(repeating: "0", count: 9 - fraction.count)
        return padded.utf8.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
    static func daysFromCivil(_ d: CalendarDate) -> Int {
        let y = d.month <= 2 ? d.year - 1 : d.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (d.month + 9) % 12
        let doy = (153 * mp + 2) / 5 + d.day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let clock = "\(two(time.hour)):\(two(time.minute)):\(two(time.second))"
        var zone = "Z"
        if let offset = offsetMinutes {
            let sign = offset < 0 || negativeZeroOffset ? "-" : "+"
            zone = "\(sign)\(two(abs(offset) / 60)):\(two(abs(offset) % 60))"
        }
        return "\(date)T\(clock)" + (fraction.isEmpty ? "" : ".\(fraction)") + zone
    }

    /// The same instant, whatever the offset it was written with.
    public static func == (a: Timestamp, b: Timestamp) -> Bool {
        a.epochSecond == b.epochSecond && a.nanoseconds == b.nanoseconds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(epochSecond)
        hasher.combine(nanoseconds)
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool {
        (a.epochSecond, a.nanoseconds) < (b.epochSecond, b.nanoseconds)
    }
}
