import DemoServer
import Foundation
import Testing

/// Issue 31, item 1: the outbox, through the built binary on pipes, against a refused port and
/// the demo server (which honours Idempotency-Key).
@Suite(.serialized)
struct OutboxTests {
    /// A form with no secret (a form holding one is never queued), posted to the demo's signup
    /// route: `admin` is taken there, anything else gets `201 {"id":N}`.
    static let form = """
        id: member
        title: Member
        submit:
          method: POST
          path: /api/members
        fields:
          - name: username
            label: Username
            type: text

        """

    static let queuedLine = "  Queued in the outbox, not sent: formline outbox send sends it with the same\n  Idempotency-Key.\n"

    private func formFile(_ runner: BinaryRunner) throws -> String {
        let path = runner.home.appendingPathComponent("member.yaml").path
        try Self.form.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func outboxFiles(_ runner: BinaryRunner) -> [String] {
        let folder = runner.stateHome + "/formline/outbox"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }

    private func keys(_ runner: BinaryRunner) throws -> [String] {
        try outboxFiles(runner).map { file in
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
            return json?["idempotency_key"] as? String ?? ""
        }
    }

    /// Queues `names` as the records of one `--repeat` run against a refused port.
    private func queue(_ names: [String], _ runner: BinaryRunner, form: String) async throws -> BinaryRunner.Result {
        try await withRefusingPort { closed in
            try await runBinary(runner, ["fill", form, "--repeat", "--endpoint", "http://127.0.0.1:\(closed)/drf"],
                                lines: names.flatMap { [$0, ""] })
        }
    }

    @Test("the server away during --repeat: each record is queued, the run goes on, the summary says queued, not sent")
    func repeatQueuesAndGoesOn() async throws {
        let runner = try BinaryRunner()
        let form = try formFile(runner)
        let r = try await queue(["ann", "bob"], runner, form: form)
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.components(separatedBy: "Submitting... failed\n  ! the server refused the connection\n" + Self.queuedLine).count == 3, "\(r.stdout)")
        #expect(r.stdout.contains("Record 2\n"))
        #expect(r.stdout.hasSuffix("Records: 0 accepted, 0 rejected, 0 kept as drafts, 2 queued, not sent.\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("Accepted:"))
        #expect(!FileManager.default.fileExists(atPath: runner.stateHome + "/formline/drafts"), "no draft beside an entry")
        let files = outboxFiles(runner)
        #expect(files.count == 2)
        for file in files {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains(#""attempts":[{"at":"#) && text.contains(#""outcome":"failed: the server refused the connection"}]"#), "\(text)")
            #expect(text.contains(#""form":"member""#) && text.contains(#""path":"/api/members""#))
        }
        let list = try runBinarySync(runner, ["outbox"])
        #expect(list.status == 0)
        let rows = list.stdout.split(separator: "\n")
        #expect(rows.count == 2, "\(list.stdout)")
        #expect(rows.allSatisfy { $0.hasPrefix("member  ") && $0.contains("  queued  1 attempt  failed: the server refused the connection  ") })
    }

    @Test("--output json: a queued record's line says queued (never accepted), the summary counts them")
    func jsonLinesSayQueued() async throws {
        let runner = try BinaryRunner()
        let form = try formFile(runner)
        let r = try await withRefusingPort { closed in
            try await runBinary(runner, ["fill", form, "--repeat", "--output", "json", "--endpoint", "http://127.0.0.1:\(closed)/drf"],
                                lines: ["ann", "", "bob", ""])
        }
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.stdout)")
        #expect(lines[0] == #"{"ending":"transport-failed","errors":[{"field":null,"message":"the server refused the connection"}],"exit":3,"queued":true,"record":1}"#)
        #expect(lines[2] == #"{"exit":7,"summary":{"accepted":[],"drafts":0,"queued":2,"records":2,"rejected":0}}"#)
    }

