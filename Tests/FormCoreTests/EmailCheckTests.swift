@testable import FormCore
import Testing
import SeededRandom

/// The email check's byte road (ASCII text) gives the Character road's answer: held over
/// generated strings of the characters that matter (`@`, `.`, white space, CR LF) and some that
/// do not, and over a few named cases.
@Suite("email: the ASCII byte check agrees with the Character check")
struct EmailCheckTests {
    /// The Character road, as `isEmail` reads non-ASCII text.
    static func characterCheck(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !s.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && domain.first != "." && domain.last != "." && !domain.contains("..")
    }

    @Test func generatedStringsAgree() {
        var random = SplitMix64(seed: 0xE3A1)
        let pieces = ["a", "b", "a", "b", "@", ".", "..", " ", "\t", "\r\n", "\n", "-", "x.y", "x.y", "@@", "\u{0B}", "z"]
        var emails = 0
        for _ in 0..<20_000 {
            func part() -> String { (0..<Int(random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined() }
            // Mostly local@domain, each side random: the cases near the rule's edges.
            let text = part() + (random.next() % 4 == 0 ? "" : "@") + part()
            let bytes = EmailKind.isASCIIEmail(text.utf8)
            #expect(bytes == Self.characterCheck(text), "\(text.debugDescription)")
            if bytes == true { emails += 1 }
        }
        #expect(emails > 100, "the generator makes addresses as well as refusals")
    }

    @Test(arguments: [
        ("ada@example.com", true), ("a@b.c", true), ("@b.c", false), ("a@b", false), ("a@.b", false), ("a@b.", false),
        ("a@b..c", false), ("a b@c.d", false), ("a@b@c.d", false), ("", false), ("a@", false),
    ])
    func namedCases(_ text: String, _ expected: Bool) {
        #expect(EmailKind.isASCIIEmail(text.utf8) == expected)
        #expect(EmailKind.isEmail(text) == expected)
    }

    @Test func nonASCIITextTakesTheCharacterRoad() {
        #expect(EmailKind.isASCIIEmail("å@b.no".utf8) == nil)
        #expect(EmailKind.isEmail("å@b.no"))
        // A combining mark on the @ makes it another Character: no address.
        #expect(!EmailKind.isEmail("a@\u{301}b.no"))
    }
}
