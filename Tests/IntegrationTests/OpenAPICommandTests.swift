import DemoServer
import Foundation
import Testing

/// `fill --openapi`, `operations`, `import` and `check --openapi` through the built binary
/// (docs/openapi.md): the command line, the cache, recording and replay, drafts, scripted answers
/// and a remote document served by the demo server.
@Suite("OpenAPI commands", .serialized, .timeLimit(.minutes(3)))
struct OpenAPICommandTests {
    /// A small API: one signup operation with a JSON body, one without a body, one with a map
    /// (`additionalProperties`), which a form cannot express.
    static let document = #"""
    {
      "openapi": "3.1.0",
      "info": {"title": "Test API", "version": "1"},
      "paths": {
        "/api/signup": {
          "post": {
            "operationId": "createUser",
            "summary": "Create a user",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Signup"}}}},
            "responses": {"201": {"description": "Created"}}
          },
          "get": {"operationId": "listUsers", "responses": {"200": {"description": "OK"}}}
        },
        "/api/labels": {
          "post": {
            "operationId": "setLabels",
            "summary": "Set labels",
            "requestBody": {"content": {"application/json": {"schema": {
              "type": "object",
              "properties": {
                "name": {"type": "string", "title": "Name"},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}}
              }
            }}}},
            "responses": {"200": {"description": "OK"}}
          }
        }
      },
      "components": {"schemas": {"Signup": {
        "type": "object",
        "required": ["username", "email"],
        "properties": {
          "username": {"type": "string", "title": "Username", "minLength": 3},
          "email": {"type": "string", "format": "email", "title": "Email"},
          "age": {"type": "integer", "title": "Age", "minimum": 13}
        }
      }}}
    }
    """#

    /// Writes `text` as a document in the runner's folder, its times 10 s in the past (so its
    /// identity is remembered by the cache, as for any file not edited this very second).
    static func writeDocument(_ runner: BinaryRunner, _ text: String = document, name: String = "api.json") throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let past = Date().addingTimeInterval(-10)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        return path
    }

    @Test("operations lists each operation with a JSON body: method, path, id, summary")
    func operationsLists() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let r = try runner.run(["operations", doc], lines: [])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.map { Array($0.prefix(3)) } == [["POST", "/api/signup", "createUser"], ["POST", "/api/labels", "setLabels"]], "\(r.stdout)")
        #expect(r.stdout.contains("createUser  Create a user\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("listUsers"), "an operation without a body is not listed")
    }

    @Test("operations and fill on a file that is not OpenAPI, or too large, say so and exit 2")
    func notOpenAPI() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner, #"{"swagger": "2.0"}"#, name: "old.json")
        let r = try runner.run(["operations", doc], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("formline: \(doc): not an OpenAPI 3.0 or 3.1 document"), "\(r.stderr)")

        let big = runner.home.appendingPathComponent("big.json").path
        try Data(repeating: 0x20, count: (16 << 20) + 1).write(to: URL(fileURLWithPath: big))
        let f = try runner.run(["fill", "--openapi", big, "--operation", "x"], lines: [])
        #expect(f.status == 2)
        #expect(f.stderr == "formline: \(big): cannot read: larger than 16 MiB\n", "\(f.stderr)")

        let missing = try runner.run(["fill", "--openapi", doc], lines: [])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--openapi needs --operation OP"), "\(missing.stderr)")
    }

    @Test("an unknown operation is named with the nearest ones")
    func unknownOperation() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let r = try runner.run(["fill", "--openapi", doc, "--operation", "createUsr"], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no operation \"createUsr\" in the document"), "\(r.stderr)")
        #expect(r.stderr.contains("createUser"), "\(r.stderr)")
    }

    @Test("import prints a form file that check accepts and that fill fills like the document")
    func importWritesAFormFile() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let r = try runner.run(["import", doc, "POST /api/signup"], lines: [])
        #expect(r.status == 0, "\(r.stderr)")
        let form = runner.home.appendingPathComponent("signup.yaml").path
        try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: form))
        let check = try runner.run(["check", form], lines: [])
        #expect(check.status == 0, "\(check.stderr)\n\(r.stdout)")

        let byFile = try runner.run(["fill", form, "--output", "json"], lines: ["alice", "a@example.com", "", ""])
        let byDoc = try runner.run(["fill", "--openapi", doc, "--operation", "createUser", "--output", "json"],
                                   lines: ["alice", "a@example.com", "", ""])
        #expect(byDoc.status == 0 && byFile.status == 0, "\(byDoc.stderr)\(byFile.stderr)")
        #expect(byDoc.stdout == byFile.stdout, "the same payload either way")
    }

    @Test("check --openapi reports what a form cannot express with its JSON pointer, exit 1; a clean one exits 0")
    func checkReports() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let r = try runner.run(["check", "--openapi", doc], lines: [])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("\(doc)#/paths/~1api~1labels/post/requestBody/content/application~1json/schema/properties/labels"), "\(r.stderr)")
        #expect(r.stderr.contains("(POST /api/labels)"), "\(r.stderr)")
        #expect(r.stdout.contains("\(doc): 1 of 2 operations not fully expressed"), "\(r.stdout)")

        let clean = try Self.writeDocument(runner, Self.document.replacingOccurrences(
            of: #""labels": {"type": "object", "additionalProperties": {"type": "string"}}"#,
            with: #""note": {"type": "string"}"#), name: "clean.json")
        let ok = try runner.run(["check", "--openapi", clean], lines: [])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout == "\(clean): ok (2 operations with a JSON body, all fully expressed)\n")
    }

    @Test("fill --openapi walks the operation's body: a schema rule refused inline, then the payload")
    func fillsAnOperation() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let r = try runner.run(["fill", "--openapi", doc, "--operation", "createUser", "--keep-asking", "--output", "json"],
                               lines: ["ab", "alice", "not-an-email", "alice@example.com", "12", "30", ""])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("Username: ab\n  ! At least 3 characters\n"), "\(r.stderr)")
        #expect(r.stderr.contains("Age (optional") || r.stderr.contains("Age:"), "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let payload = try #require(json["payload"] as? [String: Any])
        #expect(payload["username"] as? String == "alice")
        #expect(payload["email"] as? String == "alice@example.com")
        #expect(payload["age"] as? Int == 30)
    }

    @Test("the derived form is cached by document content: a second run reuses it, a changed document rebuilds it")
    func cacheFollowsTheDocument() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let first = try runner.run(["fill", "--openapi", doc, "--operation", "createUser", "--no-input",
                                    "--set", "username=alice", "--set", "email=a@example.com"], lines: [])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let forms = runner.stateHome + "/formline/openapi/forms"
        let cached = try FileManager.default.contentsOfDirectory(atPath: forms).filter { $0.hasSuffix(".yaml") }
        #expect(cached.count == 1)
        #expect(FileManager.default.fileExists(atPath: runner.stateHome + "/formline/openapi/files"))

        // The same bytes again: no new entry.
        _ = try runner.run(["fill", "--openapi", doc, "--operation", "createUser", "--no-input",
                            "--set", "username=alice", "--set", "email=a@example.com"], lines: [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: forms).filter { $0.hasSuffix(".yaml") }.count == 1)

        // The document changes (a new required field): the next run knows it.
        _ = try Self.writeDocument(runner, Self.document.replacingOccurrences(
            of: #""required": ["username", "email"],"#, with: #""required": ["username", "email", "age"],"#))
        let changed = try runner.run(["fill", "--openapi", doc, "--operation", "createUser", "--no-input",
                                      "--set", "username=alice", "--set", "email=a@example.com"], lines: [])
        #expect(changed.status == 5, "age is required now: \(changed.stdout)\(changed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: forms).filter { $0.hasSuffix(".yaml") }.count == 2)
    }

    @Test("an unfinished run keeps a draft keyed by document and operation; --resume continues it")
    func draftsAndResume() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let r = try runner.run(["fill", "--openapi", doc, "--operation", "createUser"], lines: ["alice"])
        #expect(r.status == 4, "end of input: \(r.stdout)\(r.stderr)")
        let drafts = try FileManager.default.contentsOfDirectory(atPath: runner.stateHome + "/formline/drafts")
        #expect(drafts.count == 1, "\(drafts)")
        // Another document with the same operationId has its own drafts.
        let other = try Self.writeDocument(runner, name: "other.json")
        let o = try runner.run(["fill", "--openapi", other, "--operation", "createUser"], lines: ["bob"])
        #expect(o.status == 4)
        #expect(!o.stdout.contains("A draft of this form exists"), "\(o.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.stateHome + "/formline/drafts").count == 2)

        let resumed = try runner.run(["fill", "--openapi", doc, "--operation", "POST /api/signup", "--resume", "--output", "json"],
                                     lines: ["alice@example.com", "", ""])
        #expect(resumed.status == 0, "\(resumed.stdout)\(resumed.stderr)")
        #expect(resumed.stdout.contains(#""username":"alice""#), "the draft's answer is kept: \(resumed.stdout)")
    }

    @Test("--record keeps a copy of the document beside the transcript, and replay builds the form from it")
    func recordAndReplay() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let session = runner.home.appendingPathComponent("signup.session").path
        let r = try runner.run(["fill", "--openapi", doc, "--operation", "createUser", "--record", session, "--keep-asking"],
                               lines: ["ab", "alice", "alice@example.com", "", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let copy = runner.home.appendingPathComponent("signup.openapi.json").path
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == Self.document)
        let transcript = try String(contentsOfFile: session, encoding: .utf8)
        #expect(transcript.contains("#! form: signup.openapi.json\n#! operation: createUser\n"), "\(transcript)")

        // The original is gone: replay needs only the copy.
        try FileManager.default.removeItem(atPath: doc)
        let replay = try runner.run(["replay", "--allow-outside", session], lines: [])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("1 passed, 0 failed"))
    }

    @Test("a remote document is fetched once, used from the cache, and revalidated with --refresh (304)")
    func remoteDocument() async throws {
        try await withDemoServer { port, server in
            let runner = try BinaryRunner()
            let url = "http://127.0.0.1:\(port)/openapi.json"
            let arguments = ["fill", "--openapi", url, "--operation", "signup_drf", "--endpoint", "http://127.0.0.1:\(port)",
                             "--keep-asking"]
            // admin is taken (a rule only the server knows): mapped onto Username, asked again.
            let lines = ["admin", "admin@example.com", "correct-horse-7", "", "", "", "admin_2", ""]
            let first = try await runInThread(runner, arguments, lines: lines)
            #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
            #expect(first.stdout.contains("Submitting... rejected (400)\n  1 Username  admin\n    ! "), "\(first.stdout)")
            #expect(first.stdout.hasSuffix("Submitting... accepted (201) id=1\n"), "\(first.stdout)")
            #expect(server.requests.all.filter { $0.method == "GET" }.count == 1)

            let second = try await runInThread(runner, arguments, lines: ["bob_1", "bob@example.com", "correct-horse-7", "", "", ""])
            #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
            #expect(server.requests.all.filter { $0.method == "GET" }.count == 1, "the cached copy has not expired")

            let third = try await runInThread(runner, arguments + ["--refresh"], lines: ["carl_1", "carl@example.com", "correct-horse-7", "", "", ""])
            #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
            let gets = server.requests.all.filter { $0.method == "GET" }
            #expect(gets.count == 2)
            #expect(gets.last?.header("If-None-Match") == "\"formline-demo-openapi-1\"")
        }
    }

    @Test("a document server that cannot be reached, with nothing cached, is a transport failure (3)")
    func unreachableDocument() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["operations", "http://127.0.0.1:9/openapi.json"], lines: [])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("formline: http://127.0.0.1:9/openapi.json: cannot fetch the document: "), "\(r.stderr)")
    }
}

/// The demo server in this process on a free port (like HTTPEndToEndTests' helper).
private func withDemoServer(_ body: (_ port: Int, _ server: DemoServer) async throws -> Void) async throws {
    let server = DemoServer(host: "127.0.0.1", port: 0)
    let (ports, sink) = AsyncStream<Int>.makeStream()
    let running = Task { try await server.run { port in sink.yield(port); sink.finish() } }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next(), port > 0 else {
        running.cancel()
        Issue.record("the demo server did not start")
        return
    }
    let outcome: Result<Void, any Error>
    do { outcome = .success(try await body(port, server)) } catch { outcome = .failure(error) }
    running.cancel()
    _ = await running.result
    try outcome.get()
}

/// The binary on its own thread: the in-process server needs the cooperative threads.
private func runInThread(_ runner: BinaryRunner, _ arguments: [String], lines: [String]) async throws -> BinaryRunner.Result {
    let result: Result<BinaryRunner.Result, any Error> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Result { try runner.run(arguments, lines: lines) }) }.start()
    }
    return try result.get()
}
