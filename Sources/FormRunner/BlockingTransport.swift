import Dispatch
import FormCore
import Synchronization

/// What the thread waiting for a send decides at each look: wait on, cancel the request (and wait
/// for the transport's own answer to the cancellation), or stop waiting now with an outcome of
/// its own.
package enum TransportWaitStep {
    case wait, cancel
    case stop(Result<TransportResponse, TransportFailure>)
}

/// A transport that the wizard's synchronous loop can wait for on its own thread, with no Swift
/// task in between. The generic bridge (a detached task on Dispatch, a semaphore back) costs a
/// task, a task group with a timer task, and four thread hand-offs per request: the largest share
/// of `formline batch --jobs 8`'s client CPU against a fast server (docs/PERFORMANCE.md, "Client
/// profile"). A blocking send starts the request, waits on a semaphore and asks `watch` every
/// `interval` milliseconds, exactly as the bridge does.
package protocol BlockingTransport: Transport {
    func sendBlocking(_ request: TransportRequest, every interval: Int,
                      watch: () -> TransportWaitStep) -> Result<TransportResponse, TransportFailure>
}

/// The one way a synchronous caller waits for any transport: at once for an `ImmediateTransport`,
/// on this thread for a `BlockingTransport`, else through a task on Dispatch's global queue.
package enum TransportWaiting {
    package static func send(_ transport: any Transport, _ request: TransportRequest, every interval: Int,
                             watch: () -> TransportWaitStep) -> Result<TransportResponse, TransportFailure> {
        if let immediate = transport as? any ImmediateTransport { return immediate.sendImmediately(request) }
        if let blocking = transport as? any BlockingTransport {
            return blocking.sendBlocking(request, every: interval, watch: watch)
        }
        let box = OutcomeBox()
        let done = DispatchSemaphore(value: 0)
        let task = Task.detached(executorPreference: BlockingBridgeExecutor.shared) {
            box.set(await transport.send(request))
            done.signal()
        }
        if case .stopped(let outcome) = wait(for: done, every: interval, cancel: { task.cancel() }, watch: watch).end {
            return outcome
        }
        return box.get() ?? .failure(.error(CLIMessage.requestCancelled.text))
    }

    /// How a `wait` ended: the send answered (`done` was signalled), the watcher stopped it with
    /// an outcome of its own, or the deadline passed first.
    package enum WaitEnd {
        case answered
        case stopped(Result<TransportResponse, TransportFailure>)
        case pastDeadline
    }

    /// The waiting side every synchronous send shares: waits for `done`, asking `watch` every
    /// `interval` milliseconds; `cancel` is called once when the watcher cancels or stops the
    /// send, or the deadline passes. `cancelled`: the watcher asked for a cancellation.
    package static func wait(for done: DispatchSemaphore, every interval: Int, deadline: DispatchTime = .distantFuture,
                             cancel: () -> Void, watch: () -> TransportWaitStep) -> (end: WaitEnd, cancelled: Bool) {
        var cancelled = false
        while done.wait(timeout: min(deadline, .now() + .milliseconds(max(1, interval)))) == .timedOut {
            if DispatchTime.now() >= deadline {
                cancel()
                return (.pastDeadline, cancelled)
            }
            switch watch() {
            case .wait:
                continue
            case .cancel:
                if !cancelled { cancel() }
                cancelled = true
            case .stop(let outcome):
                cancel()
                return (.stopped(outcome), cancelled)
            }
        }
        return (.answered, cancelled)
    }
}

/// Hands the transport's answer from the sending thread back to the waiting one.
package final class OutcomeBox: Sendable {
    private let value = Mutex<Result<TransportResponse, TransportFailure>?>(nil)
    package init() {}
    package func set(_ outcome: Result<TransportResponse, TransportFailure>) { value.withLock { $0 = outcome } }
    package func get() -> Result<TransportResponse, TransportFailure>? { value.withLock { $0 } }
}
