#if canImport(Glibc)
import Glibc
#endif
import FormCore
import FormDrafts
import FormFiles
import FormRunner
import FormSystem
import Synchronization

/// One record of `formline batch`, through the same wizard a typed form has: its answers applied
/// as an answers file's (`Wizard.apply`), every missing answer and failed check found before
/// anything is sent, then `SessionDriver` with the transport, as `fill --no-input` does.
struct BatchRecordRunner: Sendable {
    let spec: FormSpec
    let transport: any Transport
    let dryRun: Bool
    /// How errors name the input (`records.ndjson`, `stdin`).
    let source: String
    /// The run's language (`--lang`, the locale): each record's wizard speaks it, whichever
    /// thread runs it (a worker thread does not inherit the task-local `MessageLanguage.current`).
    let language: MessageLanguage
    /// `--queue`: a record still not sent after its retries goes to the outbox.
    var queueing: Queueing?
    /// The form's wizard before any answer, made once: each record's is a copy with its answers.
    private let blank: Wizard

    /// `--no-checks`: no field's `server_check` is made (as `fill --no-checks`).
    let noChecks: Bool
    /// The form id and a line break: how every record's key starts.
    private let idLine: [UInt8]
    /// `--dry-run`: what says a record is valid without the wizard's copy (nil when the form has
    /// lists or the check cannot follow it; a record it cannot vouch for goes through the wizard).
    private let clean: CleanAnswersCheck?

    init(spec: FormSpec, transport: any Transport, dryRun: Bool, source: String, language: MessageLanguage = .english,
         queueing: Queueing? = nil, noChecks: Bool = false) {
        self.spec = spec
        self.transport = transport
        self.dryRun = dryRun
        self.source = source
        self.language = language
        self.queueing = queueing
        self.noChecks = noChecks
        idLine = Array((spec.id + "\n").utf8)
        blank = Self.setup(language: language, noChecks: noChecks, answers: []).blankWizard(spec: spec)
        clean = dryRun ? CleanAnswersCheck(blank: blank) : nil
    }

    /// A record's set-up: its answers, nothing asked (`fill --no-input`).
    private static func setup(language: MessageLanguage, noChecks: Bool, answers: [ScriptedAnswer]) -> SessionSetup {
        SessionSetup(flags: SessionSetup.Flags(noInput: true, noChecks: noChecks, language: language), interactive: false, answers: answers)
    }

    /// Where `--queue` puts a record (OutboxEdge): the form file as the send will read it again.
    struct Queueing: Sendable {
        var formPath: String
        var formBytes: [UInt8]
        var endpoint: String
        var environment: [String: String]
    }

    /// The record's Idempotency-Key: from the form id, the record's number and its bytes, so a
    /// rerun of the same input (after a crash or Ctrl-C) sends each record under the key it had,
    /// and a server that took it answers as before instead of storing it twice.
    func key(record: Int, bytes: [UInt8]) -> String {
        // What is hashed is `id\nrecord\nbytes`, put together in one buffer.
        var input: [UInt8] = []
        input.reserveCapacity(idLine.count + 21 + bytes.count)
        input.append(contentsOf: idLine)
        input.appendDecimal(record)
        input.append(UInt8(ascii: "\n"))
        input.append(contentsOf: bytes)
        return ContentHash.sha256(input, hexDigits: 40, after: "formline-batch-")
    }

    /// The record's outcome, naming the record by its key: `--resume` takes an earlier report's
    /// "accepted" only for the record with the same key (the same form, number and bytes).
    func run(record: Int, bytes: [UInt8]) -> BatchOutcome {
        let key = key(record: record, bytes: bytes)
        var outcome = outcome(record: record, bytes: bytes, key: key)
        outcome.key = key
        return outcome
    }

