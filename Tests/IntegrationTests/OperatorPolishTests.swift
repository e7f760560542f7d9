import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 22 through the real binary: `formline check`, the command line, small wizard wording,
/// review numbers that do not shift.
@Suite("operator polish (issue 22)", .serialized)
struct OperatorPolishTests {
    /// Writes `text` as a form file in the runner's home and returns its path.
    private func form(_ runner: BinaryRunner, _ name: String, _ text: String) throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: Item 4: formline check

    @Test("a check missing message still reports the unknown field it names")
    func checkMissingMessageAndUnknownField() throws {
        let runner = try BinaryRunner()
        let path = try form(runner, "c.yaml", "id: x\nfields:\n  - name: a\nchecks:\n  - differ: [a, b]\n    field: a\n")
        let r = try runner.run(["check", path], input: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(path):5:5: missing \"message\""), "\(r.stderr)")
        #expect(r.stderr.contains("\(path):5:17: check names unknown field \"b\""), "\(r.stderr)")
    }

    @Test("a reject rule missing message still reports the unknown field it names")
    func rejectMissingMessageAndUnknownField() throws {
        let runner = try BinaryRunner()
        let path = try form(runner, "r.yaml", "id: x\nfields:\n  - name: a\nfake:\n  reject:\n    - when: {field: b, equals: x}\n")
        let r = try runner.run(["check", path], input: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("missing \"message\""), "\(r.stderr)")
        #expect(r.stderr.contains("condition names unknown field \"b\""), "\(r.stderr)")
    }

    @Test("a reject rule whose values break the field's own rules is a warning")
    func rejectRuleThatCanNeverFire() throws {
        let runner = try BinaryRunner()
        let path = try form(runner, "w.yaml", """
            id: x
            fields:
              - name: title
                min_length: 5
            fake:
              reject:
                - when: { field: title, in: [test, TEST] }
                  message: Not a test.
            """)
        let r = try runner.run(["check", path], input: [])
        #expect(r.status == 0, "a warning alone does not fail the check")
        #expect(r.stderr == "\(path):7:13: warning: this reject rule can never fire: \"test\" and \"TEST\" break title's own rules (At least 5 characters), so the form never sends them\n")
        #expect(r.stdout == "\(path): ok (x, 1 field)\n")
    }

    @Test("the shipped forms check without warnings (incident-report's reject rule can fire)")
    func shippedFormsHaveNoWarnings() throws {
        let runner = try BinaryRunner()
        let forms = try FileManager.default.contentsOfDirectory(atPath: BinaryRunner.root.appendingPathComponent("Forms").path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "Forms/" + $0 }
        let r = try runner.run(["check"] + forms, input: [])
        #expect(r.status == 0)
        #expect(!r.stderr.contains("can never fire"), "\(r.stderr)")
        let fired = try runner.run(["fill", "Forms/incident-report.yaml"], lines: [
            "testing", "smoke", ".", "2024-03-01", "2024-03-02", "low", "", "",
        ])
        // The rule fires (the fake answers 422). The fake answers in DRF's shape while this form
        // declares `errors: problem`: a body outside the declared shape is read as `auto` would
        // read it (issue 28 item 3), so it is a rejection with the message on its field.
        #expect(fired.stdout.contains("Submitting... rejected (422)\n  1 Title           testing\n    ! Describe the incident, not a test.\n"), "\(fired.stdout)")
        #expect(!fired.stdout.contains(" interrupted"), "a transport failure is not an interruption")
    }

    @Test("a backslash escape in a double-quoted pattern says to use single quotes")
    func doubleQuotedPatternEscape() throws {
        let runner = try BinaryRunner()
        let path = try form(runner, "p.yaml", "id: x\nfields:\n  - name: a\n    pattern: \"^\\d+$\"\n")
        let r = try runner.run(["check", path], input: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(path):4:16: invalid YAML: found unknown escape character"), "\(r.stderr)")
        #expect(r.stderr.contains("write a pattern in single quotes, like '^\\d+$'"), "\(r.stderr)")
    }

    // MARK: Item 6: the command line

    @Test("--version prints the one version string, which --help shows too")
    func version() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["--version"], input: [])
        #expect(r.status == 0)
        let version = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(r.stdout)")
        let help = try runner.run(["--help"], input: [])
        #expect(help.stdout.contains("(version \(version))"), "\(help.stdout)")
        #expect(help.stdout.contains("--version"))
        #expect(help.stdout.contains("--generate-completion-script"))
    }

    @Test("a mistyped subcommand gets the nearest one")
    func subcommandSuggestion() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fil", "Forms/signup.yaml"], input: [])
        #expect(r.status == 2)
        #expect(r.stderr == "formline: unknown command \"fil\" (did you mean \"fill\"?)\n")
        let far = try runner.run(["frobnicate"], input: [])
        #expect(far.status == 2)
        #expect(far.stderr == "formline: unknown command \"frobnicate\": use fill, check, replay, drafts, explain, template, operations, import, outbox or batch (formline --help)\n")
    }

    @Test("--timeout -1 says what is wrong, not that the value is missing", arguments: [["--timeout", "-1"], ["--timeout=-1"]])
    func negativeTimeout(_ option: [String]) throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml"] + option, input: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--timeout must be between 0.001 and 3600 seconds"), "\(r.stderr)")
        #expect(!r.stderr.contains("Missing value"))
    }

    /// One rule for every command's --timeout: batch and outbox once refused 0.05 and 700 while
    /// their message named fill's bounds (0.001 to 3600).
    @Test("every command takes --timeout within the bounds its message names",
          arguments: [["batch", "Forms/signup.yaml", "-"], ["outbox", "send"], ["outbox", "repair"]])
    func timeoutBoundsAreTheSameEverywhere(_ command: [String]) throws {
        let runner = try BinaryRunner()
        let refused = try runner.run(command + ["--timeout", "0"], input: [])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--timeout must be between 0.001 and 3600 seconds"), "\(refused.stderr)")
        // An empty input, an empty outbox: each command runs to its end and says so.
        for taken in ["0.05", "700"] {
            let r = try runner.run(command + ["--timeout", taken] + (command[0] == "batch" ? ["--dry-run"] : []), input: [])
            #expect(r.status == 0, "\(taken): \(r.stderr)")
            #expect(!r.stderr.contains("--timeout must be"), "\(taken): \(r.stderr)")
        }
    }

    @Test("a usage error comes before (and without) the draft notice")
    func usageErrorBeforeDraftNotice() throws {
        let runner = try BinaryRunner()
        let first = try runner.run(["fill", "Forms/signup.yaml"], lines: ["bob_smith"])
        #expect(first.status == 4)
        let r = try runner.run(["fill", "Forms/signup.yaml", "--endpoint", "ftp://127.0.0.1/"], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("formline: --endpoint:"), "\(r.stderr)")
        #expect(!r.stdout.contains("A draft of this form exists"), "\(r.stdout)")
        let normal = try runner.run(["fill", "Forms/signup.yaml"], lines: [])
        #expect(normal.stdout.hasPrefix("A draft of this form exists"), "the notice still shows on a run that starts")
    }

    @Test("docs/cli.md documents shell completion")
    func completionDocumented() throws {
        let page = try String(contentsOf: BinaryRunner.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        #expect(page.contains("formline --generate-completion-script bash"))
        let runner = try BinaryRunner()
        let r = try runner.run(["--generate-completion-script", "bash"], input: [])
        #expect(r.status == 0)
        #expect(r.stdout.contains("fill"))
    }

    @Test("the demo server's address in use is one sentence that says what to do")
    func demoServerAddressInUse() throws {
        let listener = try TCPListener()
        let runner = try BinaryRunner()
        let r = try runner.run(["--port", String(listener.port)], input: [], product: "formline-demo-server", timeout: 20)
        #expect(r.status == 1)
        #expect(r.stderr == "formline-demo-server: 127.0.0.1 port \(listener.port) is already in use: stop the other server, "
            + "or choose another port with --port (--port 0 picks a free one).\n")
    }

    // MARK: Item 7: small things

    @Test(".cancel at the first prompt says Cancelled.")
    func cancelAtFirstPrompt() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml"], lines: [".cancel"])
        #expect(r.status == 1)
        #expect(r.stdout == "Create an account  (5 fields; ? for help)\nUsername: .cancel\nCancelled.\n")
    }

    @Test("a yes/no default shows as [yes], and numeric choice names are not listed as 1 1  2 2")
    func booleanDefaultAndNumericChoices() throws {
        let runner = try BinaryRunner()
        let path = try form(runner, "b.yaml", """
            id: b
            fields:
              - name: ok
                label: Confirmed
                type: boolean
                default: true
              - name: rack
                label: Rack
                type: choice
                choices: ["1", "2", "10"]
            """)
        let r = try runner.run(["fill", path, "--output", "json"], lines: ["", "3", ""])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("Confirmed (y/n) [yes]: "), "\(r.stderr)")
        #expect(!r.stderr.contains("[true]"))
        #expect(r.stderr.contains("  1) \"1\"  2) \"2\"  3) \"10\"\n"), "\(r.stderr)")
        #expect(r.stdout.contains(#""rack":"10""#), "\(r.stdout)")
    }

    @Test("the email error says what is wrong when it can", arguments: [
        ("bob@example", "Enter a valid email address: the part after @ needs a dot, like example.com"),
        ("bob@@example.com", "Enter a valid email address: an address has one @, not 2"),
        ("bob @example.com", "Enter a valid email address: an address has no spaces"),
        ("@example.com", "Enter a valid email address: a name is needed before the @"),
        ("bob", "Enter a valid email address"),
    ])
    func emailErrors(_ typed: String, _ message: String) throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], lines: ["bob_smith", typed])
        #expect(r.stdout.contains("Email: \(typed)\n  ! \(message)\nEmail: "), "\(r.stdout)")
    }

    @Test("docs stand alone: no page cites a file users do not have")
    func docsStandAlone() throws {
        let root = BinaryRunner.root
        let pages = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 } + ["README.md"]
        for page in pages {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            #expect(!text.contains("design.md"), "\(page) cites design.md")
            #expect(!text.contains("../shared"), "\(page) cites ../shared")
        }
    }

    @Test("every relative link in README.md and docs/*.md resolves (Scripts/check-links.py)")
    func docsLinksResolve() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "Scripts/check-links.py"]
        process.currentDirectoryURL = BinaryRunner.root
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let broken = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && broken.isEmpty, "broken links:\n\(broken)")
    }

    @Test("Ctrl-C during Submitting... ends that line before the draft notice")
    func interruptWhileSubmitting() throws {
        let listener = try TCPListener()  // accepts connections, never answers
        let runner = try BinaryRunner()
        var started = try runner.start(
            ["fill", "Forms/signup.yaml", "--endpoint", "http://127.0.0.1:\(listener.port)/", "--timeout", "30",
             // The listener never answers, so the username check would wait out its own
             // timeout first: this test is about the submission.
             "--no-checks"],
            input: "bob_smith\nbob@example.com\nhunter2hunter2\n42\nden\n\n", until: "Submitting...")
        usleep(200_000)
        _ = signalAndWait(started.process, SIGINT)
        started.finish()
        #expect(started.process.terminationStatus == 130)
        #expect(started.text.contains("Submitting... interrupted\nDraft saved:"), "\(started.text)")
    }

    @Test("date, time and datetime default to today / now in the operator's time zone; the recording replays")
    func clockDefaults() throws {
        let runner = try BinaryRunner()
        let path = try form(runner, "clock.yaml", """
            id: clocked
            fields:
              - { name: day, label: Day, type: date, default: today }
              - { name: at, label: At, type: time, default: now }
              - { name: stamp, label: Stamp, type: datetime, default: now }
            """)
        let session = runner.home.appendingPathComponent("clock.session").path
        // A POSIX TZ needs no zone database: five hours 45 minutes east of UTC.
        let r = try runner.run(["fill", path, "--record", session, "--output", "json"], lines: ["", "", "", ""],
                               environment: ["TZ": "NPT-05:45"])
        #expect(r.status == 0, "\(r.stderr)")
        let recording = try String(contentsOfFile: session, encoding: .utf8)
        let clock = recording.split(separator: "\n").first { $0.hasPrefix("#! clock: ") }.map { String($0.dropFirst(10)) } ?? ""
        #expect(clock.hasSuffix("+05:45"), "\(recording)")
        let day = String(clock.prefix(10)), time = String(clock.dropFirst(11).prefix(5))
        #expect(r.stderr.contains("Day (YYYY-MM-DD) [\(day)]: "), "\(r.stderr)")
        #expect(r.stdout.contains(#""at":"\#(time)""#) && r.stdout.contains(#""day":"\#(day)""#), "\(r.stdout)")
        #expect(r.stdout.contains(#""stamp":"\#(day)T\#(time):00+05:45""#), "\(r.stdout)")
        // The replay takes the recorded moment, whenever it runs.
        let replay = try runner.run(["replay", "--allow-outside", session], input: [])
        #expect(replay.status == 0, "\(replay.stdout)")

        // A transcript without `#! clock:` replays with a fixed moment, 2000-01-01T00:00:00+00:00.
        _ = try form(runner, "day.yaml", "id: d\nfields:\n  - { name: day, label: Day, type: date, default: today }\n")
        let fixed = runner.home.appendingPathComponent("day.session").path
        try """
            #! formline-session 1
            #! form: day.yaml
            d  (1 field; ? for help)
            Day (YYYY-MM-DD) [2000-01-01]:
            >
            Review
              1 Day  2000-01-01
            Submit? (Enter = submit, number = edit, .cancel):
            >
            => POST / {"day":"2000-01-01"}
            <= 201 application/json {"id":1}
            Submitting... accepted (201) id=1
            #! exit 0

            """.write(toFile: fixed, atomically: true, encoding: .utf8)
        let fixedReplay = try runner.run(["replay", "--allow-outside", fixed], input: [])
        #expect(fixedReplay.status == 0, "\(fixedReplay.stdout)")

        let wrong = try form(runner, "wrong.yaml", "id: w\nfields:\n  - name: d\n    type: date\n    default: now\n")
        let check = try runner.run(["check", wrong], input: [])
        #expect(check.status == 2)
        #expect(check.stderr == "\(wrong):5:14: a date field defaults to \"today\", not \"now\"\n")
    }

    // MARK: Item 8: review numbers

    @Test("review numbers follow the form's order: a hidden field keeps its number, and 8 is the same field in every run")
    func reviewNumbersDoNotShift() throws {
        let runner = try BinaryRunner()
        // Severity low hides fields 6 and 7; the dashboard link stays number 8.
        // "6" (a hidden field's number) is refused at the review: --keep-asking types on past it.
        let r = try runner.run(["fill", "Forms/incident-report.yaml", "--keep-asking"], lines: [
            "Printer fire", "smoke", ".", "2024-03-01", "2024-03-02", "low", "", "8", "http://x.example", "6", "",
        ])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("  5 Severity        low\n  8 Dashboard link  -\nSubmit?"), "\(r.stdout)")
        #expect(r.stdout.contains("Submit? (Enter = submit, number = edit, .cancel): 8\nDashboard link (optional): http://x.example\n"))
        #expect(r.stdout.contains("  ! Field 6 (On-call paged) is not asked in this run; press Enter to submit\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  8 Dashboard link  http://x.example\n"))
    }
}

/// A TCP socket listening on 127.0.0.1 (a free port). Alone it never accepts: connections complete
/// in the kernel's backlog and then hear nothing; `OneShotServer` and `RawRequestServer` accept
/// from it. Closed when released.
final class TCPListener {
    let fd: Int32
    let port: Int

    init() throws {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw ListenerError() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socketFD, 16) == 0 else {
            close(socketFD)
            throw ListenerError()
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        fd = socketFD
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }

    struct ListenerError: Error {}
}
