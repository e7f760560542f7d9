#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The operator's local time (the TZ environment variable, else the system's zone), as RFC 3339
/// with its offset: `2026-11-22T21:30:00+01:00`. Read by `fill` for `today` / `now` defaults.
package enum LocalClock {
    package static func now() -> String? {
        var seconds = time(nil)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        guard strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts) > 0 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // strftime's %z is +0100; RFC 3339 wants +01:00.
        guard text.count == 24 else { return nil }
        return String(text.prefix(22)) + ":" + String(text.suffix(2))
    }
}
