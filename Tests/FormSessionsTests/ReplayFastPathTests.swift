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
}
