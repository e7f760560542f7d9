#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Dispatch
import FormCore
import FormDrafts
import FormFiles
import FormRunner
import FormSessions
import FormSystem
import FormTerminal
import FormTransport
import Synchronization

/// `formline batch FORM FILE`: records from an NDJSON file, each through the parsing, rules,
/// conditions and checks of a typed form, then the transport; one report line per record
/// (docs/outbox-and-batch.md, "formline batch").
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Submit the records of an NDJSON or CSV file, each checked like a typed form; report every one.",
        discussion: """
            Each non-empty line of FILE (- for standard input) is one record: a JSON object shaped \
            like an answers file (nested objects, lists for a form's lists). It goes through the \
            same parsing, rules, conditions and checks as a typed form, then to the server (the \
            form's fake without --endpoint). The report (stdout, or --report FILE) has one JSON \
            line per record as it ends: record, line, status (accepted, refused, rejected, \
            transport-failed, not-attempted; valid under --dry-run), id, errors with their field \
            paths; then a summary line.

            A FILE ending .csv (or --format csv) is CSV: a header row naming fields (address.city, \
            lines.2.sku: items numbered from 1), then one record per row; an empty cell is no \
            answer. Its --rejects file is CSV too: the header, then each row not accepted with an \
            errors column, which is ignored when the file is fed back.

            A transport failure, 429, 502, 503 or 504 is tried again (--retries, honouring \
            Retry-After), then reported or, with --queue, kept in the outbox. Ctrl-C stops \
            sending: the records in flight finish, the rest are reported not-attempted (a second \
            Ctrl-C abandons them). Progress goes to standard error.

            --repair (at a terminal) then walks each refused or rejected record: only its failed \
            fields are asked, pre-filled with their errors, then the review, then it is sent again \
            under a new key. Its later report line says "repaired": true; Ctrl-D skips a record \
            (kept in --rejects), Ctrl-C ends the repair with the report complete.

            Exit status: 0 every record accepted (under --dry-run: valid), 7 at least one not, \
            130 stopped by Ctrl-C, 2 usage error (an unreadable form or FILE, a bad option).
            """)

    @Argument(help: ArgumentHelp("The form file.", valueName: "form"))
    var form: String
    @Argument(help: ArgumentHelp("The NDJSON or CSV records, or - for standard input.", valueName: "file"))
    var file: String
    @Option(help: ArgumentHelp("The input's format (default: csv for a name ending .csv, else ndjson).", valueName: "csv|ndjson"))
    var format: BatchInputFormat?
    @Option(help: ArgumentHelp("Submit to this server instead of the form's fake.", valueName: "url"))
    var endpoint: String?
    @OptionGroup var connection: ConnectionOptions
    @Flag(help: "Check every record; send none. Over a file, the report is written 64 KiB at a time.")
    var dryRun = false
    @Option(help: ArgumentHelp("Write the report here (0600) instead of to standard output.", valueName: "file"))
    var report: String?
    @Option(help: ArgumentHelp("Write every record not accepted here (0600), as its input line, unchanged: fix it and feed the file back.", valueName: "file"))
    var rejects: String?
    @Option(help: ArgumentHelp("Take only share K of N of the records (record numbers with (n-1) mod N = K-1), so N machines split one file.", valueName: "K/N"))
    var shard: String?
    @Option(help: ArgumentHelp("Stop after N records not accepted; the rest are reported as not attempted.", valueName: "N"))
    var maxErrors: Int?
    @Option(help: ArgumentHelp("How many records are in flight at once (1 to 64); report lines then come as records end, each naming its record.", valueName: "N"))
    var jobs = 1
    @Option(help: ArgumentHelp("Skip the records this earlier report says were accepted (they are reported again as accepted, with their ids); may be the --report file itself.", valueName: "report"))
    var resume: String?
    @Option(help: ArgumentHelp("Tries again after a transport failure, 429, 502, 503 or 504 (0 to 10; waits 0.5 s, 1 s, 2 s... or the server's Retry-After, at most 60 s).", valueName: "N"))
    var retries = 3
    @Flag(help: "Keep a record still not sent after its retries in the outbox (formline outbox send sends it later) instead of only reporting it.")
    var queue = false
    @Flag(help: "Make no field's server_check: each record is one request, and the server checks the answers when it is sent.")
    var noChecks = false
    @Flag(help: "Progress as a plain line every few seconds, even at a terminal.")
    var plain = false
    @Flag(help: "Then walk each refused or rejected record at the terminal: only its failed fields are asked, then the review, then it is sent again.")
    var repair = false

    func validate() throws {
        if let shard, BatchShard(shard) == nil { throw ValidationError(CLIMessage.batchShardSyntax.text) }
        if let maxErrors, maxErrors < 1 { throw ValidationError(CLIMessage.batchMaxErrorsOutOfRange.text) }
        guard (1...64).contains(jobs) else { throw ValidationError(CLIMessage.outboxJobsOutOfRange.text) }
        guard (0...10).contains(retries) else { throw ValidationError(CLIMessage.batchRetriesOutOfRange.text) }
        if repair && dryRun { throw ValidationError(CLIMessage.batchRepairWithDryRun.text) }
    }

    func run() throws {
        if repair && (file == "-" || isatty(0) != 1 || isatty(1) != 1) {
            throw ValidationError(CLIMessage.batchRepairNeedsTerminal.text)
        }
        let environment = ProcessEnvironment.current
        let spec: FormSpec
        let formBytes: [UInt8]
        switch FormFileLoader.read(path: form).flatMap({ bytes in FormFileLoader.load(bytes: bytes, path: form).map { ($0, bytes) } }) {
        case .success(let (loaded, bytes)):
            spec = loaded
            formBytes = bytes
        case .failure(let errors): throw ValidationError(errors.errors.map { TextCleaning.visible("\($0)") }.joined(separator: "\n"))
        }
        // Read before --report truncates it: both may name the same file.
        let earlier = try resume.map(BatchResume.read) ?? BatchResume()
        let input: Int32 = file == "-" ? 0 : open(file, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw ValidationError(CLIMessage.batchCannotRead(path: file, reason: systemErrorText(errno)).text) }
        defer { if input != 0 { close(input) } }
        try BatchOutputFiles.refuseOverlap(input: file, inputFD: input, report: report, rejects: rejects)
        // A CSV header naming no field refuses the run here, before any file is written or record sent.
        var reader: any BatchRecordSource = BatchInputFormat.of(file: file, format: format) == .csv
            ? try BatchCSVSource(fd: input, source: file == "-" ? "stdin" : file, spec: spec, language: MessageLanguage.current)
            : BatchNDJSONSource(fd: input)
        let sink: TerminalOutput
        if let report {
            sink = TerminalOutput(fd: try BatchOutputFiles.openReport(report))
        } else {
            sink = TerminalOutput(fd: 1)
        }
        defer { if report != nil { close(sink.fd) } }
        let rejectsFile = try rejects.map(BatchRejectsFile.init(path:))
        if let header = reader.rejectsFormat.header { rejectsFile?.output.write(header) }
        defer { rejectsFile?.discard() }

        let transport: any Transport
        var http: HTTPTransport?
        if let endpoint, !dryRun {
            let list = try connection.headerList(environment: environment)
            do {
                let client = try HTTPTransport(
                    endpoint: endpoint, headers: list.headers, credentials: list.credentials,
                    timeout: connection.timeoutDuration,
                    proxy: try ProxyEnvironment.proxy(for: endpoint, environment: TLSFileReader.proxyEnvironment()))
                http = client
                transport = RetryingTransport(
                    base: client, policy: RetryPolicy(retries: retries), stopping: { BatchInterrupt.requested },
                    now: { Int(time(nil)) })
            } catch {
                throw ValidationError(CLIMessage.endpointProblem("\(error)").text)
            }
        } else {
            transport = FakeTransport(form: spec)
        }
        defer { http?.shutdown() }
        signal(SIGPIPE, SIG_IGN)
        BatchInterrupt.install()

        let language = MessageLanguage.current
        var queueing: BatchRecordRunner.Queueing?
        if self.queue, let endpoint, !dryRun {
            queueing = BatchRecordRunner.Queueing(formPath: form, formBytes: formBytes, endpoint: endpoint, environment: environment)
        }
        let runner = BatchRecordRunner(spec: spec, transport: transport, dryRun: dryRun, source: file == "-" ? "stdin" : file,
                                       language: language, queueing: queueing, noChecks: noChecks)
        let report = BatchReport(sink: sink, rejects: rejectsFile?.output, rejectsFormat: reader.rejectsFormat,
                                 holding: repair ? BatchRepair.mostHeld : 0, buffered: dryRun && Self.isRegularFile(input))
        defer { report.flush() }
        let progress = BatchProgress(mode: BatchProgress.mode(plain: plain, reportToStandardOutput: self.report == nil, environment: environment)) {
            let tally = report.tally
            return (tally.records, tally.notAccepted)
        }
        progress.start()
        let started = ContinuousClock.now
        let share = shard.flatMap(BatchShard.init)
        // Records wait here for a worker: at most 4 per job, so a long input is never read ahead.
        let queue = BatchWorkQueue(capacity: jobs * 4)
        let workers = DispatchGroup()
        // One job runs each record here, in input order (and `--max-errors` counts exactly).
        let workerCount = jobs > 1 ? jobs : 0
        for _ in 0..<workerCount {
            workers.enter()
            DetachedThread.start {
                // A new thread starts with no task-local language: bind the run's.
                language.speaking {
                    while let item = queue.take() {
                        // After Ctrl-C a record still waiting is not sent: reported as not attempted.
                        let outcome = BatchInterrupt.requested ? BatchOutcome(status: .notAttempted) : runner.run(record: item.record, bytes: item.bytes)
                        report.add(outcome, record: item.record, line: item.line, input: item.input, bytes: item.bytes)
                    }
                }
                workers.leave()
            }
        }
        var recordNumber = 0
        var stopping = false
        // Read once: a parsed option's getter, asked each record, was a sixtieth of a dry run.
        let maxErrors = self.maxErrors
        while let line = reader.next() {
            guard !line.isBlank else { continue }
            recordNumber += 1
            if let share, !share.takes(recordNumber) { continue }
            if !stopping && BatchInterrupt.requested {
                stopping = true
                StandardError.write("formline: " + CLIMessage.batchStopping.text + "\n")
            }
            if let done = earlier.accepted(recordNumber), case let key = runner.key(record: recordNumber, bytes: line.bytes), done.matches(key) {
                report.add(BatchOutcome(status: .accepted, id: done.id, resumed: true, key: key), record: recordNumber, line: line.line)
            } else if stopping {
                report.add(BatchOutcome(status: .notAttempted), record: recordNumber, line: line.line, input: line.input)
            } else if let maxErrors, report.notAccepted >= maxErrors {
                report.add(BatchOutcome(status: .notAttempted), record: recordNumber, line: line.line, input: line.input)
            } else if let refusal = line.refusal {
                report.add(BatchOutcome(status: .refused, errors: [EndingError(field: nil, message: refusal, line: nil)]),
                           record: recordNumber, line: line.line, input: line.input)
            } else if workerCount == 0 {
                report.add(runner.run(record: recordNumber, bytes: line.bytes), record: recordNumber, line: line.line, input: line.input,
                           bytes: line.bytes)
            } else {
                queue.put(BatchWorkQueue.Item(record: recordNumber, line: line.line, bytes: line.bytes, input: line.input))
            }
        }
        queue.close(workers: workerCount)
        workers.wait()
        report.flush()
        progress.finish()
        // `--repair`: the refused and rejected records, walked at the terminal (BatchRepair.swift).
        var repairStopped = false
        if repair && BatchInterrupt.requested {
            for item in report.takeHeld() { report.keepRejected(item) }
        } else if repair {
            repairStopped = BatchRepair(spec: spec, transport: transport, source: file, environment: environment, noChecks: noChecks).walk(report)
        }
        try rejectsFile?.commit()
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var tally = report.tally
        tally.interrupted = BatchInterrupt.requested || repairStopped
        if tally.interrupted && !stopping { StandardError.write("formline: " + CLIMessage.batchStopping.text + "\n") }
        sink.write(tally.summary(seconds: seconds, shard: share).compactText + "\n")
        if tally.interrupted { throw ExitCode(ExitStatus.interrupted.rawValue) }
        if !tally.allAccepted { throw ExitCode(ExitStatus.recordsNotAllAccepted.rawValue) }
    }
}

