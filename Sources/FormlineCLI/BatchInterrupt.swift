#if canImport(Glibc)
import Glibc
#endif
import FormSystem
import Synchronization

/// Ctrl-C during `formline batch` (docs/outbox-and-batch.md): the first stops sending new records
/// (those in flight finish and are reported; the rest are reported `not-attempted`, so the report
/// stays complete), the second abandons the run at once (exit 130).
enum BatchInterrupt {
    static func install() {
        SignalHandler.install([SIGINT], { _ in
            // Only async-signal-safe work here: a lock-free counter and `_exit`.
            if batchInterrupts.add(1, ordering: .relaxed).newValue >= 2 { _exit(130) }
        }, flags: 0)
        // A parent may hand SIGINT down blocked (a test runner's thread does, as `SignalTrap`
        // says): unblocked here, on the thread that reads the input, so Ctrl-C always lands.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// True once Ctrl-C came.
    static var requested: Bool { batchInterrupts.load(ordering: .relaxed) > 0 }
}

private let batchInterrupts = Atomic<Int>(0)
