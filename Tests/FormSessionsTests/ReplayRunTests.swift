import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import FormSessions
import Testing

/// The pieces of a many-transcript run (issue 29, items 1 and 2): the file list, shards, the
/// parallel batch with its timeout, and the JUnit and TAP reports.
@Suite struct ReplayRunTests {
    // MARK: - Shards

    @Test func shardParsesKOfN() {
        #expect(ReplayShard("2/4")?.index == 2)
        #expect(ReplayShard("2/4")?.count == 4)
        for bad in ["", "0/4", "5/4", "1/0", "a/b", "1/", "/2", "1/2/3", "-1/2", "1/10001", "1 /2"] {
            #expect(ReplayShard(bad) == nil, "\(bad)")
        }
    }

    @Test func shardsAreDisjointAndCoverTheList() throws {
        let files = (0..<23).map { "s\($0).session" }
        for n in 1...6 {
            var seen: [String] = []
            for k in 1...n {
                let share = try #require(ReplayShard("\(k)/\(n)")).select(files)
                #expect(abs(share.count - files.count / n) <= 1)
                seen += share
            }
            #expect(seen.sorted() == files.sorted(), "n = \(n)")
            #expect(Set(seen).count == files.count)
        }
        #expect(try #require(ReplayShard("2/3")).select(files).prefix(3) == ["s1.session", "s4.session", "s7.session"])
    }

    // MARK: - Files and folders