extension BatchCommand {
    /// Whether `fd` is a regular file: its records are all there, so a line gathered for a
    /// while waits on no one typing or piping the next record.
    static func isRegularFile(_ fd: Int32) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

/// The report as records end, from any worker: each line written whole, the counts kept.
///
/// A line is written as its record ends (one `write`), so a report `--resume` reads holds every
/// record that ended even when a second Ctrl-C ends the run at once (`_exit` from the signal
/// handler, with nothing flushed). A dry run of a file's records gathers its lines and writes
/// them 64 KiB at a time instead (`buffered`): it sends nothing, its lines are never "accepted",
/// so `--resume` skips none of its records, and one `write` a record was a tenth of its time.
/// Records from a pipe or a terminal are never gathered: a line would wait for the next record.
final class BatchReport: Sendable {
    private struct State {
        var tally = BatchTally()
        /// Lines not yet written (`buffered` only).
        var pending: [UInt8] = []
    }

    private let state: Mutex<State>
    private let buffered: Bool
    /// Gathered lines are written when they reach this many bytes.
    static let bufferBytes = 64 * 1024
    private let sink: TerminalOutput
    /// `--rejects FILE`: each record not accepted, as its input line (a too-long one is not kept).
    private let rejects: TerminalOutput?
    /// How a rejected record is written there: NDJSON's line, or CSV's row with its errors.
    private let rejectsFormat: BatchRejectsFormat

