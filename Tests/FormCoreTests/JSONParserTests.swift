import FormCore
import Testing

/// JSON is read without floating point (issue 18 item 5): numbers keep their text, and the
/// reader stays strict and bounded.
@Suite struct JSONParserTests {
    @Test("numbers keep their text exactly", arguments: [
        "12345678901234567890123", "0.1000000000000000055511151231257827", "12.50", "-0", "1e400", "1.0E-7", "0",
    ])
    func numbersKeepTheirText(_ text: String) {
        #expect(JSONValue.parse(#"{"n":\#(text)}"#) == .object(["n": .number(text)]))
        #expect(JSONValue.parse(text)?.compactText == text)
    }

    @Test func stringsEscapesAndStructure() {
        let parsed = JSONValue.parse(#" {"a":[true,false,null,"x\"\\\/\b\f\n\r\t\u00e5\ud83d\ude00"],"b":{}} "#)
        #expect(parsed == .object(["a": .array([.bool(true), .bool(false), .null, .string("x\"\\/\u{8}\u{C}\n\r\tå😀")]), "b": .object([:])]))
    }

    @Test("what is not JSON is nil", arguments: [
        "", "01", "1.", ".5", "+1", "-", "1e", "[1,]", "{\"a\":1,}", "{\"a\"}", "\"\\ud800\"", "\"a\u{1}\"", "tru", "[1] x", "\"\\x\"", "NaN",
    ])
    func notJSON(_ text: String) {
        #expect(JSONValue.parse(text) == nil)
    }

    @Test func invalidUTF8IsNotJSON() {
        #expect(JSONValue.parse([0x22, 0xFF, 0x22]) == nil)
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONValue.parse(deep) == nil)
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(JSONValue.parse(fine) != nil)
    }

    /// Strings written by `compactText` (runs appended whole, escapes between them) read back as
    /// themselves, over generated strings of plain runs, quotes, backslashes, controls, DEL,
    /// U+2028/U+2029, their near neighbours (U+2027, U+202A) and other non-ASCII text.
    @Test func writtenStringsReadBackAsThemselves() {
        let pieces = ["abc", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{2027}",
                      "\u{202A}", "\u{E2}", "ø", "日本", "😀", " ", "/", "\r\n"]
        var state: UInt64 = 0x2028
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<(state % 7) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let written = JSONValue.object([text: .string(text)]).compactText
            #expect(JSONValue.parse(written) == .object([text: .string(text)]), "\(written)")
            #expect(!written.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" || $0 == "\u{2029}" })
        }
    }
}
