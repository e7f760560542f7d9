import Dispatch
import Synchronization
import Testing
import SeededRandom
@testable import FormCore

/// The byte-level fast paths of the wizard and the kept PCRE2 match contexts
/// (docs/PERFORMANCE.md, "Replaying transcripts") answer what the slower code did.
@Suite struct FastPathTests {
    @Test(arguments: [
        ("user admin1234 and admin1234.", "admin1234", "user [pw] and [pw]."),
        ("xadmin1234 admin1234y admin1234", "admin1234", "xadmin1234 admin1234y [pw]"),
        ("a-pw12b -pw12 c", "-pw12", "a-pw12b [pw] c"),
        ("nothing here", "admin1234", "nothing here"),
        ("caf\u{E9} admin1234", "admin1234", "caf\u{E9} [pw]"),
        ("line\r\nadmin1234", "admin1234", "line\r\n[pw]"),
        ("admin1234admin1234 admin1234", "admin1234", "admin1234admin1234 [pw]"),
    ])
    func maskReplacesWholeOccurrences(text: String, secret: String, masked: String) {
        #expect(SecretMask.mask(text, secret: secret, with: "[pw]") == masked)
    }

    /// ASCII without a CR is searched as bytes (other text goes to `String.contains` as before).
    @Test func containsFindsASCIIText() {
        #expect(SecretMask.contains("hello world", "lo w"))
        #expect(SecretMask.contains("xyzxyz", "zx"))
        #expect(SecretMask.contains("admin1234 x", "admin1234"))
        #expect(!SecretMask.contains("hello", "Hello"))
        #expect(!SecretMask.contains("", "a"))
        #expect(!SecretMask.contains("ab", "abc"))
        #expect(!SecretMask.contains("admin123", "admin1234"))
    }

    @Test func answersAreNoCommands() {
        #expect(WizardCommand.parse("admin") == nil)
        #expect(WizardCommand.parse("34", secret: true) == nil)
        #expect(WizardCommand.parse("?") == .help)
        #expect(WizardCommand.parse(" ?") == .help)
        #expect(WizardCommand.parse(".back") == .back)
        #expect(WizardCommand.parse("\"", ditto: true) == .ditto)
        #expect(WizardCommand.parse("..literal") == nil)
    }

    /// Match contexts and JIT stacks are kept and shared between threads: every match still
    /// gets its own budget, so a hostile value gives up and the next ordinary one matches.
    @Test(arguments: [true, false])
    func keptMatchContextsStayBounded(jit: Bool) throws {
        let pattern = try FieldPattern("(a+)+$", jit: jit)
        let hostile = String(repeating: "a", count: 30) + "!"
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<20 {
                let ok = (round + worker) % 3 == 0
                    ? pattern.match(hostile) == .undecided(.tooComplex)
                    : pattern.match("aaaa") == .match && pattern.match("aab") == .noMatch
                if !ok { wrong.withLock { $0 += 1 } }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
    }

    /// The ASCII trim and white-space test say what the Character code says (CR LF, VT, FF, a
    /// no-break space and NEL outside ASCII included).
    @Test(arguments: ["  admin ", "admin", "", "   ", "\r\n x \r\n", "\u{0B}a\u{0C}", "a b", "\u{A0}x\u{A0}", "x\u{85}", " caf\u{E9} ", "\u{1F}x\u{1F}"])
    func whiteSpaceOnBytesAsCharactersSayIt(text: String) {
        var characters = Substring(text)
        while let first = characters.first, first.isWhitespace { characters = characters.dropFirst() }
        while let last = characters.last, last.isWhitespace { characters = characters.dropLast() }
        #expect(text.trimmedWhitespace == String(characters))
        #expect(text.containsWhitespace == text.contains(where: \.isWhitespace))
    }

    /// Printable ASCII comes back as it is; anything else still goes through the scalar loop.
    @Test func printableASCIICleansToItself() {
        #expect(TextCleaning.visible("PASS Tests/Sessions/signup.session") == "PASS Tests/Sessions/signup.session")
        #expect(TextCleaning.withoutControlCharacters("This username is already taken.") == "This username is already taken.")
        #expect(TextCleaning.withoutControlCharacters("a\u{7F}b\tc") == "a b c")
        #expect(TextCleaning.visible("a\u{1B}[2J") == "a<U+001B>[2J")
    }

    /// Control characters read from a string's bytes: the scalar reading's answer, over
    /// generated texts of the scalars around the edges (tab, C0, DEL, C1, their UTF-8
    /// neighbours, the C2 lead before other continuations).
    @Test func controlCharactersOnBytesAsScalarsSayThem() {
        let scalars: [Unicode.Scalar] = ["a", " ", "\t", "\n", "\u{0}", "\u{1F}", "\u{7E}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}",
                                         "\u{BF}", "\u{C2}", "\u{100}", "\u{2028}", "\u{FEFF}", "\u{1F600}", "å"]
        var random = SplitMix64(seed: 0xC0C1)
        var found = 0
        for _ in 0..<20_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 6) { text.append(scalars[Int(random.next() % UInt64(scalars.count))]) }
            let string = String(text)
            #expect(string.containsControlCharacters == string.containsControlScalars, "\(string.debugDescription)")
            if string.containsControlScalars { found += 1 }
        }
        #expect(found > 1_000 && found < 19_000, "the generator makes texts with and without controls: \(found)")
    }
}

/// Decimal digits appended to bytes say what `String(n)` says, at the edges and over generated
/// numbers of every size.
@Suite struct DecimalDigitsTests {
    @Test func digitsAreStringsDigits() {
        var random = SplitMix64(seed: 0xD161)
        var numbers = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        for _ in 0..<10_000 { numbers.append(Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 63)) }
        for n in numbers {
            var bytes: [UInt8] = [0x7B]
            bytes.appendDecimal(n)
            #expect(bytes == [0x7B] + Array(String(n).utf8), "\(n)")
        }
    }
}
