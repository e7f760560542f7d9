import FormRunner

/// The transport of a live replay (`formline replay --live`): a request the transcript answered
/// goes to the real server, whose answer the session gets (and the recording holds, to be compared
/// with the `<=` line). The recorded answers are only counted, as `ReplayTransport` counts them: a
/// request beyond them is not sent (the recorded session never made it) and fails the replay as
/// `requestWithNoResponse`; answers left over fail it as `responseNeverUsed`.
package final class LiveTransport: Transport {
    private let server: any Transport
    private let recorded: ReplayTransport

    package init(server: any Transport, responses: [TranscriptLine]) {
        self.server = server
        recorded = ReplayTransport(responses: responses)
    }

    /// Recorded answers no request reached.
    package var unused: [TranscriptLine] { recorded.unused }

    /// Requests the transcript has no answer for (not sent).
    package var unanswered: [TransportRequest] { recorded.unanswered }

    package func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure> {
        guard recorded.take(request) != nil else { return .failure(.error(ReplayTransport.noResponseReason)) }
        return await server.send(request)
    }
}
