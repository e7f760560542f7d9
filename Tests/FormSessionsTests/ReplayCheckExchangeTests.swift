import FormCore
import FormRunner
@testable import FormSessions
import Testing

/// A server check's failure (docs/checks.md) says nothing of whether the run was at a terminal:
/// only the submission's does.
@Suite struct ReplayerCheckExchangeTests {
    @Test func aFailedCheckFollowedByAnswersIsNotATerminalsRetry() {
        let lines = [
            TranscriptLine(number: 1, text: "=> GET /api/skus/X?warehouse=Oslo null", kind: .request),
            TranscriptLine(number: 2, text: "<= !refused", kind: .response(.failure(.refused))),
            TranscriptLine(number: 3, text: "Quantity:", kind: .output("Quantity:")),
            TranscriptLine(number: 4, text: "> 3", kind: .input("3")),
            TranscriptLine(number: 5, text: "=> POST /api/orders {}", kind: .request),
            TranscriptLine(number: 6, text: "<= !refused", kind: .response(.failure(.refused))),
            TranscriptLine(number: 7, text: "#! exit 3", kind: .exit(3)),
        ]
        let submit = SubmitSpec(method: .POST, path: "/api/orders")
        #expect(Replayer.withoutCheckExchanges(lines, submit: submit).map(\.number) == [3, 4, 5, 6, 7])
        #expect(!Replayer.recordedAtTerminal(lines, submit: submit))
        // Without the form's submit, every exchange counts, as before.
        #expect(Replayer.recordedAtTerminal(lines, submit: nil))
    }
}
