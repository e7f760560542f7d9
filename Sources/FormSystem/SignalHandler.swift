#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place formline installs a signal handler with sigaction: the start-up guard
/// (`CoreDumpGuard`, before any other module is set up) and both signal pipes (`SignalTrap`,
/// readline's terminal signals) go through it.
package enum SignalHandler {
    /// Installs `handler` for `signals`, with an empty mask and the given `sa_flags`.
    package static func install(_ signals: [Int32], _ handler: @escaping @convention(c) (Int32) -> Void, flags: Int32) {
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
            #else
            action.__sigaction_u.__sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = flags
            sigaction(signal, &action, nil)
        }
    }
}
