import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 33 (the second hostile-input sweep), items 5-11 and 13, through the built binary, each
/// test named after its defect.
@Suite("second hostile sweep", .serialized)
struct SecondSweepRunTests {
    // MARK: - Item 9: a path placeholder of dots

    @Test("a path placeholder value .. or . is sent percent-encoded, never as a dot segment")
    func aDotPlaceholderIsNotSentAsADotSegment() throws {
        let server = try RawRequestServer(status: 200)
        defer { server.stop() }
        let runner = try BinaryRunner()
        let form = runner.home.appendingPathComponent("notes.yaml").path
        try """
        id: notes
        title: Notes
        fields:
          - name: user_id
            label: User
          - name: note
            label: Note
        submit: { method: PUT, path: "/api/users/{user_id}/notes" }
        """.write(toFile: form, atomically: true, encoding: .utf8)
        // A value starting with `.` is typed with one more (`...` is `..`): README, commands.
        for typed in ["...", ".."] {
            let r = try runner.run(["fill", form, "--endpoint", "http://127.0.0.1:\(server.port)"], lines: [typed, "hello", ""])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        }
        #expect(server.requestLines == ["PUT /api/users/%2E%2E/notes HTTP/1.1", "PUT /api/users/%2E/notes HTTP/1.1"])
    }

    // MARK: - Item 5: a kept-alive connection the server closed

    @Test("a --repeat run over a server that closes kept-alive connections unasked: every record accepted",
          arguments: [RawRequestServer.Closing.afterEachAnswer, .atTheNextRequest])
    func aKeptAliveConnectionTheServerClosedDoesNotAbortARepeatRun(_ closing: RawRequestServer.Closing) throws {
        let server = try RawRequestServer(closing: closing)
        defer { server.stop() }
        let runner = try BinaryRunner()
        let records = 6
        let lines = ["sw1.example.net", "Gi1/0/7", "20", "", "uplink", ""]
            + (0..<(records - 1)).flatMap { n in ["", "", "", "", "desk \(n + 2)", ""] }
        let r = try runner.run(["fill", "Forms/port-entry.yaml", "--repeat", "--endpoint", "http://127.0.0.1:\(server.port)"], lines: lines)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Records: \(records) accepted, 0 rejected, 0 kept as drafts.\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("closed channel"))
        #expect(server.answeredCount == records)
        if closing == .atTheNextRequest {
            // Each record after the first met a closed connection first, then went out again
            // with the same key.
            let keys = server.idempotencyKeys
            #expect(keys.count == 2 * records - 1, "\(keys)")
            for n in 1..<records { #expect(keys[2 * n - 1] == keys[2 * n], "\(keys)") }
        }
    }

    // MARK: - Item 6: a timed-out request resent on --resume

    @Test("a timed-out request is resent with the same Idempotency-Key on --resume; changed values get a new one")
    func aTimedOutRequestIsNotResentWithANewIdempotencyKeyOnResume() throws {
        let server = try RawRequestServer(closing: .afterEachAnswer, unansweredRequests: 1)
        defer { server.stop() }
        let runner = try BinaryRunner()
        let endpoint = ["--endpoint", "http://127.0.0.1:\(server.port)"]
        let first = try runner.run(["fill", "Forms/port-entry.yaml", "--timeout", "0.5"] + endpoint,
                                   lines: ["sw1.example.net", "Gi1/0/7", "20", "", "uplink", ""])
        #expect(first.status == 3, "\(first.stdout)\(first.stderr)")
        let draft = try String(contentsOfFile: runner.draftPath("port-entry"), encoding: .utf8)
        #expect(draft.contains(#""last_attempt":{"idempotency_key":""#), "\(draft)")
        let resumed = try runner.run(["fill", "Forms/port-entry.yaml", "--resume"] + endpoint, lines: [""])
        #expect(resumed.status == 0, "\(resumed.stdout)\(resumed.stderr)")
        let keys = server.idempotencyKeys
        #expect(keys.count == 2 && keys[0] == keys[1] && !keys[0].isEmpty, "\(keys)")
    }

    // MARK: - Item 13: smaller ones

