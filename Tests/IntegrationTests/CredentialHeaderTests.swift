import DemoServer
import Foundation
import Testing

/// Issue 18, item 6: credential headers are secrets. Through the built binary, against the demo
/// server's `/echo-headers`, which repeats every request header back.
@Suite("credential headers", .serialized, .timeLimit(.minutes(2)))
struct CredentialHeaderTests {
    static let token = "tok-a1b2/c3d4e5f6"
    static let apiKey = "key-9f8e7d6c5b"
    static let session = "sess-5a4b3c2d1e"
    /// Every credential text that must never show: the token alone, the scheme and token.
    static let leaks = [token, "c3d4e5f6", "tok-a1b2", apiKey, session]

    static func signupLines(username: String) -> [String] {
        [username, "\(username)@example.com", "hunter2hunter2", "", "", ""]
    }

    private func expectNoLeak(_ texts: [String], _ where_: String) {
        for text in texts {
            for leak in Self.leaks {
                #expect(!text.contains(leak), "\(leak) leaked into \(where_): \(text)")
            }
        }
    }

    @Test("a server that echoes Authorization, an API key and a cookie: masked in --output json and the transcript")
    func echoedCredentialsAreMaskedInJSONAndTranscript() async throws {
        try await withServer { port, server in
            let runner = try BinaryRunner()
            let transcript = runner.home.appendingPathComponent("run.session").path
            let r = try await offThread {
                try runner.run([
                    "fill", "Forms/signup.yaml", "--no-checks", "--output", "json", "--record", transcript,
                    "--endpoint", "http://127.0.0.1:\(port)/echo-headers",
                    "--header-from", "Authorization=env:API_AUTH",
                    "--header", "X-Api-Key: \(Self.apiKey)",
                    "--header", "Cookie: theme=dark; session=\(Self.session)",
                ], input: Array(Self.signupLines(username: "bob_smith").map { $0 + "\n" }.joined().utf8),
                environment: ["API_AUTH": "Bearer \(Self.token)"])
            }
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            let received = try #require(server.requests.last)
            #expect(received.header("Authorization") == "Bearer \(Self.token)", "the real value reaches the server")
            #expect(received.header("X-Api-Key") == Self.apiKey)
            #expect(received.header("Cookie") == "theme=dark; session=\(Self.session)")
            // The server's answer is shown, with each credential replaced by its header's name.
            #expect(r.stdout.contains(#""Authorization: [Authorization]""#), "\(r.stdout)")
            #expect(r.stdout.contains(#""X-Api-Key: [X-Api-Key]""#), "\(r.stdout)")
            #expect(r.stdout.contains(#""Cookie: [Cookie]""#), "\(r.stdout)")
            let recorded = try String(contentsOfFile: transcript, encoding: .utf8)
            #expect(recorded.contains("[Authorization]"), "\(recorded)")
            expectNoLeak([r.stdout, r.stderr, recorded], "the output or the transcript")
            // Credentials typed on the command line work, with a warning naming the header only.
            #expect(r.stderr.contains("formline: warning: --header X-Api-Key: a credential on the command line can be read by every local user"), "\(r.stderr)")
            #expect(r.stderr.contains("--header Cookie:"))
            #expect(!r.stderr.contains("--header Authorization"), "a --header-from header is not on the command line")
        }
    }

    @Test("a server error that quotes the Authorization header: masked on screen and in the transcript")
    func credentialInServerErrorIsMaskedOnScreen() async throws {
        try await withServer { port, _ in
            let runner = try BinaryRunner()
            let transcript = runner.home.appendingPathComponent("rejected.session").path
            let r = try await offThread {
                try runner.run([
                    "fill", "Forms/signup.yaml", "--no-checks", "--record", transcript,
                    "--endpoint", "http://127.0.0.1:\(port)/echo-headers", "--header-from", "Authorization=env:API_AUTH",
                ], input: Array(Self.signupLines(username: "admin").map { $0 + "\n" }.joined().utf8),
                environment: ["API_AUTH": "Bearer \(Self.token)"])
            }
            #expect(r.status != 0, "a rejection is not an acceptance: \(r.stdout)")
            let screen = r.stdout.replacingOccurrences(of: "\n    ", with: " ")
            #expect(screen.contains("Submitting... rejected (400)"), "\(r.stdout)")
            #expect(screen.contains("Authorization: [Authorization]"), "\(r.stdout)")
            let recorded = try String(contentsOfFile: transcript, encoding: .utf8)
            #expect(recorded.contains("Authorization: [Authorization]"), "\(recorded)")
            expectNoLeak([r.stdout, r.stderr, recorded], "the screen or the transcript")
        }
    }

