#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal modes the plain reader needs for one line, set before the prompt is written and
/// put back after the line is read, with TCSANOW so type-ahead is kept:
/// - ICRNL on, IGNCR off: a serial console sends CR for Enter, and with `stty -icrnl` the kernel
///   keeps that CR as an ordinary character, so a canonical `read()` would wait for a LF that
///   never comes;
/// - for a secret, ECHO off.
package struct LineInputModes {
    private let fd: Int32
    private let saved: termios

    /// nil when `fd` is not a terminal, or its modes are already right (nothing to restore).
    package static func set(_ fd: Int32, secret: Bool) -> LineInputModes? {
        guard isatty(fd) == 1 else { return nil }
        var attributes = termios()
        guard tcgetattr(fd, &attributes) == 0 else { return nil }
        let saved = attributes
        attributes.c_iflag |= tcflag_t(ICRNL)
        attributes.c_iflag &= ~tcflag_t(IGNCR)
        if secret { attributes.c_lflag &= ~tcflag_t(ECHO) }
        if attributes.c_iflag == saved.c_iflag && attributes.c_lflag == saved.c_lflag { return nil }
        guard tcsetattr(fd, TCSANOW, &attributes) == 0 else { return nil }
        return LineInputModes(fd: fd, saved: saved)
    }

    package func restore() {
        var attributes = saved
        _ = tcsetattr(fd, TCSANOW, &attributes)
    }
}
