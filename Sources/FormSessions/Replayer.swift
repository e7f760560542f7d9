#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormFiles
import FormRunner
import FormTerminal
import FormTransport

/// Replays transcripts in-process: loads the form named by `#! form:`, runs the real
/// `SessionDriver` and `Wizard` with a `ScriptedLineSource` and a `ReplayTransport`, records with
/// the same `TranscriptRecorder` as `fill --record`, and compares (design.md section 6).
///
/// ```swift
/// let result = Replayer().replay(file: "Tests/Sessions/signup.session")
/// print(result.report)   // PASS Tests/Sessions/signup.session
/// ```
///
/// Replay never touches drafts or history, is non-interactive (the plain line reader's
/// behaviour), and uses fixed idempotency keys, so it runs the same everywhere.
public struct Replayer: Sendable {
    /// Rewrite the transcript's output lines with what the session produced.
    public var update: Bool
    /// Turns the form path (resolved against the transcript's folder) into a form, or says why not.
    public var loadForm: @Sendable (String) -> Result<FormSpec, FormLoadFailure>

    /// Why a form could not be loaded, as lines for the operator.
    public struct FormLoadFailure: Error, Sendable {
        public var messages: [String]
        public init(messages: [String]) { self.messages = messages }
    }

    public init(update: Bool = false, loadForm: @escaping @Sendable (String) -> Result<FormSpec, FormLoadFailure> = Replayer.loadFormFile) {
        self.update = update
        self.loadForm = loadForm
    }

    /// The form-file loader `formline fill` uses.
    public static let loadFormFile: @Sendable (String) -> Result<FormSpec, FormLoadFailure> = { path in
        FormFileLoader.load(path: path).mapError { FormLoadFailure(messages: $0.errors.map(\.description)) }
    }

    /// The flags `#! args` may hold: those that change what the operator sees.
    static let knownArgs: Set<String> = ["--plain", "--output", "text", "json"]

    // MARK: - Files

    /// Replays the transcript at `path`. On a mismatch writes `PATH.actual` beside it; with
    /// `update`, rewrites the transcript instead (unless its inputs don't fit the session, which
    /// no rewrite of output can fix). A stale `.actual` is removed once the transcript passes.
    public func replay(file path: String) -> ReplayResult {
        guard let bytes = AtomicFile.read(path) else {
            return ReplayResult(path: path, failures: ["cannot read the file"])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return ReplayResult(path: path, failures: ["the file is not UTF-8 text"])
        }
        var result = replay(text: text, path: path)
        let actualPath = path + ".actual"
        let outputDiffers = !result.diff.isEmpty
        let inputsFit = result.failures.allSatisfy { $0.hasPrefix(Replayer.outputDiffers) }
        if update && outputDiffers && inputsFit && !result.actualLines.isEmpty {
            do {
                try AtomicFile.write(Array(result.actualLines.map { $0 + "\n" }.joined().utf8), to: path, mode: 0o644)
                result.failures = []
                result.diff = ""
                result.updated = true
            } catch {
                result.failures.append("cannot update the file: \(error)")
            }
        } else if outputDiffers && !result.actualLines.isEmpty {
            do {
                try AtomicFile.write(Array(result.actualLines.map { $0 + "\n" }.joined().utf8), to: actualPath, mode: 0o644)
            } catch {
                result.failures.append("cannot write \(actualPath): \(error)")
            }
        }
        if result.passed { unlink(actualPath) }
        return result
    }

    // MARK: - In memory

    static let outputDiffers = "output differs"

