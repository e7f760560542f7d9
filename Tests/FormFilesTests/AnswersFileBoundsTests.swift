import FormFiles
import Foundation
import Testing

/// The work and the output of reading an answers file stay bounded whatever the file holds:
/// YAML aliases let a 1 KiB file name a billion keys, and a 1 MiB file can hold 300,000 bad
/// list items.
@Suite("answers files: bounded work and messages")
struct AnswersFileBoundsTests {
    /// Ten levels of ten aliased keys each: 10^10 keys from under 1 KiB.
    @Test func anAliasBombIsRefusedQuickly() throws {
        var lines = ["l0: &l0 {" + (0..<10).map { "k\($0): ~" }.joined(separator: ", ") + "}"]
        for level in 1..<10 {
            lines.append("l\(level): &l\(level) {" + (0..<10).map { "k\($0): *l\(level - 1)" }.joined(separator: ", ") + "}")
        }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        #expect(bytes.count < 1024)
        let started = ContinuousClock.now
        let result = AnswersFileReader.parse(bytes: bytes, path: "bomb.yaml")
        #expect(ContinuousClock.now - started < .seconds(5))
        guard case .failure(let errors) = result else {
            Issue.record("an alias bomb was read as answers")
            return
        }
        #expect(errors.messages.count == 1)
        #expect(errors.messages.first?.contains("more than 100000 keys and list items") == true)
    }

    @Test func manyProblemsAreCountedNotAllListed() {
        let text = "username: [" + Array(repeating: "[]", count: 5000).joined(separator: ",") + "]\n"
        guard case .failure(let errors) = AnswersFileReader.parse(bytes: Array(text.utf8), path: "a.yaml") else {
            Issue.record("a list of lists was read as answers")
            return
        }
        #expect(errors.messages.count == 101)
        #expect(errors.messages.first == "a.yaml:1: username.1: a list inside a list is not an answer (an item is a value, or a mapping of a group's fields)")
        #expect(errors.messages.last == "a.yaml: and 4900 more problems")
    }

    @Test func aLongListOfValuesIsStillOneAnswer() throws {
        let text = "tags: [" + (1...500).map { "t\($0)" }.joined(separator: ", ") + "]\n"
        let answers = try AnswersFileReader.parse(bytes: Array(text.utf8), path: "a.yaml").get()
        #expect(answers.count == 1)
        #expect(answers.first?.text.hasPrefix("t1, t2, t3") == true)
    }

    /// The reader's own hygiene (docs/scripting.md, "Input hygiene"): a byte-order mark is not part
    /// of the first key, and CRLF ends lines everywhere, inside a block scalar too, where a CR left
    /// in would reach the field as part of its value.
    @Test func aByteOrderMarkAndCRLFReadAsIfAbsent() throws {
        let yaml = "\u{FEFF}username: bob\r\ndescription: |\r\n  line one\r\n  line two\r\nage: 42\r\n"
        let answers = try AnswersFileReader.parse(bytes: Array(yaml.utf8), path: "a.yaml").get()
        #expect(answers.map(\.path) == ["username", "description", "age"])
        // The block scalar's final newline goes (issue 35 item 8): a typed value never has one.
        #expect(answers.map(\.text) == ["bob", "line one\nline two", "42"])
        #expect(answers.map(\.origin) == ["a.yaml:1", "a.yaml:2", "a.yaml:5"])
        let json = "\u{FEFF}{\"username\": \"bob\",\r\n \"tags\": [\"a\",\r\n \"b\"]}\r\n"
        let fromJSON = try AnswersFileReader.parse(bytes: Array(json.utf8), path: "a.json").get()
        #expect(fromJSON.map(\.path) == ["username", "tags"])
        #expect(fromJSON.map(\.text) == ["bob", "a, b"])
    }
}
