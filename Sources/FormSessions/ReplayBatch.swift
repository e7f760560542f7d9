import Dispatch

/// Replays many transcripts on `jobs` workers and hands the results back in list order, each as
/// soon as it and all before it are done, so the output of `--jobs 8` reads like `--jobs 1`.
///
/// With a `timeout`, each replay runs on its own thread and is abandoned (left to finish or hang
/// on its own; the process exit ends it) once the deadline passes: in-process replay is
/// synchronous and cannot be interrupted, and a child process per transcript would cost more than
/// the replay itself. The abandoned transcript fails as `.timedOut`, its worker takes the next one.
package enum ReplayBatch {
    /// One transcript's outcome and how long it took (seconds; the timeout when it timed out).
    package struct Outcome: Sendable {
        package var result: ReplayResult
        package var seconds: Double
        package init(result: ReplayResult, seconds: Double) {
            self.result = result
            self.seconds = seconds
        }
    }

    package static let maximumJobs = 256

    /// Replays `paths` with `replay`, calling `report` on the calling thread in list order.
    package static func run(
        _ paths: [String], jobs: Int, timeout: Double?,
        replay: @escaping @Sendable (String) -> ReplayResult,
        report: (Int, Outcome) -> Void
    ) {
        if jobs <= 1 && timeout == nil {
            // One job and no deadline: on this thread. A worker handing each result back costs
            // two thread wake-ups per transcript, a share of a replay of thousands of them.
            for (index, path) in paths.enumerated() { report(index, timed(path, timeout: nil, replay: replay)) }
            return
        }
        let board = Board(count: paths.count)
        let next = Counter()
        for _ in 0..<max(1, min(jobs, maximumJobs, paths.count)) {
            DetachedThread.start {
                while let index = next.take(below: paths.count) {
                    board.finish(index, with: timed(paths[index], timeout: timeout, replay: replay))
                }
            }
        }
        for index in paths.indices {
            report(index, board.wait(for: index))
        }
    }

    /// Runs one replay, on its own thread when it has a deadline.
    private static func timed(_ path: String, timeout: Double?, replay: @escaping @Sendable (String) -> ReplayResult) -> Outcome {
        let start = ContinuousClock.now
        guard let timeout else {
            let result = replay(path)
            return Outcome(result: result, seconds: seconds(since: start))
        }
        let box = Board(count: 1)
        let done = DispatchSemaphore(value: 0)
        DetachedThread.start {
            let result = replay(path)
            box.finish(0, with: Outcome(result: result, seconds: seconds(since: start)))
            done.signal()
        }
        if done.wait(timeout: .now() + .nanoseconds(Int(min(timeout, 86_400) * 1e9))) == .timedOut {
            return Outcome(result: ReplayResult(path: path, problems: [.timedOut(seconds: timeout)]), seconds: timeout)
        }
        return box.wait(for: 0)
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Hands out the list's indices to the workers, each once.
    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = DispatchSemaphore(value: 1)

        func take(below limit: Int) -> Int? {
            lock.wait()
            defer { lock.signal() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }

    /// Results by index, each waited for with its own semaphore.
    private final class Board: @unchecked Sendable {
        private var outcomes: [Outcome?]
        private let ready: [DispatchSemaphore]
        private let lock = DispatchSemaphore(value: 1)

        init(count: Int) {
            outcomes = Array(repeating: nil, count: count)
            ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        }

        func finish(_ index: Int, with outcome: Outcome) {
            lock.wait()
            outcomes[index] = outcome
            lock.signal()
            ready[index].signal()
        }

        func wait(for index: Int) -> Outcome {
            ready[index].wait()
            lock.wait()
            defer { lock.signal() }
            // Always set before `ready` is signalled. Let go of once handed over: a run of
            // 100,000 transcripts need not hold every recording until the end.
            defer { outcomes[index] = nil }
            return outcomes[index] ?? Outcome(result: ReplayResult(path: "", problems: [.unreadableFile]), seconds: 0)
        }
    }
}