    /// Replays transcript `text` (named `path` in messages and the diff) without writing anything.
    public func replay(text: String, path: String) -> ReplayResult {
        let transcript: Transcript
        do {
            transcript = try TranscriptParser.parse(text, file: path)
        } catch {
            return ReplayResult(path: path, failures: [error.description])
        }
        for arg in transcript.args where !Replayer.knownArgs.contains(arg) {
            return ReplayResult(path: path, failures: ["#! args: \"\(arg)\" is not a flag a transcript records (--plain, --output text|json)"])
        }
        let formPath = SessionPaths.resolve(transcript.formPath, against: SessionPaths.directory(of: path))
        let spec: FormSpec
        switch loadForm(formPath) {
        case .success(let loaded): spec = loaded
        case .failure(let failure):
            return ReplayResult(path: path, failures: ["cannot load the form \(formPath): " + failure.messages.joined(separator: "; ")])
        }
        return replay(transcript, spec: spec, path: path)
    }

    /// Replays a parsed transcript against `spec`.
    public func replay(_ transcript: Transcript, spec: FormSpec, path: String) -> ReplayResult {
        var secrets: [String: String] = [:]
        for line in transcript.lines {
            guard case .secretInput(let name) = line.kind, secrets[name] == nil else { continue }
            if let given = transcript.secrets[name] {
                secrets[name] = given
            } else if let field = spec.field(named: name), field.isSecret {
                guard let value = DefaultSecret.value(for: field) else {
                    return ReplayResult(path: path, failures: [
                        "line \(line.number): no default value passes the rules of secret \"\(name)\": add \"#! secret \(name) = VALUE\""])
                }
                secrets[name] = value
            } else {
                return ReplayResult(path: path, failures: [
                    "line \(line.number): the form has no secret field \"\(name)\" (give a value with \"#! secret \(name) = VALUE\")"])
            }
        }

        let source = ScriptedLineSource(steps: transcript.lines, secrets: secrets)
        let transport = ReplayTransport(responses: transcript.lines)
        let recorder = TranscriptRecorder(formPath: transcript.formPath, args: transcript.args)
        let driver = SessionDriver(wizard: Wizard(spec: spec, interactive: false), edges: SessionDriver.Edges(
            source: source, transport: transport, write: { _ in }, renderer: Renderer(face: .plain),
            recorder: recorder, drafts: nil, onAccepted: nil, idempotencyKey: { "replay-\($0)" }))
        _ = driver.run()

        var failures: [String] = []
        if let prompt = source.promptWithNoInput {
            failures.append("prompt \"\(TranscriptSyntax.trimTrailing(prompt))\" with no input left")
        }
        if let first = source.leftOver.first {
            let more = source.leftOver.count - 1
            failures.append("input left over from line \(first.number): \"\(first.text)\"" + (more > 0 ? " and \(more) more" : ""))
        }
        for request in transport.unanswered {
            failures.append("request \(request.method) \(request.path) with no response left")
        }
        if let first = transport.unused.first {
            let more = transport.unused.count - 1
            failures.append("response never used, line \(first.number): \"\(first.text)\"" + (more > 0 ? " and \(more) more" : ""))
        }

        let actual: Transcript
        do {
            actual = try TranscriptParser.parse(recorder.text, file: path + ".actual")
        } catch {
            return ReplayResult(path: path, failures: failures + ["the recording does not parse (a formline bug): \(error)"])
        }
        let expectedLines = transcript.lines.map(\.text)
        let merged = TranscriptMatcher.merge(expected: transcript.lines, actual: actual.lines)
        var diff = ""
        if merged != expectedLines {
            diff = UnifiedDiff.make(old: expectedLines, new: merged, oldName: path, newName: path + ".actual")
            failures.append("\(Replayer.outputDiffers) from the transcript at line \(firstDifference(expectedLines, merged))")
        }
        return ReplayResult(path: path, failures: failures, diff: diff, actualLines: merged)
    }

    /// The 1-based line of `old` where `new` first departs from it.
    private func firstDifference(_ old: [String], _ new: [String]) -> Int {
        var line = 1
        for step in LineAlignment.align(old, new, equal: ==) {
            switch step {
            case .both: line += 1
            case .onlyOld, .onlyNew: return line
            }
        }
        return line
    }
}
