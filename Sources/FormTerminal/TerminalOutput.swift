#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormSystem

/// Writes bytes to a file descriptor (stdout, or stderr under `--output json`), whole, retrying
/// short writes and EINTR. Unbuffered on purpose: a prompt must be on screen before we read.
package final class TerminalOutput: @unchecked Sendable {
    // Only ever used from the driver's thread.
    package let fd: Int32

    package init(fd: Int32) { self.fd = fd }

    package var isTerminal: Bool { isatty(fd) == 1 }

    package func write(_ text: String) { writeAll(text, to: fd) }

    package func write(_ bytes: [UInt8]) { writeAll(bytes, to: fd) }
}
