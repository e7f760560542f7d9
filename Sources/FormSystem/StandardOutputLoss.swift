#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The first error a write to standard output met (`> /dev/full`, a full disk, a closed pipe):
/// `writeAll` gives up on the write, as it must, and this remembers that what went to stdout
/// (`--output json`'s document) was lost, so the run does not end 0 as if it had been written
/// (issue 33 item 13).
package enum StandardOutputLoss {
    private static let firstError = Atomic<Int32>(0)

    static func record(_ code: Int32) {
        _ = firstError.compareExchange(expected: 0, desired: code, ordering: .relaxed)
    }

    /// Why a write to stdout failed (`No space left on device`), or nil when none did.
    package static var reason: String? {
        let code = firstError.load(ordering: .relaxed)
        return code == 0 ? nil : systemErrorText(code)
    }
}
