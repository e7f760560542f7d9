import FormCore
import FormRunner

/// The classifications of one transcript's recorded answers, made once: the replay's set-up
/// classifies a non-2xx answer to know whether the recorded run was at a terminal
/// (`Replayer.recordedAtTerminal`), and the driver classifies the same answer when the replay
/// serves it (`SessionDriver.Edges.classified`). Parsing a 422's body and detecting its dialect
/// twice was 4% of a replay. Kept per transcript and used on one thread (the replay's), at most
/// one entry per `<=` line of the transcript, which bounds it.
package final class ResponseClassifications {
    private var known: [(response: TransportResponse, submit: SubmitSpec, result: SubmissionResult)] = []

    package init() {}

    /// What `SubmissionClassifier.classify` says of `response` under `submit`, classified at
    /// most once.
    package func classify(_ response: TransportResponse, submit: SubmitSpec) -> SubmissionResult {
        if let result = lookup(response, submit: submit) { return result }
        let result = SubmissionClassifier.classify(
            status: response.status, contentType: response.contentType, body: response.body,
            location: response.location, submit: submit)
        known.append((response, submit, result))
        return result
    }

    /// The classification already made of an equal answer under an equal `submit`; nil if none.
    package func lookup(_ response: TransportResponse, submit: SubmitSpec) -> SubmissionResult? {
        known.first { $0.response == response && $0.submit == submit }?.result
    }

    /// Whether the answer is a failure (not accepted, not rejected), as
    /// `SubmissionClassifier.isFailure` says: a 2xx is never one, and is not classified here.
    package func isFailure(_ response: TransportResponse, submit: SubmitSpec) -> Bool {
        if (200..<300).contains(response.status) { return false }
        if case .failed = classify(response, submit: submit) { return true }
        return false
    }
}
