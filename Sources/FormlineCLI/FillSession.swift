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

/// Wires the edges for one `fill` run: form file, line source, renderer, transport, drafts,
/// recorder. Everything here is set-up and tear-down; the session itself is `SessionDriver`.
public struct FillSession {
    let options: FillOptions

    public init(options: FillOptions) { self.options = options }

    public func run() -> ExitStatus {
        let environment = ProcessEnvironment.current
        let spec: FormSpec
        let formBytes: [UInt8]
        switch FormFileLoader.read(path: options.form).flatMap({ bytes in
            FormFileLoader.load(bytes: bytes, path: options.form).map { ($0, bytes) }
        }) {
        case .success(let (loaded, bytes)):
            spec = loaded
            formBytes = bytes
        case .failure(let errors):
            for error in errors.errors { StandardError.write(TextCleaning.visible("\(error)") + "\n") }
            return .usage
        }

        let promptFD: Int32 = options.output == .json ? 2 : 1
        let output = TerminalOutput(fd: promptFD)
        let interactive = isatty(0) == 1 && isatty(promptFD) == 1
        let renderer = Renderer(face: Renderer.face(
            isTerminal: interactive, plainFlag: options.plain, environment: environment))

        let stopsAtRefusal = options.stopAtRefusal || (!interactive && !options.keepAsking)
        let store = DraftStore(path: options.draft ?? DraftStore.defaultPath(formID: spec.id, environment: environment))
        var wizard = Wizard(spec: spec, interactive: interactive)
        wizard.stopsAtRefusal = stopsAtRefusal
        if options.resume {
            do {
                let draft = try store.load()
                guard draft.formID == spec.id else {
                    StandardError.write("formline: \(store.path) is a draft of form \"\(draft.formID)\", not \"\(spec.id)\"\n")
                    return .usage
                }
                wizard = Wizard(spec: spec, interactive: interactive, resuming: draft.values,
                                formChanged: draft.formSHA256 != DraftStore.fingerprint(formBytes))
                wizard.stopsAtRefusal = stopsAtRefusal
            } catch {
                StandardError.write("formline: \(error)\n")
                return .usage
            }
        } else if store.exists {
            let notice = "A draft of this form exists: add --resume to continue it. This run leaves it "
                + "alone, unless this run ends unfinished too: then its own draft replaces it."
            for line in TextWrap.wrap(notice) { output.write(renderer.render(OutputLine(line, style: .notice))) }
        }

        // Scripted answers: --answers, --set, --no-input. Without a terminal they ask nothing.
        let scripted = options.answers != nil || !options.sets.isEmpty || options.noInput
        let asksNothing = scripted && (options.noInput || !interactive)
        if scripted {
            switch applyScriptedAnswers(to: &wizard, asksNothing: asksNothing) {
            case .some(let problems):
                for problem in problems { StandardError.write("\(problem)\n") }
                if options.output == .json {
                    let errors = problems.map { EndingError(field: $0.field, message: $0.message, line: nil, origin: $0.origin) }
                    let document = EndingReport.document(ending: "refused", status: .inputRefused, errors: errors)
                    TerminalOutput(fd: 1).write(JSONValue.object(document).compactText + "\n")
                }
                return .inputRefused
            case .none:
                break
            }
            if asksNothing {
                wizard.submitsWithoutReview = true
                wizard.stopsAtRefusal = true
            }
        }

        let transport: any Transport
        var http: HTTPTransport?
        if let endpoint = options.endpoint {
            do {
                let client = try HTTPTransport(
                    endpoint: endpoint,
                    headers: options.headers.compactMap(FillOptions.parseHeader),
                    timeout: .milliseconds(Int64(options.timeout * 1000)))
                http = client
                transport = client
            } catch {
                StandardError.write("formline: --endpoint: \(error)\n")
                return .usage
            }
        } else {
            transport = FakeTransport(fake: spec.fake)
        }
        defer { http?.shutdown() }

        let recorder = options.record.map { file in
            TranscriptRecorder(
                formPath: SessionPaths.relative(from: SessionPaths.directory(of: file), to: options.form),
                args: TranscriptRecorder.visibleArgs(
                    plain: options.plain, outputJSON: options.output == .json, stopsAtRefusal: stopsAtRefusal))
        }
        SignalTrap.install()
        let interrupts = ProcessSignals()
        // A closed output pipe (`| head`) must not kill formline before it saves the draft.
        signal(SIGPIPE, SIG_IGN)
        let source: any LineSource = asksNothing ? NoInputSource() : LineSources.make(
            interactive: interactive, output: output, interrupts: interrupts, environment: environment,
            formID: spec.id, plain: options.plain)

        let drafts = SessionDriver.DraftHandling(
            save: { values in
                let draft = Draft(formID: spec.id, formSHA256: DraftStore.fingerprint(formBytes),
                                  savedAt: DraftStore.timestamp(), values: values)
                do {
                    try store.save(draft)
                    for line in TextWrap.wrap("Draft saved: \(store.path)", continuation: "  ") {
                        output.write(renderer.render(OutputLine(line, style: .notice)))
                    }
                } catch {
                    StandardError.write("formline: \(error)\n")
                }
            },
            // Only the draft this run continued is done with; one it never resumed stays.
            delete: { if options.resume { store.delete() } })

        // Whatever the loop is doing when a signal comes, the run ends within a second with the
        // draft saved (docs/terminal.md, "Signals"): the watchdog saves what the driver last published.
        let snapshots = SessionSnapshots()
        let formID = spec.id, fingerprint = DraftStore.fingerprint(formBytes), promptOutput = output.fd
        SignalWatchdog.start(terminalFD: 0, fallback: SignalWatchdog.Fallback(saveDraft: {
            let values = snapshots.interruptionDraft
            guard !values.isEmpty else { return }
            let draft = Draft(formID: formID, formSHA256: fingerprint, savedAt: DraftStore.timestamp(), values: values)
            do {
                try store.save(draft)
                writeIfReady("\nDraft saved: \(store.path)\n", to: promptOutput)
            } catch {
                writeIfReady("formline: \(error)\n", to: 2)
            }
        }))

        let jsonMode = options.output == .json
        let driver = SessionDriver(wizard: wizard, edges: SessionDriver.Edges(
            source: source, transport: transport, write: output.write, renderer: renderer,
            recorder: recorder, drafts: drafts, interrupts: interrupts,
            onAccepted: { submission, response in
                guard jsonMode else { return }
                let result = JSONValue.object([
                    "status": .number(String(response.status)),
                    "payload": submission.displayPayload,
                    // A server may repeat a secret back: stdout never shows one.
                    "response": (JSONValue.parse(response.body) ?? .null).mapStrings { text in
                        submission.secrets.values.reduce(text) { SecretMask.mask($0, secret: $1, with: "[secret]") }
                    },
                ])
                TerminalOutput(fd: 1).write(result.compactText + "\n")
            },
            snapshots: snapshots))
        let status = driver.run()
        if jsonMode && status != .accepted {
            TerminalOutput(fd: 1).write(EndingReport.json(status: status, wizard: driver.wizard).compactText + "\n")
        }
        // Every ending reaches here (accepted, .cancel, EOF, signals, transport failure).
        if let recorder, let file = options.record {
            do {
                try recorder.write(to: file)
            } catch {
                StandardError.write("formline: --record: \(error)\n")
            }
        }
        return status
    }