    @Test("the answers file's problems: at most 100 listed, unknown keys too")
    func unknownAnswerKeysAreListedAtMostAHundred() throws {
        let runner = try BinaryRunner()
        let answers = runner.home.appendingPathComponent("answers.yaml").path
        try (["username: bob_smith"] + (1...5000).map { "nope\($0): x" }).joined(separator: "\n")
            .write(toFile: answers, atomically: true, encoding: .utf8)
        let r = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers], lines: [])
        #expect(r.status == 5, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 101, "\(lines.count)")
        #expect(lines.first == "\(answers):2: nope1: the form has no such field")
        // 5,000 unknown keys and the two required fields the file leaves out.
        #expect(lines.last == "\(answers): and 4902 more problems")
    }

    @Test("a form file starting with a UTF-8 byte-order mark loads")
    func aFormFileWithAByteOrderMarkLoads() throws {
        let runner = try BinaryRunner()
        let form = runner.home.appendingPathComponent("bom.yaml").path
        let text = try String(contentsOfFile: BinaryRunner.root.appendingPathComponent("Forms/login.yaml").path, encoding: .utf8)
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: form))
        let r = try runner.run(["check", form], lines: [])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("ok"), "\(r.stdout)")
    }

    @Test("--resume 1000 says there is no such draft")
    func resumeOneThousandSaysNoSuchDraft() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--resume", "1000"], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--resume 1000: no such draft: drafts are numbered from 1 to 999 (formline drafts lists them)"), "\(r.stderr)")
        #expect(!r.stderr.contains("Unexpected argument"))
    }

    @Test("fill --output json > /dev/full: not 0, the loss said on stderr")
    func aJSONDocumentLostToAFullDeviceIsNotExitZero() throws {
        let runner = try BinaryRunner()
        let r = try runner.shell(#""$FORMLINE" fill Forms/login.yaml --output json > /dev/full"#,
                                 lines: ["bob", "correct horse", ""])
        #expect(r.status == 6, "\(r.stderr)")
        #expect(r.stderr.contains("formline: --output json: the document could not be written to standard output: No space left on device (the form was accepted: do not send it again)\n"),
                "\(r.stderr)")
    }

    @Test("a proxy's 407 and https to a plain-HTTP port have failure reasons in words")
    func proxyRefusalAndPlainHTTPPortSayWhy() throws {
        let runner = try BinaryRunner()
        let proxy = try RawRequestServer(status: 407, body: "")
        defer { proxy.stop() }
        let noProxy = ["http_proxy": "", "https_proxy": "", "HTTPS_PROXY": "", "no_proxy": "", "NO_PROXY": ""]
        var env = noProxy
        env["http_proxy"] = "127.0.0.1:\(proxy.port)"
        let refused = try runner.run(["fill", "Forms/login.yaml", "--endpoint", "http://127.0.0.1:9"], lines: ["bob", "hunter2", ""], environment: env)
        #expect(refused.status == 3)
        #expect(refused.stdout.replacingOccurrences(of: "\n    ", with: " ").contains(
            "  ! the proxy refused to connect to 127.0.0.1:9: 407 Proxy Authentication Required (give or check the user and password in the proxy variable: http://user:password@proxy:port)\n"),
            "\(refused.stdout)")
        #expect(proxy.requestLines == ["CONNECT 127.0.0.1:9 HTTP/1.1"])

        let plain = try RawRequestServer(status: 400, body: "Bad request", answersAnything: true)
        defer { plain.stop() }
        let tls = try runner.run(["fill", "Forms/login.yaml", "--endpoint", "https://127.0.0.1:\(plain.port)"], lines: ["bob", "hunter2", ""],
                                 environment: noProxy)
        #expect(tls.status == 3)
        #expect(tls.stdout.replacingOccurrences(of: "\n    ", with: " ").contains(
            "  ! the TLS handshake with 127.0.0.1:\(plain.port) failed: the server does not speak TLS here (is it plain http?)\n"), "\(tls.stdout)")
    }

    // MARK: - Item 7: Ctrl-\ before the signal trap

    @Test("Ctrl-\\ while an fd: secret is read: exit 131 at once, no core (RLIMIT_CORE 0, not dumpable)")
    func sigquitBeforeTheTrapDumpsNoCore() throws {
        try expectPrompt(within: 1.0) {
            let runner = try BinaryRunner()
            let process = Process()
            // `exec`: the process signalled is formline itself, its fd 3 the pipe never written.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"exec "$0" fill "$1" --set username=bob --secret password=fd:3 3<&0"#,
                                 BinaryRunner.product("formline"), BinaryRunner.root.appendingPathComponent("Forms/login.yaml").path]
            process.currentDirectoryURL = runner.home
            process.environment = ["HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "TERM": "dumb"]
            let stdin = Pipe()
            process.standardInput = stdin  // never written: the fd:3 read blocks
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(700_000)
            #expect(process.isRunning, "formline should be blocked reading fd:3")
            let limits = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)) ?? ""
            let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }.map(String.init) ?? ""
            #expect(core.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"], "\(core)")
            let took = signalAndWait(process, SIGQUIT)
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 131)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: runner.home.path)) ?? []
            #expect(!files.contains { $0.hasPrefix("core") }, "\(files)")
            try? stdin.fileHandleForWriting.close()
            return took
        }
    }

    // MARK: - Item 10: the OpenAPI document's copy beside a recording

    /// The OpenAPI document of Tests/Sessions, copied into the test's home; its path.
    private func openAPIDocument(_ runner: BinaryRunner) throws -> String {
        let doc = runner.home.appendingPathComponent("doc.json").path
        try FileManager.default.copyItem(atPath: BinaryRunner.root.appendingPathComponent("Tests/Sessions/signup-openapi.openapi.json").path,
                                         toPath: doc)
        return doc
    }

    @Test("fill --openapi --record never overwrites another file at the copy's name, nor loses the transcript to a link or folder there")
    func theOpenAPICopyOfARecordingIsCheckedBeforeTheFirstPrompt() throws {
        let runner = try BinaryRunner()
        let doc = try openAPIDocument(runner)
        let session = runner.home.appendingPathComponent("x.session").path
        let copy = runner.home.appendingPathComponent("x.openapi.json").path
        let arguments = ["fill", "--openapi", doc, "--operation", "createUser", "--record", session, "--keep-asking"]
        let lines = ["alice", "alice@example.com", "", ""]

        try "someone else's file\n".write(toFile: copy, atomically: true, encoding: .utf8)
        let other = try runner.run(arguments, lines: lines)
        #expect(other.status == 2)
        #expect(other.stderr.contains("--record \(session): \(copy) already exists and is not this document; move it away or record under another name"),
                "\(other.stderr)")
        #expect(!other.stdout.contains("Username"), "refused before the first prompt")
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == "someone else's file\n")

        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.createSymbolicLink(atPath: copy, withDestinationPath: runner.home.appendingPathComponent("elsewhere").path)
        let link = try runner.run(arguments, lines: lines)
        #expect(link.status == 2)
        #expect(link.stderr.contains("--record \(session): cannot keep the document's copy at \(copy): not a regular file (a symbolic link)"),
                "\(link.stderr)")

        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        let folder = try runner.run(arguments, lines: lines)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("--record \(session): cannot keep the document's copy at \(copy): not a regular file (a folder)"),
                "\(folder.stderr)")
        #expect(!FileManager.default.fileExists(atPath: session))

        // The very document already there (a second recording of the same run): fine.
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: doc, toPath: copy)
        let same = try runner.run(arguments, lines: lines)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(FileManager.default.fileExists(atPath: session))
        let replay = try runner.run(["replay", "--allow-outside", session], lines: [])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    }

    @Test("a recording whose document copy can't be written at the end: the run does not end 0")
    func aRecordingLostAtTheEndIsNotExitZero() throws {
        let runner = try BinaryRunner()
        let doc = try openAPIDocument(runner)
        let session = runner.home.appendingPathComponent("late.session").path
        let copy = runner.home.appendingPathComponent("late.openapi.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.product("formline"))
        process.arguments = ["fill", "--openapi", doc, "--operation", "createUser", "--record", session, "--keep-asking"]
        process.environment = ["HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "TERM": "dumb"]
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data("alice\nalice@example.com\n\n".utf8))
        usleep(500_000)
        // The name was free at start-up; a folder takes it before the run ends.
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        try stdin.fileHandleForWriting.write(contentsOf: Data("\n".utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        let said = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 6, "\(said)")
        #expect(said.contains("formline: --record: \(copy): cannot write the document's copy: "), "\(said)")
    }

    // MARK: - Item 11: a mistyped secret in a recording

    @Test("a recorded session whose operator mistyped a secret replays: the refused line is marked and refused again")
    func aRecordedSessionWithAMistypedSecretReplays() throws {
        let runner = try BinaryRunner()
        let session = runner.home.appendingPathComponent("typo.session").path
        let form = BinaryRunner.root.appendingPathComponent("Forms/signup.yaml").path
        let r = try runner.run(["fill", form, "--record", session, "--keep-asking"],
                               lines: ["bob_smith", "bob@example.com", "short", "", "long-enough-1", "40", "", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let transcript = try String(contentsOfFile: session, encoding: .utf8)
        #expect(transcript.contains("Password:\n>* [password: refused]\n  ! At least 8 characters\nPassword:\n>\n  ! Required\nPassword:\n>* [password]\nAge"),
                "\(transcript)")
        let replay = try runner.run(["replay", "--allow-outside", session], lines: [])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("1 passed, 0 failed"), "\(replay.stdout)")
    }
}
