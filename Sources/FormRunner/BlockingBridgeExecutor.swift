import Dispatch

/// Runs the jobs of the driver's send task on Dispatch's global queue instead of Swift's
/// cooperative pool. The driver blocks its own thread while it waits, and that thread may itself
/// be a pool thread (a test, an embedder's task): on a two-core machine the pool has two threads,
/// and a send that needed one of them could then never run. Dispatch adds threads when its
/// workers block, so the send always gets one.
final class BlockingBridgeExecutor: TaskExecutor {
    static let shared = BlockingBridgeExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async {
            job.runSynchronously(on: executor)
        }
    }
}
