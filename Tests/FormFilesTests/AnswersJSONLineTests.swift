@testable import FormFiles
import FormCore
import Foundation
import Testing
import SeededRandom

/// A one-line JSON record takes the quick road (`AnswersJSONLine`), everything else the YAML
/// road; the promise is that the road never changes the answers. Held over generated records
/// (nesting, lists of values and of groups, nulls, escapes, non-ASCII text, numbers as written,
/// repeated and empty keys), each read both ways: where the quick road answers, its answers are
/// the YAML road's; where it declines, the YAML road decides alone.
@Suite("answers: the JSON line road gives the YAML road's answers")
struct AnswersJSONLineTests {
    static let cases = ProcessInfo.processInfo.environment["FORMLINE_FUZZ_CASES"].flatMap(Int.init).map { max($0, 2000) } ?? 2000

    @Test func generatedRecordsReadTheSameBothWays() {
        var random = SplitMix64(seed: 0x5EED_1D0C)
        var quick = 0
        for index in 0..<Self.cases {
            var generator = RecordGenerator(random: random)
            let line = generator.object(depth: 0)
            random = generator.random
            let bytes = Array(line.utf8)
            // The tight ASCII pass only ever says yes where the whole check does.
            if AnswersJSONLine.isASCIIWithoutEscapes(bytes) { #expect(AnswersJSONLine.isPlainLine(bytes[...]), "\(line)") }
            let path = "records.ndjson record \(index + 1)"
            let yaml = AnswersFileReader.parseYAML(bytes[...], path: path)
            guard let fast = AnswersJSONLine.answers(bytes, path: path) else { continue }
            quick += 1
            guard case .success(let slow) = yaml else {
                Issue.record("the YAML road refused what the JSON road read: \(line) -> \(yaml)")
                continue
            }
            #expect(fast == slow, "\(line)")
        }
        // Most generated records are plain enough for the quick road: the test compares something.
        #expect(quick > Self.cases / 2, "\(quick) of \(Self.cases)")
    }

    @Test func theQuickRoadTakesARecordAndGivesItsAnswersInOrder() throws {
        let line = #"{"username":"ada","age":42,"tags":["a",null,"c"],"address":{"city":"Tromsø","zip":"0150"},"lines":[{"sku":"A-1"},{"sku":"B-2","qty":2.50}],"ok":true,"gone":null}"#
        let answers = try #require(AnswersJSONLine.answers(Array(line.utf8), path: "r.ndjson record 1"))
        #expect(answers.map(\.path) == ["username", "age", "tags", "address.city", "address.zip", "lines.1.sku", "lines.2.sku", "lines.2.qty", "ok"])
        #expect(answers.map(\.text) == ["ada", "42", "a, c", "Tromsø", "0150", "A-1", "B-2", "2.50", "true"])
        #expect(answers[2].items?.map(\.text) == ["a", "", "c"])
        #expect(answers.allSatisfy { $0.origin == "r.ndjson record 1:1" })
        #expect((try? AnswersFileReader.parse(bytes: Array(line.utf8), path: "r.ndjson record 1").get()) == answers)
    }

    /// What the quick road leaves to the YAML road, whose messages (and readings) stand.
    @Test(arguments: [
        #"{"a":1,"a":2}"#,                   // a repeated key: YAML refuses it
        #"{"":1}"#,                          // an empty key
        "{\"a\":\t1}",                       // a tab
        "{\"a\":\"x\u{85}y\"}",              // NEL: a line break to YAML
        "{\"a\":\"x\u{2028}y\"}",            // a line separator
        "{\"a\":\"\u{FEFF}\"}",              // a byte-order mark inside
        #"{"a":"\ud83d\ude00"}"#,            // a surrogate pair's escapes
        #"{"a":"\ufeffx"}"#,                 // an escaped U+FEFF: Foundation drops one that starts a scalar
        #"{"\uFEFFa":1}"#,                   // the same in a key
        "{\"" + String(repeating: "k", count: 600) + "\":1}",  // a key near YAML's simple-key limit
        "{\"a\"" + String(repeating: " ", count: 100) + ":1}", // spaces between a key and its colon
        "{\"a\":1}\n{\"b\":2}",              // two lines
        #"["a"]"#,                           // not an object
        #"{"a":[[1]]}"#,                     // a list inside a list
        "a: 1",                              // YAML
    ])
    func declinesWhatItIsNotSureOf(_ line: String) {
        #expect(AnswersJSONLine.answers(Array(line.utf8), path: "x") == nil)
    }
}

/// Random one-line JSON objects shaped like answers records, with the awkward parts mixed in.
private struct RecordGenerator {
    var random: SplitMix64

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    mutating func key() -> String {
        pick(["username", "email", "age", "a", "b", "city", "lines", "sku", "qty", "név", "x.y", "", "a"])
    }

    mutating func string() -> String {
        let pieces = ["ada", " ", "Tromsø", "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\u00e9", "\\u0041", "é", "日本", "null", "~", "", "1",
                      "- x", "#c", ": ", "&a", "*a", "!t", "%", "@", "`", "\\u00ff", "\\ud83d\\ude00", "\u{85}", "\u{A0}", "😀", "\\ufeff"]
        return "\"" + (0..<Int(random.next() % 4)).map { _ in pick(pieces) }.joined() + "\""
    }

    mutating func scalar() -> String {
        switch random.next() % 6 {
        case 0: return pick(["0", "42", "-7", "2.50", "1e5", "1E+2", "-0.0", "12345678901234567890123", "0.1000000000000000055511151231257827"])
        case 1: return pick(["true", "false"])
        case 2: return "null"
        default: return string()
        }
    }

    mutating func value(depth: Int) -> String {
        switch random.next() % 8 {
        case 0 where depth < 3: return object(depth: depth + 1)
        case 1 where depth < 3:
            let count = Int(random.next() % 4)
            let groups = random.next() % 2 == 0
            return "[" + (0..<count).map { _ in groups ? object(depth: depth + 1) : scalar() }.joined(separator: pick([",", ", "])) + "]"
        default: return scalar()
        }
    }

    mutating func object(depth: Int) -> String {
        let count = Int(random.next() % 5)
        let members = (0..<count).map { _ in "\"" + key() + "\"" + pick([":", ": ", " : "]) + value(depth: depth) }
        return "{" + members.joined(separator: pick([",", ", "])) + "}"
    }
}
