import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 12's rest through the real binary: `--record` of an answers run at a terminal and its
/// replay, the JSON document of a usage error, and `--no-input`'s failed cross-field checks.
@Suite("recorded answers runs, JSON usage errors, --no-input checks", .serialized)
struct AnswersRecordingTests {
    let runner: BinaryRunner

    init() throws { runner = try BinaryRunner() }

    func file(_ name: String, _ text: String, mode: mode_t = 0o600) throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return path
    }

    @Test("a terminal run with --answers and --set records #! answers: (relative to the transcript) and #! set:, never a secret, and replays")
    func recordAtATerminal() throws {
        let home = runner.home.path
        // The secret is in the answers file (mode 600): the transcript names the file, never its content.
        let answers = try file("answers/a.yaml", "username: bob_smith\npassword: Zebra-Secret-99\nage: 12\n")
        try FileManager.default.createDirectory(atPath: home + "/rec", withIntermediateDirectories: true)
        let recording = home + "/rec/a.session"
        let form = BinaryRunner.root.path + "/Forms/signup.yaml"
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", form, "--plain", "--answers", answers, "--set", "country=Swe", "--record", recording],
            environment: PseudoTerminal.environment(home: home), directory: home)
        try pty.expect("4 answers given (1 refused); asking the 2 still missing or refused.")
        try pty.expect("Email: ")
        pty.send("bob@example.com\r")
        // Named as the transcript names it, so the replay shows the same line from any folder.
        try pty.expect("The answer from ../answers/a.yaml:3 ('12') was refused")
        try pty.expect("Age (optional, 13-120): ")
        pty.send("\u{15}42\r")
        try pty.expect("Submit?")
        pty.send("\r")
        try pty.expect("accepted (201)")
        #expect(try pty.waitForExit() == .code(0))

        let text = String(decoding: PseudoTerminal.readFile(recording) ?? [], as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("#! answers: ../answers/a.yaml"))
        #expect(lines.contains("#! set: country=Swe"))
        #expect(!text.contains("Zebra-Secret-99"))
        #expect(text.contains(#""password":"[password]""#))
        #expect(!lines.contains { $0.hasPrefix("Password:") }, "a secret from the answers file is not asked")

        // Replayed in-process from the folder above, with the file where the directive says.
        let replay = try runner.shell(#"cd "$1" && "$FORMLINE" replay rec/a.session --allow-outside"#, arguments: [home], lines: [])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("PASS rec/a.session"))
    }

    @Test("formline replay refuses #! answers: outside the folder it runs from, unless --allow-outside")
    func replayRefusesAnswersOutside() throws {
        let home = runner.home.path
        let session = String(decoding: PseudoTerminal.readFile(BinaryRunner.root.path + "/Tests/Sessions/signup-answers.session") ?? [], as: UTF8.self)
            .replacingOccurrences(of: "#! form: ../../Forms/signup.yaml", with: "#! form: signup.yaml")
            .replacingOccurrences(of: "signup-answers.yaml", with: "../outside-ans.yaml")
        _ = try file("outside-ans.yaml", "username: bob_smith\nage: 12\ncountry: den\n", mode: 0o644)
        _ = try file("proj/t.session", session, mode: 0o644)
        _ = try file("proj/signup.yaml", String(decoding: PseudoTerminal.readFile(BinaryRunner.root.path + "/Forms/signup.yaml") ?? [], as: UTF8.self), mode: 0o644)

        let refused = try runner.shell(#"cd "$1/proj" && "$FORMLINE" replay t.session"#, arguments: [home], lines: [])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("FAIL t.session: #! answers: ../outside-ans.yaml: outside "))
        #expect(refused.stdout.contains("the file was not read"))
        let allowed = try runner.shell(#"cd "$1/proj" && "$FORMLINE" replay --allow-outside t.session"#, arguments: [home], lines: [])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.contains("PASS t.session"))
    }

    @Test("--record refuses runs that ask nothing: --no-input, or answers without a terminal")
    func recordNeedsATerminal() throws {
        let answers = try file("a.yaml", "username: bob_smith\n")
        let noInput = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input", "--record", runner.home.path + "/x.session"], lines: [])
        #expect(noInput.status == 2)
        #expect(noInput.stderr.contains("--record can't be combined with --no-input"))
        let pipe = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--record", runner.home.path + "/y.session"], lines: [])
        #expect(pipe.status == 2)
        #expect(pipe.stderr.contains("without a terminal"))
        #expect(!FileManager.default.fileExists(atPath: runner.home.path + "/y.session"))
        let secret = try runner.run(["fill", "Forms/signup.yaml", "--secret", "password=env:PW", "--record", runner.home.path + "/z.session"], lines: [])
        #expect(secret.status == 2)
        #expect(secret.stderr.contains("--record can't be combined with --secret: a transcript never holds a secret"))
    }

    /// The one JSON document of a usage error, parsed.
    private func usageDocument(_ r: BinaryRunner.Result) throws -> [String: Any] {
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 1, "exactly one document: \(r.stdout)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let document = try #require(object)
        #expect(document["ending"] as? String == "usage")
        #expect(document["exit"] as? Int == 2)
        return document
    }

    private func messages(_ document: [String: Any]) -> [String] {
        (document["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    }

    @Test("every usage error under --output json prints the one JSON document (exit 2)")
    func usageErrorsAsJSON() throws {
        let badSet = try runner.run(["fill", "Forms/signup.yaml", "--set", "age", "--output", "json"], lines: [])
        #expect(badSet.status == 2)
        #expect(badSet.stderr.contains("--set must look like name=value"), "the text message stays on stderr")
        #expect(messages(try usageDocument(badSet)).contains { $0.contains("--set must look like name=value") })

        let missingAnswers = try runner.run(["fill", "Forms/signup.yaml", "--answers", runner.home.path + "/nope.yaml", "--output=json"], lines: [])
        #expect(missingAnswers.status == 2)
        #expect(messages(try usageDocument(missingAnswers)).contains { $0.hasPrefix("--answers: \(runner.home.path)/nope.yaml: ") })

        let notAnswers = try file("list.yaml", "- a\n- b\n")
        let list = try runner.run(["fill", "Forms/signup.yaml", "--answers", notAnswers, "--no-input", "--output", "json"], lines: [])
        #expect(list.status == 2)
        #expect(messages(try usageDocument(list)).contains { $0.contains("the answers must be a mapping") })

        let form = try runner.run(["fill", runner.home.path + "/missing-form.yaml", "--output", "json"], lines: [])
        #expect(form.status == 2)
        #expect(messages(try usageDocument(form)).contains { $0.contains("missing-form.yaml") })

        let draft = try runner.run(["fill", "Forms/signup.yaml", "--draft", "/dev/null", "--output", "json"], lines: [])
        #expect(draft.status == 2)
        #expect(messages(try usageDocument(draft)).contains { $0.hasPrefix("--draft /dev/null: cannot keep the draft there") })

        // argument-parser's own errors are intercepted too.
        let unknown = try runner.run(["fill", "Forms/signup.yaml", "--frobnicate", "--output", "json"], lines: [])
        #expect(unknown.status == 2)
        #expect(messages(try usageDocument(unknown)).contains { $0.contains("--frobnicate") })

        // Without --output json a usage error prints no JSON.
        let text = try runner.run(["fill", "Forms/signup.yaml", "--set", "age"], lines: [])
        #expect(text.status == 2)
        #expect(text.stdout.isEmpty)
    }

    @Test("--no-input: a failed cross-field check is ORIGIN: field: message on stderr, pointing at the answer of the check's first field")
    func checksPointIntoTheAnswersFile() throws {
        let answers = try file("c.yaml", "username: bob_smith\nemail: bob@example.com\npassword: bob_smith\nage: 42\n")
        let r = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input"], lines: [])
        #expect(r.status == 5, "\(r.stdout)\(r.stderr)")
        // With the other answer problems, on stderr: stdout gets nothing (it is found before the run).
        #expect(r.stderr.split(separator: "\n").contains("\(answers):3: password: Password can't be the same as username"))
        #expect(r.stdout.isEmpty, "\(r.stdout)")

        let json = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input", "--output", "json"], lines: [])
        #expect(json.status == 5)
        #expect(json.stdout == #"{"ending":"refused","errors":[{"field":"password","message":"Password can't be the same as username","origin":"\#(answers):3"}],"exit":5}"# + "\n")
        #expect(json.stderr.contains("\(answers):3: password: Password can't be the same as username\n"))

        // A check between two defaults has no answer to point at: `field: message`.
        let form = try file("defaults.yaml", """
            id: defaults
            fields:
              - { name: opens, label: Opens, type: integer, default: "9" }
              - { name: closes, label: Closes, type: integer, default: "8" }
            checks:
              - before: [opens, closes]
                field: closes
                message: Closing comes after opening
            submit: { path: /api/x }
            """)
        let defaults = try runner.run(["fill", form, "--no-input"], lines: [])
        #expect(defaults.status == 5, "\(defaults.stdout)\(defaults.stderr)")
        #expect(defaults.stderr.split(separator: "\n").contains("closes: Closing comes after opening"))
        #expect(defaults.stdout.isEmpty, "\(defaults.stdout)")
        // An answer for the second field only: that is where it points.
        let second = try runner.run(["fill", form, "--set", "closes=7", "--no-input"], lines: [])
        #expect(second.status == 5)
        #expect(second.stderr.split(separator: "\n").contains("--set closes: closes: Closing comes after opening"))
    }
}
