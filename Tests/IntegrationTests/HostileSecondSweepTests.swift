import Foundation
import Testing

/// Issue 33 (the second hostile-input sweep), items 1-4 and 12, through the real binary: a
/// failing replay's diff bounded, the OpenAPI cache verified, form text never raw on a terminal,
/// no quadratic list checks, and `check --openapi` loading each derived form.
@Suite("hostile input, second sweep", .serialized)
struct HostileSecondSweepTests {
    let fm = FileManager.default

    /// A folder under the repository (replay reads forms only inside the folder it runs from).
    private func scratchFolder() throws -> String {
        let folder = BinaryRunner.root.path + "/.build/hostile2-\(UUID().uuidString)"
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A signup transcript whose output departs from the form's at its first line and then
    /// holds `lines` more lines of `filler` output.
    private func divergingTranscript(lines: Int, filler: String) -> String {
        var text = "#! formline-session 1\n#! form: ../../Forms/signup.yaml\n#! args: --plain\nCreate an account, differently\n"
        text.reserveCapacity(lines * (filler.utf8.count + 8))
        for n in 0..<lines { text += filler + String(n) + "\n" }
        return text + "Username:\n> bob_smith\n"
    }

    // MARK: - Item 1: a failing replay's diff is bounded

    @Test("a failing replay of a 20,000-line transcript differing in its first line ends quickly in bounded memory, its diff cut")
    func failingReplayDiffIsBounded() throws {
        let runner = try BinaryRunner()
        let folder = try scratchFolder()
        defer { try? fm.removeItem(atPath: folder) }
        let path = folder + "/long.session"
        try divergingTranscript(lines: 20_000, filler: "line ").write(toFile: path, atomically: false, encoding: .utf8)
        let started = Date()
        // 1 GB of address space: the quadratic table took 1.59 GB for this transcript.
        let r = try runner.shell("ulimit -v 1000000; exec \"$FORMLINE\" replay \"$1\"", arguments: [path], lines: [])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(r.status == 1, "\(r.stderr)")
        let out = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(out.first == "FAIL \(path): request GET /api/usernames/bob_smith with no response left; prompt \"Email:\" with no input left; output differs from the transcript at line 4")
        #expect(out.count < 420, "the diff is cut: \(out.count) lines")
        #expect(r.stdout.contains("... diff cut after 400 lines: the whole replay is in \(path).actual\n"))
        #expect(r.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test("a failing replay of a 6 MB transcript does not abort: it fails with a cut diff")
    func failingReplayOfSixMegabytesDoesNotAbort() throws {
        let runner = try BinaryRunner()
        let folder = try scratchFolder()
        defer { try? fm.removeItem(atPath: folder) }
        let path = folder + "/huge.session"
        let text = divergingTranscript(lines: 450_000, filler: "output ")
        #expect(text.utf8.count > 6_000_000 && text.utf8.count < 8 << 20)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let r = try runner.shell("ulimit -v 1000000; exec \"$FORMLINE\" replay \"$1\"", arguments: [path], lines: [])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("FAIL \(path): request GET /api/usernames/bob_smith with no response left; prompt \"Email:\" with no input left; output differs from the transcript at line 4\n"))
        #expect(r.stdout.contains("... diff cut after 400 lines"))
        #expect(r.stderr.isEmpty)
    }
}

extension HostileSecondSweepTests {
    // MARK: - Item 4: no quadratic list checks, and what a form may hold is capped

    /// A form of one choice field listing `count` choices.
    private func choicesForm(_ runner: BinaryRunner, count: Int) throws -> String {
        let path = runner.home.appendingPathComponent("choices\(count).yaml").path
        let list = (0..<count).map { "c\($0)" }.joined(separator: ", ")
        try "id: many\ntitle: Many\nfields:\n  - name: pick\n    type: choice\n    choices: [\(list)]\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("20,000 choices are refused at load with their position; 10,000 load quickly")
    func twentyThousandChoicesAreRefusedQuickly() throws {
        let runner = try BinaryRunner()
        let big = try choicesForm(runner, count: 20_000)
        let started = Date()
        let r = try runner.run(["check", big], input: [])
        #expect(r.status == 2)
        #expect(r.stderr == "\(big):6:14: a field lists at most 10000 choices (this one has 20000)\n")
        let most = try choicesForm(runner, count: 10_000)
        let ok = try runner.run(["check", most], input: [])
        #expect(ok.status == 0, "\(ok.stderr.prefix(300))")
        #expect(ok.stdout == "\(most): ok (many, 1 field)\n")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test("a form of more than 10,000 fields is refused at the first field past the cap")
    func tooManyFieldsAreRefused() throws {
        let runner = try BinaryRunner()
        let path = runner.home.appendingPathComponent("fields.yaml").path
        var text = "id: wide\ntitle: Wide\nfields:\n"
        for i in 0..<10_001 { text += "  - name: f\(i)\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runner.run(["check", path], input: [])
        #expect(r.status == 2)
        #expect(r.stderr == "\(path):10004:11: a form holds at most 10000 fields (this one has 10001, group members included)\n")
    }

    @Test("a form of 10,000 one-field groups (the most fields a form holds) checks in linear time")
    func tenThousandGroupsCheckQuickly() throws {
        let runner = try BinaryRunner()
        let path = runner.home.appendingPathComponent("groups.yaml").path
        var text = "id: groups\ntitle: Groups\nfields:\n"
        for i in 0..<10_000 { text += "  - group: g\(i)\n    fields:\n      - name: a\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let started = Date()
        let r = try runner.run(["check", path], input: [], timeout: 30)
        #expect(r.stdout == "\(path): ok (groups, 10000 fields)\n", "\(r.stderr.prefix(300))")
        #expect(Date().timeIntervalSince(started) < 20, "the duplicate-group check was quadratic: 23 s")
    }

    /// An OpenAPI document of one POST whose body has `properties` (JSON text).
    private func openAPIDocument(_ runner: BinaryRunner, name: String, properties: String, required: String = "[]") throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try """
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/x": {"post": {"operationId": "make",
             "requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": \(required),
             "properties": \(properties)}}}}, "responses": {"201": {"description": "made"}}}}}}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("an OpenAPI enum of 100,000 values is asked as text at once, and check --openapi names it")
    func hugeOpenAPIEnumIsAskedAsText() throws {
        let runner = try BinaryRunner()
        let values = (0..<100_000).map { "\"v\($0)\"" }.joined(separator: ",")
        let doc = try openAPIDocument(runner, name: "enum.json", properties: "{\"kind\": {\"type\": \"string\", \"enum\": [\(values)]}}")
        let started = Date()
        let fill = try runner.run(["fill", "--openapi", doc, "--operation", "make", "--plain"], lines: ["v99999", ".cancel"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(fill.stdout.contains("kind (optional): v99999\nReview\n  1 kind  v99999\n"), "\(fill.stdout.prefix(400)) \(fill.stderr.prefix(400))")
        let check = try runner.run(["check", "--openapi", doc], input: [])
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(doc)#/paths/~1x/post/requestBody/content/application~1json/schema/properties/kind/enum: an enum of 100000 values is more than a field lists (at most 10000): asked as text, the server checks it"), "\(check.stderr.prefix(500))")
        #expect(Date().timeIntervalSince(started) < 40)
    }

    @Test("check --openapi of 2,000 operations is linear: it ends well within 30 s")
    func checkOfTwoThousandOperationsIsLinear() throws {
        let runner = try BinaryRunner()
        let doc = runner.home.appendingPathComponent("ops.json").path
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["python3", BinaryRunner.root.path + "/Benchmarks/make-openapi-document.py", doc, "-n", "2000"]
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        let r = try runner.run(["check", "--openapi", doc], input: [], timeout: 30)
        #expect(r.stdout == "\(doc): 2000 of 2000 operations with a request body not fully expressed (2000 problems)\n",
                "\(r.stdout.suffix(300)) \(r.stderr.suffix(300))")
    }
}

extension HostileSecondSweepTests {
    // MARK: - Item 2: the derived-form cache is not trusted

    static let signupDocument = """
        {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/x": {"post": {"operationId": "make",
         "requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": ["username"],
         "properties": {"username": {"type": "string", "title": "Username"}}}}}}, "responses": {"201": {"description": "made"}}}}}}
        """

    /// A form the document does not describe: what a poisoned cache entry would make formline send.
    static let poisonedForm = """
        id: make
        title: Poisoned
        fields:
          - name: username
          - name: is_admin
            type: boolean
            default: "yes"
        submit:
          method: PUT
          path: /poisoned/admin

        """

    private func sha256(_ bytes: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }

    /// The one cached entry after a first run, parsed.
    private func cachedEntry(_ state: String) throws -> (path: String, json: [String: Any]) {
        let forms = state + "/formline/openapi/forms"
        let names = try fm.contentsOfDirectory(atPath: forms)
        #expect(names.count == 1, "\(names)")
        let path = forms + "/" + (names.first ?? "")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return (path, json)
    }

    /// An entry holding `yaml`, hashed as formline hashes one (so only the folder's trust decides).
    private func forgedEntry(like json: [String: Any], yaml: String) throws -> Data {
        let document = json["document_sha256"] as? String ?? "", operation = json["operation"] as? String ?? ""
        let parts = [document, operation, yaml].map { Array($0.utf8) }
        let hash = try sha256(parts.flatMap { Array("\($0.count):".utf8) + $0 })
        return try JSONSerialization.data(withJSONObject: [
            "document_sha256": document, "operation": operation, "yaml": yaml, "notes": [String](), "sha256": hash,
        ])
    }

    private func fillSignup(_ runner: BinaryRunner, _ doc: String) throws -> BinaryRunner.Result {
        try runner.run(["fill", "--openapi", doc, "--operation", "make", "--no-input", "--set", "username=alice", "--output", "json"],
                       input: [])
    }

    @Test("a cache entry that does not hash to what it says is rebuilt: the document's form is sent, not the entry's")
    func poisonedCacheEntryIsRebuilt() throws {
        let runner = try BinaryRunner()
        let doc = runner.home.appendingPathComponent("api.json").path
        try Self.signupDocument.write(toFile: doc, atomically: true, encoding: .utf8)
        #expect(try fillSignup(runner, doc).status == 0)
        let (path, json) = try cachedEntry(runner.stateHome)
        var poisoned = json
        poisoned["yaml"] = Self.poisonedForm
        try JSONSerialization.data(withJSONObject: poisoned).write(to: URL(fileURLWithPath: path))
        let r = try fillSignup(runner, doc)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""payload":{"username":"alice"}"#), "\(r.stdout)")
        #expect(try cachedEntry(runner.stateHome).json["yaml"] as? String == json["yaml"] as? String, "the entry was rebuilt")

        // The control: the same poison hashed as formline hashes is used from the user's own
        // 0700 folder (the folder is the trust), so the refusals below are the folder's doing.
        try forgedEntry(like: json, yaml: Self.poisonedForm).write(to: URL(fileURLWithPath: path))
        let used = try fillSignup(runner, doc)
        #expect(used.stdout.contains(#""is_admin":true"#), "\(used.stdout)")
    }

    @Test("a cache folder with access for others, or owned by another user, is neither read nor written")
    func untrustedCacheFolderIsIgnored() throws {
        let runner = try BinaryRunner()
        let doc = runner.home.appendingPathComponent("api.json").path
        try Self.signupDocument.write(toFile: doc, atomically: true, encoding: .utf8)
        #expect(try fillSignup(runner, doc).status == 0)
        let (path, json) = try cachedEntry(runner.stateHome)
        try forgedEntry(like: json, yaml: Self.poisonedForm).write(to: URL(fileURLWithPath: path))
        let openapi = runner.stateHome + "/formline/openapi"
        for (folder, change) in [(openapi, "chmod 755"), (openapi + "/forms", "chmod 770"), (openapi, "chown nobody"),
                                 (openapi + "/forms", "chown nobody")] {
            let undo = change.hasPrefix("chmod") ? "chmod 700" : "chown root"
            _ = try runner.shell("\(change) \"$1\"", arguments: [folder], lines: [])
            let r = try fillSignup(runner, doc)
            #expect(r.status == 0, "\(change) \(folder): \(r.stderr)")
            #expect(r.stdout.contains(#""payload":{"username":"alice"}"#), "\(change) \(folder): \(r.stdout)")
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Poisoned"), "nothing written there either")
            _ = try runner.shell("\(undo) \"$1\"", arguments: [folder], lines: [])
        }
    }

    @Test("a symlinked cache entry is not followed, a corrupt one is rebuilt, not fatal")
    func symlinkedOrCorruptCacheEntry() throws {
        let runner = try BinaryRunner()
        let doc = runner.home.appendingPathComponent("api.json").path
        try Self.signupDocument.write(toFile: doc, atomically: true, encoding: .utf8)
        #expect(try fillSignup(runner, doc).status == 0)
        let (path, json) = try cachedEntry(runner.stateHome)
        let elsewhere = runner.home.appendingPathComponent("forged.json").path
        try forgedEntry(like: json, yaml: Self.poisonedForm).write(to: URL(fileURLWithPath: elsewhere))
        try fm.removeItem(atPath: path)
        try fm.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        let linked = try fillSignup(runner, doc)
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(linked.stdout.contains(#""payload":{"username":"alice"}"#), "\(linked.stdout)")
        #expect(!linked.stderr.contains("Poisoned") && !linked.stdout.contains("Poisoned"))

        for corrupt in ["{\"document_sha256\": tru", "\u{1B}[2J not json"] {
            try fm.removeItem(atPath: path)
            try corrupt.write(toFile: path, atomically: true, encoding: .utf8)
            let r = try fillSignup(runner, doc)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains(#""payload":{"username":"alice"}"#), "\(r.stdout)")
            #expect(try cachedEntry(runner.stateHome).json["yaml"] as? String == json["yaml"] as? String, "rebuilt")
        }
        // A well-hashed entry whose form does not load (a bad edit, a bug): rebuilt too.
        try forgedEntry(like: json, yaml: "id: [broken\n").write(to: URL(fileURLWithPath: path))
        let r = try fillSignup(runner, doc)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""payload":{"username":"alice"}"#), "\(r.stdout)")
    }

    @Test("with HOME and XDG_STATE_HOME unset, a ./.local/state the working folder ships is never used, and no state is written there")
    func noStateFolderWithoutHome() throws {
        let runner = try BinaryRunner()
        let doc = runner.home.appendingPathComponent("api.json").path
        try Self.signupDocument.write(toFile: doc, atomically: true, encoding: .utf8)
        #expect(try fillSignup(runner, doc).status == 0)
        let (path, json) = try cachedEntry(runner.stateHome)
        // A repository shipping a perfectly hashed entry where the key points, in 0700 folders.
        let work = runner.home.appendingPathComponent("checkout").path
        let shipped = work + "/.local/state/formline/openapi/forms"
        try fm.createDirectory(atPath: shipped, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for folder in [work + "/.local", work + "/.local/state", work + "/.local/state/formline", work + "/.local/state/formline/openapi"] {
            try fm.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
        }
        try forgedEntry(like: json, yaml: Self.poisonedForm)
            .write(to: URL(fileURLWithPath: shipped + "/" + URL(fileURLWithPath: path).lastPathComponent))
        try fm.copyItem(atPath: doc, toPath: work + "/api.json")
        let script = "unset HOME XDG_STATE_HOME; cd \"$1\" && exec \"$FORMLINE\" fill --openapi api.json --operation make --no-input --set username=alice --output json"
        let r = try runner.shell(script, arguments: [work], lines: [])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""payload":{"username":"alice"}"#), "\(r.stdout)")
        // The control: the same folder as the user's own state folder (HOME set to it) is used,
        // so the run above ignored it for want of HOME alone.
        let own = try runner.shell("unset XDG_STATE_HOME; HOME=\"$1\"; export HOME; cd \"$1\" && exec \"$FORMLINE\" fill --openapi api.json --operation make --no-input --set username=alice --output json",
                                   arguments: [work], lines: [])
        #expect(own.stdout.contains(#""is_admin":true"#), "\(own.stdout)\(own.stderr)")

        // A run that keeps a draft (it ends before submitting) keeps it nowhere, never in ./.local.
        try fm.removeItem(atPath: work + "/.local")
        try fm.copyItem(atPath: BinaryRunner.root.path + "/Forms/signup.yaml", toPath: work + "/signup.yaml")
        let d = try runner.shell("unset HOME XDG_STATE_HOME; cd \"$1\" && exec \"$FORMLINE\" fill signup.yaml",
                                 arguments: [work], lines: ["bob_smith"])
        #expect(d.status == 6, "\(d.stdout)\(d.stderr)")
        #expect(d.stderr.contains("cannot save the draft: there is no state folder (HOME and XDG_STATE_HOME are unset or not absolute, and formline never keeps state in the working folder): set HOME, or give --draft FILE"), "\(d.stderr)")
        #expect(!d.stderr.contains("/dev/null"), "\(d.stderr)")
        #expect(!fm.fileExists(atPath: work + "/.local"))
    }
}

extension HostileSecondSweepTests {
    // MARK: - Item 3: form text never reaches the terminal raw

    /// Neither raw ESC, BEL nor a bidi control in what formline printed.
    private func noRawControls(_ r: BinaryRunner.Result, _ context: String) {
        for text in [r.stdout, r.stderr] {
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{9B}" || $0 == "\u{202E}" || $0 == "\u{2066}" },
                    "\(context): \(text.debugDescription.prefix(400))")
        }
    }

    @Test("control characters, bidi controls and stacked marks in a form's title, labels, help, pattern_message and choices are refused at load with their position")
    func hostileFormTextIsRefusedAtLoad() throws {
        let runner = try BinaryRunner()
        let path = runner.home.appendingPathComponent("hostile.yaml").path
        try #"""
            id: hostile
            title: "Sign up\e]0;pwned\a"
            fields:
              - name: a
                label: "Name \u202E"
                help: "line one\nline two\e[2J"
                pattern: "^[a-z]+$"
                pattern_message: "lower case\u200F"
              - name: b
                type: choice
                choices: [ok, "bad\u2066", "x\u0301\u0301\u0301\u0301\u0301"]
                label: "B\u0085"

            """#.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runner.run(["check", path], input: [])
        #expect(r.status == 2)
        let tail = ": form text can't hold control characters, bidi controls or stacked combining marks"
        #expect(r.stderr == [
            "\(path):2:8: title holds a control character (<U+001B>)\(tail)",
            "\(path):5:12: label holds a bidi control (<U+202E>)\(tail)",
            "\(path):6:11: help holds a control character (<U+001B>)\(tail)",
            "\(path):8:22: pattern_message holds a bidi control (<U+200F>)\(tail)",
            "\(path):11:19: choice holds a bidi control (<U+2066>)\(tail)",
            "\(path):11:32: choice holds more than 4 combining marks on one character\(tail)",
            "\(path):12:12: label holds a control character (<U+0085>)\(tail)",
        ].joined(separator: "\n") + "\n")
        noRawControls(r, "check")
        let fill = try runner.run(["fill", path, "--plain"], lines: ["x"])
        #expect(fill.status == 2)
        noRawControls(fill, "fill")
    }

    @Test("an OpenAPI document's hostile title, description and enum reach neither the terminal nor an imported file raw")
    func hostileOpenAPITextIsShownEscaped() throws {
        let runner = try BinaryRunner()
        let doc = try openAPIDocument(runner, name: "hostile.json", properties: #"""
            {"name": {"type": "string", "title": "Name\u001b]0;pwned\u0007", "description": "Your name\u202e, please\u001b[2J"},
             "kind": {"type": "string", "enum": ["plain", "evil\u2066"]}}
            """#)
        let fill = try runner.run(["fill", "--openapi", doc, "--operation", "make", "--plain"], lines: ["?", "bob", "plain", ".cancel"])
        noRawControls(fill, "fill --openapi")
        #expect(fill.stdout.contains("Name ]0;pwned "), "\(fill.stdout.prefix(600))")
        let imported = try runner.run(["import", doc, "make"], input: [])
        #expect(imported.status == 0, "\(imported.stderr)")
        noRawControls(imported, "import")
        let text = imported.stdout
        #expect(text.contains("title: Make") || text.contains("id: make"), "\(text)")
        #expect(text.contains("<U+202E>, please"), "\(text)")
        #expect(!text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{2066}" || $0 == "\u{1B}" }, "\(text)")
        // A property name holding a bidi control is written escaped (the loader then refuses it by name).
        let named = try openAPIDocument(runner, name: "named.json", properties: #"{"b\u202e": {"type": "string"}}"#)
        let namedImport = try runner.run(["import", named, "make"], input: [])
        noRawControls(namedImport, "import of a bidi name")
        let namedText = namedImport.stdout
        #expect(namedText.contains(#""b\u202E""#), "\(namedText)")
        #expect(!namedText.unicodeScalars.contains("\u{202E}"), "\(namedText)")
        let check = try runner.run(["check", "--openapi", doc], input: [])
        noRawControls(check, "check --openapi")
        #expect(check.stderr.contains("/properties/kind/enum: an enum value holds a bidi control (<U+2066>), which a form can't show: asked as text, the server checks it"), "\(check.stderr)")
    }

    @Test("operations' parse error, an answers file's unknown key, drafts' names and saved_at, and replay's FAIL line show control characters escaped")
    func quotedHostileTextIsEscaped() throws {
        let runner = try BinaryRunner()
        let bad = runner.home.appendingPathComponent("bad.yaml").path
        try Data("\u{1B}]0;pwned\u{7}: [".utf8).write(to: URL(fileURLWithPath: bad))
        let ops = try runner.run(["operations", bad], input: [])
        #expect(ops.status == 2)
        noRawControls(ops, "operations")

        let answers = runner.home.appendingPathComponent("answers.yaml").path
        try "\"\\e[2Jbogus\\u202E\": 1\nusername: bob_smith\n".write(toFile: answers, atomically: true, encoding: .utf8)
        let a = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input"], input: [])
        #expect(a.stderr.contains("<U+001B>[2Jbogus<U+202E>: the form has no such field"), "\(a.stderr)")
        noRawControls(a, "answers")

        _ = try runner.run(["fill", "Forms/signup.yaml"], lines: ["bob_smith"])
        let drafts = runner.stateHome + "/formline/drafts"
        var draft = try String(contentsOfFile: drafts + "/signup.json", encoding: .utf8)
        draft = draft.replacingOccurrences(of: #""saved_at":""#, with: #""saved_at":"\u001b]0;pwned\u0007"#)
        try draft.write(toFile: drafts + "/signup.json", atomically: true, encoding: .utf8)
        try draft.write(toFile: drafts + "/sign\u{1B}[2Jup\u{202E}.json", atomically: true, encoding: .utf8)
        let listed = try runner.run(["drafts"], input: [])
        #expect(listed.stdout.contains("<U+001B>]0;pwned<U+0007>"), "\(listed.stdout)")
        noRawControls(listed, "drafts")

        let folder = try scratchFolder()
        defer { try? fm.removeItem(atPath: folder) }
        let session = folder + "/hostile.session"
        try "#! formline-session 1\n#! form: ../../Forms/signup.yaml\n#! args: --plain\nCreate an account\u{1B}]0;pwned\u{7}\nUsername:\n> bob_smith\n"
            .write(toFile: session, atomically: true, encoding: .utf8)
        let replay = try runner.run(["replay", session], input: [])
        #expect(replay.status == 1)
        #expect(replay.stdout.contains("-Create an account<U+001B>]0;pwned<U+0007>"), "\(replay.stdout)")
        noRawControls(replay, "replay")
    }
}

extension HostileSecondSweepTests {
    // MARK: - Item 12: check --openapi loads each derived form

    @Test("check --openapi reports, with pointers, documents whose derived form would not load: maxLength -5, a repeated enum value, hostile property names, a form over 8 MiB")
    func checkOpenAPILoadsEachDerivedForm() throws {
        let runner = try BinaryRunner()
        let schema = "#/paths/~1x/post/requestBody/content/application~1json/schema/properties"
        let body = "#/paths/~1x/post/requestBody"
        let cases: [(String, String, [String])] = [
            ("negative.json", #"{"a": {"type": "string", "maxLength": -5}}"#,
             ["\(schema)/a/maxLength: maxLength -5 is not a count: the form has no maximum (POST /x)"]),
            ("repeated.json", #"{"a": {"type": "string", "enum": ["x", "x"]}}"#,
             ["\(schema)/a/enum: the enum lists \"x\" twice (or twice differing only in case), which a form's choices can't: asked as text, the server checks it (POST /x)"]),
            ("cases.json", #"{"a": {"type": "array", "items": {"type": "string", "enum": ["x", "X"]}}}"#,
             ["\(body): the form built from it does not load: 10:18: choice \"X\" differs from \"x\" only in case (a line of what formline import writes) (POST /x)"]),
            ("names.json", #"{"a\u001b[2J": {"type": "string"}, "b\u202e": {"type": "string"}}"#,
             ["\(body): the form built from it does not load: 7:11: field name \"a<U+001B>[2J\" can't contain spaces (a line of what formline import writes) (POST /x)",
              "\(body): the form built from it does not load: 9:11: field name \"b<U+202E>\" can't contain bidi controls (U+202A-U+202E, U+2066-U+2069) (a line of what formline import writes) (POST /x)"]),
            ("large.json", "{\"a\": {\"type\": \"string\", \"description\": \"\(String(repeating: "x", count: 9 << 20))\"}}",
             ["\(body): the form built from it is larger than 8 MiB, more than a form file may be: it does not load (POST /x)"]),
        ]
        for (name, properties, expected) in cases {
            let doc = try openAPIDocument(runner, name: name, properties: properties)
            let r = try runner.run(["check", "--openapi", doc], input: [])
            #expect(r.status == 1, "\(name): \(r.stdout)\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").map(String.init) == expected.map { doc + $0 }, "\(name): \(r.stderr.prefix(800))")
            #expect(r.stdout == "\(doc): 1 of 1 operation with a request body not fully expressed (\(expected.count) problem\(expected.count == 1 ? "" : "s"))\n")
            noRawControls(r, name)
        }
    }
}