    /// `--repair`: records not accepted are held (at most this many, and at most
    /// `BatchRepair.mostHeldBytes` of their bytes: a record may be 1 MiB) until the walk.
    private let holding: Int
    private let held = Mutex<(records: [BatchHeldRecord], bytes: Int)>(([], 0))

    private let holdingBytes: Int

    init(sink: TerminalOutput, rejects: TerminalOutput? = nil, rejectsFormat: BatchRejectsFormat = .ndjson, holding: Int = 0,
         holdingBytes: Int = BatchRepair.mostHeldBytes, buffered: Bool = false) {
        self.sink = sink
        self.rejects = rejects
        self.rejectsFormat = rejectsFormat
        self.holding = holding
        self.holdingBytes = holdingBytes
        self.buffered = buffered
        self.state = Mutex(State())
    }

    /// Writes the lines gathered so far (`buffered`): before the summary, and on the way out.
    func flush() {
        state.withLock { state in writePending(&state) }
    }

    /// Writes and forgets the gathered lines (under the lock).
    private func writePending(_ state: inout State) {
        guard !state.pending.isEmpty else { return }
        sink.write(state.pending)
        state.pending.removeAll(keepingCapacity: true)
    }

    func add(_ outcome: BatchOutcome, record: Int, line: Int, input: [UInt8] = [], bytes: [UInt8] = []) {
        let text = outcome.reportLine(record: record, line: line)
        state.withLock { state in
            state.tally.add(outcome.status)
            if outcome.queued { state.tally.queued += 1 }
            if buffered {
                state.pending.append(contentsOf: text)
                if state.pending.count >= Self.bufferBytes { writePending(&state) }
            } else {
                sink.write(text)
            }
            // A queued record is in the outbox: copied here too it could be sent twice.
            if outcome.status != .accepted, outcome.status != .valid, !outcome.queued {
                let item = BatchHeldRecord(record: record, line: line, bytes: bytes, input: input, outcome: outcome)
                if item.walkable, held.withLock({ list in
                    let size = item.bytes.count + item.input.count
                    guard list.records.count < holding, list.bytes + size <= holdingBytes else { return false }
                    list.records.append(item)
                    list.bytes += size
                    return true
                }) { return }
                if let rejects, !input.isEmpty { rejects.write(rejectsFormat.line(input, outcome.errors)) }
            }
        }
    }