    /// Reads `--answers` and `--set` and applies them (set after file, so --set wins). Returns the
    /// problems that end the run (exit 5), or nil to go on. Problems no prompt can fix (an unknown
    /// or hidden field, a secret on the command line, a secret in a file others can read) always
    /// end it; missing and refused answers only when nothing may be asked.
    private func applyScriptedAnswers(to wizard: inout Wizard, asksNothing: Bool) -> [AnswerProblem]? {
        var answers: [ScriptedAnswer] = []
        var problems: [AnswerProblem] = []
        if let file = options.answers {
            switch AnswersFileReader.read(path: file) {
            case .success(let read):
                answers = read.answers
                let secrets = read.answers.filter { wizard.spec.field(named: $0.path)?.isSecret == true }
                if read.readableByOthers, let first = secrets.first {
                    problems.append(AnswerProblem(origin: first.origin, field: first.path, message:
                        "the answers file holds a secret but other users can read it (chmod 600 \(file))"))
                    answers.removeAll { answer in secrets.contains { $0.origin == answer.origin } }
                }
            case .failure(let errors):
                return errors.messages.map { AnswerProblem(origin: file, field: "-", message: $0) }
            }
        }
        for set in options.sets {
            guard let (name, value) = FillOptions.parseSet(set) else { continue }
            answers.append(ScriptedAnswer(path: name, text: value, origin: "--set \(name)", fromCommandLine: true))
        }
        problems += wizard.apply(answers)
        if asksNothing { problems += wizard.unansweredProblems(file: options.answers ?? "--set") }
        return problems.isEmpty ? nil : problems
    }
}

/// The line source of `--no-input`: nothing is ever read, so a prompt (which the wizard does not
/// make in that mode) would end the session as end of input rather than read stdin.
private final class NoInputSource: LineSource {
    func read(_ request: Prompt) -> LineResult { .endOfInput }
    var isInteractive: Bool { false }
}

/// Writes `text` only if `fd` can take it now: the watchdog must not block on the very output
/// that stalled the session.
private func writeIfReady(_ text: String, to fd: Int32) {
    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    guard poll(&ready, 1, 0) == 1, ready.revents & Int16(POLLOUT) != 0 else { return }
    var bytes = Array(text.utf8)
    _ = write(fd, &bytes, bytes.count)
}
