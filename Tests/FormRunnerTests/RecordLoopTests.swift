import FormCore
import FormRunner
import Synchronization
import Testing

/// `RecordLoop`: record after record through the real driver, with scripted lines.
@Suite struct RecordLoopTests {
    /// Two fields: a host carried over and a counted, distinct port.
    private func spec() -> FormSpec {
        var host = Field(name: "host", label: "Host", type: .hostname)
        host.carry = .same
        var port = Field(name: "port", label: "Port", type: .integer)
        port.carry = .next
        port.distinct = true
        return FormSpec(id: "p", title: "Ports", fields: [host, port], submit: SubmitSpec(method: .POST, path: "/p"))
    }

    /// `saves`: whether the draft edge manages to write (false: the disk is full).
    private func loop(_ lines: [String], transport: any Transport, drafts: inout [[String: JSONValue]],
                      output: inout [String], saves: Bool = true) -> (FormCore.ExitStatus, RecordLoop, prompts: [String]) {
        let spec = spec()
        var first = Wizard(spec: spec, interactive: true)
        first.joinRun(RecordContext())
        nonisolated(unsafe) var saved: [[String: JSONValue]] = []
        nonisolated(unsafe) var written: [String] = []
        let source = ScriptLines(lines)
        let edges = SessionDriver.Edges(
            source: source, transport: transport, write: { written.append($0) },
            drafts: SessionDriver.DraftHandling(saving: { values in
                if saves { saved.append(values) }
                return saves
            }, delete: {}))
        let loop = RecordLoop(first: first, makeWizard: { Wizard(spec: spec, interactive: true, record: $0) }, edges: edges)
        let status = loop.run()
        drafts = saved
        output = written
        return (status, loop, source.prompts.map(\.text))
    }

    @Test func recordsRunUntilEndOfInputAtAFirstPromptAndTheSummaryNamesEveryId() {
        var drafts: [[String: JSONValue]] = [], output: [String] = []
        let (status, loop, _) = loop(["h1.example.net", "7", "", "", "", ""], transport: FakeTransport(fake: FakeSpec()),
                                  drafts: &drafts, output: &output)
        #expect(status == .accepted)
        #expect(loop.tally.accepted == 2)
        #expect(drafts.isEmpty)
        #expect(output.joined().contains("Review: h1.example.net | 8\n"))
        #expect(output.joined().hasSuffix("Records: 2 accepted, 0 rejected, 0 kept as drafts.\nAccepted: 1 id=1, 2 id=2\n"))
    }

    @Test func aRecordKeptAfterATransportFailureMakesTheRunEndWithSeven() {
        var drafts: [[String: JSONValue]] = [], output: [String] = []
        // Record 1 fails to send; Enter goes on; record 2 types record 1's port 7 again and is
        // accepted; .end at record 3's first prompt.
        let (status, loop, prompts) = loop(["h1.example.net", "7", "", "", "", "7", "", ".end"], transport: FlakyTransport(failures: 1),
                                  drafts: &drafts, output: &output)
        #expect(status == .recordsNotAllAccepted)
        #expect(loop.tally.accepted == 1)
        #expect(loop.tally.drafts == 1)
        #expect(drafts == [["host": .string("h1.example.net"), "port": .number("7")]])
        // The port of the record kept as a draft is not claimed: record 2 was offered 8, typed 7,
        // and 7 was taken without a word.
        let text = output.joined()
        #expect(prompts.contains("Port [8]: "))
        #expect(text.contains("Review: h1.example.net | 7\n"))
        #expect(!text.contains("already has"))
        #expect(text.contains("Accepted: 2 id=7"))
    }

