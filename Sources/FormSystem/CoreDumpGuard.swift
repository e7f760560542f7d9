#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Done first thing, before any secret is read (`--secret fd:/file:/env:`, `--header-from`) or an
/// OpenAPI document fetched (issue 33 item 7: a Ctrl-\ during the fetch, before the session's
/// signal trap, dumped a 42 MB core holding a `file:` token twice):
///
/// - no core file, ever: RLIMIT_CORE 0, and the process is made not dumpable
///   (`prctl(PR_SET_DUMPABLE, 0)`), which also covers a `core_pattern` that pipes cores to a
///   collector (which ignores RLIMIT_CORE) and keeps other processes of the user from reading its
///   memory;
/// - until `SignalTrap` takes over, SIGQUIT ends the run at once with 131 (128 + 3), as the trap
///   would: nothing is typed or saved yet and the terminal is untouched, so there is nothing to
///   restore.
package enum CoreDumpGuard {
    package static func install() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if canImport(Glibc)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        #else
        _ = setrlimit(RLIMIT_CORE, &none)
        #endif
        notDumpable()
        SignalHandler.install([SIGQUIT], quitAtOnce, flags: 0)
        // A parent may hand it down blocked (a test runner's thread does), as `SignalTrap` says.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGQUIT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Whether the process may dump core (`prctl(PR_GET_DUMPABLE)`); nil where there is no prctl.
    package static var isDumpable: Bool? {
        guard let prctl = prctlFunction else { return nil }
        return prctl(3 /* PR_GET_DUMPABLE */, 0, 0, 0, 0) != 0
    }

    private static func notDumpable() {
        _ = prctlFunction?(4 /* PR_SET_DUMPABLE */, 0, 0, 0, 0)
    }

    /// prctl(2) is variadic in C, which Swift does not import: it is looked up and called with its
    /// five integer arguments, which is how the C ABI passes them either way.
    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    private static var prctlFunction: Prctl? {
        #if os(Linux)
        guard let symbol = dlsym(nil, "prctl") else { return nil }
        return unsafeBitCast(symbol, to: Prctl.self)
        #else
        return nil
        #endif
    }
}

/// The early SIGQUIT handler: async-signal-safe, it only exits.
private func quitAtOnce(_ signal: Int32) {
    _exit(128 + signal)
}
