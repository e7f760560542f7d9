import FormCore

/// Runs record after record of one form (`fill --repeat`, docs/records.md).
///
/// Each record is one `SessionDriver` run of a fresh wizard, made from the record before it
/// (`Wizard.nextRecord`): the loop is edge work, the wizards stay pure. The CLI and replay share
/// it, so a recorded run replays through the same code. The edges are the driver's, shared by all
/// records (one line source, so per-field history spans the run); the recorder hears every record
/// and a single `#! exit` for the whole run.
package final class RecordLoop {
    /// How one record of the run ended.
    package struct Outcome: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case accepted
            /// The server's last answer to it was a rejection; kept as a draft when anything was typed.
            case rejected
            /// Kept as a draft: a transport failure, `.cancel`, a signal, end of input.
            case draft
            /// Unfinished, and its draft could not be saved (the run ends with exit 6).
            case lost
            /// Complete and valid but not sent: kept in the outbox (docs/outbox-and-batch.md).
            case queued
            /// Ended before anything was entered in it: nothing to count or keep.
            case empty
        }

        package var number: Int
        package var status: ExitStatus
        package var kind: Kind
        /// The server's note on an accepted record (`id=14`), nil when it gave none.
        package var serverNote: String?

        package init(number: Int, status: ExitStatus, kind: Kind, serverNote: String? = nil) {
            self.number = number
            self.status = status
            self.kind = kind
            self.serverNote = serverNote
        }
    }

    /// How many records ended each way, and the first accepted ones with their server ids.
    package struct Tally: Sendable, Equatable {
        package var accepted = 0
        package var rejected = 0
        package var drafts = 0
        /// Unfinished records whose draft could not be saved.
        package var lost = 0
        /// Records in the outbox, not sent.
        package var queued = 0
        /// The first `RecordLoop.listedRecords` accepted records, for the summary; a run fed
        /// millions of records by a pipe keeps no more.
        package var acceptedListed: [Outcome] = []

        package init() {}

        package var records: Int { accepted + rejected + drafts + lost + queued }

        package mutating func add(_ outcome: Outcome) {
            switch outcome.kind {
            case .accepted:
                accepted += 1
                if acceptedListed.count < RecordLoop.listedRecords { acceptedListed.append(outcome) }
            case .rejected: rejected += 1
            case .draft: drafts += 1
            case .lost: lost += 1
            case .queued: queued += 1
            case .empty: break
            }
        }
    }

    /// The most accepted records the summary names (with their ids); the rest are counted.
    package static let listedRecords = 1000

    package private(set) var tally = Tally()
    private var wizard: Wizard
    private let makeWizard: (RecordContext) -> Wizard
    private let edges: SessionDriver.Edges
    private let beginRecord: (Int) -> Void
    private let endRecord: (Outcome, SessionDriver) -> Void

    /// - Parameters:
    ///   - first: the first record's wizard, already a record of the run (`Wizard.joinRun`).
    ///   - makeWizard: the wizard of each later record, from its context (answers applied).
    ///   - beginRecord: called before each record runs, with its number (a new draft per record).
    ///   - endRecord: called when a record that counts has ended (`--output json` writes its line).
    package init(first: Wizard, makeWizard: @escaping (RecordContext) -> Wizard, edges: SessionDriver.Edges,
                beginRecord: @escaping (Int) -> Void = { _ in },
                endRecord: @escaping (Outcome, SessionDriver) -> Void = { _, _ in }) {
        self.wizard = first
        self.makeWizard = makeWizard
        self.edges = edges
        self.beginRecord = beginRecord
        self.endRecord = endRecord
    }

    /// Runs until the operator ends the run or a record ends it; returns the run's exit status:
    /// 0 when the operator ended it and every record was accepted, 7 when one was not, otherwise
    /// the status of the record that ended it (cancel, end of input, a signal, ...).
    package func run() -> ExitStatus {
        let recorder = edges.recorder.map(RunRecorder.init)
        // Records are marked for replay, which types a value of the record's own at a private
        // `distinct` field (one value for every record would clash with the first).
        let marksRecords = wizard.spec.fields.contains { $0.isPrivate && $0.distinct }
        while true {
            let number = wizard.record?.number ?? tally.records + 1
            beginRecord(number)
            var recordEdges = edges
            recordEdges.recorder = recorder
            let tracker = RecordTracker()
            if let drafts = edges.drafts {
                recordEdges.drafts = SessionDriver.DraftHandling(
                    saving: { values in
                        // The last save decides, as for the driver's exit 6: a draft counts once it is written.
                        let saved = drafts.save(values)
                        tracker.draft = saved ? .saved : .lost
                        return saved
                    },
                    delete: { tracker.draft = .none; drafts.delete() })
            }
            let spec = wizard.spec
            let onAccepted = edges.onAccepted
            recordEdges.onAccepted = { submission, response in
                if case .accepted(_, let note) = SubmissionClassifier.classify(
                    status: response.status, contentType: response.contentType, body: response.body,
                    location: response.location, submit: spec.submit) {
                    tracker.serverNote = note
                }
                onAccepted?(submission, response)
            }
            if let outbox = edges.outbox {
                recordEdges.outbox = SessionDriver.OutboxHandling(queue: { attempt in
                    let kept = outbox.queue(attempt)
                    if kept { tracker.queued = true }
                    return kept
                })
            }
            if number > 1, marksRecords { recorder?.recordStarts(number) }
            let driver = SessionDriver(wizard: wizard, edges: recordEdges)
            let status = driver.run()
            let ended = driver.wizard
            let decision = ended.recordDecision
            if decision == .endRunHere { return finish(status: nil) }
            let kind: Outcome.Kind
            if status == .accepted {
                kind = .accepted
            } else if tracker.queued {
                kind = .queued
            } else if ended.lastAnswerWasRejection {
                kind = .rejected
            } else {
                switch tracker.draft {
                case .saved: kind = .draft
                case .lost: kind = .lost
                case .none: kind = .empty
                }
            }
            let outcome = Outcome(number: number, status: status, kind: kind,
                                  serverNote: kind == .accepted ? tracker.serverNote : nil)
            if kind != .empty {
                tally.add(outcome)
                endRecord(outcome, driver)
            }
            switch (status, decision) {
            case (.accepted, _), (.transportFailed, .keepAndGoOn?):
                wizard = makeWizard(ended.nextRecord(accepted: status == .accepted))
            case (.transportFailed, .keepAndEndRun?):
                return finish(status: nil)
            default:
                return finish(status: status)
            }
        }
    }

    /// Writes the summary, records the run's one `#! exit` and returns the run's status; nil
    /// `status`: the operator ended the run, so 0 or 7 by whether every record was accepted.
    private func finish(status: ExitStatus?) -> ExitStatus {
        let allAccepted = tally.accepted == tally.records
        let final = status ?? (allAccepted ? .accepted : .recordsNotAllAccepted)
        for line in RecordLoop.summaryLines(tally) {
            edges.write(edges.renderer.render(line))
            edges.recorder?.output(line)
        }
        edges.recorder?.finished(final)
        return final
    }

    /// `Records: 3 accepted, 1 rejected, 1 kept as a draft.` (with `, 1 lost (draft not saved)`
    /// before the stop when a record's draft could not be written) and the accepted records with
    /// their server ids (`Accepted: 1 id=14, 2 id=15`), wrapped within 80 columns between records; past
    /// `listedRecords` the rest are counted (`and 12 more`).
    package static func summaryLines(_ tally: Tally) -> [OutputLine] {
        let head = CLIMessage.recordsSummary(accepted: tally.accepted, rejected: tally.rejected, drafts: tally.drafts, lost: tally.lost, queued: tally.queued).text
        var lines = TextWrap.wrap(head, indent: "", continuation: "  ").map { OutputLine($0, style: .notice) }
        if !tally.acceptedListed.isEmpty {
            var entries = tally.acceptedListed.map { outcome in
                "\(outcome.number)" + (outcome.serverNote.map { " " + TextCleaning.withoutControlCharacters($0) } ?? "")
            }
            let more = tally.accepted - tally.acceptedListed.count
            if more > 0, let last = entries.popLast() { entries.append(last + CLIMessage.andMoreRecords(more).text) }
            // A line breaks only between records: "15" at one line's end and "id=117" at the
            // next one's start read as two records.
            lines += TextWrap.wrapEntries(entries, lead: CLIMessage.acceptedRecordsLead.text, continuation: "  ").map { OutputLine($0, style: .notice) }
        }
        return lines
    }
}