    @Test func foldersExpandRecursivelySortedWithoutFollowingLinksOut() throws {
        let root = try TemporaryFolder()
        let outside = try TemporaryFolder()
        try root.write("b.session", "x")
        try root.write("a.session", "x")
        try root.write("notes.txt", "x")
        try root.write("deep/c.session", "x")
        try root.write("deep/er/d.session", "x")
        try root.write(".hidden.session", "x")
        try outside.write("far.session", "x")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/linked", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: root.path + "/z-out.session", withDestinationPath: outside.path + "/far.session")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/z-in.session", withDestinationPath: root.path + "/a.session")
        let files = try SessionFileList.expand([root.path, outside.path + "/far.session"])
        #expect(files == [
            root.path + "/a.session", root.path + "/b.session", root.path + "/deep/c.session",
            root.path + "/deep/er/d.session", root.path + "/z-in.session", outside.path + "/far.session",
        ])
    }

    /// Swift's String `<` finds an NFC and an NFD "é" equal (and both after "f"); the list sorts
    /// by UTF-8 bytes, as docs/sessions.md says, so the order never depends on readdir.
    @Test func foldersSortByUTF8BytesNotCanonicalEquivalence() throws {
        let root = try TemporaryFolder()
        let nfc = "\u{E9}.session", nfd = "e\u{301}.session"
        try root.write(nfc, "x")
        try root.write(nfd, "x")
        try root.write("f.session", "x")
        let files = try SessionFileList.expand([root.path])
        #expect(files.map { Array($0.utf8) } == [root.path + "/" + nfd, root.path + "/f.session", root.path + "/" + nfc].map { Array($0.utf8) })
    }

    /// A transcript found by listing its folder with no `.actual` beside it needs no unlink after
    /// a pass; one named as a file, one with an `.actual`, or one listed twice keeps it.
    @Test func listedTranscriptsWithoutAnActualAreKnown() throws {
        let root = try TemporaryFolder()
        try root.write("a.session", "x")
        try root.write("b.session", "x")
        try root.write("b.session.actual", "x")
        try root.write("deep/c.session", "x")
        let other = try TemporaryFolder()
        try other.write("d.session", "x")
        let listing = try SessionFileList.listing([root.path, other.path + "/d.session"])
        #expect(listing.files == [root.path + "/a.session", root.path + "/b.session", root.path + "/deep/c.session", other.path + "/d.session"])
        #expect(listing.withoutActual == [root.path + "/a.session", root.path + "/deep/c.session"])
        let twice = try SessionFileList.listing([root.path, root.path + "/a.session"])
        #expect(twice.withoutActual == [root.path + "/deep/c.session"])
    }

    @Test func aMissingArgumentIsNamed() {
        #expect(throws: SessionFileList.Problem.unreadable("/no/such/place")) {
            try SessionFileList.expand(["/no/such/place"])
        }
        #expect(SessionFileList.Problem.unreadable("x").description == "x: no such readable file or folder")
    }

    // MARK: - The batch

    @Test func resultsComeBackInListOrderWhateverFinishesFirst() {
        let paths = (0..<12).map { "t\($0)" }
        var order: [Int] = []
        var reported: [String] = []
        ReplayBatch.run(paths, jobs: 4, timeout: nil, replay: { path in
            // Earlier transcripts take longer, so they finish last.
            let n = Int(path.dropFirst()) ?? 0
            usleep(UInt32((12 - n) * 2_000))
            return ReplayResult(path: path, problems: [])
        }) { index, outcome in
            order.append(index)
            reported.append(outcome.result.path)
        }
        #expect(order == Array(0..<12))
        #expect(reported == paths)
    }

    @Test func aReplayPastItsTimeoutFailsNamedAndTheRunGoesOn() {
        var results: [ReplayResult] = []
        let start = Date()
        ReplayBatch.run(["quick", "hangs", "after"], jobs: 1, timeout: 0.3, replay: { path in
            if path == "hangs" { while true { sleep(60) } }
            return ReplayResult(path: path, problems: [])
        }) { _, outcome in results.append(outcome.result) }
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(results.map(\.path) == ["quick", "hangs", "after"])
        #expect(results.map(\.passed) == [true, false, true])
        #expect(results[1].report == "FAIL hangs: did not finish within 0.3 seconds (--timeout); abandoned")
        #expect(ReplayFailure.timedOut(seconds: 5).description == "did not finish within 5 seconds (--timeout); abandoned")
    }

    // MARK: - Reports

    static let outcomes = [
        ReplayBatch.Outcome(result: ReplayResult(path: "Tests/Sessions/a.session", problems: []), seconds: 0.0123),
        ReplayBatch.Outcome(result: ReplayResult(
            path: "Tests/Sessions/b&<\"x\">.session", problems: [.outputDiffers(line: 3)],
            diff: "--- b\n+++ b.actual\n@@ -3 +3 @@\n-Name: \u{1B}[31mold\n+Name: new\u{7}\n"), seconds: 1.5),
    ]

    @Test func junitHasOneTestcasePerTranscriptAndParsesBack() throws {
        let xml = JUnitReport.make(Self.outcomes)
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let reader = XMLShape()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "\(String(describing: parser.parserError))\n\(xml)")
        #expect(reader.elements == ["testsuites", "testsuite", "testcase", "testcase", "failure"])
        #expect(reader.attributes[1]["tests"] == "2")
        #expect(reader.attributes[1]["failures"] == "1")
        #expect(reader.attributes[1]["errors"] == "0")
        #expect(reader.attributes[1]["time"] == "1.512")
        #expect(reader.attributes[2] == ["name": "Tests/Sessions/a.session", "classname": "Tests.Sessions", "time": "0.012"])
        #expect(reader.attributes[3]["name"] == "Tests/Sessions/b&<\"x\">.session")
        #expect(reader.attributes[4]["message"] == "output differs from the transcript at line 3")
        #expect(reader.text == """
            output differs from the transcript at line 3
            --- b
            +++ b.actual
            @@ -3 +3 @@
            -Name: <U+001B>[31mold
            +Name: new<U+0007>

            """)
    }

    @Test func tapSaysOkOrNotOkWithAYAMLBlock() {
        #expect(TAPReport.header(count: 2) == "TAP version 13\n1..2")
        #expect(TAPReport.line(1, Self.outcomes[0]) == "ok 1 - Tests/Sessions/a.session")
        #expect(TAPReport.line(2, Self.outcomes[1]) == """
            not ok 2 - Tests/Sessions/b&<"x">.session
              ---
              message: "output differs from the transcript at line 3"
              severity: fail
              duration_ms: 1500
              diff: |
                --- b
                +++ b.actual
                @@ -3 +3 @@
                -Name: <U+001B>[31mold
                +Name: new<U+0007>
              ...
            """)
        let hashed = ReplayBatch.Outcome(result: ReplayResult(path: "a#b.session", problems: []), seconds: 0)
        #expect(TAPReport.line(3, hashed) == "ok 3 - a\\#b.session")
    }
}

/// Records the element names, attributes and failure text of a parsed document.
final class XMLShape: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [[String: String]] = []
    var text = ""
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
        if inFailure { text += string }
    }
}

/// A fresh folder under the temporary directory.
struct TemporaryFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("formline-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        // Resolved, so paths compare equal to what a walk under it finds (/tmp may be a link).
        path = base.resolvingSymlinksInPath().path
    }

    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path + "/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
