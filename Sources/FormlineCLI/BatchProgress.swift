#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FormCore
import FormSessions
import FormSystem
import Synchronization

/// Progress of `formline batch` on standard error (docs/outbox-and-batch.md, "Progress"): at a
/// terminal one line rewritten in place a few times a second; on a pipe, under `--plain` or with
/// TERM=dumb a plain line every `plainInterval` seconds (none for a shorter run), so a log
/// gets a heartbeat, not a line per record. The report on stdout or `--report` is never touched.
final class BatchProgress: Sendable {
    enum Mode: Sendable { case updating, plain }

    /// Seconds between plain lines.
    static let plainInterval = 5.0
    /// Seconds between rewrites of the terminal line.
    static let updatingInterval = 0.25

    private let mode: Mode
    private let counts: @Sendable () -> (done: Int, notAccepted: Int)
    private let started = ContinuousClock.now
    private let finished = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)
    /// Whether the terminal line was drawn (it then gets its newline at the end).
    private let drawn = Atomic<Bool>(false)

    init(mode: Mode, counts: @escaping @Sendable () -> (done: Int, notAccepted: Int)) {
        self.mode = mode
        self.counts = counts
    }

    /// The mode for this process: updating only when standard error is a terminal that takes
    /// escape sequences, `--plain` was not given, and the report does not go to that terminal
    /// too (its lines would land in the middle of the rewritten one).
    static func mode(plain: Bool, reportToStandardOutput: Bool, environment: [String: String]) -> Mode {
        if plain || isatty(2) == 0 || environment["TERM"] == "dumb" { return .plain }
        if reportToStandardOutput && isatty(1) != 0 { return .plain }
        return .updating
    }

    func start() {
        DetachedThread.start { [self] in
            let interval = mode == .plain ? Self.plainInterval : Self.updatingInterval
            var next = interval
            while !finished.load(ordering: .relaxed) {
                usleep(100_000)
                let elapsed = seconds()
                if elapsed >= next {
                    draw(elapsed: elapsed)
                    next = elapsed + interval
                }
            }
            ended.signal()
        }
    }

    /// Stops the ticks; the terminal line is drawn a last time and ended.
    func finish() {
        finished.store(true, ordering: .relaxed)
        ended.wait()
        if mode == .updating && drawn.load(ordering: .relaxed) {
            draw(elapsed: seconds())
            StandardError.write("\n")
        }
    }

    private func seconds() -> Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func draw(elapsed: Double) {
        let (done, notAccepted) = counts()
        let rate = elapsed > 0 ? Int((Double(done) / elapsed).rounded()) : done
        let text = "formline: " + CLIMessage.batchProgress(done: done, notAccepted: notAccepted, perSecond: rate).text
        switch mode {
        case .plain: StandardError.write(text + "\n")
        case .updating:
            drawn.store(true, ordering: .relaxed)
            StandardError.write("\r" + text + "\u{1B}[K")
        }
    }
}