    private func outcome(record: Int, bytes: [UInt8], key: String) -> BatchOutcome {
        let answers: [ScriptedAnswer]
        switch AnswersFileReader.parse(bytes: bytes, path: source + " record " + String(record)) {
        case .failure(let errors):
            return BatchOutcome(status: .refused, errors: errors.messages.map { EndingError(field: nil, message: $0, line: nil) })
        case .success(let read): answers = read
        }
        // A dry run's valid record, nearly every one, is told without copying the wizard.
        if let clean, clean.passes(answers) { return BatchOutcome(status: .valid) }
        let (wizard, applied) = Self.setup(language: language, noChecks: noChecks, answers: answers).answering(blank)
        var outcome = walked(wizard, applied: applied, key: key)
        // Only messages are scrubbed (and a rejection's repair starts from them): a record with
        // none, nearly every one, needs no list.
        if !outcome.errors.isEmpty || outcome.status == .rejected {
            outcome.withheld = BatchWithheldValues(answers: answers, wizard: wizard)
        }
        return outcome
    }

    /// The record's outcome once its answers are applied: refused before sending, or sent.
    private func walked(_ wizard: Wizard, applied: [AnswerProblem], key: String) -> BatchOutcome {
        var problems = applied + wizard.unansweredProblems(file: nil)
        if problems.isEmpty { problems = wizard.scriptedCheckProblems() }
        guard problems.isEmpty else {
            return BatchOutcome(status: .refused, errors: AnswerProblem.byLine(problems).map {
                EndingError(field: $0.field, message: $0.message, line: nil)
            })
        }
        if dryRun { return BatchOutcome(status: .valid) }
        let accepted = AcceptedID()
        // The server's answer is kept for `--repair`, which walks the rejection as it came.
        let answered = BatchLastAnswer(transport)
        let edges = SessionDriver.Edges(
            source: NoLines(), transport: answered, write: { _ in },
            onAccepted: { _, response in accepted.id = BatchOutcome.serverID(response.body) },
            idempotencyKey: { _ in key })
        var edgesWithOutbox = edges
        let queued = AcceptedID()
        if let queueing {
            let handling = OutboxEdge.handling(spec: spec, formPath: queueing.formPath, formBytes: queueing.formBytes,
                                               endpoint: queueing.endpoint, environment: queueing.environment)
            edgesWithOutbox.outbox = SessionDriver.OutboxHandling(queue: { attempt in
                let kept = handling.queue(attempt)
                if kept { queued.queued = true }
                return kept
            })
        }
        let driver = SessionDriver(wizard: wizard, edges: edgesWithOutbox)
        let status = driver.run()
        if queued.queued { return BatchOutcome(status: .transportFailed, errors: driver.wizard.endingErrors, queued: true) }
        switch status {
        case .accepted: return BatchOutcome(status: .accepted, id: accepted.id)
        case .inputRefused where driver.wizard.rejectionStatus != nil:
            var outcome = BatchOutcome(status: .rejected, errors: driver.wizard.endingErrors, httpStatus: driver.wizard.rejectionStatus)
            outcome.rejection = answered.last
            return outcome
        case .inputRefused:
            return BatchOutcome(status: .refused, errors: driver.wizard.endingErrors)
        default:
            return BatchOutcome(status: .transportFailed, errors: driver.wizard.endingErrors)
        }
    }
}

/// What became of one record: its report line.
struct BatchOutcome: Sendable {
    enum Status: String, CaseIterable, Sendable {
        case accepted
        /// Broke a rule, a condition or a check (or was no JSON object): never sent.
        case refused
        /// The server answered with errors.
        case rejected
        /// No usable answer (no answer in time, a refused connection, a 5xx...).
        case transportFailed = "transport-failed"
        /// After `--max-errors`: not tried.
        case notAttempted = "not-attempted"
        /// `--dry-run`: passed every local check.
        case valid
    }

