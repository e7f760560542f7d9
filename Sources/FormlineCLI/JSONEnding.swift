#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormTerminal
import Synchronization

/// The one `--output json` document of a single run, written by whoever ends the run: the session
/// loop, or the signal watchdog when the loop is stuck (docs/scripting.md, "--output json").
/// Whichever comes first writes; the other writes nothing, so stdout never gets two documents.
final class JSONEnding: Sendable {
    private let written = Atomic<Bool>(false)
    /// Each signal's document by exit status, rendered before the run starts.
    private let signalDocuments: [Int32: [UInt8]]

    init() { signalDocuments = EndingReport.signalDocuments() }

    /// The loop's ending: `document` on stdout, unless the watchdog wrote one.
    func write(_ document: JSONValue) {
        guard claim() else { return }
        TerminalOutput(fd: 1).write(document.compactText + "\n")
    }

    /// The watchdog's ending for `exitStatus`: the pre-rendered document, only if stdout can take
    /// it now (it is a few dozen bytes, far under a pipe's atomic write), so the watchdog never
    /// blocks on the very output that may have stalled the session.
    func writeForSignal(exitStatus: Int32) {
        guard let bytes = signalDocuments[exitStatus], claim() else { return }
        writeIfReady(bytes, to: 1)
    }

    private func claim() -> Bool {
        written.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}

/// Writes `bytes` only if `fd` can take them now: the watchdog must not block on the very output
/// that stalled the session.
func writeIfReady(_ bytes: [UInt8], to fd: Int32) {
    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    guard poll(&ready, 1, 0) == 1, ready.revents & Int16(POLLOUT) != 0 else { return }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}
