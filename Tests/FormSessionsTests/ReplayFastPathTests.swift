import Foundation
import FormCore
import FormRunner
@testable import FormSessions
import Testing

/// The byte-level fast paths replay takes (docs/PERFORMANCE.md, "Replaying transcripts") say
/// what the Character-level code they stand in for says, odd input included.
@Suite struct ReplayFastPathTests {
    private func outcome(_ body: () throws(TranscriptError) -> Transcript) -> Result<Transcript, TranscriptError> {
        do { return .success(try body()) } catch { return .failure(error) }
    }

    @Test(arguments: [
        ["Create an account", "Username:", "> ad"],
        ["Name: ", "> x\r", "trailing CR\r\r", "> y"],
        ["a line\r\nwith a break inside", "> z"],
        ["=> POST /api/signup {\"a\":1}", "<= 201 application/json {\"id\":1}", "#! exit 0"],
        ["=> POST  /p", "=> POST /p"],
        ["", "", "> ", ""],
    ])
    func recordedLinesParseAsTheirText(body: [String]) {
        let lines = ["#! formline-session 1", "#! form: f.yaml"] + body
        let text = lines.map { $0 + "\n" }.joined()
        let fromText = outcome { () throws(TranscriptError) in try TranscriptParser.parse(text, file: "t.session") }
        let fromLines = outcome { () throws(TranscriptError) in try TranscriptParser.parse(recordedLines: lines, file: "t.session") }
        #expect(fromText == fromLines)
    }

    @Test(arguments: [
        ("=> POST /p {}", true), ("=> POST  /p", true), ("=> POST /p", true), ("=> POST", false), ("=>  POST   ", false),
        ("=> POST /\u{E9}", true), ("=> /\u{E9}", false), ("=> POST \u{301}/p", false),
    ])
    func requestLineWordsAsSplitCountsThem(line: String, enough: Bool) {
        #expect(TranscriptParser.hasThreeWords(line) == enough)
        #expect(TranscriptParser.hasThreeWords(line) == (line.split(separator: " ").count >= 3))
    }

    @Test(arguments: ["Username: ", "Name: \t ", "x\r\n", "   ", "caf\u{E9} ", "a \u{301}", "a\u{A0}", "done", "", "x \u{85}"])
    func trailingSpaceTrimmedAsCharactersWould(text: String) {
        var characters = Substring(text)
        while let last = characters.last, last.isWhitespace { characters = characters.dropLast() }
        #expect(TranscriptSyntax.trimTrailing(text) == String(characters))
    }

    @Test func promptSpaceTrimmed() {
        #expect(TranscriptSyntax.trimTrailing("Username: ") == "Username:")
        #expect(TranscriptSyntax.trimTrailing("Age (optional, 13-120):\t \r\n") == "Age (optional, 13-120):")
    }

