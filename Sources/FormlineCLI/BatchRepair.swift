#if canImport(Glibc)
import Glibc
#endif
import FormCore
import FormDrafts
import FormFiles
import FormReadline
import FormRunner
import FormSystem
import FormTerminal
import Synchronization

/// A record not accepted, held back from `--rejects` until `--repair` has walked it.
struct BatchHeldRecord: Sendable {
    var record: Int
    var line: Int
    /// The record as JSON (a CSV row already converted): what the walk starts from.
    var bytes: [UInt8]
    /// What `--rejects` keeps (`BatchSourceRecord.input`).
    var input: [UInt8]
    var outcome: BatchOutcome

    /// Refused here or rejected by the server, and readable as answers: the others (a transport
    /// failure, a line that is no record) have no failed fields to ask.
    var walkable: Bool {
        (outcome.status == .refused || outcome.status == .rejected) && !bytes.isEmpty
    }
}

/// `formline batch --repair` (docs/outbox-and-batch.md, "Repairing at a terminal"): after the
/// automatic pass, each refused or rejected record is walked at the terminal by the same wizard
/// as `fill --answers` at a terminal (a refused answer asked pre-filled with its error) and, for
/// a server's rejection, as `outbox repair` walks one (the stored answer first, then only the
/// fields it failed), then the review, then the send.
struct BatchRepair {
    let spec: FormSpec
    let transport: any Transport
    /// How answers name the input (`records.ndjson`, `stdin`).
    let source: String
    let environment: [String: String]
    /// `--no-checks`: the walk makes no field's `server_check` either.
    var noChecks = false

    /// The most records one run holds back for the walk; the later ones go to `--rejects` as
    /// they come (memory stays bounded whatever the input).
    static let mostHeld = 10_000
    /// And at most 64 MiB of their bytes (a record may be 1 MiB: 10,000 of them would not fit).
    static let mostHeldBytes = 64 << 20

    /// The Idempotency-Key of a repaired record: from its first key and the corrected payload. The
    /// first key is spent (a server honouring it would answer the first rejection again), and a
    /// rerun of the same correction is the same request, so it gets the same key.
    static func key(original: String, payload: JSONValue) -> String {
        "formline-batch-" + String(ContentHash.sha256(Array("\(original)\n".utf8) + Array(payload.compactText.utf8)).prefix(40))
    }

    /// Walks every held record; each one not accepted goes to `--rejects`. True when Ctrl-C (or a
    /// hang-up) ended the walk: the records not yet walked are kept as they were.
    func walk(_ report: BatchReport) -> Bool {
        let held = report.takeHeld()
        let walked = held.filter(\.walkable)
        for item in held where !item.walkable { report.keepRejected(item) }
        guard !walked.isEmpty else { return false }
        // Ctrl-C is the session's from here: `SessionDriver` turns it into an ending.
        SignalTrap.install()
        let interrupts = ProcessSignals()
        let output = TerminalOutput(fd: 1)
        let face = Renderer.face(isTerminal: true, plainFlag: false, environment: environment)
        let renderer = Renderer(face: face, styles: face == .colour ? TerminfoStyles.styles(environment: environment) : [])
        var stopped = false
        for (n, item) in walked.enumerated() {
            if stopped {
                report.keepRejected(item)
                continue
            }
            output.write(TextCleaning.visible(CLIMessage.batchRepairRecord(index: n + 1, count: walked.count, line: item.line).text) + "\n")
            switch repair(item, output: output, renderer: renderer, interrupts: interrupts) {
            case .ended(let outcome):
                report.addRepaired(outcome, for: item)
            case .skipped:
                output.write(TextCleaning.visible(CLIMessage.batchRepairSkipped(record: item.record).text) + "\n")
                report.keepRejected(item)
            case .stop:
                stopped = true
                report.keepRejected(item)
            }
        }
        return stopped
    }

    private enum Walk {
        /// Sent: accepted, or still not (a transport failure): the record's later line.
        case ended(BatchOutcome)
        /// Ctrl-D or `quit`: the record stays as it was.
        case skipped
        /// Ctrl-C, a hang-up: the repair ends.
        case stop
    }

    private func repair(_ item: BatchHeldRecord, output: TerminalOutput, renderer: Renderer, interrupts: ProcessSignals) -> Walk {
        guard case .success(let read) = AnswersFileReader.parse(bytes: item.bytes, path: source) else { return .skipped }
        // Refused answers name the record's line in the input, as the report does.
        let origin = "\(source):\(item.line)"
        let answers = read.map { answer in
            var answer = answer
            answer.origin = origin
            answer.items = answer.items?.map { var inner = $0; inner.origin = origin; return inner }
            return answer
        }
        let setup = SessionSetup(
            flags: SessionSetup.Flags(keepAsking: true, accessible: SessionSetup.Flags.accessibleRequested(environment: environment),
                                      noChecks: noChecks, language: MessageLanguage.current),
            interactive: true, answers: answers)
        var wizard = setup.makeWizard(spec: spec).wizard
        let stored = item.outcome.status == .rejected ? item.outcome.rejection : nil
        if stored != nil {
            // Straight to the send, answered by the stored rejection: the walk that follows is
            // the one the operator would have had then; the review comes back after it.
            wizard.submitsWithoutReview = true
            wizard.reviewsAfterRejection = true
        }
        let original = item.outcome.key ?? ""
        let repairTransport = BatchRepairTransport(stored: stored, originalKey: original, then: transport)
        let accepted = Mutex<String?>(nil)
        let edges = SessionDriver.Edges(
            source: LineSources.make(interactive: true, output: output, interrupts: interrupts,
                                     environment: environment, formID: spec.id),
            transport: repairTransport, write: output.write, renderer: renderer, interrupts: interrupts,
            onAccepted: { _, response in accepted.withLock { $0 = BatchOutcome.serverID(response.body) } })
        let driver = SessionDriver(wizard: wizard, edges: edges)
        let status = driver.run()
        switch status {
        case .accepted:
            var outcome = BatchOutcome(status: .accepted, id: accepted.withLock { $0 }, key: item.outcome.key, repaired: true)
            outcome.repairKey = repairTransport.sentKey
            return .ended(outcome)
        case .transportFailed:
            var outcome = BatchOutcome(status: .transportFailed, errors: driver.wizard.endingErrors, key: item.outcome.key, repaired: true)
            outcome.repairKey = repairTransport.sentKey
            outcome.withheld = item.outcome.withheld.merged(BatchWithheldValues(answers: [], wizard: driver.wizard))
            return .ended(outcome)
        case .interrupted, .hangup, .terminated:
            return .stop
        default:
            return .skipped
        }
    }
}

/// The transport of one repair: the stored rejection answers the first submission (as
/// `outbox repair` does); every later one goes to the run's transport under the repair's key.
private final class BatchRepairTransport: Transport {
    private let stored: Mutex<TransportResponse?>
    private let originalKey: String
    private let real: any Transport
    private let key = Mutex<String?>(nil)

    init(stored: TransportResponse?, originalKey: String, then real: any Transport) {
        self.stored = Mutex(stored)
        self.originalKey = originalKey
        self.real = real
    }

    /// The key of the last submission sent (nil before one).
    var sentKey: String? { key.withLock { $0 } }

    func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure> {
        guard request.check == nil else { return await real.send(request) }
        if let first = stored.withLock({ value -> TransportResponse? in
            defer { value = nil }
            return value
        }) {
            return .success(first)
        }
        var request = request
        request.idempotencyKey = BatchRepair.key(original: originalKey, payload: request.payload)
        key.withLock { $0 = request.idempotencyKey }
        return await real.send(request)
    }
}
