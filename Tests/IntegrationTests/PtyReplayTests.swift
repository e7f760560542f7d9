import FormCore
import FormFiles
import FormSessions
import FormlineTesting
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

    @Test("a transcript typed through a pty records the same transcript", arguments: sessions)
    func replay(_ path: String) throws {
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
            #expect(!answers.contains("/"), "\(name): the pty replay takes an answers file beside its transcript")
            let copy = home + "/" + answers
            try #require(PseudoTerminal.copyFile(PtyReplayTests.sessionsFolder + "/" + answers, to: copy))
            scripted += ["--answers", copy]
        }
        for set in transcript.sets { scripted += ["--set", set.name + "=" + set.value] }
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill"] + form + transcript.args + scripted + ["--record", recording],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)

        var prompt: String?
        var expectedExit: Int32 = 0
        for (position, line) in transcript.lines.enumerated() {
            switch line.kind {
            case .output(let shown):
                prompt = shown
            case .input(let typed):
                try pty.expect(try #require(prompt))
                // Ctrl-U first: a re-asked field comes back pre-filled on a terminal.
                pty.send("\u{15}" + typed + "\r")
            case .secretInput(let field):
                try pty.expect(try #require(prompt))
                let secret = try #require(transcript.secrets[field] ?? spec?.field(named: field).flatMap(DefaultSecret.value))
                pty.send(secret + "\r")
            case .refusedSecretInput(let name):
                try pty.expect(try #require(prompt))
                let field = try #require(spec?.field(named: name))
                let accepted = transcript.secrets[name] ?? DefaultSecret.value(for: field)
                let refused = try #require(RefusedSecret.value(for: field, accepted: accepted,
                                                               shownAfter: RefusedSecret.outputAfter(position, in: transcript.lines)))
                pty.send("\u{15}" + refused + "\r")
            case .endOfInput:
                try pty.expect(try #require(prompt))
                pty.send("\u{15}\u{4}")
            case .interrupt(let signal):
                try pty.expect(try #require(prompt))
                if signal == SIGINT { pty.send("\u{3}") } else { pty.signal(signal) }
            case .exit(let code):
                expectedExit = code
            default:
                break
            }
        }
        #expect(try pty.waitForExit() == .code(expectedExit))
        #expect(pty.terminalIsSane)

        let recorded = String(decoding: PseudoTerminal.readFile(recording) ?? [], as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.hasPrefix("#! form:") && !$0.isEmpty }
        let expected = transcript.lines.filter { !$0.isNote && !$0.text.hasPrefix("#! form:") }.map(\.text)
        let elided = PtyReplayTests.elided(expected, recorded)
        let firstDifference = zip(expected.filter { $0 != "..." }, elided).enumerated()
            .first { !TranscriptMatcher.matches(expected: $0.element.0, actual: $0.element.1) }?.offset
        #expect(firstDifference == nil && expected.filter { $0 != "..." }.count == elided.count,
                "\(name): recorded through the pty differs\(firstDifference.map { " at \"\(expected.filter { $0 != "..." }[$0])\" vs \"\(elided[$0])\"" } ?? " in length")\n\(recorded.joined(separator: "\n"))")
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
