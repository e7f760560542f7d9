#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormFiles
import FormRunner
import FormSystem

/// Replays transcripts in-process: loads the form named by `#! form:`, runs the real
/// `SessionDriver` and `Wizard` with a `ScriptedLineSource` and a `ReplayTransport`, records with
/// the same `TranscriptRecorder` as `fill --record`, and compares (docs/sessions.md, "Replay").
///
/// ```swift
/// let result = Replayer().replay(file: "Tests/Sessions/signup.session")
/// print(result.report)   // PASS Tests/Sessions/signup.session
/// ```
///
/// Replay never touches drafts or history (its draft edge says "saved" and writes nothing, so a
/// run of records counts a kept record as the recorded run did), builds its wizards from the
/// recorded run's `SessionSetup` (`setup(of:)`: as at a terminal, unless a transport failure
/// ended the recorded run), and uses fixed idempotency keys, so it runs the same everywhere.
public struct Replayer: Sendable {
    /// Rewrite the transcript's output lines with what the session produced.
    package var update: Bool
    /// Turns the form path (resolved against the transcript's folder) into a form, or says why not.
    package var loadForm: @Sendable (String) -> Result<FormSpec, FormLoadFailure>

    /// Why a form could not be loaded, as lines for the operator.
    public struct FormLoadFailure: Error, Sendable {
        public var messages: [String]
        public init(messages: [String]) { self.messages = messages }
    }

    /// Which `#! form:` and `#! answers:` paths may be read; nil (in-process callers with their own
    /// loader): any.
    package var formPaths: FormPathPolicy?

    /// Builds the form of an OpenAPI session (`#! operation:`) from the document copy at the
    /// path, the operation and the name the form was built under; nil: such sessions fail with
    /// a message saying `formline replay` replays them (this module does not read OpenAPI).
    package var loadOpenAPIForm: (@Sendable (_ path: String, _ operation: String, _ documentName: String?) -> Result<FormSpec, FormLoadFailure>)?

    /// Live replay (`formline replay --live`, docs/sessions.md "Live replay"): the server the
    /// requests go to instead of being answered from the transcript. Its answers are what the
    /// session gets, and each must match its recorded `<=` line (`ResponseMatch`); idempotency
    /// keys are random, as in `fill`. `update` is not used: a live run never rewrites a transcript.
    package var liveServer: (any Transport)?
    /// Transcripts known to have no `.actual` beside them (their folder was listed this run,
    /// `SessionFileList.listing`): a pass removes no stale one, since there is none.
    package var withoutStaleActual: Set<String> = []

    package init(update: Bool = false, formPaths: FormPathPolicy? = nil, loadForm: @escaping @Sendable (String) -> Result<FormSpec, FormLoadFailure> = Replayer.loadFormFile) {
        self.update = update
        self.formPaths = formPaths
        self.loadForm = loadForm
    }

    /// The form-file loader `formline fill` uses.
    public static let loadFormFile: @Sendable (String) -> Result<FormSpec, FormLoadFailure> = { path in
        FormFileLoader.load(path: path).mapError { FormLoadFailure(messages: $0.errors.map(\.description)) }
    }

    /// The moment a transcript without `#! clock:` replays `today` / `now` defaults with.
    static let fixedClock = "2000-01-01T00:00:00+00:00"

    /// The largest transcript replay reads: 8 MiB, the cap of every file a person writes.
    package static let maximumTranscriptSize = WholeFile.defaultLimit

    // MARK: - Files

