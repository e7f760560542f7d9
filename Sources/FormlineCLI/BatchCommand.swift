#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import FormCore
import FormDrafts
import FormFiles
import FormRunner
import FormSystem
import FormTerminal
import FormTransport

/// `formline batch FORM FILE`: records from an NDJSON file, each through the parsing, rules,
/// conditions and checks of a typed form, then the transport; one report line per record
/// (docs/outbox-and-batch.md, "formline batch").
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Submit the records of an NDJSON file, each checked like a typed form; report every one.",
        discussion: """
            Each non-empty line of FILE (- for standard input) is one record: a JSON object shaped \
            like an answers file (nested objects, lists for a form's lists). It goes through the \
            same parsing, rules, conditions and checks as a typed form, then to the server (the \
            form's fake without --endpoint). The report (stdout, or --report FILE) has one JSON \
            line per record as it ends: record, line, status (accepted, refused, rejected, \
            transport-failed, not-attempted; valid under --dry-run), id, errors with their field \
            paths; then a summary line.

            Exit status: 0 every record accepted (under --dry-run: valid), 7 at least one not, \
            2 usage error (an unreadable form or FILE, a bad option).
            """)

    @Argument(help: ArgumentHelp("The form file.", valueName: "form"))
    var form: String
    @Argument(help: ArgumentHelp("The NDJSON records, or - for standard input.", valueName: "file"))
    var file: String
    @Option(help: ArgumentHelp("Submit to this server instead of the form's fake.", valueName: "url"))
    var endpoint: String?
    @Option(name: .customLong("header"), help: ArgumentHelp("Extra request header (repeatable), as for fill.", valueName: "name: value"))
    var headers: [String] = []
    @Option(name: .customLong("header-from"), help: ArgumentHelp("A header read from env:NAME, file:PATH or fd:N (repeatable), as for fill.", valueName: "name=source"))
    var headerSources: [String] = []
    @Option(help: ArgumentHelp("Seconds to wait for each answer (0.1 to 600).", valueName: "seconds"))
    var timeout: Double = 30
    @Flag(help: "Check every record; send none.")
    var dryRun = false
    @Option(help: ArgumentHelp("Write the report here (0600) instead of to standard output.", valueName: "file"))
    var report: String?
    @Option(help: ArgumentHelp("Take only share K of N of the records (record numbers with (n-1) mod N = K-1), so N machines split one file.", valueName: "K/N"))
    var shard: String?
    @Option(help: ArgumentHelp("Stop after N records not accepted; the rest are reported as not attempted.", valueName: "N"))
    var maxErrors: Int?
    @Option(help: ArgumentHelp("Skip the records this earlier report says were accepted (they are reported again as accepted, with their ids); may be the --report file itself.", valueName: "report"))
    var resume: String?

    func validate() throws {
        guard timeout >= 0.1, timeout <= 600 else { throw ValidationError(CLIMessage.timeoutOutOfBounds.text) }
        for header in headers where FillOptions.parseHeader(header) == nil {
            throw ValidationError(CLIMessage.headerSyntax.text)
        }
        if let shard, BatchShard(shard) == nil { throw ValidationError(CLIMessage.batchShardSyntax.text) }
        if let maxErrors, maxErrors < 1 { throw ValidationError(CLIMessage.batchMaxErrorsOutOfRange.text) }
    }

    func run() throws {
        let environment = ProcessEnvironment.current
        let spec: FormSpec
        switch FormFileLoader.load(path: form) {
        case .success(let loaded): spec = loaded
        case .failure(let errors): throw ValidationError(errors.errors.map { TextCleaning.visible("\($0)") }.joined(separator: "\n"))
        }
        // Read before --report truncates it: both may name the same file.
        let earlier = try resume.map(BatchResume.read) ?? BatchResume()
        let input: Int32 = file == "-" ? 0 : open(file, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw ValidationError(CLIMessage.batchCannotRead(path: file, reason: systemErrorText(errno)).text) }
        defer { if input != 0 { close(input) } }
        let sink: TerminalOutput
        if let report {
            let fd = open(report, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw ValidationError(CLIMessage.batchCannotWriteReport(path: report, reason: systemErrorText(errno)).text) }
            sink = TerminalOutput(fd: fd)
        } else {
            sink = TerminalOutput(fd: 1)
        }
        defer { if report != nil { close(sink.fd) } }

        let transport: any Transport
        var http: HTTPTransport?
        if let endpoint, !dryRun {
            let list = try OutboxHeaders.read(headers: headers, sources: headerSources, environment: environment)
            do {
                let client = try HTTPTransport(
                    endpoint: endpoint, headers: list.headers, credentials: list.credentials,
                    timeout: .milliseconds(Int64(timeout * 1000)),
                    proxy: try ProxyEnvironment.proxy(for: endpoint, environment: TLSFileReader.proxyEnvironment()))
                http = client
                transport = client
            } catch {
                throw ValidationError(CLIMessage.endpointProblem("\(error)").text)
            }
        } else {
            transport = FakeTransport(fake: spec.fake)
        }
        defer { http?.shutdown() }
        signal(SIGPIPE, SIG_IGN)

        let runner = BatchRecordRunner(spec: spec, transport: transport, dryRun: dryRun, source: file == "-" ? "stdin" : file)
        var tally = BatchTally()
        let started = ContinuousClock.now
        let share = shard.flatMap(BatchShard.init)
        var reader = NDJSONLineReader(fd: input)
        var recordNumber = 0
        while let line = reader.next() {
            guard !line.isBlank else { continue }
            recordNumber += 1
            if let share, !share.takes(recordNumber) { continue }
            let outcome: BatchOutcome
            if let id = earlier.accepted[recordNumber] {
                outcome = BatchOutcome(status: .accepted, id: id, resumed: true)
            } else if let maxErrors, tally.notAccepted >= maxErrors {
                outcome = BatchOutcome(status: .notAttempted)
            } else if line.tooLong {
                outcome = BatchOutcome(status: .refused, errors: [EndingError(field: nil, message: CLIMessage.batchLineTooLong.text, line: nil)])
            } else {
                outcome = runner.run(record: recordNumber, bytes: line.bytes)
            }
            tally.add(outcome.status)
            sink.write(outcome.reportLine(record: recordNumber, line: line.number).compactText + "\n")
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        sink.write(tally.summary(seconds: seconds, shard: share).compactText + "\n")
        if !tally.allAccepted { throw ExitCode(ExitStatus.recordsNotAllAccepted.rawValue) }
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

/// `--resume REPORT`: the records an earlier run's report says were accepted, with their ids.
struct BatchResume {
    /// Record number -> the server's id (nil when it gave none).
    var accepted: [Int: String?] = [:]

    static func read(_ path: String) throws -> BatchResume {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ValidationError(CLIMessage.batchCannotRead(path: path, reason: systemErrorText(errno)).text) }
        defer { close(fd) }
        var resume = BatchResume()
        var reader = NDJSONLineReader(fd: fd)
        while let line = reader.next() {
            guard !line.tooLong, let json = JSONValue.parse(line.bytes), json["status"] == .string("accepted"),
                  case .number(let text)? = json["record"], let record = Int(text) else { continue }
            resume.accepted[record] = json["id"]?.stringValue
        }
        return resume
    }
}