    @Test("an invalid header value is never printed inside the error", arguments: [
        ["--header", "Authorization: Bearer \(token)\u{1}"],
        ["--header", "X-Api-Key: \(apiKey)\u{7F}"],
    ])
    func invalidHeaderValueIsNeverPrinted(_ header: [String]) throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--endpoint", "http://127.0.0.1:9/x"] + header, lines: [])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("the value contains a control character (not shown: it may be a secret)"), "\(r.stderr)")
        expectNoLeak([r.stdout, r.stderr], "the error")
    }

    @Test("--header-from with a control character in the variable: refused without the value")
    func invalidHeaderFromValueIsNeverPrinted() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--endpoint", "http://127.0.0.1:9/x",
                                "--header-from", "Authorization=env:API_AUTH"],
                               input: [], environment: ["API_AUTH": "Bearer \(Self.token)\r\nX-Injected: 1"])
        #expect(r.status == 2)
        #expect(r.stderr == "formline: --header-from Authorization: the value contains a control character (not shown: it may be a secret)\n", "\(r.stderr)")
        expectNoLeak([r.stdout, r.stderr], "the error")
    }

    @Test("--header-from reads env:, file: (mode 600 only) and fd:, and the value reaches the server")
    func headerFromSources() async throws {
        try await withServer { port, server in
            let runner = try BinaryRunner()
            let endpoint = "http://127.0.0.1:\(port)/drf"
            let secretFile = runner.home.appendingPathComponent("token.txt").path
            try Data("Bearer \(Self.token)\n".utf8).write(to: URL(fileURLWithPath: secretFile))
            let lines = Self.signupLines(username: "bob_smith")

            // A file others may read is refused, like ssh refuses such a key.
            chmod(secretFile, 0o644)
            let open = try await offThread {
                try runner.run(["fill", "Forms/signup.yaml", "--endpoint", endpoint, "--header-from", "Authorization=file:\(secretFile)"], lines: lines)
            }
            #expect(open.status == 2)
            #expect(open.stderr == "formline: --header-from Authorization: file:\(secretFile) may be read or changed by other users (mode 644); chmod 600 it\n", "\(open.stderr)")
            #expect(server.requests.all.isEmpty, "nothing is sent")

            // Mode 600: read, the trailing newline dropped.
            chmod(secretFile, 0o600)
            let fromFile = try await offThread {
                try runner.run(["fill", "Forms/signup.yaml", "--endpoint", endpoint, "--header-from", "Authorization=file:\(secretFile)"], lines: lines)
            }
            #expect(fromFile.status == 0, "\(fromFile.stdout)\(fromFile.stderr)")
            #expect(server.requests.last?.header("Authorization") == "Bearer \(Self.token)")

            // An inherited descriptor: `3<file`.
            let fromFD = try await offThread {
                try runner.shell(#"exec "$FORMLINE" fill Forms/signup.yaml --endpoint "$1" --header-from X-Session=fd:3 3<"$2""#,
                                 arguments: [endpoint, secretFile], lines: lines)
            }
            #expect(fromFD.status == 0, "\(fromFD.stdout)\(fromFD.stderr)")
            #expect(server.requests.last?.header("X-Session") == "Bearer \(Self.token)")
            #expect(server.requests.all.filter { $0.method == "POST" }.count == 2, "the submissions (the username checks are GETs)")

            // A variable that is not set: refused, naming it.
            let unset = try await offThread {
                try runner.run(["fill", "Forms/signup.yaml", "--endpoint", endpoint, "--header-from", "Authorization=env:NO_SUCH_TOKEN"], lines: lines)
            }
            #expect(unset.status == 2)
            #expect(unset.stderr == "formline: --header-from Authorization: the environment variable NO_SUCH_TOKEN is not set\n", "\(unset.stderr)")
            expectNoLeak([open.stdout, open.stderr, fromFile.stdout, fromFile.stderr, fromFD.stdout, fromFD.stderr], "the output")
        }
    }

    @Test("--header-from given the value itself instead of a source: refused without repeating it")
    func headerFromWithoutASource() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--header-from", "Authorization=Bearer \(Self.token)"], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--header-from: Authorization: the value must be env:NAME, file:PATH or fd:N"), "\(r.stderr)")
        expectNoLeak([r.stdout, r.stderr], "the error")
    }
}

/// Runs a blocking call on its own thread: a blocked cooperative thread is one of the test
/// process's two.
func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let result: Result<T, any Error> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Result { try body() }) }.start()
    }
    return try result.get()
}
