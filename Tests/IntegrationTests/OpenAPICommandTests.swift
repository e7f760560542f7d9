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

    /// A path parameter, a nested object, and constructs a form asks otherwise or leaves out: a
    /// type list (asked as text, its schema in help), a discriminated union (left out), a `not`.
    /// Beside it, a multipart-only operation.
    static let teamDocument = #"""
    {
      "openapi": "3.1.0",
      "info": {"title": "Teams", "version": "1"},
      "paths": {
        "/api/teams/{team_id}/members": {
          "post": {
            "operationId": "addMember",
            "summary": "Add a member",
            "parameters": [{"name": "team_id", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {
              "type": "object",
              "required": ["name", "address"],
              "properties": {
                "name": {"type": "string", "title": "Name", "minLength": 2, "not": {"enum": ["root"]}},
                "address": {"type": "object", "title": "Address", "required": ["city"], "properties": {
                  "city": {"type": "string", "title": "City"},
                  "zip": {"type": "string", "pattern": "^[0-9]{4}$"}
                }},
                "extra": {"title": "Extra", "type": ["string", "integer"]},
                "pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                        "discriminator": {"propertyName": "kind"}}
              }
            }}}},
            "responses": {"201": {"description": "Created"}}
          }
        },
        "/api/avatar": {
          "post": {
            "operationId": "uploadAvatar",
            "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}}}}},
            "responses": {"200": {"description": "OK"}}
          }
        }
      },
      "components": {"schemas": {
        "Cat": {"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}}},
        "Dog": {"type": "object", "properties": {"kind": {"const": "dog"}, "good": {"type": "boolean"}}}
      }}
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
        #expect(r.stdout == "\(doc): 1 of 2 operations with a request body not fully expressed (1 problem)\n", "\(r.stdout)")

        let clean = try Self.writeDocument(runner, Self.document.replacingOccurrences(
            of: #""labels": {"type": "object", "additionalProperties": {"type": "string"}}"#,
            with: #""note": {"type": "string"}"#), name: "clean.json")
        let ok = try runner.run(["check", "--openapi", clean], lines: [])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout == "\(clean): ok (2 operations with a request body, all fully expressed)\n")
    }

    @Test("fill --openapi walks the operation's body: a schema rule refused inline, then the payload")
    func fillsAnOperation() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let r = try runner.run(["fill", "--openapi", doc, "--operation", "createUser", "--keep-asking", "--output", "json"],
                               lines: ["ab", "alice", "not-an-email", "alice@example.com", "12", "30", ""])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("Username: ab\n  ! At least 3 characters\n"), "\(r.stderr)")
        #expect(r.stderr.contains("Email: alice@example.com\nAge (optional, at least 13): 12\n  ! "), "\(r.stderr)")
        #expect(r.stderr.contains("\nAge (optional, at least 13): 30\n"), "\(r.stderr)")
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
        let cached = try FileManager.default.contentsOfDirectory(atPath: forms).filter { $0.hasSuffix(".json") }
        #expect(cached.count == 1)
        #expect(FileManager.default.fileExists(atPath: runner.stateHome + "/formline/openapi/files"))

        // The same bytes again: no new entry.
        _ = try runner.run(["fill", "--openapi", doc, "--operation", "createUser", "--no-input",
                            "--set", "username=alice", "--set", "email=a@example.com"], lines: [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: forms).filter { $0.hasSuffix(".json") }.count == 1)

        // The document changes (a new required field): the next run knows it.
        _ = try Self.writeDocument(runner, Self.document.replacingOccurrences(
            of: #""required": ["username", "email"],"#, with: #""required": ["username", "email", "age"],"#))
        let changed = try runner.run(["fill", "--openapi", doc, "--operation", "createUser", "--no-input",
                                      "--set", "username=alice", "--set", "email=a@example.com"], lines: [])
        #expect(changed.status == 5, "age is required now: \(changed.stdout)\(changed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: forms).filter { $0.hasSuffix(".json") }.count == 2)
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
        try await withServer { port, server in
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

extension OpenAPICommandTests {
    static let teamPointer = "#/paths/~1api~1teams~1{team_id}~1members/post/requestBody/content/application~1json/schema/properties"

    @Test("check --openapi counts one population: operations with a request body (JSON or not)")
    func checkCountsOneePopulation() throws {
        let runner = try BinaryRunner()
        // A fine JSON operation beside a multipart one: 1 of 2, not "1 of 1".
        let clean = Self.document.replacingOccurrences(
            of: #""labels": {"type": "object", "additionalProperties": {"type": "string"}}"#, with: #""note": {"type": "string"}"#)
            .replacingOccurrences(of: #""requestBody": {"content": {"application/json""#, with: #""requestBody": {"content": {"multipart/form-data""#)
        let mixed = try Self.writeDocument(runner, clean, name: "mixed.json")
        let r = try runner.run(["check", "--openapi", mixed], lines: [])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "\(mixed): 1 of 2 operations with a request body not fully expressed (1 problem)\n", "\(r.stdout)")
        #expect(r.stderr == "\(mixed)#/paths/~1api~1labels/post/requestBody/content: takes no JSON request body: it takes multipart/form-data, and formline sends JSON only (POST /api/labels)\n", "\(r.stderr)")

        // Multipart only: 1 of 1, not "1 of 0".
        let only = try Self.writeDocument(runner, #"""
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/api/avatar": {"post": {
              "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object"}}}}, "responses": {}}}}}
            """#, name: "only.json")
        let o = try runner.run(["check", "--openapi", only], lines: [])
        #expect(o.status == 1)
        #expect(o.stdout == "\(only): 1 of 1 operation with a request body not fully expressed (1 problem)\n", "\(o.stdout)")
    }

    @Test("a body that is not JSON is refused by fill and import with its JSON pointer")
    func nonJSONRefusalNamesItsPointer() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner, Self.teamDocument, name: "teams.json")
        let expected = "POST /api/avatar takes no JSON request body: #/paths/~1api~1avatar/post/requestBody/content: it takes multipart/form-data, and formline sends JSON only\n"
        let fill = try runner.run(["fill", "--openapi", doc, "--operation", "uploadAvatar"], lines: [])
        #expect(fill.status == 2)
        #expect(fill.stderr == "formline: \(doc): " + expected, "\(fill.stderr)")
        let imported = try runner.run(["import", doc, "uploadAvatar"], lines: [])
        #expect(imported.status == 2)
        #expect(imported.stderr == "formline: \(doc): " + expected, "\(imported.stderr)")
    }

    @Test("fill --openapi with constructs a form can't fully express: notes with pointers, the rest filled, the schema in help")
    func unsupportedConstructsThroughTheBinary() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner, Self.teamDocument, name: "teams.json")
        // team_id, name, address.city, address.zip (empty), extra: "?" for its help, then a value; the review.
        let r = try runner.run(["fill", "--openapi", doc, "--operation", "addMember", "--output", "json"],
                               lines: ["7", "Al", "Oslo", "", "?", "12 or x", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let notes = r.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("\(doc): #/") }
        #expect(notes.contains("\(doc): \(Self.teamPointer)/pet: \"pet\" is left out of the form: oneOf/anyOf with a discriminator (one of several object shapes) can't be asked as one set of questions (POST /api/teams/{team_id}/members)"), "\(r.stderr)")
        #expect(notes.contains("\(doc): \(Self.teamPointer)/extra: a value of several types (string, integer) is asked as text and sent as a string (POST /api/teams/{team_id}/members)"), "\(r.stderr)")
        #expect(notes.contains("\(doc): \(Self.teamPointer)/name/not: \"not\" can't be checked by a form; the server checks it (POST /api/teams/{team_id}/members)"), "\(r.stderr)")
        #expect(notes.count == 3, "\(notes)")
        // The notes come before the first prompt.
        let firstPrompt = try #require(r.stderr.range(of: "Add a member  (5 fields; ? for help)\nteam_id (at least 1): 7\n"))
        #expect(r.stderr.range(of: "\(Self.teamPointer)/pet")!.lowerBound < firstPrompt.lowerBound)
        // The text fallback shows its schema at "?".
        #expect(r.stderr.contains("Extra (optional): ?\n  Extra: Schema: {\"type\":[\"string\",\"integer\"]}\n"), "\(r.stderr)")
        // An untitled property of a nested object is labelled with its parent's title.
        #expect(r.stderr.contains("City: Oslo\nAddress: zip (optional): \n"), "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let payload = try #require(json["payload"] as? [String: Any])
        #expect(payload["extra"] as? String == "12 or x")
        #expect(payload["name"] as? String == "Al")
        #expect((payload["address"] as? [String: Any])?["city"] as? String == "Oslo")
        #expect(payload["pet"] == nil && payload["team_id"] == nil)
    }

    @Test("--answers fills a nested field and a path parameter; the parameter goes into the path")
    func answersWithNestedAndPathParameter() async throws {
        try await withServer { port, server in
            let runner = try BinaryRunner()
            let doc = try Self.writeDocument(runner, Self.teamDocument, name: "teams.json")
            let answers = runner.home.appendingPathComponent("member.yaml").path
            try Data("team_id: 7\nname: Al\naddress:\n  city: Oslo\n  zip: \"0150\"\n".utf8).write(to: URL(fileURLWithPath: answers))
            let r = try await runInThread(runner, ["fill", "--openapi", doc, "--operation", "addMember", "--answers", answers,
                                                   "--no-input", "--endpoint", "http://127.0.0.1:\(port)"], lines: [])
            let post = try #require(server.requests.all.last { $0.method == "POST" }, "\(r.stdout)\(r.stderr)")
            #expect(post.path == "/api/teams/7/members")
            #expect(post.bodyText == #"{"address":{"city":"Oslo","zip":"0150"},"name":"Al"}"#, "\(post.bodyText)")
        }
    }

    @Test("--plain at a terminal: the OpenAPI form is asked like its imported form file")
    func plainAtATerminal() throws {
        let runner = try BinaryRunner()
        let doc = try Self.writeDocument(runner)
        let home = runner.home.path
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", "--plain", "--openapi", doc, "--operation", "createUser"],
            environment: PseudoTerminal.environment(home: home), directory: home)
        try pty.expect("Create a user")
        try pty.expect("Username: ")
        pty.send("ab\r")
        try pty.expect("At least 3 characters")
        try pty.expect("Username: ")
        pty.send("\u{15}alice\r")
        try pty.expect("Email: ")
        pty.send("alice@example.com\r")
        try pty.expect("Age (optional, at least 13): ")
        pty.send("\r")
        try pty.expect("Submit?")
        pty.send("\r")
        let review = try pty.expect("accepted (201)")
        #expect(!review.contains("\u{1B}["), "--plain writes no escape sequences")
        #expect(try pty.waitForExit() == .code(0))
    }

    @Test("a recording of a URL document replays from its copy with the server stopped (replay never fetches)")
    func recordedURLReplaysWithoutTheServer() async throws {
        let runner = try BinaryRunner()
        let session = runner.home.appendingPathComponent("drf.session").path
        try await withServer { port, _ in
            let r = try await runInThread(runner, [
                "fill", "--openapi", "http://127.0.0.1:\(port)/openapi.json", "--operation", "signup_drf",
                "--endpoint", "http://127.0.0.1:\(port)", "--keep-asking", "--record", session,
            ], lines: ["admin", "admin@example.com", "correct-horse-7", "", "", "", "admin_2", ""])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        }
        let transcript = try String(contentsOfFile: session, encoding: .utf8)
        #expect(transcript.contains("#! form: drf.openapi.json\n#! operation: signup_drf\n"), "\(transcript)")
        // The server is gone and the state folder empty: only the copy can build the form.
        try FileManager.default.removeItem(atPath: runner.stateHome)
        let replay = try runner.run(["replay", "--allow-outside", session], lines: [])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("1 passed, 0 failed"), "\(replay.stdout)")
        #expect(!FileManager.default.fileExists(atPath: runner.stateHome + "/formline/openapi/documents"), "replay fetched nothing")
    }

    /// Moves the cached copy of `url` `seconds` into the past (its `fetched_at`).
    static func ageCachedCopy(_ runner: BinaryRunner, seconds: Int) throws {
        let folder = runner.stateHome + "/formline/openapi/documents"
        let meta = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".json") })
        let path = folder + "/" + meta
        var entry = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let fetched = try #require(entry["fetched_at"] as? Int)
        entry["fetched_at"] = fetched - seconds
        try JSONSerialization.data(withJSONObject: entry).write(to: URL(fileURLWithPath: path))
    }

    @Test("an expired copy is revalidated with one conditional GET; with the server down the stale copy is used, with a warning")
    func remoteCacheExpiry() async throws {
        let runner = try BinaryRunner()
        var url = ""
        try await withServer { port, server in
            url = "http://127.0.0.1:\(port)/openapi.json"
            let first = try await runInThread(runner, ["operations", url], lines: [])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(server.requests.all.filter { $0.method == "GET" }.count == 1)
            #expect(server.requests.all.last?.header("If-None-Match") == nil, "the first fetch is a plain GET")

            // 16 minutes later: expired (15), so exactly one conditional GET.
            try Self.ageCachedCopy(runner, seconds: 16 * 60)
            let second = try await runInThread(runner, ["operations", url], lines: [])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stdout == first.stdout)
            let gets = server.requests.all.filter { $0.method == "GET" }
            #expect(gets.count == 2)
            #expect(gets.last?.header("If-None-Match") == "\"formline-demo-openapi-1\"")
            #expect(gets.last?.header("If-Modified-Since")?.hasSuffix(" GMT") == true, "\(gets.last?.headers ?? [])")

            // The 304 restarted the clock: no request now.
            let third = try await runInThread(runner, ["operations", url], lines: [])
            #expect(third.status == 0)
            #expect(server.requests.all.filter { $0.method == "GET" }.count == 2)
        }
        // The server is down and the copy expired: it is used, with a warning naming its age.
        try Self.ageCachedCopy(runner, seconds: 2 * 3600)
        let stale = try runner.run(["operations", url], lines: [])
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout.contains("signup_drf"))
        #expect(stale.stderr.hasPrefix("formline: warning: \(url): "), "\(stale.stderr)")
        #expect(stale.stderr.hasSuffix("; using the copy fetched 2 h ago\n"), "\(stale.stderr)")
    }

    @Test("cached notes name the document as given in this run, not as first given")
    func cachedNotesNameTheirPath() throws {
        let runner = try BinaryRunner()
        for folder in ["one", "two"] {
            try FileManager.default.createDirectory(at: runner.home.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let one = try Self.writeDocument(runner, name: "one/api.json")
        let two = try Self.writeDocument(runner, name: "two/api.json")
        let arguments = ["--operation", "setLabels", "--no-input", "--set", "name=x"]
        let first = try runner.run(["fill", "--openapi", one] + arguments, lines: [])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stderr.contains("\(one): #/paths/~1api~1labels/"), "\(first.stderr)")
        let second = try runner.run(["fill", "--openapi", two] + arguments, lines: [])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stderr.contains("\(two): #/paths/~1api~1labels/"), "\(second.stderr)")
        #expect(!second.stderr.contains(one), "\(second.stderr)")
        let forms = try FileManager.default.contentsOfDirectory(atPath: runner.stateHome + "/formline/openapi/forms")
        #expect(forms.filter { $0.hasSuffix(".json") }.count == 1, "the same bytes and name: one cached form")
    }
}

/// The binary on its own thread: a blocked cooperative thread is one of the test process's two.
private func runInThread(_ runner: BinaryRunner, _ arguments: [String], lines: [String]) async throws -> BinaryRunner.Result {
    let result: Result<BinaryRunner.Result, any Error> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Result { try runner.run(arguments, lines: lines) }) }.start()
    }
    return try result.get()
}
