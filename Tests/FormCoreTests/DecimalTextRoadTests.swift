@testable import FormCore
import Testing
import SeededRandom

/// The byte reading of numbers and character counts (every batch record goes through them) says
/// what the Character reading it replaced says, over generated texts of the pieces that matter.
@Suite("decimal text and character counts: the byte road agrees with the Character one")
struct DecimalTextRoadTests {
    /// The Character reading `DecimalText.init` replaced.
    static func characterRoad(_ text: String, allowFraction: Bool) -> (negative: Bool, integer: String, fraction: String)? {
        var s = Substring(text)
        var neg = false
        if let f = s.first, f == "+" || f == "-" {
            neg = f == "-"
            s = s.dropFirst()
        }
        let parts = s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let intPart = parts[0]
        let fracPart = parts.count > 1 ? parts[1] : ""
        if parts.count > 1 && !allowFraction { return nil }
        guard !(intPart.isEmpty && fracPart.isEmpty) else { return nil }
        let isDigits: (Substring) -> Bool = { $0.utf8.allSatisfy { (48...57).contains($0) } }
        guard isDigits(intPart), isDigits(fracPart) else { return nil }
        let trimmed = intPart.drop(while: { $0 == "0" })
        let integer = trimmed.isEmpty ? "0" : String(trimmed)
        let isZero = integer == "0" && fracPart.allSatisfy { $0 == "0" }
        return (neg && !isZero, integer, String(fracPart))
    }

    /// The order the padded-string comparison gave.
    static func characterLess(_ a: DecimalText, _ b: DecimalText) -> Bool {
        func magnitudeLess(_ a: DecimalText, _ b: DecimalText) -> Bool {
            if a.integerDigits.count != b.integerDigits.count { return a.integerDigits.count < b.integerDigits.count }
            if a.integerDigits != b.integerDigits { return a.integerDigits < b.integerDigits }
            let width = max(a.fractionDigits.count, b.fractionDigits.count)
            return a.fractionDigits + String(repeating: "0", count: width - a.fractionDigits.count)
                < b.fractionDigits + String(repeating: "0", count: width - b.fractionDigits.count)
        }
        if a.negative != b.negative { return a.negative }
        let less = magnitudeLess(a, b)
        if !less && !magnitudeLess(b, a) { return false }
        return a.negative ? !less : less
    }

    @Test func generatedTextsAgree() {
        let pieces = ["0", "1", "9", "00", "42", ".", "..", "+", "-", "\u{301}", "e", " ", "\r\n", "\u{E9}", "5"]
        var random = SplitMix64(seed: 0xDEC1)
        func next() -> Int { Int(random.next() % 1_000_003) }
        var numbers: [DecimalText] = []
        for _ in 0..<20_000 {
            let text = (0..<(next() % 6)).map { _ in pieces[next() % pieces.count] }.joined()
            #expect(text.characterCount == text.count, "\(text.debugDescription)")
            for allowFraction in [true, false] {
                let bytes = DecimalText(text, allowFraction: allowFraction)
                let characters = Self.characterRoad(text, allowFraction: allowFraction)
                #expect(bytes.map { [$0.negative ? "-" : "+", $0.integerDigits, $0.fractionDigits] }
                        == characters.map { [$0.negative ? "-" : "+", $0.integer, $0.fraction] }, "\(text.debugDescription)")
                if let bytes, allowFraction { numbers.append(bytes) }
            }
        }
        #expect(numbers.count > 1_000)
        for (a, b) in zip(numbers, numbers.shuffled(using: &random)) {
            #expect((a < b) == Self.characterLess(a, b), "\(a) \(b)")
        }
    }
}


/// Trimming takes the short road for printable ASCII ends: it gives what trimming by Characters
/// gives, over generated texts whose ends are the pieces that could fool a byte test.
@Suite struct TrimmingRoadTests {
    @Test func generatedTextsTrimAsCharactersDo() {
        let pieces = ["a", "Z", "~", "!", " ", "\t", "\r\n", "\n", "\u{A0}", "\u{2028}", "\u{301}", "\u{600}", "\u{903}", "\u{200D}", "e\u{301}", "\u{3000}", "\u{85}"]
        var random = SplitMix64(seed: 0x7E1A)
        func next() -> Int { Int(random.next() % 1_000_003) }
        for _ in 0..<20_000 {
            let text = (0..<(next() % 6)).map { _ in pieces[next() % pieces.count] }.joined()
            let byCharacters: String
            if let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) {
                byCharacters = String(text[first...last])
            } else {
                byCharacters = ""
            }
            #expect(text.trimmedWhitespace == byCharacters, "\(text.debugDescription)")
        }
    }
}
