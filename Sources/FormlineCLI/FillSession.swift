#if canImport(Glibc)
import Glibc
#endif
import FormCore
import FormDrafts
import FormFiles
import FormReadline
import FormRunner
import FormSessions
import FormSystem
import FormTerminal
import FormTransport
import Synchronization

/// Wires the edges for one `fill` run: form file, line source, renderer, transport, drafts,
/// recorder. Everything here is set-up and tear-down; what configures the wizard is the run's
/// `SessionSetup` (the one its recording replays with), the session itself is `SessionDriver`.
package struct FillSession {
    let options: FillOptions

    package init(options: FillOptions) { self.options = options }

    package func run() -> ExitStatus {
        // Every sentence of the run, the wizard's and the command line's, in the run's language.
        options.language(environment: ProcessEnvironment.current).speaking { runInLanguage() }
    }

    private func runInLanguage() -> ExitStatus {
        let usage = UsageErrors()
        let status = session(usage: usage)
        // Under --output json every ending has its document, a usage error too (docs/scripting.md).
        if options.output == .json, !usage.messages.isEmpty {
            let errors = usage.messages.map { EndingError(field: nil, message: $0, line: nil) }
            let document = EndingReport.document(ending: "usage", status: .usage, errors: errors)
            TerminalOutput(fd: 1).write(JSONValue.object(document).compactText + "\n")
        }
        // The document is what a script reads: lost (`> /dev/full`), the run must not end 0 as if
        // it had been written. 6, as for a draft that could not be written: something the run had
        // to write is lost, and stderr says what (and that an accepted form must not be resent).
        if options.output == .json, let reason = StandardOutputLoss.reason {
            StandardError.write("formline: " + CLIMessage.jsonNotWritten(reason: reason, accepted: status == .accepted).text + "\n")
            return .draftNotSaved
        }
        return status
    }

    /// The run itself; every usage error goes through `usage`, which prints it and keeps it for
    /// the JSON document.
    private func session(usage: UsageErrors) -> ExitStatus {
        if StandardDescriptors.closedAtStart.contains(0) {
            // Nothing could ever be typed: say so at once instead of waiting on nothing.
            return usage.fail(CLIMessage.standardInputClosed.text)
        }
        let environment = ProcessEnvironment.current
        // `--log FILE`, else FORMLINE_LOG: opened first, so a bad path is a usage error before
        // anything is asked (docs/privacy.md).
        var log: DiagnosticLog?
        if let path = options.log ?? environment["FORMLINE_LOG"].flatMap({ $0.isEmpty ? nil : $0 }) {
            switch DiagnosticLog.open(path) {
            case .success(let opened): log = opened
            case .failure(let failure): return usage.fail(failure.message.text)
            }
        }
        let spec: FormSpec
        let formBytes: [UInt8]
        var derived: OpenAPIFormDeriver.Derived?
        if options.openapi != nil {
            // The form of an OpenAPI operation (cached; docs/openapi.md). Only this branch
            // reaches FormOpenAPI, and only on a cache miss: `fill FORM.yaml` never does.
            let tls: TLSFiles
            do {
                tls = try TLSFileReader.read(options)
            } catch {
                return usage.fail("\(error)")
            }
            switch OpenAPIFormDeriver(cache: OpenAPICache(environment: environment))
                .derive(options, tls: tls, environment: environment) {
            case .success(let form):
                for note in form.notes { StandardError.write(TextCleaning.visible(note) + "\n") }
                spec = form.spec
                formBytes = form.yaml
                derived = form
            case .failure(let problem):
                let message = TextCleaning.visible(problem.description)
                guard problem.status == .transportFailed else { return usage.fail(message) }
                // The document could not be fetched: a transport failure, with its own document.
                StandardError.write("formline: " + message + "\n")
                if options.output == .json {
                    let document = EndingReport.document(ending: "transport-failed", status: .transportFailed,
                                                         errors: [EndingError(field: nil, message: message, line: nil)])
                    TerminalOutput(fd: 1).write(JSONValue.object(document).compactText + "\n")
                }
                return .transportFailed
            }
        } else {
            switch FormFileLoader.read(path: options.form).flatMap({ bytes in
                FormFileLoader.load(bytes: bytes, path: options.form).map { ($0, bytes) }
            }) {
            case .success(let (loaded, bytes)):
                spec = loaded
                formBytes = bytes
            case .failure(let errors):
                for error in errors.errors { usage.report(TextCleaning.visible("\(error)"), prefixed: false) }
                return .usage
            }
        }

        log?.formLoaded(path: options.openapi.map { "\($0) \(options.operation ?? "")" } ?? options.form, spec: spec)
        if let file = options.record {
            // A private field's value would be written in the transcript's `#! set:` line.
            for set in options.sets.compactMap(SetAnswer.parse) where spec.field(named: set.name)?.isPrivate == true {
                return usage.fail(CLIMessage.recordWithPrivateSet(field: set.name).text)
            }
            log?.path("record", file)
        }

        // `today` / `now` defaults: the operator's local time, read once, here at the edge.
        let clock = spec.usesClock ? LocalClock.now().flatMap { ClockDefault.moment($0) == nil ? nil : $0 } : nil

        let promptFD: Int32 = options.output == .json ? 2 : 1
        let output = TerminalOutput(fd: promptFD)
        let interactive = isatty(0) == 1 && isatty(promptFD) == 1
        // Scripted answers: --answers, --set, --secret, --no-input. Without a terminal they ask
        // nothing.
        let scripted = options.givesAnswers
        // The one set-up of this run's wizards (SessionSetup), the one a replay of its recording
        // builds; the answers and the draft are added as they are read.
        var setup = options.sessionSetup(interactive: interactive, clock: clock, environment: environment,
                                         language: MessageLanguage.current)
        // The accessible presentation has no colour, like --plain.
        let face = Renderer.face(isTerminal: interactive, plainFlag: options.plain || setup.presentation == .accessible,
                                 environment: environment)
        // Only the styles the terminal's terminfo entry has (TERM=vt100: bold, no colour, no dim).
        let renderer = Renderer(face: face, styles: face == .colour ? TerminfoStyles.styles(environment: environment) : [])
        // `--draft FILE` is one file; otherwise the state folder's numbered drafts (DraftShelf).
        let shelf = DraftShelf(environment: environment)
        let named = options.draft.map { DraftStore(path: $0, createsFolders: false) }
        if let problem = Self.startProblem(store: named, record: options.record) {
            return usage.fail(problem)
        }
        if let file = options.record, var form = derived,
           let problem = OpenAPIRecording.copyProblem(transcript: file, source: &form) {
            return usage.fail(problem)
        }
        if options.record != nil && setup.asksNothing {
            return usage.fail(CLIMessage.recordAsksNothing.text)
        }
        let ownDraft = OwnDraft()
        // The key of an attempt the server never answered goes into the draft, and back out of
        // the draft this run resumes (AttemptKeyBook).
        var resumedAttempt: AttemptKeyBook.Entry?
        if options.resume {
            let store = named ?? DraftStore(path: options.resumeNumber.map { shelf.path(formID: spec.id, number: $0) }
                ?? shelf.latest(of: spec.id)?.path ?? shelf.path(formID: spec.id, number: 1))
            ownDraft.store = store
            do {
                let (draft, identity) = try store.loadWithIdentity()
                ownDraft.identity = identity
                guard draft.formID == spec.id else {
                    return usage.fail(CLIMessage.draftOfAnotherForm(path: store.path, draftForm: draft.formID, form: spec.id).text)
                }
                resumedAttempt = draft.lastAttempt.map { AttemptKeyBook.Entry(key: $0.key, fingerprint: $0.sha256) }
                setup.resuming = SessionSetup.Resumption(
                    values: draft.values, formChanged: draft.formSHA256 != DraftStore.fingerprint(formBytes))
            } catch {
                return usage.fail("\(error)")
            }
        } else if let named {
            ownDraft.store = named
        }

        // While recording, messages name the answers file as the transcript's `#! answers:` does
        // (relative to the transcript), so its replay shows the same text from any folder.
        let answersName = options.record.flatMap { file in
            options.answers.map { SessionPaths.relative(from: SessionPaths.directory(of: file), to: $0) }
        }
        var readProblems: [AnswerProblem] = []
        if scripted {
            switch readScriptedAnswers(spec: spec, environment: environment, answersName: answersName) {
            case .unusable(let messages):
                for message in messages { usage.report(message, prefixed: false) }
                return .usage
            case .read(let answers, let problems):
                setup.answers = answers
                readProblems = problems
            }
        }
        let (wizard, applyProblems) = setup.makeWizard(spec: spec)
        if scripted {
            var problems = readProblems + applyProblems
            if setup.asksNothing {
                problems += wizard.unansweredProblems(file: answersName ?? options.answers)
                // A failed check is reported with the rest, on stderr, before anything is sent.
                if problems.isEmpty { problems = wizard.scriptedCheckProblems() }
            }
            if !problems.isEmpty {
                // As the answers file's own problems: at most 100 listed, then a count (5,000
                // unknown keys printed 5,000 lines). A problem may quote an answers file's key
                // (issue 33 item 3): escaped.
                let all = AnswerProblem.byLine(problems)
                let listed = all.prefix(AnswersFileReader.problemLimit)
                for problem in listed { StandardError.write(TextCleaning.visible("\(problem)") + "\n") }
                if all.count > listed.count {
                    let origin = options.answers.map { answersName ?? $0 } ?? "--set"
                    StandardError.write(CLIMessage.moreAnswerProblems(origin: origin, count: all.count - listed.count).text + "\n")
                }
                if options.output == .json {
                    let errors = listed.map { EndingError(field: $0.field, message: $0.message, line: nil, origin: $0.origin) }
                    let document = EndingReport.document(ending: "refused", status: .inputRefused, errors: errors)
                    TerminalOutput(fd: 1).write(JSONValue.object(document).compactText + "\n")
                }
                return .inputRefused
            }
        }

        let transport: any Transport
        var http: HTTPTransport?
        if let endpoint = options.endpoint {
            guard let (headers, credentials) = requestHeaders(environment: environment, usage: usage) else { return .usage }
            let tlsFiles: TLSFiles
            let proxy: ProxySetting?
            do {
                tlsFiles = try TLSFileReader.read(options)
                proxy = try ProxyEnvironment.proxy(for: endpoint, environment: TLSFileReader.proxyEnvironment())
            } catch {
                return usage.fail("\(error)")
            }
            do {
                let client = try HTTPTransport(
                    endpoint: endpoint, headers: headers, credentials: credentials,
                    timeout: .milliseconds(Int64(options.timeout * 1000)),
                    tls: tlsFiles, proxy: proxy)
                http = client
                transport = client
            } catch {
                return usage.fail(CLIMessage.endpointProblem("\(error)").text)
            }
        } else {
            transport = FakeTransport(form: spec)
        }
        defer { http?.shutdown() }
        // Only once every usage error has had its say: a run refused at start-up has no draft news.
        if !options.resume {
            var notice: String?
            if let named {
                if named.exists {
                    notice = CLIMessage.namedDraftExists.text
                }
            } else {
                let count = shelf.drafts(of: spec.id).count
                if count > 0 {
                    notice = CLIMessage.draftsExist(count: count).text
                }
            }
            for line in notice.map({ TextWrap.wrap($0) }) ?? [] {
                output.write(renderer.render(OutputLine(line, style: .notice)))
            }
        }

        let recordedForm = options.record.map { file in derived.map { OpenAPIRecording.copyPath(transcript: file, source: $0) } ?? options.form }
        let recorder = options.record.map { file in
            TranscriptRecorder(
                formPath: SessionPaths.relative(from: SessionPaths.directory(of: file), to: recordedForm ?? options.form),
                args: setup.transcriptArgs, clock: setup.clock, answersPath: answersName,
                // A secret never reaches --set (refused above), so no #! set: line can hold one.
                sets: options.sets.compactMap(SetAnswer.parse).filter { spec.field(named: $0.name)?.isSecret != true },
                openAPI: derived.map { TranscriptRecorder.OpenAPIOrigin(operation: options.operation ?? "", documentName: $0.documentName) })
        }
        SignalTrap.install()
        let interrupts = ProcessSignals()
        // A closed output pipe (`| head`) must not kill formline before it saves the draft.
        signal(SIGPIPE, SIG_IGN)
        let source: any LineSource = setup.asksNothing ? NoInputSource() : LineSources.make(
            interactive: interactive, output: output, interrupts: interrupts, environment: environment,
            formID: spec.id, plain: options.plain, accessible: setup.presentation == .accessible)

        let formIDForDrafts = spec.id
        // A new run's first save claims a number of its own (DraftShelf.claim), never shared.
        let newDraft: @Sendable () throws(DraftError) -> DraftStore = {
            DraftStore(path: try shelf.claim(formID: formIDForDrafts))
        }
        let attemptKeys = AttemptKeyBook(resumed: resumedAttempt, hash: { ContentHash.sha256($0) })
        let drafts = SessionDriver.DraftHandling(
            saving: { values in
                let draft = Draft(formID: spec.id, formSHA256: DraftStore.fingerprint(formBytes),
                                  savedAt: DraftStore.timestamp(), values: values,
                                  lastAttempt: attemptKeys.entryForDraft.map { ($0.key, $0.fingerprint) })
                // A new run's first save claims a number; later saves go back there.
                do {
                    let store = try ownDraft.storeForSaving(newDraft)
                    ownDraft.identity = try ownDraft.saved(draft, to: store)
                    for line in TextWrap.wrap(CLIMessage.draftSaved(path: store.path).text, continuation: "  ") {
                        output.write(renderer.render(OutputLine(line, style: .notice)))
                    }
                    return true
                } catch {
                    StandardError.write("formline: \(error)\n")
                    return false
                }
            },
            // Only the draft this run continued or saved itself is done with, and only if no
            // other run has replaced it since; another run's draft stays.
            delete: { if let own = ownDraft.identity { ownDraft.store?.delete(ifStill: own) } })

        // Whatever the loop is doing when a signal comes, the run ends within a second with the
        // draft saved (docs/terminal.md, "Signals"): the watchdog saves what the driver last published.
        let snapshots = SessionSnapshots()
        // The form's fingerprint is worked out only if the watchdog saves a draft: hashing is no
        // part of reaching the first prompt (docs/PERFORMANCE.md, "First prompt").
        let formID = spec.id, promptOutput = output.fd
        // One JSON document whoever ends the run (a run of records writes its own lines).
        let jsonEnding = options.output == .json && !options.repeats ? JSONEnding() : nil
        SignalWatchdog.start(terminalFD: 0, fallback: SignalWatchdog.Fallback(saveDraft: {
            let values = snapshots.interruptionDraft
            guard !values.isEmpty else { return }
            let draft = Draft(formID: formID, formSHA256: DraftStore.fingerprint(formBytes), savedAt: DraftStore.timestamp(),
                              values: values, lastAttempt: attemptKeys.entryForDraft.map { ($0.key, $0.fingerprint) })
            do {
                let store = try ownDraft.storeForSaving(newDraft)
                try ownDraft.saved(draft, to: store)
                writeIfReady("\n" + CLIMessage.draftSaved(path: store.path).text + "\n", to: promptOutput)
            } catch {
                writeIfReady("formline: \(error)\n", to: 2)
            }
        }, writeEnding: { status in jsonEnding?.writeForSignal(exitStatus: status) }))

        let jsonMode = options.output == .json
        let repeats = options.repeats
        let accepted = AcceptedDocument()
        var edges = SessionDriver.Edges(
            source: source, transport: transport, write: output.write, renderer: renderer,
            recorder: recorder, drafts: drafts, interrupts: interrupts,
            onAccepted: { submission, response in
                guard jsonMode else { return }
                let result: [String: JSONValue] = [
                    "status": .number(String(response.status)),
                    "payload": submission.displayPayload,
                    // A server may repeat a secret back: stdout never shows one.
                    "response": (JSONValue.parse(response.body) ?? .null).mapStrings { text in
                        submission.secrets.values.reduce(text) { SecretMask.mask($0, secret: $1, with: "[secret]") }
                    },
                ]
                // In a run of records the record's own line is written when the record ends.
                if repeats { accepted.members = result } else { jsonEnding?.write(EndingReport.accepted(result)) }
            },
            snapshots: snapshots, attemptKeys: attemptKeys)
        // A recording names what a review number stood for (docs/sessions.md).
        edges.recordsEditsByName = true
        if let log {
            if interactive && !setup.asksNothing { log.path("history", FieldHistory.defaultPath(formID: spec.id, environment: environment)) }
            if let named { log.path("draft", named.path) }
            edges.diagnostics = { log.note($0) }
        }
        if options.usesOutbox, let endpoint = options.endpoint {
            edges.outbox = OutboxEdge.handling(spec: spec, formPath: options.form, formBytes: formBytes,
                                               endpoint: endpoint, environment: environment)
        }
        let status: ExitStatus
        if repeats {
            status = runRecords(first: wizard, setup: setup, edges: edges, ownDraft: ownDraft, accepted: accepted)
        } else {
            let driver = SessionDriver(wizard: wizard, edges: edges)
            status = driver.run()
            if status != .accepted { jsonEnding?.write(EndingReport.json(status: status, wizard: driver.wizard)) }
        }
        // Every ending reaches here (accepted, .cancel, EOF, signals, transport failure).
        if let recorder, let file = options.record {
            do {
                // The transcript names a local copy of the document, so replay never fetches.
                if var form = derived, let copy = recordedForm {
                    try OpenAPIRecording.writeCopy(of: &form.source, to: copy)
                }
                try recorder.write(to: file)
            } catch {
                StandardError.write("formline: " + CLIMessage.recordingLost(reason: "\(error)").text + "\n")
                // The recording is lost: never 0, as for a lost draft (README, exit status).
                return RecordingLoss.status(after: status)
            }
        }
        return status
    }

    /// How reading the scripted answers went.
    enum ScriptedRead {
        /// The answers in the order they apply (file, `--secret`, `--set`), and the problems
        /// found reading them (a secret in a file others can read, a `--secret` source that
        /// can't be read): with those the wizard finds, they end the run with exit 5.
        case read([ScriptedAnswer], [AnswerProblem])
        /// The answers file can't be read or is not an answers file: a usage error (exit 2), like
        /// an unreadable form file.
        case unusable([String])
    }

    /// Reads `--answers`, `--secret` and `--set`, in the order they apply (a later answer wins).
    /// Problems no prompt can fix (an unknown or hidden field, a secret on the command line, a
    /// secret in a file others can read) always end the run; missing and refused answers only
    /// when nothing may be asked. `answersName`: how messages name the answers file (nil: as given).
    func readScriptedAnswers(spec: FormSpec, environment: [String: String], answersName: String?) -> ScriptedRead {
        var answers: [ScriptedAnswer] = []
        var problems: [AnswerProblem] = []
        if let file = options.answers {
            switch AnswersFileReader.read(path: file, name: answersName) {
            case .success(let read):
                answers = read.answers
                let secrets = read.answers.filter { spec.declaration(named: $0.path)?.isSecret == true }
                if let notPrivate = read.notPrivate, let first = secrets.first {
                    problems.append(AnswerProblem(origin: first.origin, field: first.path, message:
                        CLIMessage.secretInOpenAnswersFile(problem: "\(notPrivate)").text))
                    answers.removeAll { answer in secrets.contains { $0.origin == answer.origin } }
                }
            case .failure(let errors):
                return .unusable(errors.messages.map { "formline: --answers: " + TextCleaning.visible($0) })
            }
        }
        // `--secret` after the file (it wins), before `--set` (which never answers a secret).
        for text in options.secretSources {
            guard case .success(let (name, source)) = FillOptions.parseSecretSource(text) else { continue }
            let origin = "--secret \(name)"
            if let field = spec.declaration(named: name), !field.isSecret {
                problems.append(AnswerProblem(origin: origin, field: name, message:
                    CLIMessage.notASecretField.text))
                continue
            }
            do {
                let value = try source.read(environment: environment)
                answers.append(ScriptedAnswer(path: name, text: value, origin: origin, fromCommandLine: false))
            } catch {
                problems.append(AnswerProblem(origin: origin, field: name, message: error.description))
            }
        }
        for set in options.sets {
            guard let (name, value) = FillOptions.parseSet(set) else { continue }
            answers.append(SessionSetup.setAnswer(name: name, value: value))
        }
        return .read(answers, problems)
    }

    /// `--header` then `--header-from` headers, each source read once, and the names marked as
    /// credentials (every `--header-from` one); nil after telling the operator what is wrong. No
    /// message repeats a value. A credential given on the command line works, with a warning:
    /// every local user can read it in /proc/PID/cmdline.
    private func requestHeaders(environment: [String: String], usage: UsageErrors) -> ([(name: String, value: String)], Set<String>)? {
        var headers = options.headers.compactMap(FillOptions.parseHeader)
        for header in headers where CredentialHeaders.isCredential(name: header.name) {
            StandardError.write("formline: " + CLIMessage.credentialHeaderOnCommandLine(name: header.name).text + "\n")
        }
        var credentials: Set<String> = []
        for text in options.headerSources {
            guard case .success(let (name, source)) = FillOptions.parseHeaderSource(text) else { return nil }
            let value: String
            do {
                value = try source.read(environment: environment)
            } catch {
                _ = usage.fail(CLIMessage.headerSourceProblem(name: name, problem: "\(error)").text)
                return nil
            }
            if let problem = CredentialHeaders.valueProblem(value) {
                _ = usage.fail(CLIMessage.headerSourceProblem(name: name, problem: "\(problem)").text)
                return nil
            }
            headers.append((name, value))
            credentials.insert(name)
        }
        return (headers, credentials)
    }

    /// Why `--draft` or `--record` cannot work, found before the operator types anything.
    static func startProblem(store: DraftStore?, record: String?) -> String? {
        if let record {
            if record == "-" {
                return CLIMessage.recordToStandardOutput.text
            }
            if let problem = AtomicFile.problem(writing: record) {
                return CLIMessage.recordingNotWritable(path: record, problem: "\(problem)").text
            }
        }
        // The state folder's own draft is made on demand; a failure there ends the run with 6.
        guard let store, !store.createsFolders, let problem = store.writeProblem else { return nil }
        return CLIMessage.draftNotWritable(path: store.path, problem: "\(problem)").text
    }
}

