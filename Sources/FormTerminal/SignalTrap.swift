#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormRunner
import FormSystem
import Synchronization

/// Turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into bytes on a pipe (the self-pipe trick).
///
/// A signal may be delivered to any thread (Swift's pool, NIO's event loop), so the thread blocked
/// in `poll()` might never see EINTR. Instead the handler writes the signal number to a pipe that
/// every reader polls together with its input fd. The handler does nothing else: it is
/// async-signal-safe.
package enum SignalTrap {
    private static let writeEnd = Atomic<Int32>(-1)
    private static let readEnd = Atomic<Int32>(-1)
    /// The first signal caught and not yet taken (0: none).
    private static let pending = Atomic<Int32>(0)

    /// The fd to poll for readability alongside input; -1 before `install`.
    package static var wakeFD: Int32 { readEnd.load(ordering: .acquiring) }

    /// Installs the handlers (without SA_RESTART, so blocking calls return EINTR where they can)
    /// and unblocks the signals: a parent may hand them down blocked (a test runner's thread
    /// does), and an operator's Ctrl-C must work whatever started formline.
    package static func install(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]) {
        if readEnd.load(ordering: .acquiring) < 0 {
            guard let (read, write) = SelfPipe.make() else { return }
            readEnd.store(read, ordering: .releasing)
            writeEnd.store(write, ordering: .releasing)
        }
        SignalHandler.install(signals, signalTrapHandler, flags: 0)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signal caught since the last call, if any; drains the pipe.
    ///
    /// Taking a signal tells the watchdog that the session loop is ending the run itself. If the
    /// watchdog has already taken over (the loop was stuck for longer than its grace), the calling
    /// thread waits here for the watchdog's exit instead of saving a second draft.
    package static func take() -> Int32? {
        let fd = readEnd.load(ordering: .acquiring)
        if fd >= 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(fd, &buffer, buffer.count) > 0 {}
        }
        let signal = pending.exchange(0, ordering: .acquiringAndReleasing)
        guard signal != 0 else { return nil }
        if !SignalWatchdog.loopTakesSignal() {
            while true { pause() }
        }
        return signal
    }

    /// Takes a waiting SIGINT that the session survives (a cancelled server check): the
    /// watchdog is told the loop goes on, so it neither ends the run nor waits for it to end.
    /// False, leaving it, for any other signal.
    package static func takeInterruptToGoOn() -> Bool {
        guard pending.compareExchange(expected: SIGINT, desired: 0, ordering: .acquiringAndReleasing).exchanged else { return false }
        let fd = readEnd.load(ordering: .acquiring)
        if fd >= 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(fd, &buffer, buffer.count) > 0 {}
        }
        SignalWatchdog.loopGoesOn()
        return true
    }

    /// Whether a signal is waiting to be taken.
    package static var hasPending: Bool { pending.load(ordering: .acquiring) != 0 }

    fileprivate static func caught(_ signal: Int32) {
        _ = pending.compareExchange(expected: 0, desired: signal, ordering: .acquiringAndReleasing)
        var byte = UInt8(truncatingIfNeeded: signal)
        let fd = writeEnd.load(ordering: .acquiring)
        if fd >= 0 { _ = write(fd, &byte, 1) }
        // The watchdog's own pipe: its thread must not drain the loop's.
        let watchdog = SignalWatchdog.writeEnd.load(ordering: .acquiring)
        if watchdog >= 0 { _ = write(watchdog, &byte, 1) }
    }
}

/// The process's signal trap as the session's interrupt edge: what the CLI hands the driver and
/// the line sources. Call `SignalTrap.install()` first.
package struct ProcessSignals: InterruptEdge {
    package init() {}
    package func takeSignal() -> Int32? { SignalTrap.take() }
    package var hasPendingSignal: Bool { SignalTrap.hasPending }
    package func takeInterruptToGoOn() -> Bool { SignalTrap.takeInterruptToGoOn() }
    package var wakeDescriptor: Int32 { SignalTrap.wakeFD }
}

private func signalTrapHandler(_ signal: Int32) {
    SignalTrap.caught(signal)
}

/// The plumbing both signal pipes share (SignalTrap here, TerminalSignals for readline).
package enum SelfPipe {
    /// A non-blocking, close-on-exec pipe: the handler's write never blocks, children never see it.
    package static func make() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }
}
