import FormCore
import FormRunner
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

    private func loop(_ lines: [String], transport: any Transport, drafts: inout [[String: JSONValue]],
                      output: inout [String]) -> (FormCore.ExitStatus, RecordLoop) {
        let spec = spec()
        var first = Wizard(spec: spec, interactive: true)
        first.joinRun(RecordContext())
        nonisolated(unsafe) var saved: [[String: JSONValue]] = []
        nonisolated(unsafe) var written: [String] = []
        let edges = SessionDriver.Edges(
            source: ScriptLines(lines), transport: transport, write: { written.append($0) },
            drafts: SessionDriver.DraftHandling(save: { saved.append($0) }, delete: {}))
        let loop = RecordLoop(first: first, makeWizard: { Wizard(spec: spec, interactive: true, record: $0) }, edges: edges)
        let status = loop.run()
        drafts = saved
        output = written
        return (status, loop)
    }

    @Test func recordsRunUntilEndOfInputAtAFirstPromptAndTheSummaryNamesEveryId() {
        var drafts: [[String: JSONValue]] = [], output: [String] = []
        let (status, loop) = loop(["h1.example.net", "7", "", "", "", ""], transport: FakeTransport(fake: FakeSpec()),
                                  drafts: &drafts, output: &output)
        #expect(status == .accepted)
        #expect(loop.tally.accepted == 2)
        #expect(drafts.isEmpty)
        #expect(output.joined().contains("Review: h1.example.net | 8\n"))
        #expect(output.joined().hasSuffix("Records: 2 accepted, 0 rejected, 0 kept as drafts.\nAccepted: 1 id=1, 2 id=2\n"))
    }

    @Test func aRecordKeptAfterATransportFailureMakesTheRunEndWithSeven() {
        var drafts: [[String: JSONValue]] = [], output: [String] = []
        // Record 1 fails to send; Enter goes on; record 2 is accepted; .end at record 3's first prompt.
        let (status, loop) = loop(["h1.example.net", "7", "", "", "", "", "", ".end"], transport: FlakyTransport(failures: 1),
                                  drafts: &drafts, output: &output)
        #expect(status == .recordsNotAllAccepted)
        #expect(loop.tally.accepted == 1)
        #expect(loop.tally.drafts == 1)
        #expect(drafts == [["host": .string("h1.example.net"), "port": .number("7")]])
        // The port of the record kept as a draft is not claimed: record 2 was offered 8 and took it.
        #expect(output.joined().contains("Accepted: 2 id=7"))
    }

    @Test func theSummaryListsAtMostAThousandIds() {
        var tally = RecordLoop.Tally()
        #expect(RecordLoop.summaryLines(tally).map(\.text) == ["Records: 0 accepted, 0 rejected, 0 kept as drafts."])
        tally.accepted = RecordLoop.listedRecords + 5
        tally.acceptedListed = [RecordLoop.Outcome(number: 1, status: .accepted, kind: .accepted, serverNote: "id=9")]
        #expect(RecordLoop.summaryLines(tally).last?.text == "Accepted: 1 id=9 and 1004 more")
    }
}