    @Test("outbox send: each entry with its original key, accepted ones removed with their ids, then nothing left")
    func sendUsesTheOriginalKeys() async throws {
        let runner = try BinaryRunner()
        let form = try formFile(runner)
        _ = try await queue(["ann", "bob"], runner, form: form)
        let queuedKeys = try keys(runner)
        #expect(queuedKeys.count == 2)
        try await withServer { port, server in
            let r = try await runBinary(runner, ["outbox", "send", "--endpoint", "http://127.0.0.1:\(port)/drf"], lines: [])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            for key in queuedKeys {
                #expect(r.stdout.contains("member \(key): sent, accepted (201) id="), "\(r.stdout)")
            }
            #expect(r.stdout.hasSuffix("Outbox: 2 sent, 0 rejected, 0 not sent.\n"))
            let sentKeys = server.requests.all.compactMap { $0.header("Idempotency-Key") }
            #expect(Set(sentKeys) == Set(queuedKeys))
            #expect(server.requests.all.allSatisfy { $0.path == "/drf/api/members" })
        }
        #expect(outboxFiles(runner).isEmpty)
        let list = try runBinarySync(runner, ["outbox"])
        #expect(list.stdout == "The outbox is empty (\(runner.stateHome)/formline/outbox).\n")
        let again = try runBinarySync(runner, ["outbox", "send"])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Nothing to send: the outbox holds no queued entry"))
    }

    @Test("an entry sent twice (a sender killed before it removed the entry) is one record on the server: same id")
    func aResentEntryIsNoDuplicate() async throws {
        let runner = try BinaryRunner()
        let form = try formFile(runner)
        _ = try await queue(["ann"], runner, form: form)
        let file = try #require(outboxFiles(runner).first)
        let saved = try Data(contentsOf: URL(fileURLWithPath: file))
        try await withServer { port, server in
            let first = try await runBinary(runner, ["outbox", "send", "--endpoint", "http://127.0.0.1:\(port)/drf"], lines: [])
            #expect(first.stdout.contains(": sent, accepted (201) id=1, removed from the outbox\n"), "\(first.stdout)")
            try saved.write(to: URL(fileURLWithPath: file))
            let second = try await runBinary(runner, ["outbox", "send", "--endpoint", "http://127.0.0.1:\(port)/drf"], lines: [])
            #expect(second.stdout.contains(": sent, accepted (201) id=1, removed from the outbox\n"), "the first answer again: \(second.stdout)")
            #expect(server.requests.all.count == 2)
        }
    }

    @Test("a rejected entry stays (exit 7) until outbox repair asks only its failed field and sends it again")
    func rejectedThenRepaired() async throws {
        let runner = try BinaryRunner()
        let form = try formFile(runner)
        _ = try await queue(["admin", "carl"], runner, form: form)
        try await withServer { port, _ in
            let endpoint = "http://127.0.0.1:\(port)/drf"
            let send = try await runBinary(runner, ["outbox", "send", "--endpoint", endpoint], lines: [])
            #expect(send.status == 7, "\(send.stdout)\(send.stderr)")
            #expect(send.stdout.contains(": rejected (400), kept for formline outbox repair\n"), "\(send.stdout)")
            #expect(send.stdout.hasSuffix("Outbox: 1 sent, 1 rejected, 0 not sent.\n"))
            let list = try await runBinary(runner, ["outbox"], lines: [])
            #expect(list.stdout.contains("  rejected (400)  2 attempts  rejected (400)  "), "\(list.stdout)")
            let nothing = try await runBinary(runner, ["outbox", "send", "--endpoint", endpoint], lines: [])
            #expect(nothing.status == 0, "a rejected entry is not sent again by send")

            let repair = try await runBinary(runner, ["outbox", "repair", "--endpoint", endpoint], lines: ["admin_2"])
            #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
            #expect(repair.stdout.contains("Submitting... rejected (400)\n"), "\(repair.stdout)")
            #expect(repair.stdout.components(separatedBy: "Username").count == 3, "the row and its one prompt: \(repair.stdout)")
            #expect(repair.stdout.contains("Submitting... accepted (201) id=2\n"), "\(repair.stdout)")
            #expect(repair.stdout.hasSuffix(": accepted, removed from the outbox\n"), "\(repair.stdout)")
        }
        #expect(outboxFiles(runner).isEmpty)
    }

