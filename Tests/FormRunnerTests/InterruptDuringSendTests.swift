import FormCore
import FormRunner
import Synchronization
import Testing

/// A transport that answers only after a long wait, unless its task is cancelled first.
final class SlowTransport: Transport {
    private let cancelledFlag = Atomic<Bool>(false)
    var wasCancelled: Bool { cancelledFlag.load(ordering: .acquiring) }

    func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure> {
        do {
            try await Task.sleep(for: .seconds(30))
            return .success(TransportResponse(status: 201, contentType: "application/json", body: Array("{}".utf8)))
        } catch {
            cancelledFlag.store(true, ordering: .releasing)
            return .failure(.error("the request was cancelled"))
        }
    }
}

/// An interrupt edge that reports one signal once `after` has passed since it was made.
final class TimedInterrupt: InterruptEdge {
    private let due: ContinuousClock.Instant
    private let signal: Int32
    private let taken = Atomic<Bool>(false)

    init(signal: Int32, after delay: Duration) {
        self.signal = signal
        self.due = .now + delay
    }

    var hasPendingSignal: Bool { !taken.load(ordering: .acquiring) && ContinuousClock.now >= due }

    func takeSignal() -> Int32? {
        guard hasPendingSignal else { return nil }
        taken.store(true, ordering: .releasing)
        return signal
    }

    var wakeDescriptor: Int32 { -1 }
}

/// The driver is the one place that waits for a send: a signal on its injected edge cancels the
/// request's task at once, and the session ends with the signal's status and a draft.
@Suite(.timeLimit(.minutes(1))) struct InterruptDuringSendTests {
    @Test func aSignalDuringASendCancelsItAndEndsTheSession() {
        let transport = SlowTransport()
        var drafts: [[String: JSONValue]] = []
        let started = ContinuousClock.now
        let driver = SessionDriver(
            wizard: Wizard(spec: signup(), interactive: false),
            edges: SessionDriver.Edges(
                source: ScriptLines(["bob", "", ""], interactive: false), transport: transport,
                write: { _ in },
                drafts: SessionDriver.DraftHandling(save: { drafts.append($0) }, delete: {}),
                interrupts: TimedInterrupt(signal: 2, after: .milliseconds(300))))
        let status = driver.run()
        #expect(status == .interrupted)
        #expect(ContinuousClock.now - started < .seconds(10), "cancelled long before the transport answers")
        #expect(transport.wasCancelled)
        #expect(drafts == [["username": .string("bob"), "age": .null]], "age answered empty is kept as answered")
    }

    @Test func withoutInterruptsTheSendIsAwaited() {
        let driver = SessionDriver(
            wizard: Wizard(spec: signup(), interactive: false),
            edges: SessionDriver.Edges(
                source: ScriptLines(["bob", "", ""], interactive: false), transport: FlakyTransport(failures: 0),
                write: { _ in }))
        #expect(driver.run() == .accepted)
    }
}
