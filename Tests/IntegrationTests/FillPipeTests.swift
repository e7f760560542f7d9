import Foundation
import Testing

/// `formline fill` end to end through pipes: the plain reader, the fake transport, drafts, exits.
@Suite("fill through a pipe", .serialized)
struct FillPipeTests {
    let signupLines = ["ad", "bob_smith", "bob@example.com", "hunter2hunter2", "42", "den", ""]

    @Test("the signup round trip: admin is taken, only the username is re-asked, the resubmit is accepted")
    func roundTrip() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"],
                               lines: ["admin", "admin@example.com", "hunter2hunter2", "", "", "", "admin2", ""])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Submitting... rejected (422)\n  1 Username  admin\n    ! This username is already taken.\nUsername [admin]: admin2\nReview"))
        #expect(r.stdout.hasSuffix("Submitting... accepted (201) id=1\n"))
        #expect(r.stdout.components(separatedBy: "Email:").count == 2, "only the failed field is asked again")
        #expect(!r.stdout.contains("hunter2hunter2"), "a secret is never echoed")
        #expect(!r.stdout.contains("\u{1B}"), "no escape sequences without a terminal")
    }

    @Test("LF, CRLF and a bare CR give the same payload")
    func lineEndings() throws {
        let runner = try BinaryRunner()
        var payloads: [String] = []
        for separator in ["\n", "\r\n", "\r"] {
            let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking", "--output", "json"], lines: signupLines, separator: separator)
            #expect(r.status == 0, "\(separator.debugDescription): \(r.stderr)")
            payloads.append(r.stdout)
        }
        #expect(payloads[0] == #"{"ending":"accepted","exit":0,"payload":{"age":42,"country":"Denmark","email":"bob@example.com","password":"[secret]","username":"bob_smith"},"response":{"id":1},"status":201}"# + "\n")
        #expect(Set(payloads).count == 1)
    }

    @Test("a command line argument-parser reads (not the quick reader) runs the same session")
    func argumentParserPath() throws {
        // QuickFillArguments declines `--` and repeated flags; the session must not notice.
        let runner = try BinaryRunner()
        var outputs: [String] = []
        for arguments in [["fill", "Forms/signup.yaml", "--keep-asking", "--output", "json"],
                          ["fill", "--keep-asking", "--output", "json", "--plain", "--plain", "--", "Forms/signup.yaml"]] {
            let r = try runner.run(arguments, lines: signupLines)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            outputs.append(r.stdout + r.stderr)
        }
        #expect(outputs[0].contains(#""status":201"#))
        #expect(outputs[0] == outputs[1])
    }

    @Test("CR and LF arriving in separate reads still end one line")
    func splitCRLF() throws {
        // The line splitter is fed byte by byte in FormTerminalTests; here a CR at the very end of
        // a pipe write and the LF at the start of the next make no empty line either.
        let runner = try BinaryRunner()
        let text = signupLines.map { $0 + "\r\n" }.joined()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], input: Array(text.utf8))
        #expect(r.status == 0)
        #expect(!r.stdout.contains("! Required"))
    }

    @Test("--output json writes prompts to stderr and only the result to stdout")
    func jsonOutput() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking", "--output", "json"], lines: signupLines)
        #expect(r.status == 0)
        #expect(r.stderr.contains("Username: ad\n  ! At least 3 characters\n"))
        let object = try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any]
        #expect(object?["status"] as? Int == 201)
        #expect(r.stdout.filter { $0 == "\n" }.count == 1)
    }

    @Test("EOF mid-form exits 4 with a draft (0600, no secret); --resume completes it")
    func eofAndResume() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], lines: ["bob_smith", "bob@example.com", "hunter2hunter2"])
        #expect(r.status == 4)
        let draftPath = runner.draftPath("signup")
        let draft = try String(contentsOfFile: draftPath, encoding: .utf8)
        #expect(draft.contains(#""username":"bob_smith""#))
        #expect(!draft.contains("hunter2"))
        let mode = try FileManager.default.attributesOfItem(atPath: draftPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let again = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], lines: [])
        #expect(again.status == 4)
        #expect(again.stdout.contains("A draft of this form exists"))
        #expect(FileManager.default.fileExists(atPath: draftPath), "a run without --resume keeps the draft")

        let other = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], lines: signupLines)
        #expect(other.status == 0)
        #expect(FileManager.default.fileExists(atPath: draftPath), "a run that never resumed the draft leaves it alone")

        let resumed = try runner.run(["fill", "Forms/signup.yaml", "--resume"], lines: ["hunter2hunter2", "", "", ""])
        #expect(resumed.status == 0, "\(resumed.stdout)\(resumed.stderr)")
        #expect(resumed.stdout.contains("Resuming a saved draft: 2 answers kept."))
        #expect(resumed.stdout.contains("  1 Username  bob_smith"))
        #expect(!FileManager.default.fileExists(atPath: draftPath), "a successful submit deletes the draft")
    }

    @Test(".cancel exits 1; --resume without a draft is a usage error (2)")
    func cancelAndNoDraft() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], lines: ["bob", ".cancel"])
        #expect(r.status == 1)
        let draftFile = runner.home.appendingPathComponent("mine.json").path
        let none = try runner.run(["fill", "Forms/signup.yaml", "--resume", "--draft", draftFile], lines: [])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no draft to resume"))
        let both = try runner.run(["fill", "Forms/signup.yaml", "--resume", "--record", "x.session"], lines: [])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--record can't be combined with --resume"))
        let login = runner.home.appendingPathComponent("login.json").path
        try Data(#"{"version":1,"form":"login","form_sha256":"","saved_at":"","values":{}}"#.utf8).write(to: URL(fileURLWithPath: login))
        let wrongForm = try runner.run(["fill", "Forms/signup.yaml", "--resume", "--draft", login], lines: [])
        #expect(wrongForm.status == 2)
        #expect(wrongForm.stderr.contains(#"is a draft of form "login", not "signup""#))
    }

    @Test("usage and form errors exit 2 with a clear message")
    func usageErrors() throws {
        let runner = try BinaryRunner()
        let missing = try runner.run(["fill", "Forms/nope.yaml"], lines: [])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Forms/nope.yaml"))
        let badFlag = try runner.run(["fill", "Forms/signup.yaml", "--output", "xml"], lines: [])
        #expect(badFlag.status == 2)
        let badHeader = try runner.run(["fill", "Forms/signup.yaml", "--header", "Authorization Bearer sekrit"], lines: [])
        #expect(badHeader.status == 2)
        #expect(!badHeader.stderr.contains("sekrit"), "a malformed header may hold a secret: never echoed")
    }

    @Test("hostile bytes never crash and never submit")
    func hostileInput() throws {
        let runner = try BinaryRunner()
        var inputs: [[UInt8]] = [
            [0xFF, 0xFE, 0x0A, 0xC3, 0x28, 0x0A],
            Array(repeating: 0x41, count: 70_000) + [0x0A],
            [0x00, 0x01, 0x1B, 0x5B, 0x41, 0x0A, 0x7F, 0x0A],
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3 {
            inputs.append((0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        for input in inputs {
            let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], input: input)
            #expect(r.status == 4, "input ends before the form is complete: \(r.stderr)")
            #expect(!r.stdout.contains("Submitting"))
            #expect(r.stderr.isEmpty, "no crash, no stack trace: \(r.stderr)")
        }
        let invalid = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], input: [0xC3, 0x28, 0x0A])
        #expect(invalid.stdout.contains("  ! The line is not valid UTF-8 text\nUsername:"))
        let long = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], input: Array(repeating: 0x41, count: 70_000) + [0x0A])
        #expect(long.stdout.contains("  ! The line is too long (over 64 KiB)\nUsername:"))
    }
}