    var status: Status
    var id: String?
    var errors: [EndingError] = []
    var httpStatus: Int?
    /// Accepted in the run whose report `--resume` named: not sent again.
    var resumed = false
    /// The record's Idempotency-Key (`BatchRecordRunner.key`), which `--resume` compares.
    var key: String?
    /// `--queue`: not sent after its retries, kept in the outbox for `formline outbox send`.
    var queued = false
    /// `--repair`: this line is the record's outcome after its walk at the terminal.
    var repaired = false
    /// `--repair`: the key the corrected record was sent under (`key` stays the record's, which
    /// `--resume` compares, so a record repaired and accepted is not sent again).
    var repairKey: String?
    /// The server's rejection as it came (not in the report): what `--repair` walks.
    var rejection: TransportResponse?
    /// The record's private and secret values: written `[name]` in the report's messages.
    var withheld = BatchWithheldValues()

    init(status: Status, id: String? = nil, errors: [EndingError] = [], httpStatus: Int? = nil, resumed: Bool = false,
         key: String? = nil, queued: Bool = false, repaired: Bool = false) {
        self.queued = queued
        self.repaired = repaired
        self.status = status
        self.id = id
        self.errors = errors
        self.httpStatus = httpStatus
        self.resumed = resumed
        self.key = key
    }

    /// The most errors one report line lists (a server may send any number).
    static let listedErrors = 100

