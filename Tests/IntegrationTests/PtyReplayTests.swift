import DemoServer
import FormCore
import FormFiles
import FormSessions
import FormlineTesting
import Foundation
import Glibc
import Testing

/// The pty replay of docs/sessions.md ("Replay"): every transcript in Tests/Sessions is typed into
/// the real binary under a pseudo-terminal (readline, TERM=dumb, INPUTRC=/dev/null) with
/// `--record`, and the file it records must equal the transcript. The in-process replay checks the
/// wizard; this checks that the terminal edges record the very same session.
@Suite("sessions replayed through a real pty", .serialized)
struct PtyReplayTests {
    static let sessionsFolder = PseudoTerminal.repositoryRoot + "/Tests/Sessions"

    /// Transcripts a terminal can type: `#! unreadable` lines are bytes readline would edit, a
    /// `#! clock:` moment is one a live run does not have, and a transport failure (`<= !...`) is one the in-process fake server `fill` uses never has
    /// (RecordRunTests records such a run at a pty against a closed port and replays it).
    static var sessions: [String] {
        FormlineSessions.sessions(in: sessionsFolder).filter { path in
            guard let text = PseudoTerminal.readFile(path) else { return false }
            let session = String(decoding: text, as: UTF8.self)
            // `#! clock:` too: the binary at the pty reads the real clock, so its `today` differs.
            return !session.contains("\n#! unreadable") && !session.contains("\n<= !") && !session.contains("\n#! clock:")
        }
    }

