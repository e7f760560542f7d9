import FormCore

/// A transport that answers at once, without I/O (a replay's recorded answers). `SessionDriver`
/// calls it on its own thread: the bridge to an async send (a task on another thread, a semaphore
/// back) costs two thread hand-offs per submission, a measurable share of an in-process replay
/// of thousands of transcripts, and there is nothing to cancel in an answer that is already there.
package protocol ImmediateTransport: Transport {
    func sendImmediately(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure>
}
