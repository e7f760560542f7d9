#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to a file descriptor (stdout, or stderr under `--output json`), whole, retrying
/// short writes and EINTR. Unbuffered on purpose: a prompt must be on screen before we read.
public final class TerminalOutput: @unchecked Sendable {
    // Only ever used from the driver's thread.
    public let fd: Int32

    public init(fd: Int32) { self.fd = fd }

    public var isTerminal: Bool { isatty(fd) == 1 }

    public func write(_ text: String) {
        guard !text.isEmpty else { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                #if canImport(Glibc)
                return Glibc.write(fd, base + offset, raw.count - offset)
                #else
                return Darwin.write(fd, base + offset, raw.count - offset)
                #endif
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += n
        }
    }
}