    /// The records held for `--repair`, in the order they ended.
    func takeHeld() -> [BatchHeldRecord] {
        held.withLock { list in
            defer { list = ([], 0) }
            return list.records.sorted { $0.record < $1.record }
        }
    }

    /// A held record still not accepted: to `--rejects`, with the errors it was held with.
    func keepRejected(_ item: BatchHeldRecord) {
        guard let rejects, !item.input.isEmpty else { return }
        state.withLock { _ in rejects.write(rejectsFormat.line(item.input, item.outcome.errors)) }
    }

    /// A repaired record's later line (the one `--resume` reads); the counts take its new status.
    func addRepaired(_ outcome: BatchOutcome, for item: BatchHeldRecord) {
        let text = outcome.reportLine(record: item.record, line: item.line)
        state.withLock { state in
            state.tally.replace(item.outcome.status, with: outcome.status)
            state.tally.repaired += 1
            sink.write(text)
        }
        if outcome.status != .accepted { keepRejected(BatchHeldRecord(record: item.record, line: item.line, bytes: item.bytes, input: item.input, outcome: outcome)) }
    }

    var notAccepted: Int { state.withLock { $0.tally.notAccepted } }
    var tally: BatchTally { state.withLock { $0.tally } }
}

/// Records handed from the reader to the workers, at most `capacity` waiting: `put` blocks when
/// the workers are behind, so memory stays flat.
final class BatchWorkQueue: Sendable {
    struct Item: Sendable {
        var record: Int
        var line: Int
        var bytes: [UInt8]
        /// What `--rejects` keeps (`BatchSourceRecord.input`).
        var input: [UInt8]
    }

    private let items = Mutex<[Item]>([])
    private let available = DispatchSemaphore(value: 0)
    private let slots: DispatchSemaphore

    init(capacity: Int) { slots = DispatchSemaphore(value: capacity) }

    func put(_ item: Item) {
        slots.wait()
        items.withLock { $0.append(item) }
        available.signal()
    }

    /// No more records: each worker wakes once more and, finding none, ends.
    func close(workers: Int) {
        for _ in 0..<workers { available.signal() }
    }

    /// The next record, or nil once the queue is closed and empty.
    func take() -> Item? {
        available.wait()
        guard let item = items.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return nil }
        slots.signal()
        return item
    }
}

/// `--shard K/N`: record n belongs to share ((n-1) mod N) + 1, so N machines given the same file
/// and K = 1...N take every record exactly once, with nothing to coordinate.
struct BatchShard: Equatable {
    var k: Int
    var n: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 100_000, k >= 1, k <= n else { return nil }
        self.k = k
        self.n = n
    }

    func takes(_ record: Int) -> Bool { (record - 1) % n == k - 1 }
}