/// What the loop learns of a record while it runs, from the closures it hands the driver.
private final class RecordTracker {
    enum Draft { case none, saved, lost }
    /// What the record's last draft save did.
    var draft = Draft.none
    var serverNote: String?
    /// The record went to the outbox.
    var queued = false
}

/// The run's recorder for each record: everything but the record's own ending, so a transcript of
/// a run has one `#! exit`, the run's.
private final class RunRecorder: SessionRecorder {
    let inner: any SessionRecorder
    init(_ inner: any SessionRecorder) { self.inner = inner }
    func output(_ line: OutputLine) { inner.output(line) }
    func prompt(_ text: String) { inner.prompt(text) }
    func input(_ line: String) { inner.input(line) }
    func secretInput(field: String) { inner.secretInput(field: field) }
    func refusedSecretInput(field: String) { inner.refusedSecretInput(field: field) }
    func privateValue(field: String, value: String) { inner.privateValue(field: field, value: value) }
    func formText(_ texts: [String]) { inner.formText(texts) }
    func refusedByCheck(field: String) { inner.refusedByCheck(field: field) }
    func recordStarts(_ number: Int) { inner.recordStarts(number) }
    func unreadable(_ reason: String) { inner.unreadable(reason) }
    func request(_ submission: Submission) { inner.request(submission) }
    func response(_ outcome: Result<TransportResponse, TransportFailure>) { inner.response(outcome) }
    func endOfInput() { inner.endOfInput() }
    func interrupted(signal: Int32) { inner.interrupted(signal: signal) }
    func finished(_ status: ExitStatus) {}
}
