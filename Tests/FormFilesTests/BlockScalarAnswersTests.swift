import FormFiles
import Testing

/// Issue 35 item 8: a block scalar in an answers file is the text as typed, without the final line
/// break YAML's default "clip" adds; `|+` keeps its line breaks, `|-` has none to drop.
@Suite("answers files: block scalars")
struct BlockScalarAnswersTests {
    private func texts(_ yaml: String) throws -> [String: String] {
        let answers = try AnswersFileReader.parse(bytes: Array(yaml.utf8), path: "a.yaml").get()
        return Dictionary(uniqueKeysWithValues: answers.map { ($0.path, $0.text) })
    }

    @Test("| and > lose the final newline; |+, >+ and |2+ keep every one; |- is unchanged")
    func chomping() throws {
        let t = try texts("a: |\n  one\n  two\nb: >\n  one\n  two\nc: |+\n  one\n\nd: |-\n  one\ne: |2+\n    one\nf: \"x\\n\"\ng: >+\n  one\n")
        #expect(t["a"] == "one\ntwo")
        #expect(t["b"] == "one two")
        #expect(t["c"] == "one\n\n")
        #expect(t["d"] == "one")
        #expect(t["e"] == "  one\n")
        #expect(t["f"] == "x\n", "a quoted scalar is as written")
        #expect(t["g"] == "one\n")
    }

    @Test("a block scalar in a list, after CRLF lines and a comment on its header")
    func inListsAndCRLF() throws {
        let t = try texts("x: 1\r\nitems:\r\n  - |  # a note\r\n    one\r\n  - |+\r\n    two\r\n")
        #expect(t["items"] == "one, two\n")
        let answers = try AnswersFileReader.parse(bytes: Array("items:\n  - |\n    one\n  - |+\n    two\n".utf8), path: "a.yaml").get()
        #expect(answers.first?.items?.map(\.text) == ["one", "two\n"])
    }
}