/// The draft file this run resumed or last saved: where it saves, and the only one its success
/// may delete. Shared with the signal watchdog's thread, hence the lock.
final class OwnDraft: Sendable {
    private let state = Mutex<(store: DraftStore?, identity: DraftIdentity?, claimed: Bool)>((nil, nil, false))

    var store: DraftStore? {
        get { state.withLock { $0.store } }
        set { state.withLock { $0.store = newValue } }
    }

    var identity: DraftIdentity? {
        get { state.withLock { $0.identity } }
        set { state.withLock { $0.identity = newValue } }
    }

    /// The next record of a run of records saves a draft of its own.
    func forgetForNextRecord() {
        state.withLock { $0 = (nil, nil, false) }
    }

    /// The store this run saves to: the one it has, else a draft number claimed now for this run
    /// alone (at the first save, so a run that saves nothing claims nothing).
    func storeForSaving(_ fresh: () throws(DraftError) -> DraftStore) throws(DraftError) -> DraftStore {
        try state.withLock { state throws(DraftError) in
            if let store = state.store { return store }
            let store = try fresh()
            state.store = store
            state.claimed = true
            return store
        }
    }

    /// Saves `draft` to `store`; a number this run claimed but could not write is given back (no
    /// empty draft is left) and claimed afresh by the next save.
    @discardableResult
    func saved(_ draft: Draft, to store: DraftStore) throws(DraftError) -> DraftIdentity? {
        do {
            return try store.save(draft)
        } catch {
            state.withLock { state in
                guard state.claimed, state.store?.path == store.path, state.identity == nil else { return }
                DraftShelf.release(store.path)
                state.store = nil
                state.claimed = false
            }
            throw error
        }
    }
}

/// The line source of `--no-input`: nothing is ever read, so a prompt (which the wizard does not
/// make in that mode) would end the session as end of input rather than read stdin.
private final class NoInputSource: LineSource {
    func read(_ request: Prompt) -> LineResult { .endOfInput }
    var isInteractive: Bool { false }
}

/// Writes `text` only if `fd` can take it now (`writeIfReady` of its bytes).
private func writeIfReady(_ text: String, to fd: Int32) {
    writeIfReady(Array(text.utf8), to: fd)
}

/// The usage errors of one run (exit 2): each is printed on stderr at once and kept for the
/// `--output json` document.
private final class UsageErrors {
    private(set) var messages: [String] = []

    /// Prints `formline: MESSAGE` (or MESSAGE alone when it names its own file) and keeps it.
    func report(_ message: String, prefixed: Bool = true) {
        StandardError.write((prefixed ? "formline: " : "") + message + "\n")
        messages.append(message.hasPrefix("formline: ") ? String(message.dropFirst(10)) : message)
    }

    /// Reports `message` and gives the status to return.
    func fail(_ message: String) -> ExitStatus {
        report(message)
        return .usage
    }
}
