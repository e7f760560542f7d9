import Foundation
import Testing

/// Issue 31, items 4 and 6: `formline batch` retries (Retry-After), `--queue`, Ctrl-C finishing
/// the requests in flight, and the progress lines on a pipe, through the built binary.
@Suite(.serialized)
struct BatchRetryTests {
    private static let record = #"{"username":"ann_1","email":"ann@example.com","password":"long-enough-1"}"#
    private static let created = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 8\r\nConnection: close\r\n\r\n{\"id\":7}"

    private static func unavailable(retryAfter: String?) -> String {
        "HTTP/1.1 503 Service Unavailable\r\n" + (retryAfter.map { "Retry-After: \($0)\r\n" } ?? "")
            + "Content-Type: text/plain\r\nContent-Length: 4\r\nConnection: close\r\n\r\nbusy"
    }

    /// Forms/signup.yaml without its username check: a scripted server answers requests in
    /// order, and these tests script the submission's answers (the check is tested elsewhere).
    static let signup: String = {
        let text = (try? String(contentsOfFile: BinaryRunner.root.path + "/Forms/signup.yaml", encoding: .utf8)) ?? ""
        var kept: [Substring] = []
        var skipping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("    server_check:") { skipping = true; continue }
            if skipping && line.hasPrefix("      ") { continue }
            skipping = false
            kept.append(line)
        }
        let path = NSTemporaryDirectory() + "formline-batch-retry-signup-\(getpid()).yaml"
        try? kept.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    private func input(_ runner: BinaryRunner, _ lines: [String]) throws -> String {
        let path = runner.home.appendingPathComponent("records.ndjson").path
        try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `formline batch` of the signup form over `file` to `server`, started, its standard
    /// output on a pipe and its standard error on one too (`readsStderr`) or nowhere: the Ctrl-C
    /// tests signal it while a request is in flight.
    private func startBatch(_ runner: BinaryRunner, _ file: String, _ server: ScriptedServer,
                            readsStderr: Bool) throws -> (process: Process, stdout: Pipe, stderr: Pipe?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.product("formline"))
        process.arguments = ["batch", Self.signup, file, "--endpoint", "http://127.0.0.1:\(server.port)"]
        process.currentDirectoryURL = BinaryRunner.root
        process.environment = ["HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "TERM": "dumb"]
        let stdout = Pipe(), stderr = readsStderr ? Pipe() : nil
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr ?? FileHandle.nullDevice
        try process.run()
        return (process, stdout, stderr)
    }

    @Test("503 with Retry-After: 6, then 201: the record is sent again after 6 s under its key and accepted; one plain progress line on the pipe")
    func retryAfterThenAccepted() throws {
        let runner = try BinaryRunner()
        let file = try input(runner, [Self.record])
        let server = try ScriptedServer([Self.unavailable(retryAfter: "6"), Self.created])
        defer { server.stop() }
        let started = Date()
        let r = try runner.run(["batch", Self.signup, file, "--endpoint", "http://127.0.0.1:\(server.port)"], input: [], timeout: 30)
        let took = Date().timeIntervalSince(started)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(withoutKey(r.stdout).hasPrefix(#"{"errors":[],"id":"7","line":1,"record":1,"status":"accepted"}"#), "\(r.stdout)")
        let keys = server.idempotencyKeys
        #expect(keys.count == 2 && keys[0] == keys[1] && keys[0].hasPrefix("formline-batch-"), "\(keys)")
        #expect(took >= 6)
        #expect(r.stderr == "formline: batch: 0 records done, 0 not accepted, 0 records/s\n", "\(r.stderr)")
    }

    @Test("at a terminal, with --report: one progress line rewritten in place, ended by a newline")
    func updatingLineAtATerminal() throws {
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let file = home + "/records.ndjson"
        try (Self.record + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let server = try ScriptedServer([Self.unavailable(retryAfter: "1"), Self.created])
        defer { server.stop() }
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline,
            ["batch", Self.signup, file, "--endpoint", "http://127.0.0.1:\(server.port)", "--report", home + "/report.ndjson"],
            environment: PseudoTerminal.environment(home: home, ["TERM": "xterm-256color"]),
            directory: PseudoTerminal.repositoryRoot)
        try pty.expect("\rformline: batch: 0 records done, 0 not accepted, 0 records/s\u{1B}[K")
        try pty.expect("\rformline: batch: 1 records done, 0 not accepted, ")
        // The pty turns the final newline into CR LF.
        try pty.expect("records/s\u{1B}[K\r\n")
        #expect(try pty.waitForExit() == .code(0))
        let report = try String(contentsOfFile: home + "/report.ndjson", encoding: .utf8)
        #expect(withoutKey(report).hasPrefix(#"{"errors":[],"id":"7","line":1,"record":1,"status":"accepted"}"#), "\(report)")
    }

    @Test("--retries outside 0 to 10 is a usage error")
    func retriesOutOfRange() throws {
        let runner = try BinaryRunner()
        let file = try input(runner, [Self.record])
        let r = try runner.run(["batch", Self.signup, file, "--retries", "11"], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("Error: --retries must be between 0 and 10\n"), "\(r.stderr)")
    }

    @Test("a run shorter than the interval writes no progress line")
    func shortRunIsQuiet() throws {
        let runner = try BinaryRunner()
        let file = try input(runner, [Self.record])
        let r = try runner.run(["batch", Self.signup, file], lines: [])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr == "")
    }

    @Test("still 503 after --retries 1: reported transport-failed after two tries; with --queue kept in the outbox, not in --rejects")
    func retriesBoundedThenQueued() throws {
        let runner = try BinaryRunner()
        let file = try input(runner, [Self.record])
        let server = try ScriptedServer([Self.unavailable(retryAfter: "0")])
        defer { server.stop() }
        let endpoint = "http://127.0.0.1:\(server.port)"
        let r = try runner.run(["batch", Self.signup, file, "--endpoint", endpoint, "--retries", "1"], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains(#""status":"transport-failed""#), "\(r.stdout)")
        #expect(server.idempotencyKeys.count == 2)

        // A record holding a secret (signup's password) is never queued: a form without one.
        let form = runner.home.appendingPathComponent("member.yaml").path
        try OutboxTests.form.write(toFile: form, atomically: true, encoding: .utf8)
        let members = try input(runner, [#"{"username":"ann"}"#])
        let rejects = runner.home.appendingPathComponent("rejects.ndjson").path
        let q = try runner.run(["batch", form, members, "--endpoint", endpoint, "--retries", "0", "--queue", "--rejects", rejects], lines: [])
        #expect(q.status == 7, "\(q.stdout)\(q.stderr)")
        #expect(q.stdout.contains(#""queued":true,"record":1,"status":"transport-failed""#), "\(q.stdout)")
        #expect(q.stdout.contains(#""queued":1"#), "\(q.stdout)")
        #expect(try String(contentsOfFile: rejects, encoding: .utf8) == "")
        let listed = try runner.run(["outbox"], lines: [])
        #expect(listed.stdout.contains("member"), "\(listed.stdout)\(listed.stderr)")
        #expect(listed.stdout.contains(server.idempotencyKeys[2]), "the entry keeps the record's key: \(listed.stdout)")

        // `outbox send` retries the same way: 503 with Retry-After: 1, then 201.
        let back = try ScriptedServer([Self.unavailable(retryAfter: "1"), Self.created])
        defer { back.stop() }
        let send = try runner.run(["outbox", "send", "--endpoint", "http://127.0.0.1:\(back.port)"], lines: [])
        #expect(send.status == 0, "\(send.stdout)\(send.stderr)")
        #expect(send.stdout.hasSuffix("Outbox: 1 sent, 0 rejected, 0 not sent.\n"), "\(send.stdout)")
        #expect(back.idempotencyKeys == [server.idempotencyKeys[2], server.idempotencyKeys[2]])
    }

    @Test("a second Ctrl-C abandons the request in flight at once: exit 130, no summary")
    func secondInterruptAbandons() throws {
        try expectPrompt(within: 2) {
            let runner = try BinaryRunner()
            let file = try input(runner, [Self.record])
            let server = try ScriptedServer([Self.created], delay: 8)
            defer { server.stop() }
            let (process, stdout, _) = try startBatch(runner, file, server, readsStderr: false)
            let deadline = Date().addingTimeInterval(10)
            while server.idempotencyKeys.isEmpty && Date() < deadline { usleep(10_000) }
            kill(process.processIdentifier, SIGINT)
            usleep(200_000)
            let took = signalAndWait(process, SIGINT)
            #expect(process.terminationStatus == 130)
            let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(!out.contains("summary"), "\(out)")
            return took
        }
    }

    @Test("Ctrl-C: the record in flight finishes and is reported, the rest are not attempted; the summary says interrupted; exit 130")
    func interruptFinishesInFlight() throws {
        let runner = try BinaryRunner()
        let file = try input(runner, [Self.record, Self.record.replacingOccurrences(of: "ann_1", with: "bob_2"),
                                      Self.record.replacingOccurrences(of: "ann_1", with: "eve_3")])
        let server = try ScriptedServer([Self.created], delay: 1.5)
        defer { server.stop() }
        let (process, stdout, stderr) = try startBatch(runner, file, server, readsStderr: true)
        let deadline = Date().addingTimeInterval(10)
        while server.idempotencyKeys.isEmpty && Date() < deadline { usleep(10_000) }
        _ = signalAndWait(process, SIGINT)
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: stderr?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(out)\(err)")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(out)")
        guard lines.count == 4 else { return }
        #expect(withoutKey(lines[0]) == #"{"errors":[],"id":"7","line":1,"record":1,"status":"accepted"}"#)
        #expect(lines[1] == #"{"errors":[],"id":null,"line":2,"record":2,"status":"not-attempted"}"#)
        #expect(lines[2] == #"{"errors":[],"id":null,"line":3,"record":3,"status":"not-attempted"}"#)
        #expect(lines[3].contains(#""interrupted":true"#) && lines[3].contains(#""not-attempted":2"#), "\(lines[3])")
        #expect(err == "formline: stopping: the records in flight finish, the rest are reported as not attempted (Ctrl-C again abandons them)\n")
        #expect(server.idempotencyKeys.count == 1)
    }
}

/// A loopback HTTP server answering each request with the next raw response of a list (the last
/// one again once the list is used up), after `delay` seconds; it keeps each Idempotency-Key.
final class ScriptedServer: @unchecked Sendable {
    let port: Int
    private let listening: TCPListener
    private let responses: [String]
    private let delay: Double
    private let lock = NSLock()
    private var keys: [String] = []

    init(_ responses: [String], delay: Double = 0) throws {
        self.responses = responses
        self.delay = delay
        listening = try TCPListener()
        port = listening.port
        let thread = Thread { [self] in self.serve() }
        thread.start()
    }

    var idempotencyKeys: [String] { lock.withLock { keys } }

    func stop() { shutdown(listening.fd, Int32(SHUT_RDWR)) }

    private func serve() {
        while true {
            let connection = accept(listening.fd, nil, nil)
            guard connection >= 0 else { return }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            var key = ""
            while true {
                let n = read(connection, &buffer, buffer.count)
                if n <= 0 { break }
                received += buffer[0..<n]
                let text = String(decoding: received, as: UTF8.self)
                guard let head = text.range(of: "\r\n\r\n") else { continue }
                let headers = text[..<head.lowerBound].components(separatedBy: "\r\n")
                func value(_ name: String) -> String? {
                    headers.first { $0.lowercased().hasPrefix(name + ":") }
                        .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
                }
                key = value("idempotency-key") ?? ""
                let length = value("content-length").flatMap(Int.init) ?? 0
                if text.utf8.distance(from: text.utf8.startIndex, to: head.upperBound) + length <= received.count { break }
            }
            let index = lock.withLock { keys.append(key); return keys.count - 1 }
            if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
            let response = Array(responses[min(index, responses.count - 1)].utf8)
            var offset = 0
            while offset < response.count {
                let n = response[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                offset += n
            }
            close(connection)
        }
    }
}