    /// The record's report line and its newline, written byte by byte with its members in the
    /// order `JSONValue.compactText` sorts keys (their bytes): no value tree or table is built a
    /// record (`BatchReportLineTests` holds it to the sorted object's text).
    func reportLine(record: Int, line: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        func put(_ literal: StaticString) { literal.withUTF8Buffer { out.append(contentsOf: $0) } }
        put(#"{"errors":["#)
        for (i, error) in errors.prefix(Self.listedErrors).enumerated() {
            put(i == 0 ? #"{"field":"# : #",{"field":"#)
            if let field = error.field { JSONValue.writeString(field, to: &out) } else { put("null") }
            put(#","message":"#)
            JSONValue.writeString(withheld.scrub(error.message), to: &out)
            put("}")
        }
        put("],")
        if let httpStatus { put(#""http_status":"#); out.appendDecimal(httpStatus); put(",") }
        put(#""id":"#)
        if let id { JSONValue.writeString(id, to: &out) } else { put("null") }
        if let key { put(#","key":"#); JSONValue.writeString(key, to: &out) }
        put(#","line":"#); out.appendDecimal(line)
        if queued { put(#","queued":true"#) }
        put(#","record":"#); out.appendDecimal(record)
        if let repairKey { put(#","repair_key":"#); JSONValue.writeString(repairKey, to: &out) }
        if repaired { put(#","repaired":true"#) }
        if resumed { put(#","resumed":true"#) }
        put(#","status":""#); out.append(contentsOf: status.rawValue.utf8); put("\"}\n")
        return out
    }

    /// The server's id in an accepted body (`{"id":14}`, JSON:API's `data.id`), as text.
    static func serverID(_ body: [UInt8]) -> String? {
        guard let json = JSONValue.parse(body) else { return nil }
        for candidate in [json["id"], json["data"]?["id"]] {
            switch candidate {
            case .string(let s)?: return TextCleaning.withoutControlCharacters(String(s.prefix(200)))
            case .number(let n)?: return n
            default: continue
            }
        }
        return nil
    }
}

/// The counts per status, for the summary line.
struct BatchTally: Sendable {
    private(set) var counts: [BatchOutcome.Status: Int] = [:]
    /// Transport failures kept in the outbox (`--queue`).
    var queued = 0
    /// Ctrl-C stopped the run: the summary says so.
    var interrupted = false
    /// `--repair`: records walked and sent again (whatever came of it).
    var repaired = 0

    mutating func add(_ status: BatchOutcome.Status) { counts[status, default: 0] += 1 }

    /// `--repair`: a record's later line replaces its earlier status in the counts.
    mutating func replace(_ old: BatchOutcome.Status, with new: BatchOutcome.Status) {
        counts[old, default: 0] -= 1
        counts[new, default: 0] += 1
    }

    var records: Int { counts.values.reduce(0, +) }
    var notAccepted: Int { records - (counts[.accepted] ?? 0) - (counts[.valid] ?? 0) }
    var allAccepted: Bool { notAccepted == 0 }

    func summary(seconds: Double, shard: BatchShard?) -> JSONValue {
        var members: [String: JSONValue] = ["records": .number(String(records))]
        for status in BatchOutcome.Status.allCases {
            members[status.rawValue] = .number(String(counts[status] ?? 0))
        }
        let rate = seconds > 0 ? Int((Double(records) / seconds).rounded()) : records
        members["records_per_second"] = .number(String(rate))
        if let shard { members["shard"] = .string("\(shard.k)/\(shard.n)") }
        if queued > 0 { members["queued"] = .number(String(queued)) }
        if repaired > 0 { members["repaired"] = .number(String(repaired)) }
        if interrupted { members["interrupted"] = .bool(true) }
        return .object(["summary": .object(members)])
    }
}

/// A record's line source: a batch record asks nothing.
private final class NoLines: LineSource {
    func read(_ request: Prompt) -> LineResult { .endOfInput }
    var isInteractive: Bool { false }
}

/// The transport of one record, keeping the answer to its submission (not to a field's check).
private final class BatchLastAnswer: Transport {
    private let real: any Transport
    private let answer = Mutex<TransportResponse?>(nil)

    init(_ real: any Transport) { self.real = real }

    var last: TransportResponse? { answer.withLock { $0 } }

    func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure> {
        let result = await real.send(request)
        keep(result, of: request)
        return result
    }

    private func keep(_ result: Result<TransportResponse, TransportFailure>, of request: TransportRequest) {
        if request.check == nil, case .success(let response) = result { answer.withLock { $0 = response } }
    }
}

/// Waited for on the worker's own thread when the real transport allows it (`BlockingTransport`).
extension BatchLastAnswer: BlockingTransport {
    func sendBlocking(_ request: TransportRequest, every interval: Int,
                      watch: () -> TransportWaitStep) -> Result<TransportResponse, TransportFailure> {
        let result = TransportWaiting.send(real, request, every: interval, watch: watch)
        keep(result, of: request)
        return result
    }
}

private final class AcceptedID {
    var id: String?
    var queued = false
}

/// Reads NDJSON a chunk at a time: memory stays flat however long the input. A line longer than
/// `lineLimit` is reported as such (`tooLong`) and skipped to its end, never kept.
struct NDJSONLineReader {
    struct Line {
        var number: Int
        var bytes: [UInt8]
        var tooLong: Bool

        var isBlank: Bool { !tooLong && bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
    }

    /// The longest record: 1 MiB.
    static let lineLimit = 1 << 20

    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private var lineNumber = 0

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> Line? {
        var tooLong = false
        var collected: [UInt8] = []
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                if collected.isEmpty && !tooLong && newline - start <= Self.lineLimit {
                    // The whole line is in the buffer (nearly always): copied once, without
                    // its CR, rather than gathered and copied again.
                    let end = newline > start && buffer[newline - 1] == 0x0D ? newline - 1 : newline
                    let bytes = Array(buffer[start..<end])
                    start = newline + 1
                    lineNumber += 1
                    return Line(number: lineNumber, bytes: bytes, tooLong: false)
                }
                let piece = buffer[start..<newline]
                start = newline + 1
                lineNumber += 1
                if !tooLong && collected.count + piece.count > Self.lineLimit { tooLong = true }
                if !tooLong { collected += piece }
                return finish(collected, tooLong: tooLong)
            }
            // No newline in what is buffered: keep it (bounded) and read more.
            let rest = buffer[start...]
            if !tooLong {
                if collected.count + rest.count > Self.lineLimit { tooLong = true; collected = [] } else { collected += rest }
            }
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if ended {
                guard !collected.isEmpty || tooLong else { return nil }
                lineNumber += 1
                return finish(collected, tooLong: tooLong)
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { ended = true; continue }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    private func finish(_ bytes: [UInt8], tooLong: Bool) -> Line {
        var bytes = bytes
        if bytes.last == 0x0D { bytes.removeLast() }
        return Line(number: lineNumber, bytes: tooLong ? [] : bytes, tooLong: tooLong)
    }
}
