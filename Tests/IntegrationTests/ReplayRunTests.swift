import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `formline replay` over many transcripts (issue 29, items 1 and 2): folders, --jobs, --shard,
/// --timeout, --junit and --format tap, driven through the built binary.
@Suite struct ReplayRunBinaryTests {
    static let folder = "Tests/Sessions"

    /// The checked-in transcripts, sorted, as `formline replay` lists the folder.
    static func sessions() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: BinaryRunner.root.path + "/" + folder)
        return names.filter { $0.hasSuffix(".session") }.sorted().map { folder + "/" + $0 }
    }

    /// A copy of signup.session in `runner`'s home whose review shows a different username, so it fails.
    static func failingCopy(_ runner: BinaryRunner) throws -> String {
        let original = try String(contentsOfFile: BinaryRunner.root.path + "/Tests/Sessions/signup.session", encoding: .utf8)
        let changed = original
            .replacingOccurrences(of: "#! form: ../../Forms/signup.yaml", with: "#! form: " + BinaryRunner.root.path + "/Forms/signup.yaml")
            .replacingOccurrences(of: "  1 Username  admin\n", with: "  1 Username  root\u{1B}[31m&<x>\n")
        let path = runner.home.appendingPathComponent("broken.session").path
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aFolderReplaysEveryTranscriptUnderItInOrder() throws {
        let runner = try BinaryRunner()
        let files = try Self.sessions()
        let byFolder = try runner.run(["replay", "--jobs", "1", Self.folder], lines: [])
        let byName = try runner.run(["replay", "--jobs", "1"] + files, lines: [])
        #expect(byFolder.status == 0, "\(byFolder.stdout)\(byFolder.stderr)")
        #expect(byFolder.stdout == byName.stdout)
        #expect(byFolder.stdout.hasPrefix("PASS \(files[0])\n"))
        #expect(byFolder.stdout.hasSuffix("\(files.count) passed, 0 failed\n"))
    }

    @Test func jobsKeepTheOutputOfOneJob() throws {
        let runner = try BinaryRunner()
        let one = try runner.run(["replay", "--jobs", "1", Self.folder], lines: [])
        let four = try runner.run(["replay", "--jobs", "4", Self.folder], lines: [])
        #expect(four.status == 0)
        #expect(four.stdout == one.stdout)
    }

    @Test func shardsAreDisjointAndTogetherReplayEveryTranscriptOnce() throws {
        let runner = try BinaryRunner()
        let files = try Self.sessions()
        var seen: [String] = []
        for k in 1...3 {
            let r = try runner.run(["replay", "--shard", "\(k)/3", Self.folder], lines: [])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            let passed = r.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map { String($0.dropFirst(5)) }
            #expect(passed == files.enumerated().filter { $0.offset % 3 == k - 1 }.map(\.element))
            seen += passed
        }
        #expect(seen.sorted() == files)
        #expect(Set(seen).count == seen.count)
    }

    @Test func aTranscriptThatHangsFailsNamedAndTheRunGoesOn() throws {
        let runner = try BinaryRunner()
        let start = Date()
        let r = try runner.run(
            ["replay", "--timeout", "1", "Tests/Sessions/signup.session", "Tests/Sessions/signup-cancel.session"], lines: [],
            environment: ["FORMLINE_TEST_REPLAY_STALL": "/signup.session"])
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(r.status == 1)
        #expect(r.stdout == """
            FAIL Tests/Sessions/signup.session: did not finish within 1 seconds (--timeout); abandoned
            PASS Tests/Sessions/signup-cancel.session
            1 passed, 1 failed

            """)
    }

    @Test func junitNamesEachTranscriptAndCarriesTheDiff() throws {
        let runner = try BinaryRunner()
        let broken = try Self.failingCopy(runner)
        let report = runner.home.appendingPathComponent("replay.xml").path
        let r = try runner.run(["replay", "--junit", report, "Tests/Sessions/signup.session", broken], lines: [])
        #expect(r.status == 1)
        let data = try Data(contentsOf: URL(fileURLWithPath: report))
        let reader = JUnitReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        #expect(parser.parse(), "\(String(decoding: data, as: UTF8.self))")
        #expect(reader.elements == ["testsuites", "testsuite", "testcase", "testcase", "failure"])
        #expect(reader.attributes[1]["tests"] == "2")
        #expect(reader.attributes[1]["failures"] == "1")
        #expect(reader.attributes[1]["errors"] == "0")
        #expect(reader.attributes[2]["name"] == "Tests/Sessions/signup.session")
        #expect(reader.attributes[2]["classname"] == "Tests.Sessions")
        #expect(reader.attributes[2]["time"].flatMap(Double.init) != nil)
        #expect(reader.attributes[3]["name"] == broken)
        #expect(reader.attributes[4]["message"] == "output differs from the transcript at line 26")
        #expect(reader.failureText.contains("\n-  1 Username  root<U+001B>[31m&<x>\n+  1 Username  admin\n"))
    }

    @Test func tapSaysOkAndNotOkInOrder() throws {
        let runner = try BinaryRunner()
        let broken = try Self.failingCopy(runner)
        let r = try runner.run(["replay", "--format", "tap", "Tests/Sessions/signup.session", broken], lines: [])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(7)) == [
            "TAP version 13", "1..2", "ok 1 - Tests/Sessions/signup.session", "not ok 2 - \(broken)", "  ---",
            "  message: \"output differs from the transcript at line 26\"", "  severity: fail",
        ])
        #expect(lines.contains("  diff: |"))
        #expect(lines.suffix(3) == ["  ...", "# 1 passed, 1 failed", ""])
    }

    @Test(arguments: [["--shard", "0/2"], ["--shard", "3/2"], ["--jobs", "0"], ["--timeout", "0"], ["--format", "xml"], ["no/such/folder"]])
    func usageErrorsExitTwo(_ arguments: [String]) throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["replay"] + arguments + (arguments.count == 1 ? [] : [Self.folder]), lines: [])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
    }
}

/// Element names, attributes and failure text of a JUnit document.
final class JUnitReader: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [[String: String]] = []
    var failureText = ""
    private var inFailure = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        elements.append(name)
        self.attributes.append(attributes)
        inFailure = name == "failure"
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { inFailure = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure { failureText += string }
    }
}
