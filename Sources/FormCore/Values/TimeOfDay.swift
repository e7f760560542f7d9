/// A 24-hour time of day, `HH:MM` or `HH:MM:SS`, without Foundation.
///
/// A one-digit hour is accepted (`9:30` is 09:30); minutes and seconds take two digits. The
/// canonical text is zero-padded and, as HTML's time input does, leaves out seconds that are zero:
/// `09:30:00` is sent as `09:30`, `9:30:05` as `09:30:05`.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hour: Int, minute: Int, second: Int

    /// nil unless `text` is a real time of day in one of the accepted shapes.
    public init?(_ text: String) {
        guard let parts = TimeOfDay.parts(text), parts.0 <= 23, parts.1 <= 59, parts.2 <= 59 else { return nil }
        (hour, minute, second) = parts
    }

    public init?(hour: Int, minute: Int, second: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The numbers of text shaped like a time (digits and colons in the right places), real or
    /// not, so "24:00" can be told "not a time of day" rather than "use HH:MM".
    public static func parts(_ text: String) -> (Int, Int, Int)? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return nil }
        guard (1...2).contains(fields[0].utf8.count), fields.dropFirst().allSatisfy({ $0.utf8.count == 2 }),
              fields.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }) else { return nil }
        let numbers = fields.map { $0.utf8.reduce(0) { $0 * 10 + Int($1 - 48) } }
        return (numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 0)
    }

    /// Seconds since midnight: how two times compare.
    public var secondOfDay: Int { hour * 3600 + minute * 60 + second }

    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(hour)):\(two(minute))" + (second == 0 ? "" : ":\(two(second))")
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.secondOfDay < b.secondOfDay }
}