    @Test func aRecordRejectedThenFixedThenNotSentIsADraftNotARejection() {
        var drafts: [[String: JSONValue]] = [], output: [String] = []
        // A 409 with a banner only: the review comes back and Enter sends again, which fails to
        // go out; .end at "Go on?" ends the run.
        let transport = AnswerQueue([
            .success(TransportResponse(status: 409, contentType: "application/json", body: Array(#"{"detail":"busy, try again"}"#.utf8))),
            .failure(.timeout),
        ])
        let (status, loop, _) = loop(["h1.example.net", "7", "", "", ".end"], transport: transport, drafts: &drafts, output: &output)
        #expect(output.joined().contains("rejected (409)"))
        #expect(status == .recordsNotAllAccepted)
        #expect(loop.tally.rejected == 0)
        #expect(loop.tally.drafts == 1)
        #expect(output.joined().hasSuffix("Records: 0 accepted, 0 rejected, 1 kept as a draft.\n"))
    }

    @Test func aRecordWhoseLastAnswerWasARejectionCountsAsRejected() {
        var drafts: [[String: JSONValue]] = [], output: [String] = []
        let transport = AnswerQueue([
            .success(TransportResponse(status: 409, contentType: "application/json", body: Array(#"{"detail":"busy"}"#.utf8))),
        ])
        // Rejected, then .cancel at the review: the record ends and the run with it (1).
        let (status, loop, _) = loop(["h1.example.net", "7", "", ".cancel"], transport: transport, drafts: &drafts, output: &output)
        #expect(status == .cancelled)
        #expect(loop.tally.rejected == 1)
        #expect(loop.tally.drafts == 0)
        #expect(output.joined().hasSuffix("Records: 0 accepted, 1 rejected, 0 kept as drafts.\n"))
    }

    @Test func aDraftThatCouldNotBeSavedIsCountedLostNotKept() {
        var drafts: [[String: JSONValue]] = [], output: [String] = []
        // Record 1 accepted; record 2 takes the host, then input ends: its draft can't be written.
        let (status, loop, _) = loop(["h1.example.net", "7", "", ""], transport: FakeTransport(fake: FakeSpec()),
                                  drafts: &drafts, output: &output, saves: false)
        #expect(status == .draftNotSaved)
        #expect(loop.tally.accepted == 1)
        #expect(loop.tally.drafts == 0)
        #expect(loop.tally.lost == 1)
        #expect(loop.tally.records == 2)
        #expect(output.joined().hasSuffix("Records: 1 accepted, 0 rejected, 0 kept as drafts, 1 lost (draft not saved).\nAccepted: 1 id=1\n"))
    }

    @Test func theTallyListsTheFirstThousandAcceptedRecordsAndCountsTheRest() {
        var tally = RecordLoop.Tally()
        for n in 1...(RecordLoop.listedRecords + 3) {
            tally.add(RecordLoop.Outcome(number: n, status: .accepted, kind: .accepted, serverNote: "id=\(n)"))
        }
        tally.add(RecordLoop.Outcome(number: 1004, status: .transportFailed, kind: .draft))
        tally.add(RecordLoop.Outcome(number: 1005, status: .cancelled, kind: .empty))
        #expect(tally.accepted == 1003)
        #expect(tally.drafts == 1)
        #expect(tally.records == 1004)
        #expect(tally.acceptedListed.count == RecordLoop.listedRecords)
        #expect(tally.acceptedListed.last?.number == 1000)
        // The wrapped lines as one text, the continuation lines' indent folded away.
        let summary = RecordLoop.summaryLines(tally).map(\.text).joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(summary.contains("1 id=1, 2 id=2"))
        #expect(summary.hasSuffix("999 id=999, 1000 id=1000 and 3 more"))
        #expect(!summary.contains("1001"))
    }

    @Test func theSummaryListsAtMostAThousandIds() {
        var tally = RecordLoop.Tally()
        #expect(RecordLoop.summaryLines(tally).map(\.text) == ["Records: 0 accepted, 0 rejected, 0 kept as drafts."])
        tally.accepted = RecordLoop.listedRecords + 5
        tally.acceptedListed = [RecordLoop.Outcome(number: 1, status: .accepted, kind: .accepted, serverNote: "id=9")]
        #expect(RecordLoop.summaryLines(tally).last?.text == "Accepted: 1 id=9 and 1004 more")
    }
}

/// Answers each send with the next of its outcomes; past the last, accepts with id 7.
final class AnswerQueue: Transport {
    private let outcomes: Mutex<[Result<TransportResponse, TransportFailure>]>
    init(_ outcomes: [Result<TransportResponse, TransportFailure>]) { self.outcomes = Mutex(outcomes) }

    func send(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure> {
        outcomes.withLock { left in
            guard !left.isEmpty else {
                return .success(TransportResponse(status: 201, contentType: "application/json", body: Array(#"{"id":7}"#.utf8)))
            }
            return left.removeFirst()
        }
    }
}
