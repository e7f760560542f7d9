import FormCore
import FormFiles
import FormRunner
import FormSessions
import FormSystem

/// The forms these tests use, and a way to run a real session with scripted lines.
enum Fixtures {
    /// The shipped Forms/signup.yaml, so these tests use the form operators use, without its
    /// username check: these tests script the submission's answers one by one, and a check's
    /// `=>`/`<=` lines have tests of their own (ServerCheckBinaryTests, Tests/Sessions).
    static let signup: FormSpec = {
        var spec = shipped("signup.yaml")
        for index in spec.fields.indices { spec.fields[index].serverCheck = nil }
        return spec
    }()

    /// The shipped Forms/login.yaml: a username and a secret password; its fake rejects every
    /// password but "correct horse" with a non-field error.
    static let login = shipped("login.yaml")

    private static func shipped(_ name: String) -> FormSpec {
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        switch FormFileLoader.load(path: "/" + root + "/Forms/" + name) {
        case .success(let spec): return spec
        case .failure(let errors): preconditionFailure("Forms/\(name) does not load: \(errors)")
        }
    }

    static let incident = FormSpec(
        id: "incident", title: "Report an incident",
        fields: [
            Field(name: "title", label: "Title"),
            Field(name: "details", label: "What happened", type: .multiline),
        ],
        submit: SubmitSpec(method: .POST, path: "/api/incidents"))

    /// `loadForm`, but signup.yaml as shipped (with its username check): for replays of the
    /// checked-in transcripts of Tests/Sessions, which record the check.
    static let loadShippedForm: @Sendable (String) -> Result<FormSpec, Replayer.FormLoadFailure> = { path in
        path.hasSuffix("signup.yaml") ? .success(shipped("signup.yaml")) : loadForm(path)
    }

    /// A loader that knows the in-code forms by file name, for replays of transcripts in tests.
    static let loadForm: @Sendable (String) -> Result<FormSpec, Replayer.FormLoadFailure> = { path in
        if path.hasSuffix("signup.yaml") { return .success(signup) }
        if path.hasSuffix("login.yaml") { return .success(login) }
        if path.hasSuffix("incident.yaml") { return .success(incident) }
        return .failure(Replayer.FormLoadFailure(messages: ["\(path): no such test form"]))
    }

    /// Runs a real session (driver + wizard) over `lines`, recording it; returns the transcript.
    static func record(
        _ spec: FormSpec, lines: [LineResult], transport: (any Transport)? = nil, formPath: String = "../Forms/signup.yaml"
    ) -> (text: String, status: ExitStatus) {
        let recorder = TranscriptRecorder(formPath: formPath, args: ["--plain"])
        let driver = SessionDriver(wizard: Wizard(spec: spec, interactive: false), edges: SessionDriver.Edges(
            source: ListLineSource(lines), transport: transport ?? FakeTransport(form: spec),
            write: { _ in }, recorder: recorder, idempotencyKey: { "test-\($0)" }))
        let status = driver.run()
        return (recorder.text, status)
    }
}

/// Hands out fixed answers, then end of input.
final class ListLineSource: LineSource {
    private var results: [LineResult]
    init(_ results: [LineResult]) { self.results = results }
    var isInteractive: Bool { false }
    func read(_ request: Prompt) -> LineResult {
        results.isEmpty ? .endOfInput : results.removeFirst()
    }
}

/// Answers with a fixed list of outcomes; the request payloads are kept for inspection.
final class ScriptedTransport: Transport, @unchecked Sendable {
    // Used from the one test thread that runs the session.
    private var outcomes: [(TransportRequest) -> Result<TransportResponse, TransportFailure>]
    init(_ outcomes: [(TransportRequest) -> Result<TransportResponse, TransportFailure>]) { self.outcomes = outcomes }
    func send(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure> {
        outcomes.isEmpty ? .failure(.refused) : outcomes.removeFirst()(request)
    }
}

extension Array where Element == LineResult {
    static func lines(_ texts: String...) -> [LineResult] { texts.map { .line($0) } }
}
