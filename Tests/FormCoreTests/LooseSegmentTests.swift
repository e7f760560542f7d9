@testable import FormCore
import Testing
import SeededRandom

/// The byte road of a loose segment (ASCII names, nearly every one) gives the Unicode road's
/// answer, over generated segments of the letters, separators, digits and suffix that matter.
@Suite("loose segments: the ASCII road agrees with the Unicode one")
struct LooseSegmentTests {
    /// The Unicode road, as `looseSegment` reads any other name.
    static func unicodeRoad(_ segment: String, followedByItem: Bool) -> String {
        var lowered = segment.lowercased()
        let suffix = "_attributes"
        if followedByItem, lowered.count > suffix.count, lowered.hasSuffix(suffix) { lowered.removeLast(suffix.count) }
        let loosened = String(lowered.unicodeScalars.filter { $0 != "_" && $0 != "-" })
        if ItemNames.isItemNumber(loosened), !ItemNames.isItemNumber(segment) { return lowered }
        return loosened
    }

    @Test func generatedSegmentsAgree() {
        let pieces = ["a", "B", "Z", "_", "-", "1", "0", "_attributes", "_ATTRIBUTES", "Attributes", "x.y", " ", "~", "9"]
        var random = SplitMix64(seed: 0x5E6)
        func next() -> Int { Int(random.next() % 1_000_003) }
        for _ in 0..<20_000 {
            let segment = (0..<(next() % 5)).map { _ in pieces[next() % pieces.count] }.joined()
            for followed in [false, true] {
                #expect(ItemNames.asciiLooseSegment(segment, followedByItem: followed) == Self.unicodeRoad(segment, followedByItem: followed),
                        "\(segment.debugDescription) \(followed)")
            }
        }
        #expect(ItemNames.asciiLooseSegment("Größe", followedByItem: false) == nil)
    }
}

/// The byte road of a dotted server path (ASCII without brackets, nearly every one) gives the
/// character road's answer, over generated paths of the characters that matter to either.
@Suite("dotted server paths: the byte road agrees with the character one")
struct DottedPathRoadTests {
    @Test func generatedPathsAgree() {
        let pieces = ["a", "Q", "_", "0", "12", "-1", ".", ".", "..", "[", "]", "[0]", "['k']", "$", "$.", "\"", "'", " ", "é", "e\u{301}", ".\u{301}"]
        var random = SplitMix64(seed: 0xD0_77ED)
        func next() -> Int { Int(random.next() % 1_000_003) }
        var byBytes = 0
        for _ in 0..<20_000 {
            let text = (0..<(next() % 7)).map { _ in pieces[next() % pieces.count] }.joined()
            if text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") }), !text.hasPrefix("$") { byBytes += 1 }
            #expect(ServerPath.dotted(text) == ServerPath.dottedByCharacters(text), "\(text.debugDescription)")
        }
        #expect(byBytes > 2_000, "the byte road was taken \(byBytes) times")
    }
}
