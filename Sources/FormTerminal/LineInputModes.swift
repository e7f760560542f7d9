#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes a bare CR end a line on a terminal in canonical mode while one line is read.
///
/// A serial console sends CR for Enter. With `stty -icrnl` the kernel keeps that CR as an
/// ordinary character and a canonical `read()` waits for a LF that never comes. Turning ICRNL on
/// (and IGNCR off) for the read maps it to LF. Applied with TCSANOW so type-ahead is kept; the
/// previous modes come back with `restore()`.
public struct CarriageReturnInput {
    private let fd: Int32
    private let saved: termios

    /// nil when `fd` is not a terminal, or already maps CR to LF (nothing to change or restore).
    public static func on(_ fd: Int32) -> CarriageReturnInput? {
        guard isatty(fd) == 1 else { return nil }
        var attributes = termios()
        guard tcgetattr(fd, &attributes) == 0 else { return nil }
        let wanted = tcflag_t(ICRNL)
        if attributes.c_iflag & wanted != 0 && attributes.c_iflag & tcflag_t(IGNCR) == 0 { return nil }
        let saved = attributes
        attributes.c_iflag |= wanted
        attributes.c_iflag &= ~tcflag_t(IGNCR)
        guard tcsetattr(fd, TCSANOW, &attributes) == 0 else { return nil }
        return CarriageReturnInput(fd: fd, saved: saved)
    }

    public func restore() {
        var attributes = saved
        _ = tcsetattr(fd, TCSANOW, &attributes)
    }
}