    /// A transcript recorded against formline-demo-server says so in a comment naming the route
    /// (`# live: formline-demo-server /laravel ...`): its pty replay submits to a fresh demo server
    /// on that route instead of the form's fake server, so the live answers come again.
    static func liveRoute(_ text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix("# live: formline-demo-server /") }
            .flatMap { $0.split(separator: " ").dropFirst(3).first.map(String.init) }
    }

    @Test("a transcript typed through a pty records the same transcript", arguments: sessions)
    func replay(_ path: String) async throws {
        let text = String(decoding: PseudoTerminal.readFile(path) ?? [], as: UTF8.self)
        let problems: [String]
        if let route = Self.liveRoute(text) {
            // The typing blocks for seconds while it waits for the server's answers: the server
            // is a process of its own, so no test running beside this one can starve it.
            let server = try DemoServerProcess()
            defer { server.stop() }
            let endpoint = ["--endpoint", "http://127.0.0.1:\(server.port)\(route)"]
            problems = try await Self.onThread { try PtyReplayTests().type(path, endpoint: endpoint) }
        } else {
            problems = try type(path, endpoint: [])
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// Runs `work` on a new thread and waits for it without holding a cooperative thread.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// What went wrong, as problems rather than expectations: it may run off the test's task.
    static func need<T>(_ value: T?, _ what: @autoclosure () -> String) throws -> T {
        guard let value else { throw PseudoTerminal.Failure(description: what()) }
        return value
    }

    func type(_ path: String, endpoint: [String]) throws -> [String] {
        var problems: [String] = []
        let name = String(path.split(separator: "/").last ?? "")
        let text = String(decoding: PseudoTerminal.readFile(path) ?? [], as: UTF8.self)
        let transcript = try TranscriptParser.parse(text, file: name)
        let formPath = PtyReplayTests.sessionsFolder + "/" + transcript.formPath
        // An OpenAPI session (`#! operation:`) fills the operation of its document copy; its
        // secrets, if any, come from the transcript's own `#! secret:` lines.
        let spec = transcript.openAPI == nil ? try FormFileLoader.load(path: formPath).get() : nil
        let form = transcript.openAPI.map { ["--openapi", formPath, "--operation", $0.operation] } ?? [formPath]

        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let recording = home + "/recorded.session"
        // `#! answers:` names the file relative to the transcript, and a recording names it
        // relative to itself: a copy beside the recording is named the same way.
        var scripted: [String] = []
        if let answers = transcript.answersPath {
            if answers.contains("/") { problems.append("\(name): the pty replay takes an answers file beside its transcript") }
            let copy = home + "/" + answers
            guard PseudoTerminal.copyFile(PtyReplayTests.sessionsFolder + "/" + answers, to: copy) else {
                throw PseudoTerminal.Failure(description: "\(name): cannot copy \(answers)")
            }
            scripted += ["--answers", copy]
        }
        for set in transcript.sets { scripted += ["--set", set.name + "=" + set.value] }
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill"] + form + transcript.args + scripted + endpoint + ["--record", recording],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)

        var prompt: String?
        var expectedExit: Int32 = 0
        // The values typed at `>*` lines, as the in-process replay picks them: a prompt showing
        // a private value (`Given name [[given_name]]:`) shows it on the screen.
        let values = try spec.map { spec -> ReplayValues in
            switch ReplayValues.make(transcript, spec: spec) {
            case .success(let values): return values
            case .failure(let problem): throw PseudoTerminal.Failure(description: "\(name): \(problem)")
            }
        }
        for line in transcript.lines {
            switch line.kind {
            case .output(let shown):
                prompt = Self.onScreen(shown, values: values?.values(atLine: line.number) ?? transcript.secrets,
                                       accessible: transcript.args.contains("--accessible"))
            case .input(let typed):
                try pty.expect(try Self.need(prompt, "\(name): an operator line before any prompt"))
                // Ctrl-U first: a re-asked field comes back pre-filled on a terminal.
                pty.send("\u{15}" + typed + "\r")
            case .secretInput(let field):
                try pty.expect(try Self.need(prompt, "\(name): an operator line before any prompt"))
                let secret = try Self.need(values?.typed[line.number] ?? transcript.secrets[field], "\(name): no secret for \(field)")
                // A private field's prompt is an edit line, pre-filled after a refusal: Ctrl-U first.
                let isPrivate = spec.flatMap { DefaultPrivate.declaration(of: field, in: $0) }?.isPrivate == true
                pty.send((isPrivate ? "\u{15}" : "") + secret + "\r")
            case .refusedSecretInput(let field):
                try pty.expect(try Self.need(prompt, "\(name): an operator line before any prompt"))
                let refused = try Self.need(values?.typed[line.number], "\(name): no refused value for \(field)")
                pty.send("\u{15}" + refused + "\r")
            case .endOfInput:
                try pty.expect(try Self.need(prompt, "\(name): an operator line before any prompt"))
                pty.send("\u{15}\u{4}")
            case .interrupt(let signal):
                try pty.expect(try Self.need(prompt, "\(name): an operator line before any prompt"))
                if signal == SIGINT { pty.send("\u{3}") } else { pty.signal(signal) }
            case .exit(let code):
                expectedExit = code
            default:
                break
            }
        }
        let exit = try pty.waitForExit()
        if exit != .code(expectedExit) { problems.append("\(name): \(exit), not exit \(expectedExit)") }
        if !pty.terminalIsSane { problems.append("\(name): the terminal was left in raw mode") }

        let recorded = String(decoding: PseudoTerminal.readFile(recording) ?? [], as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.hasPrefix("#! form:") && !$0.isEmpty }
        let expected = transcript.lines.filter { !$0.isNote && !$0.text.hasPrefix("#! form:") }.map(\.text)
        let elided = PtyReplayTests.elided(expected, recorded)
        let firstDifference = zip(expected.filter { $0 != "..." }, elided).enumerated()
            .first { !TranscriptMatcher.matches(expected: $0.element.0, actual: $0.element.1) }?.offset
        if !(firstDifference == nil && expected.filter { $0 != "..." }.count == elided.count) {
            problems.append("\(name): recorded through the pty differs\(firstDifference.map { " at \"\(expected.filter { $0 != "..." }[$0])\" vs \"\(elided[$0])\"" } ?? " in length")\n\(recorded.joined(separator: "\n"))")
        }
        return problems
    }


    /// A recorded prompt as the screen shows it: the `[name]` of a value typed at a `>*` line
    /// gives that value back (a secret's is never shown, so never found in a prompt). The standard
    /// face records `Given name [given_name]: ` for `Given name [Kari]: `, the accessible one
    /// `now [given_name]` for `now Kari`.
    static func onScreen(_ recorded: String, values: [String: String], accessible: Bool) -> String {
        guard recorded.contains("[") else { return recorded }
        return values.reduce(recorded) { text, value in
            text.replacingOccurrences(of: "[\(value.key)]", with: accessible ? value.value : "[\(value.value)]")
        }
    }

    /// `recorded` without the lines each `...` of `expected` stands for: at a `...`, recorded
    /// lines are dropped up to the first that matches the expected line after it.
    static func elided(_ expected: [String], _ recorded: [String]) -> [String] {
        var out: [String] = []
        var next = 0
        for (index, line) in expected.enumerated() {
            if line == "..." {
                let following = expected[(index + 1)...].first { $0 != "..." }
                while next < recorded.count, following.map({ !TranscriptMatcher.matches(expected: $0, actual: recorded[next]) }) ?? true {
                    next += 1
                }
            } else if next < recorded.count {
                out.append(recorded[next])
                next += 1
            }
        }
        return out + recorded[next...]
    }
}
