#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import Synchronization

/// Ends the run on a signal when the session loop cannot: whatever the main thread is doing (a
/// write to an output nobody reads, a long computation), SIGINT, SIGTERM, SIGHUP and SIGQUIT end
/// formline within a second with their exit status and the draft saved (docs/terminal.md, "Signals").
///
/// A thread started with the trap sleeps on its own signal pipe. When a signal arrives it gives
/// the loop `grace` to take it (`SignalTrap.take()`, the normal path: the wizard saves the draft
/// and the driver returns). If the loop has not, the watchdog takes over: it saves the draft the
/// driver last published (`SessionSnapshots`), writes the ending's report if one is due (the
/// `--output json` document), puts the terminal's modes back as they were before formline changed
/// them, and exits with the signal's status. If the loop took the signal but is
/// still not done after `grace` more (its draft notice stuck on a full pipe), it restores the
/// terminal and exits the same way: the loop saves the draft before it writes anything.
package enum SignalWatchdog {
    /// How long the loop has to take a signal, and then to finish, before the watchdog acts.
    package static let grace: Duration = .milliseconds(400)

    /// What the watchdog does in the loop's place: save this draft (never printing to a stream
    /// that may be the stuck one), then write the ending's report for this exit status if the
    /// loop has not (`--output json`'s document; it must not block and must build nothing the
    /// stuck thread could hold a lock on, so it is rendered in advance).
    package struct Fallback: Sendable {
        package var saveDraft: @Sendable () -> Void
        package var writeEnding: @Sendable (_ exitStatus: Int32) -> Void
        package init(saveDraft: @escaping @Sendable () -> Void,
                    writeEnding: @escaping @Sendable (_ exitStatus: Int32) -> Void = { _ in }) {
            self.saveDraft = saveDraft
            self.writeEnding = writeEnding
        }
    }

    static let writeEnd = Atomic<Int32>(-1)
    private static let readEnd = Atomic<Int32>(-1)
    /// Who ends the run: 0 nobody yet, 1 the session loop, 2 the watchdog; 3: the loop took the
    /// last signal and goes on (a Ctrl-C that cancelled a server check).
    private static let owner = Atomic<Int32>(0)
    private static let fallback = Mutex<Fallback?>(nil)
    private static let terminal = Mutex<(fd: Int32, modes: termios)?>(nil)

    /// Starts the watchdog thread (once); `terminalFD`'s modes now are what it restores.
    /// Call after `SignalTrap.install()`.
    package static func start(terminalFD: Int32, fallback action: Fallback) {
        fallback.withLock { $0 = action }
        var modes = termios()
        if isatty(terminalFD) == 1, tcgetattr(terminalFD, &modes) == 0 {
            terminal.withLock { $0 = (terminalFD, modes) }
        }
        guard readEnd.load(ordering: .acquiring) < 0, let (read, write) = SelfPipe.make() else { return }
        readEnd.store(read, ordering: .releasing)
        writeEnd.store(write, ordering: .releasing)
        var thread = pthread_t()
        _ = pthread_create(&thread, nil, { _ in
            SignalWatchdog.watch()
            return nil
        }, nil)
        _ = pthread_detach(thread)
    }

    /// Called by `SignalTrap.take()`: true when the loop now owns the ending, false when the
    /// watchdog already does.
    static func loopTakesSignal() -> Bool {
        while true {
            let current = owner.load(ordering: .acquiring)
            if current == 1 { return true }
            if current == 2 { return false }
            if owner.compareExchange(expected: current, desired: 1, ordering: .acquiringAndReleasing).exchanged { return true }
        }
    }

    /// Called by `SignalTrap.takeInterruptToGoOn()`: the signal is handled and the run goes on.
    static func loopGoesOn() {
        _ = owner.compareExchange(expected: 0, desired: 3, ordering: .acquiringAndReleasing)
    }

    private static func watch() {
        let fd = readEnd.load(ordering: .acquiring)
        // Signals go to the other threads: this one only sleeps in poll() and must never be
        // the one a handler interrupts.
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        while true {
            var wait = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&wait, 1, -1) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1, byte != 0 else { continue }
            let status = ExitStatus.forSignal(Int32(byte)).rawValue
            sleep(for: grace)
            let (exchanged, current) = owner.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing)
            // The loop handled it and goes on: watch for the next one.
            if !exchanged, current == 3, owner.compareExchange(expected: 3, desired: 0, ordering: .acquiringAndReleasing).exchanged {
                continue
            }
            let action = fallback.withLock { $0 }
            if exchanged {
                action?.saveDraft()
            } else {
                // The loop took it; it normally exits long before this.
                sleep(for: grace)
            }
            // Either way the loop did not get to its report: write it (once, never blocking).
            action?.writeEnding(status)
            restoreTerminal()
            _exit(status)
        }
    }

    private static func restoreTerminal() {
        guard var saved = terminal.withLock({ $0 }) else { return }
        _ = tcsetattr(saved.fd, TCSANOW, &saved.modes)
    }

    private static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