    @Test("two senders never send one entry at once: an entry another formline holds is skipped, busy, not a failure")
    func aClaimedEntryIsSkipped() async throws {
        let runner = try BinaryRunner()
        let form = try formFile(runner)
        _ = try await queue(["ann"], runner, form: form)
        let file = try #require(outboxFiles(runner).first)
        // This test process holds the entry's lock, as a sender does while it sends.
        // Close-on-exec: a binary another test starts meanwhile must not inherit the lock and hold it
        // after this test lets it go.
        let lock = open(file + ".sending", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        try await withServer { port, server in
            let r = try await runBinary(runner, ["outbox", "send", "--endpoint", "http://127.0.0.1:\(port)/drf"], lines: [])
            close(lock)
            #expect(r.status == 0, "busy is not a failure: \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains(": another formline is sending it, skipped\n"), "\(r.stdout)")
            #expect(r.stdout.hasSuffix("Outbox: 0 sent, 0 rejected, 0 not sent, 1 left to another formline sending them.\n"), "\(r.stdout)")
            #expect(server.requests.all.isEmpty)
            // A claim file left by a sender that died (an old pid in it) holds no lock: not in the way.
            try "2147483000\n".write(toFile: file + ".sending", atomically: false, encoding: .utf8)
            let after = try await runBinary(runner, ["outbox", "send", "--endpoint", "http://127.0.0.1:\(port)/drf"], lines: [])
            #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
            #expect(server.requests.all.count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: file + ".sending"), "the claim is given back")
    }

    @Test("two concurrent senders over many entries: each key reaches the server exactly once, nothing left")
    func twoSendersSendEachEntryOnce() async throws {
        let runner = try BinaryRunner()
        let form = try formFile(runner)
        let names = (1...60).map { "user_\($0)" }
        _ = try await queue(names, runner, form: form)
        let queuedKeys = try keys(runner)
        #expect(queuedKeys.count == 60)
        try await withServer { port, server in
            let arguments = ["outbox", "send", "--jobs", "4", "--endpoint", "http://127.0.0.1:\(port)/drf"]
            async let first = runBinary(runner, arguments, lines: [])
            async let second = runBinary(runner, arguments, lines: [])
            let (a, b) = try await (first, second)
            #expect(a.status == 0 && b.status == 0, "\(a.stdout)\(a.stderr)\(b.stdout)\(b.stderr)")
            var perKey: [String: Int] = [:]
            for request in server.requests.all where request.method == "POST" {
                perKey[request.header("Idempotency-Key") ?? "", default: 0] += 1
            }
            #expect(Set(perKey.keys) == Set(queuedKeys))
            let twice = perKey.filter { $0.value > 1 }.map(\.key)
            #expect(twice.isEmpty, "sent more than once: \(twice.count)")
        }
        #expect(outboxFiles(runner).isEmpty)
        let folder = runner.stateHome + "/formline/outbox"
        let claims = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sending") }
        #expect(claims.isEmpty, "\(claims)")
    }

    @Test("outbox repair of a form with a server check: the check goes to the server, the stored rejection answers the submission")
    func repairWithAServerCheck() async throws {
        let runner = try BinaryRunner()
        let queued = try await withRefusingPort { closed in
            try await runBinary(runner, ["fill", "Forms/part-order.yaml", "--keep-asking", "--queue",
                                         "--endpoint", "http://127.0.0.1:\(closed)/drf"],
                                lines: ["Oslo", "ABC-1", "3", "12.50", ""])
        }
        let file = try #require(outboxFiles(runner).first, "\(queued.stdout)\(queued.stderr)")
        var entry = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        entry["rejection"] = ["status": 400, "content_type": "application/json", "body": #"{"qty":["Only 2 left."]}"#]
        try JSONSerialization.data(withJSONObject: entry).write(to: URL(fileURLWithPath: file))
        try await withServer { port, server in
            let repair = try await runBinary(runner, ["outbox", "repair", "--endpoint", "http://127.0.0.1:\(port)/drf"], lines: ["2"])
            #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
            #expect(repair.stdout.hasPrefix("Repairing part-order "), "the line comes first: \(repair.stdout)")
            #expect(repair.stdout.contains("Submitting... rejected (400)\n"), "\(repair.stdout)")
            #expect(repair.stdout.contains("Only 2 left."), "\(repair.stdout)")
            #expect(repair.stdout.contains(": accepted, removed from the outbox\n"), "\(repair.stdout)")
            let requests = server.requests.all
            #expect(requests.contains { $0.method == "GET" && $0.path.hasPrefix("/drf/api/skus/ABC-1") }, "the check reached the server")
            let posts = requests.filter { $0.method == "POST" }
            #expect(posts.count == 1)
            #expect(posts.last?.bodyText.contains(#""qty":2"#) == true, "\(posts.map(\.bodyText))")
        }
        #expect(outboxFiles(runner).isEmpty)
    }

    @Test("fill --queue opts one form in (exit 3, no draft); without it a single fill keeps today's draft")
    func queueFlagForOneFill() async throws {
        let runner = try BinaryRunner()
        let form = try formFile(runner)
        try await withRefusingPort { closed in
            let endpoint = "http://127.0.0.1:\(closed)/drf"
            let queued = try await runBinary(runner, ["fill", form, "--keep-asking", "--queue", "--endpoint", endpoint], lines: ["ann", ""])
            #expect(queued.status == 3, "\(queued.stdout)\(queued.stderr)")
            #expect(queued.stdout.hasSuffix("Submitting... failed\n  ! the server refused the connection\n" + Self.queuedLine), "\(queued.stdout)")
            #expect(outboxFiles(runner).count == 1)
            #expect(!FileManager.default.fileExists(atPath: runner.draftPath("member")))
            let plain = try await runBinary(runner, ["fill", form, "--keep-asking", "--endpoint", endpoint], lines: ["bob", ""])
            #expect(plain.status == 3)
            #expect(!plain.stdout.contains("Queued"))
            #expect(outboxFiles(runner).count == 1)
            #expect(FileManager.default.fileExists(atPath: runner.draftPath("member")))
        }
    }

    @Test("a form holding a secret is never queued: secrets are never written; it stays a draft as before")
    func aSecretFormIsNotQueued() async throws {
        let runner = try BinaryRunner()
        try await withRefusingPort { closed in
            let r = try await runBinary(runner, ["fill", "Forms/signup.yaml", "--keep-asking", "--queue",
                                                 "--endpoint", "http://127.0.0.1:\(closed)/drf"],
                                        lines: HTTPEndToEndTests.signupLines(username: "bob_smith", password: "hunter2hunter2"))
            #expect(r.status == 3, "\(r.stdout)\(r.stderr)")
            #expect(!r.stdout.contains("Queued"))
            #expect(outboxFiles(runner).isEmpty)
            let draft = try String(contentsOfFile: runner.draftPath("signup"), encoding: .utf8)
            #expect(!draft.contains("hunter2"))
        }
    }

    @Test("--queue with --openapi is a usage error; --jobs out of range too")
    func usage() throws {
        let runner = try BinaryRunner()
        let r = try runBinarySync(runner, ["fill", "--openapi", "api.json", "--operation", "x", "--queue"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--queue can't be combined with --openapi: an entry is sent later with its form file, and an operation's form has none"), "\(r.stderr)")
        let jobs = try runBinarySync(runner, ["outbox", "send", "--jobs", "0"])
        #expect(jobs.status == 2)
        #expect(jobs.stderr.contains("--jobs must be between 1 and 64"), "\(jobs.stderr)")
    }
}

private func runBinarySync(_ runner: BinaryRunner, _ arguments: [String]) throws -> BinaryRunner.Result {
    try runner.run(arguments, lines: [])
}

/// Runs the binary on a thread of its own: a blocked cooperative thread is one of the test process's two.
private func runBinary(_ runner: BinaryRunner, _ arguments: [String], lines: [String]) async throws -> BinaryRunner.Result {
    let result: Result<BinaryRunner.Result, any Error> = await withCheckedContinuation { continuation in
        let thread = Thread {
            continuation.resume(returning: Result { try runner.run(arguments, lines: lines) })
        }
        thread.start()
    }
    return try result.get()
}
