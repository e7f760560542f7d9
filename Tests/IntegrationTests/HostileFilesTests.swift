import Foundation
import Testing

/// Issue 18 items 4, 5, 7, 9, 11 and 12, and issue 22 item 5, through the real binary: writes
/// that cannot be redirected, drafts that lose nothing, file size caps, a closed stdin, replay
/// confined to its folder, file modes kept.
@Suite("hostile files and paths", .serialized)
struct HostileFilesTests {
    let fm = FileManager.default

    /// A form of numbers that a Double would change, plus a text field left for the resume.
    static let numbersForm = """
        id: numbers
        title: Numbers
        fields:
          - name: big
            type: integer
          - name: precise
            type: decimal
          - name: price
            type: decimal
          - name: note
            type: text

        """

    private func mode(_ path: String) throws -> Int {
        (try fm.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    private func isSymlink(_ path: String) -> Bool {
        (try? fm.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }

    // MARK: - Item 4: writes cannot be redirected

    /// Drafts are claimed with an exclusive create (docs/drafts.md): a name already taken, by a
    /// planted link too, is skipped, never followed; the run keeps its draft under the next number.
    @Test("a symlink planted at the draft's path is not followed: the draft goes to the next number, the victim untouched, no temp file left")
    func plantedDraftSymlinkIsNotFollowed() throws {
        let runner = try BinaryRunner()
        let drafts = runner.stateHome + "/formline/drafts"
        try fm.createDirectory(atPath: drafts, withIntermediateDirectories: true)
        let victim = runner.home.path + "/victim.txt"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        try fm.createSymbolicLink(atPath: drafts + "/signup.json", withDestinationPath: victim)
        let r = try runner.run(["fill", "Forms/signup.yaml"], lines: ["bob_smith"])
        #expect(r.status == 4, "\(r.stderr)")
        #expect(r.stdout.contains("\(drafts)/signup+2.json"), "\(r.stdout)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(isSymlink(drafts + "/signup.json"))
        #expect(try String(contentsOfFile: drafts + "/signup+2.json", encoding: .utf8).contains("bob_smith"))
        #expect(try fm.contentsOfDirectory(atPath: drafts).sorted() == ["signup+2.json", "signup.json"], "no temporary file outlives the run")
    }

    @Test("--draft naming a symlink, a FIFO or /dev/null is refused at start-up, nothing written")
    func draftOnNonRegularFileRefused() throws {
        let runner = try BinaryRunner()
        let victim = runner.home.path + "/victim.txt"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let link = runner.home.path + "/link.json"
        try fm.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let fifo = runner.home.path + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(link, "a symbolic link"), (fifo, "a FIFO"), ("/dev/null", "a character device")] {
            let r = try runner.run(["fill", "Forms/signup.yaml", "--draft", path], lines: ["bob_smith"])
            #expect(r.status == 2, "\(path): \(r.stderr)")
            #expect(r.stderr.hasPrefix("formline: --draft \(path): cannot keep the draft there: not a regular file (\(kind))"))
            #expect(r.stderr.contains("leave --draft out"))
            #expect(r.stdout.isEmpty, "refused before the first prompt")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(isSymlink(link))
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("--record onto a symlink to /proc/self/fd/1 and --record - are refused at start-up")
    func recordOnSymlinkOrDashRefused() throws {
        let runner = try BinaryRunner()
        let link = runner.home.path + "/out.session"
        try fm.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
        let r = try runner.run(["fill", "Forms/signup.yaml", "--record", link], lines: ["bob_smith"])
        #expect(r.status == 2)
        #expect(r.stderr == "formline: --record \(link): cannot write the recording there: not a regular file (a symbolic link)\n")
        #expect(isSymlink(link))
        let dash = try runner.run(["fill", "Forms/signup.yaml", "--record", "-"], lines: ["bob_smith"])
        #expect(dash.status == 2)
        #expect(dash.stderr.contains("--record -: a recording is written to a file, never to standard output"))
        #expect(!fm.fileExists(atPath: BinaryRunner.root.path + "/-"))
    }

    @Test("--record and --draft in a missing folder are refused at start-up and the folder is not created")
    func missingFolderNotCreated() throws {
        let runner = try BinaryRunner()
        let missing = "/tmp/formline-missing-\(UUID().uuidString)"
        let record = try runner.run(["fill", "Forms/signup.yaml", "--record", missing + "/a.session"], lines: ["bob_smith"])
        #expect(record.status == 2)
        #expect(record.stderr == "formline: --record \(missing)/a.session: cannot write the recording there: the folder \(missing) does not exist\n")
        let draft = try runner.run(["fill", "Forms/signup.yaml", "--draft", missing + "/d.json"], lines: ["bob_smith"])
        #expect(draft.status == 2)
        #expect(draft.stderr.contains("--draft \(missing)/d.json: cannot keep the draft there: the folder \(missing) does not exist"))
        #expect(!fm.fileExists(atPath: missing))
    }

    @Test("a draft that cannot be saved is one line naming the path and the reason, and exit 6")
    func draftSaveFailureExits6() throws {
        let runner = try BinaryRunner()
        let notAFolder = runner.home.path + "/plain-file"
        try "x".write(toFile: notAFolder, atomically: false, encoding: .utf8)
        let r = try runner.run(["fill", "Forms/signup.yaml"], input: Array("bob_smith\n".utf8),
                               environment: ["XDG_STATE_HOME": notAFolder])
        #expect(r.status == 6)
        #expect(r.stderr == "formline: \(notAFolder)/formline/drafts/signup.json: cannot save the draft: Not a directory\n")
        #expect(!r.stdout.contains("Draft saved"))
    }

    @Test("new drafts and recordings are 0600 and leave no temporary file beside them")
    func newFilesAre0600() throws {
        let runner = try BinaryRunner()
        let record = runner.home.path + "/s.session"
        let draft = runner.home.path + "/d.json"
        let r = try runner.run(["fill", "Forms/signup.yaml", "--record", record, "--draft", draft], lines: ["bob_smith"])
        #expect(r.status == 4, "\(r.stderr)")
        #expect(try mode(record) == 0o600)
        #expect(try mode(draft) == 0o600)
        #expect(try fm.contentsOfDirectory(atPath: runner.home.path).filter { $0 != "state" }.sorted() == ["d.json", "s.session"])
    }

    // MARK: - Item 5: drafts lose nothing

    @Test("numbers round-trip through a draft exactly as typed")
    func draftNumbersRoundTripExactly() throws {
        let runner = try BinaryRunner()
        let form = runner.home.path + "/numbers.yaml"
        try Self.numbersForm.write(toFile: form, atomically: false, encoding: .utf8)
        let first = try runner.run(["fill", form], lines: ["12345678901234567890123", "0.1000000000000000055511151231257827", "12.50"])
        #expect(first.status == 4)
        let saved = try String(contentsOfFile: runner.draftPath("numbers"), encoding: .utf8)
        #expect(saved.contains(#""big":12345678901234567890123,"precise":0.1000000000000000055511151231257827,"price":12.50"#))
        let resumed = try runner.run(["fill", form, "--resume", "--output", "json"], lines: ["hello", ""])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("3 answers kept"))
        #expect(resumed.stdout.contains(#""payload":{"big":12345678901234567890123,"note":"hello","precise":0.1000000000000000055511151231257827,"price":12.50}"#))
    }

    @Test("a --resume run that succeeds leaves a draft another run saved meanwhile")
    func resumeLeavesAnotherRunsDraft() throws {
        // One --draft file, so the other run's unfinished draft replaces the very file resumed.
        let runner = try BinaryRunner()
        let file = runner.home.path + "/shared.json"
        let first = try runner.run(["fill", "Forms/signup.yaml", "--draft", file], lines: ["bob_smith"])
        #expect(first.status == 4)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.product("formline"))
        process.arguments = ["fill", "Forms/signup.yaml", "--resume", "--draft", file]
        process.currentDirectoryURL = BinaryRunner.root
        process.environment = ["HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "TERM": "dumb"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The resumed run has read its draft once it asks for the email.
        var seen = Data()
        let deadline = Date().addingTimeInterval(20)
        while !String(decoding: seen, as: UTF8.self).contains("Email:") && Date() < deadline && process.isRunning {
            seen += stdout.fileHandleForReading.availableData
        }
        let other = try runner.run(["fill", "Forms/signup.yaml", "--draft", file], lines: ["carol_other"])
        #expect(other.status == 4)

        try? stdin.fileHandleForWriting.write(contentsOf: Data("bob@example.com\nhunter2hunter2\n42\nden\n\n".utf8))
        try? stdin.fileHandleForWriting.close()
        let waitUntil = Date().addingTimeInterval(20)
        while process.isRunning && Date() < waitUntil { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let left = try String(contentsOfFile: file, encoding: .utf8)
        #expect(left.contains(#""username":"carol_other""#), "the other run's draft is left alone")
    }

    // MARK: - Item 7: size bounds

    @Test("a draft over 8 MiB and a FIFO as the draft are refused with the reason, not read")
    func oversizedOrFIFODraftRefused() throws {
        let runner = try BinaryRunner()
        let big = runner.home.path + "/big.json"
        try Data(repeating: 0x20, count: (8 << 20) + 1).write(to: URL(fileURLWithPath: big))
        let r = try runner.run(["fill", "Forms/signup.yaml", "--resume", "--draft", big], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr == "formline: \(big): cannot read the draft: larger than 8 MiB\n")
        let fifo = runner.home.path + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let f = try runner.run(["fill", "Forms/signup.yaml", "--resume", "--draft", fifo], lines: [])
        #expect(f.status == 2)
        #expect(f.stderr.contains("not a regular file (a FIFO)"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("replay refuses a transcript over 8 MiB and a > line over the 64 KiB typed-line limit")
    func replayRefusesOversizedInput() throws {
        let runner = try BinaryRunner()
        let folder = BinaryRunner.root.path + "/.build/hostile-\(UUID().uuidString)"
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: folder) }
        let long = folder + "/long.session"
        let text = "#! formline-session 1\n#! form: ../../Forms/signup.yaml\nCreate an account  (5 fields; ? for help)\nUsername:\n> "
            + String(repeating: "a", count: 64 * 1024 + 1) + "\n"
        try text.write(toFile: long, atomically: false, encoding: .utf8)
        let r = try runner.run(["replay", long], input: [])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(long):5: an operator line is at most 64 KiB, the limit on a typed line (this one has 65537 bytes)"))
        let huge = folder + "/huge.session"
        try Data(repeating: 0x23, count: (8 << 20) + 1).write(to: URL(fileURLWithPath: huge))
        let h = try runner.run(["replay", huge], input: [])
        #expect(h.status == 1)
        #expect(h.stdout.contains("cannot read the file: larger than 8 MiB"))
    }

    // MARK: - Item 9: closed stdin

    @Test("fill with standard input closed ends at once with one line and exit 2")
    func closedStdinEndsAtOnce() throws {
        let runner = try BinaryRunner()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" fill Forms/signup.yaml <&-", BinaryRunner.product("formline")]
        process.currentDirectoryURL = BinaryRunner.root
        process.environment = ["HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "TERM": "dumb"]
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let started = Date()
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(started) < 5, "ends at once")
        #expect(process.terminationStatus == 2)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(err == "formline: standard input is closed: run at a terminal, or pipe the answers in (formline fill FORM < answers.txt)\n")
        #expect(stdout.fileHandleForReading.readDataToEndOfFile().isEmpty)
        #expect(!fm.fileExists(atPath: runner.draftPath("signup")))
    }

    @Test("SIGTERM is 143 when standard output and error were closed (no pipe takes fd 1 or 2)")
    func sigtermWithClosedOutputIs143() throws {
        let runner = try BinaryRunner()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" fill Forms/signup.yaml >&- 2>&-", BinaryRunner.product("formline")]
        process.currentDirectoryURL = BinaryRunner.root
        process.environment = ["HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "TERM": "dumb"]
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        try? stdin.fileHandleForWriting.write(contentsOf: Data("bob_smith\n".utf8))
        // The draft cannot tell us it has read the line (no output): wait for the prompt loop.
        usleep(1_500_000)
        _ = signalAndWait(process, SIGTERM)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 143)
        try? stdin.fileHandleForWriting.close()
    }

    // MARK: - Item 11: replay reads only what it should

    private func transcript(form: String) -> String {
        "#! formline-session 1\n#! form: \(form)\nCreate an account  (5 fields; ? for help)\nUsername:\n#! eof\n#! exit 4\n"
    }

    @Test("replay refuses #! form: outside its folder or not a form file, without reading or quoting it")
    func replayRefusesFormsItShouldNotRead() throws {
        let runner = try BinaryRunner()
        let folder = BinaryRunner.root.path + "/.build/hostile-\(UUID().uuidString)"
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: folder) }
        let cases = [
            ("../../../../../../../../etc/passwd", "not a form file (a form's name ends in .yaml or .yml)"),
            ("/etc/shadow", "not a form file (a form's name ends in .yaml or .yml)"),
            ("/tmp/elsewhere.yaml", "outside \(BinaryRunner.root.path), the folder replay runs from"),
        ]
        for (index, (form, reason)) in cases.enumerated() {
            let path = folder + "/t\(index).session"
            try transcript(form: form).write(toFile: path, atomically: false, encoding: .utf8)
            let r = try runner.run(["replay", path], input: [])
            #expect(r.status == 1, "\(form)")
            #expect(r.stdout.contains("#! form: \(form): \(reason)"), "\(form): \(r.stdout)")
            #expect(r.stdout.contains("the file was not read"))
            #expect(!r.stdout.contains("root:"), "nothing of /etc/passwd is quoted")
        }
    }

