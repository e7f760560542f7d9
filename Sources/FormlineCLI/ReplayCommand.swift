import ArgumentParser
import FormSystem
#if canImport(Glibc)
import Glibc
#endif
import FormCore
import FormSessions
import FormTransport
import Synchronization

/// `formline replay SESSION|FOLDER... [--update] [--jobs N] [--shard K/N] [--timeout S] [--junit F]
/// [--format tap] [--live --endpoint URL]`: replays transcripts in-process against the real wizard
/// and reports each as PASS or FAIL (or TAP), with a unified diff on a mismatch (docs/sessions.md);
/// `--live` sends the requests to a real server and compares its answers with the recorded ones.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded sessions.",
        discussion: """
            Each transcript's operator lines are typed into the real wizard and its recorded \
            responses served in order; the output must match the transcript (`[..]` matches any \
            text within a line, a line ending in ` (re)` is a whole-line regular expression, a \
            line holding only `...` matches any number of lines). A mismatch prints a unified diff and writes NAME.session.actual.

            A transcript's `#! form:` must name a .yaml or .yml file, and its `#! answers:` \
            (a recorded `fill --answers` run) a .yaml, .yml or .json file, inside the current \
            folder (after resolving symbolic links); --allow-outside lifts the folder rule. A \
            session of fill --openapi names the local copy of the document it recorded (.json, \
            .yaml or .yml) and its #! operation:, and the form is built from that copy: replay \
            never fetches.

            Folders are searched recursively for *.session files (sorted; symbolic links not \
            followed out of the folder). --shard K/N replays every Nth transcript of that list \
            (from K), so N CI jobs together replay each once. --junit FILE writes a JUnit XML \
            report; --format tap prints TAP version 13 instead of PASS/FAIL lines.

            --live --endpoint URL is a contract test of the API: the operator lines are typed \
            as usual, but each request goes to the server at URL (the form's submit path added \
            to it) and the session gets the server's answer, which must match the recorded <= \
            line: the status, the content type, and the body (a JSON body as JSON: keys in any \
            order, [..] allowed inside strings). A difference fails the transcript naming the \
            line, with the diff. Live runs use --jobs 1 unless told otherwise (a server's state \
            makes the order matter), random idempotency keys, and never --update.

            Exit status: 0 all passed, 1 any failed (or the --junit file could not be written), \
            2 usage error (e.g. a missing file).
            FORMLINE_SESSIONS=overwrite acts like --update.
            """)

    @Argument(help: ArgumentHelp("Session transcripts (.session files) or folders (every *.session under them, sorted).", valueName: "session"))
    var sessions: [String]
    @Flag(help: "Rewrite the transcripts' output lines with what the sessions produce now, keeping operator lines, comments and directives.")
    var update = false
    @Flag(help: "Let a transcript's #! form: and #! answers: name files outside the current folder (by default replay reads forms only inside the folder it runs from).")
    var allowOutside = false
    @Option(help: ArgumentHelp("Replay N transcripts at once (default: the number of cores); the output keeps the list's order.", valueName: "n"))
    var jobs: Int?
    @Option(help: ArgumentHelp("Replay only share K of N (transcript i of the sorted list, from 0, goes to shard i % N + 1).", valueName: "k/n"))
    var shard: String?
    @Option(help: ArgumentHelp("Fail a transcript that takes longer than this many seconds, and go on.", valueName: "seconds"))
    var timeout: Double?
    @Option(help: ArgumentHelp("Also write a JUnit XML report (one testcase per transcript) to this file.", valueName: "file"))
    var junit: String?
    @Option(help: ArgumentHelp("What to print: text (PASS/FAIL lines) or tap (TAP version 13).", valueName: "text|tap"))
    var format: String = "text"
    @Flag(help: "Send the requests to the server at --endpoint and compare its answers with the recorded <= lines.")
    var live = false
    @Option(help: ArgumentHelp("The server a --live replay sends to (http or https).", valueName: "url"))
    var endpoint: String?
    @Option(name: .customLong("header"), help: ArgumentHelp("With --live: an extra request header (repeatable).", valueName: "Name: value"))
    var headers: [String] = []
    @Option(name: .customLong("header-from"), help: ArgumentHelp("With --live: a header whose value is read from env:VAR, file:PATH or fd:N (repeatable).", valueName: "Name=source"))
    var headerSources: [String] = []

    /// Seconds a --live request may take, as `fill --timeout`'s default.
    static let liveRequestTimeout = 30.0

    func validate() throws {
        guard !sessions.isEmpty else { throw ValidationError(CLIMessage.nameSessions.text) }
        if let jobs, jobs < 1 || jobs > ReplayBatch.maximumJobs {
            throw ValidationError(CLIMessage.jobsOutOfRange(most: ReplayBatch.maximumJobs).text)
        }
        if let shard, ReplayShard(shard) == nil {
            throw ValidationError(CLIMessage.replayShardSyntax(most: ReplayShard.maximumCount).text)
        }
        if let timeout, !(timeout > 0 && timeout <= 86_400) {
            throw ValidationError(CLIMessage.timeoutOutOfRange.text)
        }
        guard format == "text" || format == "tap" else { throw ValidationError(CLIMessage.formatTextOrTap.text) }
        if live {
            guard endpoint != nil else { throw ValidationError(CLIMessage.replayLiveNeedsEndpoint.text) }
            if update || ProcessEnvironment.current["FORMLINE_SESSIONS"] == "overwrite" {
                throw ValidationError(CLIMessage.replayLiveNeverUpdates.text)
            }
        } else if endpoint != nil || !headers.isEmpty || !headerSources.isEmpty {
            throw ValidationError(CLIMessage.replayServerOptionsNeedLive.text)
        }
        for header in headers {
            // The text itself is not repeated: a malformed header may still hold a secret.
            guard let (name, value) = FillOptions.parseHeader(header) else {
                throw ValidationError(CLIMessage.headerSyntax.text)
            }
            if let problem = CredentialHeaders.valueProblem(value) { throw ValidationError(CLIMessage.headerValueProblem(name: name, problem: problem).text) }
        }
        for text in headerSources {
            if case .failure(let error) = FillOptions.parseHeaderSource(text) { throw ValidationError(CLIMessage.headerFromProblem(String(describing: error)).text) }
        }
        do {
            let listing = try SessionFileList.listing(sessions)
            Self.listed.withLock { $0 = (sessions, listing.files, listing.withoutActual) }
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The list `validate` made, for `run` in the same process: folders are walked and every
    /// file stat'ed once, not twice (a usage error is still found in `validate`, where the
    /// parser prints the replay usage with it).
    private static let listed = Mutex<(arguments: [String], files: [String], withoutActual: Set<String>)?>(nil)

    func run() throws {
        let overwrite = ProcessEnvironment.current["FORMLINE_SESSIONS"] == "overwrite"
        // Each form is read once per run, however many transcripts name it (FormCache).
        let forms = FormCache(load: Replayer.loadFormFile)
        var replayer = Replayer(
            update: update || overwrite,
            formPaths: allowOutside ? FormPathPolicy(root: nil) : .currentDirectory(),
            loadForm: { forms.load($0) })
        replayer.loadOpenAPIForm = OpenAPIReplay.loadForm
        let server = try liveServer()
        defer { server?.shutdown() }
        replayer.liveServer = server
        var files: [String]
        var withoutActual: Set<String>
        if let listed = Self.listed.withLock({ $0 }), listed.arguments == sessions {
            (files, withoutActual) = (listed.files, listed.withoutActual)
        } else {
            do {
                (files, withoutActual) = try SessionFileList.listing(sessions)
            } catch {
                throw ValidationError(error.description)
            }
        }
        replayer.withoutStaleActual = withoutActual
        if let shard, let share = ReplayShard(shard) { files = share.select(files) }
        let tap = format == "tap"
        if tap { print(TAPReport.header(count: files.count)) }
        let configured = replayer
        let stall = ProcessEnvironment.current["FORMLINE_TEST_REPLAY_STALL"]
        var outcomes: [ReplayBatch.Outcome] = []
        var passed = 0, failed = 0
        ReplayBatch.run(files, jobs: jobs ?? (live ? 1 : Self.cores), timeout: timeout, replay: { path in
            // Test hook (Tests/IntegrationTests): a transcript whose path ends with this text
            // hangs, so --timeout can be shown to abandon it.
            if let stall, !stall.isEmpty, path.hasSuffix(stall) {
                while true { sleep(3600) }
            }
            return configured.replay(file: path)
        }) { index, outcome in
            // Kept for the JUnit report only, without the recording (the report shows the diff):
            // otherwise memory grows with every transcript replayed.
            if junit != nil {
                var kept = outcome
                kept.result.actualLines = []
                outcomes.append(kept)
            }
            print(tap ? TAPReport.line(index + 1, outcome) : outcome.result.report)
            if outcome.result.passed { passed += 1 } else { failed += 1 }
        }
        let tally = CLIMessage.replayTally(passed: passed, failed: failed).text
        print(tap ? "# " + tally : tally)
        if let junit {
            do {
                try AtomicFile.write(Array(JUnitReport.make(outcomes).utf8), to: junit, mode: 0o644, createFolders: false)
            } catch {
                StandardError.write("formline: " + CLIMessage.cannotWriteReport(path: junit, reason: "\(error.reason)").text + "\n")
                throw ExitCode(1)
            }
        }
        // An abandoned replay may still be running: the process ends without waiting for it.
        if failed > 0 { throw ExitCode(1) }
    }

    /// The HTTP client of a --live run (nil without --live): --endpoint with the operator's
    /// headers, the proxy `fill` would use, `fill`'s default timeout.
    private func liveServer() throws -> HTTPTransport? {
        guard live, let endpoint else { return nil }
        var headers = self.headers.compactMap(FillOptions.parseHeader)
        var credentials: Set<String> = []
        for text in headerSources {
            guard case .success(let (name, source)) = FillOptions.parseHeaderSource(text) else { continue }
            do {
                let value = try source.read(environment: ProcessEnvironment.current)
                if let problem = CredentialHeaders.valueProblem(value) { throw ValidationError(CLIMessage.headerSourceProblem(name: name, problem: problem).text) }
                headers.append((name, value))
                credentials.insert(name)
            } catch let error as ValidationError {
                throw error
            } catch {
                throw ValidationError(CLIMessage.headerSourceProblem(name: name, problem: String(describing: error)).text)
            }
        }
        do {
            let proxy = try ProxyEnvironment.proxy(for: endpoint, environment: TLSFileReader.proxyEnvironment())
            return try HTTPTransport(endpoint: endpoint, headers: headers, credentials: credentials,
                                     timeout: .milliseconds(Int64(Self.liveRequestTimeout * 1000)), proxy: proxy)
        } catch {
            throw ValidationError(CLIMessage.replayEndpointProblem(String(describing: error)).text)
        }
    }

    /// The default for --jobs.
    static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
