import FormCore
import FormRunner
import Synchronization

/// The transport of a replay: serves the transcript's `<=` lines in order, failures included
/// (`<= !timeout` answers as a timeout). A request with nothing left to serve is remembered (a
/// replay failure) and answered with a transport error so the session can end.
package final class ReplayTransport: ImmediateTransport {
    private struct State {
        var responses: [TranscriptLine]
        var unanswered: [TransportRequest] = []
    }

    private let state: Mutex<State>

    /// The reason given to the wizard when no recorded response is left.
    package static var noResponseReason: String { CLIMessage.noRecordedResponseLeft.text }

    package init(responses: [TranscriptLine]) {
        state = Mutex(State(responses: responses.filter {
            if case .response = $0.kind { return true }
            return false
        }))
    }

    /// Responses never asked for.
    package var unused: [TranscriptLine] { state.withLock { $0.responses } }

    /// Requests that found no response left.
    package var unanswered: [TransportRequest] { state.withLock { $0.unanswered } }

    package func send(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure> {
        sendImmediately(request)
    }

    package func sendImmediately(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure> {
        if let line = take(request), case .response(let outcome) = line.kind { return outcome }
        return .failure(.error(ReplayTransport.noResponseReason))
    }

    /// The next recorded answer, used up; nil (and `request` remembered as unanswered) when none
    /// is left.
    func take(_ request: TransportRequest) -> TranscriptLine? {
        state.withLock { state in
            guard !state.responses.isEmpty else {
                state.unanswered.append(request)
                return nil
            }
            return state.responses.removeFirst()
        }
    }
}