    /// Replays the transcript at `path`. On a mismatch writes `PATH.actual` beside it; with
    /// `update`, rewrites the transcript instead (unless its inputs don't fit the session, which
    /// no rewrite of output can fix). A stale `.actual` is removed once the transcript passes.
    package func replay(file path: String) -> ReplayResult {
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(path, limit: Replayer.maximumTranscriptSize)
        } catch {
            return ReplayResult(path: path, problems: [.cannotReadFile(error.reason)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return ReplayResult(path: path, problems: [.notUTF8])
        }
        var result = replay(text: text, path: path)
        let actualPath = path + ".actual"
        let outputDiffers = !result.diff.isEmpty
        let inputsFit = result.problems.allSatisfy(\.isOutputOnly)
        if update && liveServer == nil && outputDiffers && inputsFit && !result.actualLines.isEmpty {
            do {
                try AtomicFile.write(Array(result.actualLines.map { $0 + "\n" }.joined().utf8), to: path, mode: 0o600, keepExistingMode: true, createFolders: false)
                result.problems = []
                result.diff = ""
                result.updated = true
            } catch {
                result.problems.append(.cannotUpdate(reason: error.reason))
            }
        } else if outputDiffers && !result.actualLines.isEmpty {
            do {
                try AtomicFile.write(Array(result.actualLines.map { $0 + "\n" }.joined().utf8), to: actualPath, mode: 0o600, createFolders: false)
            } catch {
                result.problems.append(.cannotWriteActual(path: actualPath, reason: error.reason))
            }
        }
        if result.passed && !withoutStaleActual.contains(path) { unlink(actualPath) }
        return result
    }

    // MARK: - In memory

    /// Replays transcript `text` (named `path` in messages and the diff) without writing anything.
    package func replay(text: String, path: String) -> ReplayResult {
        let transcript: Transcript
        do {
            transcript = try TranscriptParser.parse(text, file: path)
        } catch {
            return ReplayResult(path: path, problems: [.invalidTranscript(error)])
        }
        // Before the form is read: `#! args` that `fill` could not have written end here.
        do {
            _ = try SessionSetup.Flags(transcriptArgs: transcript.args)
        } catch {
            return ReplayResult(path: path, problems: [.invalidArguments(error)])
        }
        let formPath = SessionPaths.resolve(transcript.formPath, against: SessionPaths.directory(of: path))
        if let policy = formPaths, let refusal = policy.refusal(formPath, openAPIDocument: transcript.openAPI != nil) {
            return ReplayResult(path: path, problems: [.formPathRefused(path: transcript.formPath, reason: refusal)])
        }
        let spec: FormSpec
        let loaded: Result<FormSpec, FormLoadFailure>
        if let origin = transcript.openAPI {
            loaded = loadOpenAPIForm?(formPath, origin.operation, origin.documentName) ?? .failure(FormLoadFailure(messages: [
                CLIMessage.replayOpenAPISessionElsewhere(operation: origin.operation).text,
            ]))
        } else {
            loaded = loadForm(formPath)
        }
        switch loaded {
        case .success(let loaded): spec = loaded
        case .failure(let failure):
            return ReplayResult(path: path, problems: [.formNotLoaded(path: formPath, messages: failure.messages)])
        }
        var answers: AnswersFileReader.Answers?
        if let written = transcript.answersPath {
            let answersPath = SessionPaths.resolve(written, against: SessionPaths.directory(of: path))
            if let policy = formPaths, let refusal = policy.answersRefusal(answersPath) {
                return ReplayResult(path: path, problems: [.answersPathRefused(path: written, reason: refusal)])
            }
            // Named as the transcript names it: the recorded run's messages did the same.
            switch AnswersFileReader.read(path: answersPath, name: written) {
            case .success(let read): answers = read
            case .failure(let errors):
                return ReplayResult(path: path, problems: [.answersNotLoaded(path: written, messages: errors.messages)])
            }
        }
        return replay(transcript, spec: spec, path: path, answers: answers?.answers ?? [])
    }

    /// Replays a parsed transcript against `spec`. `answers`: the content of its `#! answers:`
    /// file, applied (with its `#! set:` lines after them) before the first prompt, as
    /// `fill --answers FILE --set ...` applied them at the terminal the session was recorded on.
    package func replay(_ transcript: Transcript, spec unresolved: FormSpec, path: String,
                       answers fileAnswers: [ScriptedAnswer] = []) -> ReplayResult {
        let setup: SessionSetup
        // Each recorded answer classified once: by the set-up, then reused by the driver.
        let classifications = ResponseClassifications()
        do {
            setup = try Replayer.setup(of: transcript, answers: fileAnswers, usesClock: unresolved.usesClock, submit: unresolved.submit,
                                       classifications: classifications)
        } catch {
            return ReplayResult(path: path, problems: [.invalidArguments(error)])
        }
        // The form as the wizard has it (`today` / `now` resolved): secrets' defaults come from it.
        let spec = setup.resolvingClock(unresolved)
        // The value of each `>*` line (a refused one: a value the field refuses as the recorded
        // run's was).
        let values: ReplayValues
        switch ReplayValues.make(transcript, spec: spec) {
        case .success(let made): values = made
        case .failure(let problem): return ReplayResult(path: path, problems: [problem])
        }
        let source = ScriptedLineSource(steps: transcript.lines, typed: values.typed)
        // Served from the transcript, or (live) sent to the server with the transcript's answers counted.
        let served = liveServer == nil ? ReplayTransport(responses: transcript.lines) : nil
        let live = liveServer.map { LiveTransport(server: $0, responses: transcript.lines) }
        let transport: any Transport = live ?? served ?? ReplayTransport(responses: [])
        let unanswered = { live?.unanswered ?? served?.unanswered ?? [] }
        let unused = { live?.unused ?? served?.unused ?? [] }
        let recorder = TranscriptRecorder(
            formPath: transcript.formPath, args: setup.transcriptArgs, clock: transcript.clock,
            answersPath: transcript.answersPath, sets: transcript.sets, openAPI: transcript.openAPI)
        // The file's answers, then `--set` (which wins): the order `fill` applies them in.
        // A secret in the file is taken as at the recorded run; the file's mode is not
        // checked (a checked-out file has git's mode, and a test's secrets are test values).
        let (wizard, problems) = setup.makeWizard(spec: unresolved)
        if !problems.isEmpty {
            return ReplayResult(path: path, problems: [.answersRefused(problems.map(\.description))])
        }
        var edges = SessionDriver.Edges(
            source: source, transport: transport, write: { _ in }, renderer: Renderer(face: .plain),
            recorder: recorder, drafts: Replayer.draftsKeptNowhere, onAccepted: nil,
            idempotencyKey: { live == nil ? "replay-\($0)" : SessionDriver.randomKey($0) })
        edges.classified = { classifications.classify($0, submit: $1) }
        // In the recorded run's language (`#! args: --lang`; English without it), never the host's.
        setup.language.speaking {
            if setup.repeats {
                // A run of records (`fill --repeat`) replays as the same loop, every record starting
                // from the same answers.
                _ = RecordLoop(first: wizard, makeWizard: { setup.makeWizard(spec: unresolved, record: $0).wizard }, edges: edges).run()
            } else {
                _ = SessionDriver(wizard: wizard, edges: edges).run()
            }
        }

        // A request with no recorded response first: what follows it (a terminal's `Retry?`
        // with no input left) is its consequence.
        var failures: [ReplayFailure] = unanswered().map { .requestWithNoResponse(method: $0.method, path: $0.path) }
        if let prompt = source.promptWithNoInput {
            failures.append(.promptWithNoInput(TranscriptSyntax.trimTrailing(prompt)))
        }
        if let first = source.leftOver.first {
            failures.append(.inputLeftOver(line: first.number, text: first.text, more: source.leftOver.count - 1))
        }
        let left = unused()
        if let first = left.first {
            failures.append(.responseNeverUsed(line: first.number, text: first.text, more: left.count - 1))
        }

        let recordedLines = recorder.lines
        let expectedLines = transcript.lines.map(\.text)
        // Most replays pass with the recording word for word: nothing to parse or align.
        if live == nil, TranscriptMatcher.isVerbatim(expected: transcript.lines, recorded: recordedLines) {
            return ReplayResult(path: path, problems: failures, diff: "", actualLines: expectedLines)
        }
        let actual: Transcript
        do {
            actual = try TranscriptParser.parse(recordedLines: recordedLines, file: path + ".actual")
        } catch {
            return ReplayResult(path: path, problems: failures + [.recordingDoesNotParse(error)])
        }
        let merged = TranscriptMatcher.merge(expected: transcript.lines, actual: actual.lines, liveResponses: live != nil)
        // First: the server's other answer is the cause of what follows from it (a `Retry?` with
        // no input left, output that differs).
        if live != nil, let problem = Replayer.liveDifference(expected: transcript.lines, actual: actual.lines) {
            failures.insert(problem, at: 0)
        }
        var diff = ""
        if merged != expectedLines {
            diff = UnifiedDiff.make(old: expectedLines, new: merged, oldName: path, newName: path + ".actual")
            failures.append(.outputDiffers(line: firstDifference(expectedLines, merged)))
        }
        return ReplayResult(path: path, problems: failures, diff: diff, actualLines: merged)
    }

    /// The first recorded answer the live server's answer departs from (the n-th `<=` line of the
    /// recording against the n-th of the transcript), as a failure naming its line.
    static func liveDifference(expected: [TranscriptLine], actual: [TranscriptLine]) -> ReplayFailure? {
        func answers(_ lines: [TranscriptLine]) -> [(line: Int, outcome: Result<TransportResponse, TransportFailure>)] {
            lines.compactMap { line in
                if case .response(let outcome) = line.kind { return (line.number, outcome) }
                return nil
            }
        }
        var differences: [(line: Int, words: String)] = []
        for (e, a) in zip(answers(expected), answers(actual)) {
            if let words = ResponseMatch.difference(expected: e.outcome, actual: a.outcome) { differences.append((e.line, words)) }
        }
        return differences.first.map { .liveResponseDiffers(line: $0.line, difference: $0.words, more: differences.count - 1) }
    }

    /// The replay's draft edge: every save "works" and nothing is written. The recorded run saved
    /// its drafts (a failed save ends with exit 6, which the transcript's `#! exit` holds), and the
    /// record loop counts "kept as a draft" from whether a save worked, so the replay must say the
    /// same to reproduce the summary.
    static var draftsKeptNowhere: SessionDriver.DraftHandling { SessionDriver.DraftHandling(saving: { _ in true }, delete: {}) }

    /// The set-up of the recorded run, as `fill` built it: its `#! args` read by `fill`'s option
    /// table, the answers (the `#! answers:` file's `fileAnswers`, then each `#! set:`), the
    /// recorded moment (`#! clock:`; a fixed one for a form with `today` / `now` and none), and
    /// whether it was at a terminal (`recordedAtTerminal`).
    package static func setup(of transcript: Transcript, answers fileAnswers: [ScriptedAnswer] = [],
                             usesClock: Bool, submit: SubmitSpec? = nil,
                             classifications: ResponseClassifications = ResponseClassifications()) throws(TranscriptArgsError) -> SessionSetup {
        let flags = try SessionSetup.Flags(transcriptArgs: transcript.args)
        let scripted = transcript.answersPath != nil || !transcript.sets.isEmpty
        let answers = fileAnswers + transcript.sets.map { SessionSetup.setAnswer(name: $0.name, value: $0.value) }
        return SessionSetup(flags: flags, interactive: recordedAtTerminal(transcript.lines, submit: submit, classifications: classifications),
                            answers: scripted ? answers : nil,
                            clock: transcript.clock ?? (usesClock ? fixedClock : nil))
    }

    /// Whether the recorded run was at a terminal, as far as its lines show: the one difference
    /// a terminal makes that a transcript can see is what happens after a transport failure (a
    /// terminal asks `Retry?`, or `Go on?` in a run of records; a pipe ends the run). So a
    /// transcript with a transport failure was at a terminal if something was asked after it,
    /// and one without is taken to be (where `fill --record` is run).
    /// `classifications`: where each answer's classification is kept, for the driver to reuse.
    static func recordedAtTerminal(_ lines: [TranscriptLine], submit: SubmitSpec? = nil,
                                   classifications: ResponseClassifications = ResponseClassifications()) -> Bool {
        let lines = withoutCheckExchanges(lines, submit: submit)
        let failed = lines.contains { line in
            switch line.kind {
            case .response(.failure): return true
            case .response(.success(let response)):
                guard let submit else { return false }
                return classifications.isFailure(response, submit: submit)
            default: return false
            }
        }
        return !failed || asksAfterTransportFailure(lines, submit: submit, classifications: classifications)
    }

    /// Whether the recorded run was one that asks after a transport failure (a terminal's
    /// `Retry?` or, in a run of records, `Go on?`): a prompt answered after a `<= !...` line, or
    /// after an answer the form's `submit` reads as a failure (a redirect, an HTML 500: the
    /// wizard asks `Retry?` after those too). A run without a terminal ends at the failure, so
    /// nothing is asked after it; a signal right after the failure, before any prompt, is one
    /// that came while the request was in flight.
    static func asksAfterTransportFailure(_ lines: [TranscriptLine], submit: SubmitSpec? = nil,
                                          classifications: ResponseClassifications = ResponseClassifications()) -> Bool {
        var afterFailure = false
        var prompted = false
        for line in lines {
            switch line.kind {
            case .response(.failure):
                afterFailure = true
                prompted = false
            case .response(.success(let response)):
                guard let submit else { break }
                if classifications.isFailure(response, submit: submit) {
                    afterFailure = true
                    prompted = false
                }
            case .output:
                prompted = afterFailure
            case .input, .secretInput, .refusedSecretInput, .endOfInput, .unreadable, .interrupt:
                if afterFailure && prompted { return true }
                afterFailure = false
            case .request:
                afterFailure = false
            case .header, .secret, .comment, .exit, .record:
                break
            }
        }
        return false
    }

    /// The lines without the exchanges of server checks (docs/checks.md): a check's failure is
    /// handled by its `on_failure`, at a terminal or not, so it tells nothing of where the run
    /// was. A request is the submission when its method and path (without a query) fit the
    /// form's `submit` (a placeholder segment fits any segment); without `submit`, every one is.
    static func withoutCheckExchanges(_ lines: [TranscriptLine], submit: SubmitSpec?) -> [TranscriptLine] {
        guard let submit else { return lines }
        var kept: [TranscriptLine] = []
        kept.reserveCapacity(lines.count)
        var inCheck = false
        for line in lines {
            switch line.kind {
            case .request:
                inCheck = !isSubmission(line.text, submit: submit)
                if inCheck { continue }
            case .response:
                if inCheck {
                    inCheck = false
                    continue
                }
            default:
                break
            }
            kept.append(line)
        }
        return kept
    }

    static func isSubmission(_ text: String, submit: SubmitSpec) -> Bool {
        asciiIsSubmission(text, submit: submit) ?? characterIsSubmission(text, submit: submit)
    }

    /// `characterIsSubmission` on bytes, where bytes and Characters agree: the request line's
    /// first three words (and the byte after them) and the declared path are ASCII. nil
    /// otherwise. Splitting each request line into Characters was 2% of a replay.
    static func asciiIsSubmission(_ text: String, submit: SubmitSpec) -> Bool? {
        let bytes = text.utf8, space = UInt8(ascii: " ")
        guard submit.path.utf8.allSatisfy({ $0 < 0x80 }),
              let firstSpace = bytes.firstIndex(of: space) else { return nil }
        let methodStart = bytes.index(after: firstSpace)
        guard let secondSpace = bytes[methodStart...].firstIndex(of: space) else { return nil }
        let pathStart = bytes.index(after: secondSpace)
        let pathEnd = bytes[pathStart...].firstIndex(of: space) ?? bytes.endIndex
        // The space after the third word and the byte after it too: a combining mark after a
        // space joins it, and the Character split would not end the word there.
        let checkedEnd = bytes.index(pathEnd, offsetBy: 2, limitedBy: bytes.endIndex) ?? bytes.endIndex
        guard bytes[..<checkedEnd].allSatisfy({ $0 < 0x80 }) else { return nil }
        guard bytes[methodStart..<secondSpace].elementsEqual(submit.method.rawValue.utf8) else { return false }
        let path = bytes[pathStart..<pathEnd]
        let sent = path[..<(path.firstIndex(of: UInt8(ascii: "?")) ?? path.endIndex)]
            .split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let declared = submit.path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard sent.count == declared.count else { return false }
        return zip(sent, declared).allSatisfy { sent, declared in
            declared.contains(UInt8(ascii: "{")) || sent.elementsEqual(declared)
        }
    }

    static func characterIsSubmission(_ text: String, submit: SubmitSpec) -> Bool {
        let parts = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[1] == submit.method.rawValue else { return false }
        let path = parts[2].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let sent = path.split(separator: "/", omittingEmptySubsequences: false)
        let declared = submit.path.split(separator: "/", omittingEmptySubsequences: false)
        guard sent.count == declared.count else { return false }
        return zip(sent, declared).allSatisfy { sent, declared in
            declared.contains("{") || sent == declared
        }
    }

    /// The 1-based line of `old` where `new` first departs from it: the end of their common head
    /// (the alignment matches the head first, so this is where the diff starts), found in one pass.
    private func firstDifference(_ old: [String], _ new: [String]) -> Int {
        var line = 1
        while line <= old.count && line <= new.count && old[line - 1] == new[line - 1] { line += 1 }
        return line
    }
}
