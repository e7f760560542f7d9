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
}
