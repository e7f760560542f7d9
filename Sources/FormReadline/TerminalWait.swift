#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormRunner

/// What ended one wait on the terminal; all false after an EINTR (look again).
struct TerminalWake {
    /// The input descriptor's `revents` (POLLIN, POLLHUP, POLLERR, POLLNVAL).
    var input: Int16 = 0
    /// The interrupt edge's descriptor is readable: a signal is waiting to be taken.
    var interrupted = false
    /// SIGWINCH or SIGCONT arrived (`TerminalSignals.drain()` says which).
    var terminalSignal = false
}

/// The one wait both terminal readers (readline's line, the secret line) use: `poll()` on the
/// terminal, the interrupt edge and the SIGWINCH/SIGCONT pipe together, so whichever thread a
/// signal hit, the wait ends at once.
enum TerminalWait {
    /// nil when `poll()` itself failed (not EINTR): the caller treats it as the end of input.
    static func next(input fd: Int32, interrupts: any InterruptEdge) -> TerminalWake? {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: interrupts.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminalSignals.wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&fds, nfds_t(fds.count), -1) < 0 {
            return errno == EINTR ? TerminalWake() : nil
        }
        return TerminalWake(input: fds[0].revents, interrupted: fds[1].revents != 0, terminalSignal: fds[2].revents != 0)
    }
}
