/// A `YYYY-MM-DD` date checked against the real calendar (proleptic Gregorian), without Foundation.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    /// nil unless `text` is exactly `YYYY-MM-DD` with ASCII digits and a day that exists.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ r: Range<Int>) -> Int? {
            var n = 0
            for b in bytes[r] {
                guard (48...57).contains(b) else { return nil }
                n = n * 10 + Int(b - 48)
            }
            return n
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        guard (1...12).contains(m), d >= 1, d <= CalendarDate.daysIn(month: m, year: y) else { return nil }
        year = y; month = m; day = d
    }

    /// True for text shaped like a date (digits and dashes in the right places), real or not, so
    /// "2023-02-30" can be told "not a real date" rather than "use YYYY-MM-DD".
    public static func looksLikeDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.enumerated().allSatisfy { i, b in
            (i == 4 || i == 7) ? b == UInt8(ascii: "-") : (48...57).contains(b)
        }
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var description: String {
        func pad(_ n: Int, _ w: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
