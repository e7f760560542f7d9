import FormCore
import FormRunner
import FormSessions
import FormTerminal

/// `fill --repeat`: record after record of one form (docs/records.md). Every record's wizard comes
/// from the run's `SessionSetup` (as in its replay), with the same starting answers; this adds
/// what a run needs: a draft of its own per record, and under `--output json` one line per record
/// and a summary.
extension FillSession {
    func runRecords(first: Wizard, setup: SessionSetup, edges: SessionDriver.Edges, ownDraft: OwnDraft,
                    accepted: AcceptedDocument) -> ExitStatus {
        let jsonMode = options.output == .json
        let spec = first.spec
        let loop = RecordLoop(
            first: first,
            // Every record's wizard from the run's set-up, its answers the starting values; their
            // problems were reported (and ended the run) at the first record.
            makeWizard: { context in setup.makeWizard(spec: spec, record: context).wizard },
            edges: edges,
            beginRecord: { number in
                // Record 1 may continue a draft (--resume); each later one keeps its own.
                if number > 1 {
                    ownDraft.forgetForNextRecord()
                    edges.attemptKeys?.forgetForNextRecord()
                }
                accepted.members = nil
            },
            endRecord: { outcome, driver in
                guard jsonMode else { return }
                var members: [String: JSONValue]
                if outcome.status == .accepted, let document = accepted.members,
                   case .object(let report) = EndingReport.accepted(document) {
                    members = report
                } else if case .object(let report) = EndingReport.json(status: outcome.status, wizard: driver.wizard) {
                    members = report
                } else {
                    members = [:]
                }
                members["record"] = .number(String(outcome.number))
                // In the outbox, not sent: a script must never read it as sent (nor as lost).
                if outcome.kind == .queued { members["queued"] = .bool(true) }
                TerminalOutput(fd: 1).write(JSONValue.object(members).compactText + "\n")
            })
        let status = loop.run()
        if jsonMode {
            TerminalOutput(fd: 1).write(Self.summaryDocument(loop.tally, status: status).compactText + "\n")
        }
        return status
    }

    /// The last NDJSON line of a run:
    /// `{"exit":0,"summary":{"accepted":[{"id":"14","record":1}],"drafts":0,"records":1,"rejected":0}}`.
    /// Past `RecordLoop.listedRecords` accepted records the list stops (`records` still counts all);
    /// `"lost":N` is added when records ended unfinished with their draft not saved.
    static func summaryDocument(_ tally: RecordLoop.Tally, status: ExitStatus) -> JSONValue {
        let accepted = tally.acceptedListed.map { outcome -> JSONValue in
            var item: [String: JSONValue] = ["record": .number(String(outcome.number))]
            // The server's id as the summary shows it (`id=14`), as text; null when it gave none.
            let id = outcome.serverNote.flatMap { $0.hasPrefix("id=") ? String($0.dropFirst(3)) : nil }
            item["id"] = id.map { .string($0) } ?? .null
            return .object(item)
        }
        var summary: [String: JSONValue] = [
            "records": .number(String(tally.records)),
            "accepted": .array(accepted),
            "rejected": .number(String(tally.rejected)),
            "drafts": .number(String(tally.drafts)),
        ]
        // Only when a record's draft could not be written (exit 6): the usual line stays as it was.
        if tally.lost > 0 { summary["lost"] = .number(String(tally.lost)) }
        if tally.queued > 0 { summary["queued"] = .number(String(tally.queued)) }
        return .object(["summary": .object(summary), "exit": .number(String(status.rawValue))])
    }
}

/// The acceptance document of the record being entered, kept until the record's line is written.
final class AcceptedDocument {
    var members: [String: JSONValue]?
}