    /// A line whose first byte marks nothing is output, whatever follows; the marks themselves,
    /// and Characters that only look like them, are read as before.
    @Test func outputLinesByTheirFirstByte() throws {
        let body = ["Name:", "\u{2264} not a response", "\u{226E}= x", "#\u{301} not a comment", "\\# escaped", "caf\u{E9}", "", "> a"]
        let transcript = try TranscriptParser.parse((["#! formline-session 1", "#! form: f.yaml"] + body).map { $0 + "\n" }.joined())
        #expect(transcript.lines.dropFirst(2).map(\.kind) == [
            .output("Name:"), .output("\u{2264} not a response"), .output("\u{226E}= x"), .output("#\u{301} not a comment"),
            .output("# escaped"), .output("caf\u{E9}"), .output(""), .input("a"),
        ])
    }

    /// The set-up's classification of a recorded 422 is the one the driver is given, and it is
    /// what `SubmissionClassifier` says.
    @Test func setUpClassificationIsKeptForTheDriver() {
        let body = Array(#"{"errors":[{"field":"username","message":"is taken"}]}"#.utf8)
        let response = TransportResponse(status: 422, contentType: "application/json", body: body)
        let lines = [
            TranscriptLine(number: 1, text: "=> POST /api/signup {}", kind: .request),
            TranscriptLine(number: 2, text: "<= 422 application/json", kind: .response(.success(response))),
        ]
        let submit = SubmitSpec(method: .POST, path: "/api/signup")
        let classifications = ResponseClassifications()
        #expect(classifications.lookup(response, submit: submit) == nil)
        #expect(Replayer.recordedAtTerminal(lines, submit: submit, classifications: classifications))
        let direct = SubmissionClassifier.classify(status: 422, contentType: "application/json", body: body, submit: submit)
        #expect(classifications.lookup(response, submit: submit) == direct)
        #expect(classifications.classify(response, submit: submit) == direct)
        if case .rejected(422, let errors) = direct { #expect(!errors.isEmpty) } else { Issue.record("not a rejection: \(direct)") }
        // Another form's submit is not given the first one's reading.
        #expect(classifications.lookup(response, submit: SubmitSpec(method: .PUT, path: "/api/signup")) == nil)
    }

    /// The merge of a passing replay (every line matching at its place, notes and `...` in the
    /// file) is the file as written; one differing line still goes through the alignment.
    @Test func mergeOfAMatchingRecordingIsTheFile() throws {
        let head = ["#! formline-session 1", "#! form: f.yaml"]
        let expected = try TranscriptParser.parse((head + ["# a note", "Name: [..]", "...", "Age:", "> 3", "Done (re)"]).map { $0 + "\n" }.joined())
        let same = try TranscriptParser.parse(recordedLines: head + ["Name: Ada", "Age:", "> 3", "Done"])
        #expect(TranscriptMatcher.merge(expected: expected.lines, actual: same.lines) == expected.lines.map(\.text))
        let other = try TranscriptParser.parse(recordedLines: head + ["Name: Ada", "extra", "Age:", "> 3", "Gone"])
        #expect(TranscriptMatcher.merge(expected: expected.lines, actual: other.lines)
            == head + ["# a note", "Name: [..]", "...", "Age:", "> 3", "Gone"])
    }

    @Test(arguments: [
        "=> POST /api/signup {}", "=> POST /api/signup?x=1 {}", "=> PUT /api/signup {}", "=> POST /api/signup/1 {}",
        "=> POST /api/users/7/orders {}", "=> POST /api/users//orders {}", "=> POST  /api/signup {}", "=> POST",
        "=> POST /api/signup", "=> POST /api/signup \u{301}{}", "=> POST /api/sign\u{E9} {}", "=>POST /api/signup {}",
        "=> POST /api/signup\r\n", "=> GET /api/skus/X?warehouse=Oslo null", "", "=> POST /",
    ])
    func submissionRequestAsCharactersSayIt(line: String) {
        for submit in [SubmitSpec(method: .POST, path: "/api/signup"), SubmitSpec(method: .POST, path: "/api/users/{id}/orders"),
                       SubmitSpec(method: .POST, path: "/api/\u{212A}"), SubmitSpec(method: .POST, path: "/")] {
            #expect(Replayer.isSubmission(line, submit: submit) == Replayer.characterIsSubmission(line, submit: submit))
        }
        // The recorded request line of a form takes the byte path.
        #expect(Replayer.asciiIsSubmission("=> POST /api/signup {}", submit: SubmitSpec(method: .POST, path: "/api/signup")) == true)
    }

    /// A folder's transcripts in the byte order of their UTF-8, as the UTF-8 views' comparison
    /// orders them (a prefix first, an NFC and an NFD name apart, bytes above 0x7F after ASCII).
    @Test func folderListSortedByBytes() {
        let paths = ["d/b.session", "d/a.session", "d/caf\u{E9}.session", "d/cafe\u{301}.session", "d/a", "d/", "d/A.session", "d/\u{E9}", "d/z"]
        #expect(SessionFileList.sortedByBytes(paths) == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(SessionFileList.sortedByBytes([]) == [])
    }

    /// A recording that is the transcript's lines word for word (notes aside) passes without being
    /// parsed back: for every shipped transcript that shortcut and the parse-and-merge road agree,
    /// and any changed, missing or extra line, or a `...` in the transcript, takes the long road.
    @Test func aVerbatimRecordingIsWhatMergeGivesForEveryShippedTranscript() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sessions").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".session") }.sorted()
        #expect(names.count >= 40)
        for name in names {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let expected = try TranscriptParser.parse(text, file: name)
            let recorded = expected.lines.filter { !$0.isNote }.map(\.text)
            let hasElision = expected.lines.contains { $0.isProduced && $0.text == LinePattern.elision }
            #expect(TranscriptMatcher.isVerbatim(expected: expected.lines, recorded: recorded) == !hasElision, "\(name)")
            let actual = try TranscriptParser.parse(recordedLines: recorded, file: name)
            if !hasElision {
                #expect(TranscriptMatcher.merge(expected: expected.lines, actual: actual.lines) == expected.lines.map(\.text), "\(name)")
            }
            // One line changed, dropped or added: never verbatim.
            guard recorded.count > 2 else { continue }
            let at = 1 + (name.utf8.count * 7 + recorded.count) % (recorded.count - 1)
            var changed = recorded
            changed[at] += "x"
            var dropped = recorded
            dropped.remove(at: at)
            var added = recorded
            added.insert("Extra line", at: at)
            for mutation in [changed, dropped, added] {
                #expect(!TranscriptMatcher.isVerbatim(expected: expected.lines, recorded: mutation), "\(name) at \(at)")
            }
        }
    }
}
