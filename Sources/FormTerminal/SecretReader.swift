#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one secret line from a terminal without readline and without echo.
///
/// readline is not used for secrets on purpose: text killed with Ctrl-U lands in its kill ring and
/// Ctrl-Y would paste it into the next field (and its history). Here the kernel's own line
/// discipline edits the line: ECHO (and ECHONL) off, ICANON and ISIG on, ICRNL on so a CR-only
/// terminal still ends the line, applied with TCSANOW so type-ahead survives. The previous modes
/// come back in a `defer`, on every path, signals included. Ctrl-C stays a signal (ISIG), which
/// wakes the wait through the signal pipe.
public enum SecretReader {
    public enum Outcome: Equatable {
        case line([UInt8])
        case endOfInput
        case signal(Int32)
        case tooLong
    }

    /// Reads up to a CR or LF. Ctrl-D on an empty line (or the terminal going away) is the end of input.
    public static func read(fd: Int32, limit: Int = LineSplitter.defaultLimit) -> Outcome {
        var saved = termios()
        let haveTerminal = tcgetattr(fd, &saved) == 0
        if haveTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL)
            quiet.c_lflag |= tcflag_t(ICANON | ISIG)
            quiet.c_iflag |= tcflag_t(ICRNL)
            _ = tcsetattr(fd, TCSANOW, &quiet)
        }
        defer {
            if haveTerminal { _ = tcsetattr(fd, TCSANOW, &saved) }
        }

        var line: [UInt8] = []
        var overflowed = false
        var buffer = [UInt8](repeating: 0, count: 1024)
        defer {
            // Don't leave the secret lying around in freed memory longer than needed.
            for i in buffer.indices { buffer[i] = 0 }
            for i in line.indices { line[i] = 0 }
        }
        while true {
            if let signal = SignalTrap.take() { return .signal(signal) }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let wake = SignalTrap.wakeFD
            if wake >= 0 { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            if fds.count > 1 && fds[1].revents != 0 { continue }
            if fds[0].revents == 0 { continue }
            let count = systemRead(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .endOfInput
            }
            if count == 0 {
                // Ctrl-D on an empty line; after a partial line (Ctrl-D mid-line, then again) the
                // text so far is the answer, as with any line that ends at end of input.
                if line.isEmpty && !overflowed { return .endOfInput }
                return overflowed ? .tooLong : .line(copyOut(line))
            }
            for byte in buffer[0..<count] {
                if byte == 0x0A || byte == 0x0D {
                    return overflowed ? .tooLong : .line(copyOut(line))
                }
                if line.count >= limit { overflowed = true; continue }
                line.append(byte)
            }
        }
    }

    private static func copyOut(_ bytes: [UInt8]) -> [UInt8] { Array(bytes) }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