    @Test("replay --allow-outside reads a form outside the folder; the shipped sessions pass from the root")
    func replayAllowOutside() throws {
        let runner = try BinaryRunner()
        let outside = runner.home.path
        try fm.copyItem(atPath: BinaryRunner.root.path + "/Forms/signup.yaml", toPath: outside + "/signup.yaml")
        let path = BinaryRunner.root.path + "/.build/hostile-\(UUID().uuidString).session"
        defer { try? fm.removeItem(atPath: path) }
        try transcript(form: outside + "/signup.yaml").write(toFile: path, atomically: false, encoding: .utf8)
        let refused = try runner.run(["replay", path], input: [])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("pass --allow-outside"))
        let allowed = try runner.run(["replay", "--allow-outside", path], input: [])
        #expect(allowed.status == 0, "\(allowed.stdout)")
        let shipped = try runner.run(["replay", "Tests/Sessions/signup.session", "Tests/Sessions/signup-eof.session"], input: [])
        #expect(shipped.status == 0, "\(shipped.stdout)")
    }

    // MARK: - Item 12: modes are kept

    @Test("replay --update keeps the transcript's mode; a new .actual file is 0600")
    func replayUpdateKeepsMode() throws {
        let runner = try BinaryRunner()
        let folder = BinaryRunner.root.path + "/.build/hostile-\(UUID().uuidString)"
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: folder) }
        let stale = transcript(form: "../../Forms/signup.yaml").replacingOccurrences(of: "Username:", with: "Name:")
        let updated = folder + "/u.session"
        try stale.write(toFile: updated, atomically: false, encoding: .utf8)
        #expect(chmod(updated, 0o640) == 0)
        let u = try runner.run(["replay", "--update", updated], input: [])
        #expect(u.status == 0, "\(u.stdout)")
        #expect(try String(contentsOfFile: updated, encoding: .utf8).contains("Username:"))
        #expect(try mode(updated) == 0o640)

        let failing = folder + "/f.session"
        try stale.write(toFile: failing, atomically: false, encoding: .utf8)
        #expect(chmod(failing, 0o644) == 0)
        let f = try runner.run(["replay", failing], input: [])
        #expect(f.status == 1)
        #expect(try mode(failing + ".actual") == 0o600)
    }
}
