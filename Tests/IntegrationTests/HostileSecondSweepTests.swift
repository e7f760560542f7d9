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
        #expect(out.first == "FAIL \(path): prompt \"Email:\" with no input left; output differs from the transcript at line 4")
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
        #expect(r.stdout.hasPrefix("FAIL \(path): prompt \"Email:\" with no input left; output differs from the transcript at line 4\n"))
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
        #expect(r.stdout.hasSuffix("2000 of 2000 operations with a request body not fully expressed (2000 problems)\n")
                || r.stderr.hasSuffix("2000 of 2000 operations with a request body not fully expressed (2000 problems)\n"),
                "\(r.stdout.suffix(300)) \(r.stderr.suffix(300))")
    }
}
