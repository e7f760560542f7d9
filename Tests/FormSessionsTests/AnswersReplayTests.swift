import FormCore
import FormSessions
import FormlineTesting
import Foundation
import Testing

/// Transcripts of `fill --answers FILE --set NAME=VALUE` runs at a terminal: `#! answers:` and
/// `#! set:` are applied before the first prompt, the way `fill` applied them (docs/sessions.md).
@Suite struct AnswersReplayTests {
    static let sessions: String = {
        let parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        return parts.dropLast(2).joined(separator: "/") + "/Sessions"
    }()

    /// A fresh folder holding `files` (name: content); removed by the caller.
    private func folder(_ files: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "formline-answers-replay-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        return dir
    }

    private func text(_ name: String) throws -> String {
        try String(contentsOfFile: Self.sessions + "/" + name, encoding: .utf8)
    }

    @Test("the checked-in answers sessions replay, and only because their answers are applied")
    func answersAreApplied() throws {
        #expect(FormlineSessions.replay(Self.sessions + "/signup-answers.session", update: false).passed)
        #expect(FormlineSessions.replay(Self.sessions + "/signup-answers-set.session", update: false).passed)
        // Without its answers file the wizard starts at Username, which refuses every line typed
        // for the other fields (an email, the password, "ab", "42", Enter): the script runs out
        // with Username still asked, and the request is never made.
        let without = try text("signup-answers.session").replacingOccurrences(of: "#! answers: signup-answers.yaml\n", with: "")
        let result = Replayer(loadForm: Fixtures.loadShippedForm).replay(text: without, path: Self.sessions + "/x.session")
        #expect(!result.passed)
        #expect(result.problems.contains(.promptWithNoInput("Username:")))
        #expect(result.problems.contains { if case .responseNeverUsed = $0 { return true } else { return false } })
        // Without `#! set: age=34` nothing more is asked (Age is optional), but the review shows
        // `Age -` and the request goes without age: only the output differs.
        let noSets = try text("signup-answers-set.session").replacingOccurrences(of: "#! set: age=34\n", with: "")
        let second = Replayer(loadForm: Fixtures.loadShippedForm).replay(text: noSets, path: Self.sessions + "/y.session")
        #expect(!second.passed)
        #expect(second.problems.count == 1)
        #expect(second.problems.allSatisfy { if case .outputDiffers = $0 { return true } else { return false } })
    }

    @Test("#! answers: outside the folder replay runs from is refused unless the policy allows it")
    func answersOutsideTheFolder() throws {
        let transcript = try text("signup-answers.session")
            .replacingOccurrences(of: "#! form: ../../Forms/signup.yaml", with: "#! form: signup.yaml")
            .replacingOccurrences(of: "signup-answers.yaml", with: "../outside-ans.yaml")
        let dir = try folder(["outside-ans.yaml": try text("signup-answers.yaml"), "sub/signup.yaml": "", "sub/t.session": transcript])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let confined = Replayer(formPaths: FormPathPolicy(root: dir + "/sub"), loadForm: Fixtures.loadShippedForm)
        let refused = confined.replay(file: dir + "/sub/t.session")
        #expect(refused.problems.count == 1)
        let reason = try #require(refused.problems.first).description
        #expect(reason.hasPrefix("#! answers: ../outside-ans.yaml: outside "))
        #expect(reason.hasSuffix("(replay from a folder that holds it, or pass --allow-outside); the file was not read"))
        let anywhere = Replayer(formPaths: FormPathPolicy(root: nil), loadForm: Fixtures.loadShippedForm)
        let passed = anywhere.replay(file: dir + "/sub/t.session")
        #expect(passed.passed, "\(passed.report)")
    }

    @Test("#! answers: must name a YAML or JSON file, even when the folder rule is lifted")
    func answersMustBeYAMLOrJSON() {
        let text = "#! formline-session 1\n#! form: signup.yaml\n#! answers: /etc/passwd\n#! exit 0\n"
        let result = Replayer(formPaths: FormPathPolicy(root: nil), loadForm: Fixtures.loadShippedForm).replay(text: text, path: "/tmp/t.session")
        #expect(result.problems == [.answersPathRefused(path: "/etc/passwd", reason: "not an answers file (its name ends in .yaml, .yml or .json)")])
    }

    @Test("a missing answers file and answers that end the run are named, not replayed")
    func answersThatCannotWork() throws {
        let dir = try folder([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = "#! formline-session 1\n#! form: signup.yaml\n#! answers: gone.yaml\n#! exit 0\n"
        let first = Replayer(loadForm: Fixtures.loadShippedForm).replay(text: missing, path: dir + "/t.session")
        guard case .answersNotLoaded(let path, let messages) = try #require(first.problems.first) else {
            Issue.record("expected answersNotLoaded, got \(first.problems)")
            return
        }
        #expect(path == "gone.yaml")
        #expect(messages.first?.hasPrefix("gone.yaml: ") == true)

        // A secret in #! set: (a hand-written transcript: the recorder never writes one).
        let secret = "#! formline-session 1\n#! form: signup.yaml\n#! set: password=hunter2hunter2\n#! exit 0\n"
        let second = Replayer(loadForm: Fixtures.loadShippedForm).replay(text: secret, path: dir + "/t.session")
        #expect(second.problems.count == 1)
        #expect(second.problems.first?.description.contains("--set password: password: a secret is never taken from the command line") == true)
    }

    @Test("#! set: keeps a value's spaces, newlines and backslashes through the recorder and the parser")
    func setValuesRoundTrip() throws {
        let sets = [SetAnswer(name: "note", value: " two\nlines \\ and a tab\t"), SetAnswer(name: "age", value: "34")]
        let recorder = TranscriptRecorder(formPath: "f.yaml", args: ["--plain"], answersPath: "a.yaml", sets: sets)
        #expect(recorder.lines == [
            "#! formline-session 1", "#! form: f.yaml", "#! answers: a.yaml",
            "#! set: note= two\\nlines \\\\ and a tab\t", "#! set: age=34", "#! args: --plain",
        ])
        let parsed = try TranscriptParser.parse(recorder.text)
        #expect(parsed.sets == sets)
        #expect(parsed.answersPath == "a.yaml")

        // A control character makes the file version 2, where it is written \u{1B}.
        let escape = TranscriptRecorder(formPath: "f.yaml", sets: [SetAnswer(name: "note", value: "a\u{1B}b")])
        #expect(escape.lines.first == "#! formline-session 2")
        #expect(try TranscriptParser.parse(escape.text).sets == [SetAnswer(name: "note", value: "a\u{1B}b")])
    }

    @Test("a transcript has one #! answers: line, and #! set: needs NAME=VALUE")
    func directiveMistakes() {
        let twice = "#! formline-session 1\n#! form: f.yaml\n#! answers: a.yaml\n#! answers: b.yaml\n"
        #expect(throws: TranscriptError(file: "t", line: 4, message: "a second #! answers: line")) {
            try TranscriptParser.parse(twice, file: "t")
        }
        let bad = "#! formline-session 1\n#! form: f.yaml\n#! set: =3\n"
        #expect(throws: TranscriptError(file: "t", line: 3, message: "#! set: needs NAME=VALUE")) {
            try TranscriptParser.parse(bad, file: "t")
        }
    }
}
