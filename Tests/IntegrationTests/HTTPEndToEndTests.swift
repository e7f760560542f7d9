import DemoServer
import FormCore
import Foundation
import Testing

/// `formline fill --endpoint` end to end: the built binary, piped stdin, the demo server running
/// as a process of its own on 127.0.0.1 port 0.
@Suite("fill against the demo server", .serialized, .timeLimit(.minutes(2)))
struct HTTPEndToEndTests {
    /// username, email, password, age (empty), country (default), review: submit.
    static func signupLines(username: String = "admin", password: String = "correct-horse-7") -> [String] {
        [username, "\(username)@example.com", password, "", "", ""]
    }

    /// The status each dialect's framework rejects with.
    static func rejectionStatus(_ dialect: ErrorDialect) -> Int {
        [ErrorDialect.drf, .aspnet, .list].contains(dialect) ? 400 : 422
    }

    /// `--no-checks`: the username check would refuse `admin` on Enter (the test below); this one
    /// is about the submission's rejection in each dialect.
    @Test("each dialect: a rejection lands on the username, only it is re-asked, the resubmit is accepted",
          arguments: DemoServer.dialects)
    func rejectionThenAcceptance(_ dialect: ErrorDialect) async throws {
        try await withServer { port, server in
            let runner = try BinaryRunner()
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--keep-asking", "--no-checks", "--endpoint", "http://127.0.0.1:\(port)/\(dialect.rawValue)",
            ], lines: Self.signupLines() + ["admin_2", ""])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("Submitting... rejected (\(Self.rejectionStatus(dialect)))\n  1 Username  admin\n    ! "), "\(r.stdout)")
            #expect(r.stdout.contains("Username [admin]: admin_2\n"))
            #expect(r.stdout.components(separatedBy: "Email:").count == 2, "only the failed field is asked again")
            #expect(r.stdout.hasSuffix("Submitting... accepted (201) id=1\n"), "\(r.stdout)")
            #expect(!r.stdout.contains("correct-horse-7") && !r.stderr.contains("correct-horse-7"))

            let requests = server.requests.all
            #expect(requests.map(\.method) == ["POST", "POST"])
            #expect(requests.map(\.path) == ["/\(dialect.rawValue)/api/signup", "/\(dialect.rawValue)/api/signup"])
            #expect(requests.allSatisfy { $0.header("Content-Type") == "application/json" && $0.header("Accept") == "application/json, application/problem+json, application/vnd.api+json" })
            #expect(requests.allSatisfy { ($0.header("Idempotency-Key") ?? "").count >= 8 })
            #expect(requests.last?.bodyText.contains(#""username":"admin_2""#) == true)
            #expect(!FileManager.default.fileExists(atPath: runner.draftPath("signup")))
        }
    }

    /// Forms/signup.yaml's username check against the demo server's `/api/usernames/NAME` under
    /// each dialect prefix: `admin` is refused on Enter with the dialect's message, the free name
    /// passes, and only then is the email asked; one submission.
    @Test("each dialect: the username check refuses a taken name on Enter, a free one passes",
          arguments: DemoServer.dialects)
    func usernameCheckRefusesThenPasses(_ dialect: ErrorDialect) async throws {
        try await withServer { port, server in
            let runner = try BinaryRunner()
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--keep-asking", "--endpoint", "http://127.0.0.1:\(port)/\(dialect.rawValue)",
            ], lines: ["admin", "admin_2", "admin@example.com", "correct-horse-7", "", "", ""])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            // `checking...` comes only when an answer is slow (a loaded machine): not asserted.
            let screen = r.stdout.replacingOccurrences(of: "checking...\n", with: "")
            #expect(screen.contains("Username: admin\n  ! This username is already taken.\nUsername: admin_2\nEmail: "), "\(r.stdout)")
            #expect(r.stdout.hasSuffix("Submitting... accepted (201) id=1\n"), "\(r.stdout)")
            let requests = server.requests.all
            let prefix = "/\(dialect.rawValue)"
            #expect(requests.map(\.path) == [prefix + "/api/usernames/admin", prefix + "/api/usernames/admin_2", prefix + "/api/signup"])
            #expect(requests.map(\.method) == ["GET", "GET", "POST"])
        }
    }

    @Test("a non-field error with a server code lands on the field that lists it",
          arguments: [ErrorDialect.drf, .problem, .jsonapi, .fastapi, .list, .laravel])
    func serverCodeOnPassword(_ dialect: ErrorDialect) async throws {
        try await withServer { port, _ in
            let runner = try BinaryRunner()
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--keep-asking", "--endpoint", "http://127.0.0.1:\(port)/\(dialect.rawValue)",
            ], lines: Self.signupLines(username: "alice", password: "Alice-rocks-99") + ["another-pass-77", ""])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            let message = dialect == .laravel ? "The password field and username must be different." : "The password is too similar to the username"
            #expect(r.stdout.contains("Submitting... rejected (\(Self.rejectionStatus(dialect)))\n  3 Password  ********\n    ! \(message)\nPassword [keep]: \n"), "\(r.stdout)")
            #expect(r.stdout.components(separatedBy: "Username:").count == 2, "the username is not asked again: \(r.stdout)")
            #expect(r.stdout.hasSuffix("Submitting... accepted (201) id=1\n"), "\(r.stdout)")
            #expect(!r.stdout.contains("Alice-rocks-99") && !r.stdout.contains("another-pass-77"))
        }
    }

    @Test("a non-field error without a code goes to the banner; the operator edits and resubmits",
          arguments: [ErrorDialect.rails, .aspnet])
    func bannerThenEdit(_ dialect: ErrorDialect) async throws {
        try await withServer { port, _ in
            let runner = try BinaryRunner()
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--keep-asking", "--endpoint", "http://127.0.0.1:\(port)/\(dialect.rawValue)",
            ], lines: Self.signupLines(username: "alice", password: "Alice-rocks-99") + ["3", "another-pass-77", ""])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("  ! The password is too similar to the username"), "\(r.stdout)")
            #expect(r.stdout.hasSuffix("Submitting... accepted (201) id=1\n"), "\(r.stdout)")
        }
    }

    @Test("--header values reach the server and are never printed")
    func customHeaders() async throws {
        try await withServer { port, server in
            let runner = try BinaryRunner()
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--keep-asking", "--endpoint", "http://127.0.0.1:\(port)/drf/",
                "--header", "Authorization: Bearer tok-0123456789", "--header", "X-Client: e2e",
            ], lines: Self.signupLines(username: "bob_smith"))
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            #expect(server.requests.last?.header("Authorization") == "Bearer tok-0123456789")
            #expect(server.requests.last?.header("X-Client") == "e2e")
            #expect(server.requests.last?.path == "/drf/api/signup", "no double slash after a trailing /")
            #expect(!r.stdout.contains("tok-0123456789") && !r.stderr.contains("tok-0123456789"))
        }
    }

    /// `--no-checks`: the username check would meet the fault first (ServerCheckBinaryTests covers
    /// a check's failure); this is about the submission's.
    @Test("transport failures exit 3 with the draft saved and no secret in it", arguments: [
        ("slow", "no answer from the server in time"),
        ("trickle", "no answer from the server in time"),
        ("html500", "the server answered 500 Internal Server Error (text/html)"),
        ("redirect", "the server redirected to https://login.demo.formline.invalid/sso?next=%2Fsignup (redirects are not followed)"),
        ("unparseable422", "the server answered 422 Unprocessable Content but the body is not JSON (text/plain)"),
        ("oversized", "the response was larger than 1 MiB"),
    ])
    func faults(_ route: String, _ reason: String) async throws {
        try await withServer { port, server in
            let runner = try BinaryRunner()
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--keep-asking", "--no-checks", "--endpoint", "http://127.0.0.1:\(port)/fault/\(route)", "--timeout", "0.5",
            ], lines: Self.signupLines(username: "bob_smith", password: "hunter2hunter2"))
            #expect(r.status == 3, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("Submitting... failed\n"), "\(r.stdout)")
            #expect(r.stdout.replacingOccurrences(of: "\n    ", with: " ").contains("  ! \(reason)"), "\(r.stdout)")
            try expectDraftWithoutSecret(runner)
            #expect(server.requests.all.count == 1, "nothing is retried behind the operator's back")
        }
    }

    /// Issue 18, item 3: headers at once, then the body a byte every 100 ms. Each read is quick, so
    /// only one deadline over the whole exchange ends it; before, this ran 40 s and was accepted.
    @Test("--timeout bounds a body trickled a byte at a time: exit 3 within about the timeout")
    func timeoutBoundsATrickledBody() async throws {
        try await withServer { port, _ in
            let runner = try BinaryRunner()
            let started = ContinuousClock.now
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--endpoint", "http://127.0.0.1:\(port)/fault/trickle", "--timeout", "2",
            ], lines: Self.signupLines(username: "bob_smith", password: "hunter2hunter2"))
            let elapsed = ContinuousClock.now - started
            #expect(r.status == 3, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("Submitting... failed\n  ! no answer from the server in time\n"), "\(r.stdout)")
            #expect(!r.stdout.contains("accepted"))
            // 2 s of deadline plus the binary's start-up; the whole body would take 40 s.
            #expect(elapsed >= .seconds(2) && elapsed < .seconds(8), "took \(elapsed)")
            try expectDraftWithoutSecret(runner)
        }
    }

    @Test("a refused connection exits 3 with the draft saved")
    func refused() async throws {
        try await withRefusingPort { closedPort in
            let runner = try BinaryRunner()
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--keep-asking", "--endpoint", "http://127.0.0.1:\(closedPort)/drf",
            ], lines: Self.signupLines(username: "bob_smith", password: "hunter2hunter2"))
            #expect(r.status == 3, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("  ! the server refused the connection"), "\(r.stdout)")
            try expectDraftWithoutSecret(runner)
        }
    }

    @Test("a 2xx whose body is not JSON is accepted without a summary")
    func garbage200() async throws {
        try await withServer { port, _ in
            let runner = try BinaryRunner()
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--keep-asking", "--endpoint", "http://127.0.0.1:\(port)/fault/garbage200",
            ], lines: Self.signupLines(username: "bob_smith"))
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.hasSuffix("Submitting... accepted (200)\n"), "\(r.stdout)")
        }
    }

    @Test("a server that repeats the password back: --output json never prints it")
    func echoedSecretNeverPrinted() async throws {
        try await withServer { port, _ in
            let runner = try BinaryRunner()
            let r = try await runFormline(runner, [
                "fill", "Forms/signup.yaml", "--no-checks", "--output", "json", "--endpoint", "http://127.0.0.1:\(port)/echo",
            ], lines: Self.signupLines(username: "bob_smith", password: "hunter2hunter2"))
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains(#""echo":{"#), "the server's answer is in the result: \(r.stdout)")
            #expect(!r.stdout.contains("hunter2hunter2"))
            #expect(!r.stderr.contains("hunter2hunter2"))
            #expect(r.stdout.contains(#""password":"[secret]""#))
        }
    }

    @Test("a bad --endpoint is a usage error naming the problem")
    func badEndpoint() async throws {
        let runner = try BinaryRunner()
        let r = try await runFormline(runner, ["fill", "Forms/signup.yaml", "--keep-asking", "--endpoint", "ftp://example.net"], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr == "formline: --endpoint: the URL must start with http:// or https:// (not ftp://)\n", "\(r.stderr)")
    }

    private func expectDraftWithoutSecret(_ runner: BinaryRunner) throws {
        let draft = try String(contentsOfFile: runner.draftPath("signup"), encoding: .utf8)
        #expect(draft.contains(#""username":"bob_smith""#))
        #expect(!draft.contains("hunter2"), "a secret is never written to a draft")
    }
}

/// Runs the demo server as a process of its own on 127.0.0.1, port 0, for the length of `body`;
/// `server.requests` reads what it received. (In-process, the server shared the test process's two
/// cooperative threads with every test running beside it, and on a loaded CI host a username check
/// answered after the client's timeout.)
func withServer<T>(_ body: (_ port: Int, _ server: DemoServerProcess) async throws -> T) async throws -> T {
    let server = try DemoServerProcess()
    defer { server.stop() }
    return try await body(server.port, server)
}

/// Runs the binary on its own thread: BinaryRunner blocks, and a blocked cooperative thread is
/// one of the test process's two.
private func runFormline(_ runner: BinaryRunner, _ arguments: [String], lines: [String]) async throws -> BinaryRunner.Result {
    let result: Result<BinaryRunner.Result, any Error> = await withCheckedContinuation { continuation in
        let thread = Thread {
            continuation.resume(returning: Result { try runner.run(arguments, lines: lines) })
        }
        thread.start()
    }
    return try result.get()
}
