import Testing
@testable import FormCore

@Suite struct FieldPatternTests {
    @Test(arguments: [true, false])
    func catastrophicNestedRepeatGivesUpAsUndecided(jit: Bool) throws {
        let pattern = try FieldPattern("(a+)+$", jit: jit)
        #expect(pattern.usesJIT == jit)  // the JIT is available on every platform formline builds for
        for count in [20, 25, 30] {
            let hostile = String(repeating: "a", count: count) + "!"
            #expect(pattern.match(hostile) == .undecided(.tooComplex), "\(count) a's")
        }
        #expect(pattern.match("aaaa") == .match)
        #expect(pattern.match("aaa!") == .noMatch)
    }

    @Test(arguments: [true, false])
    func overlappingAlternationGivesUpAsUndecided(jit: Bool) throws {
        let pattern = try FieldPattern("^(a|aa)+$", jit: jit)
        #expect(pattern.match(String(repeating: "a", count: 30) + "!") == .undecided(.tooComplex))
        #expect(pattern.match(String(repeating: "a", count: 30)) == .match)
    }

    @Test func deprecatedMatchesWholeReadsUndecidedAsFalse() throws {
        let pattern = try FieldPattern("(a+)+$")
        #expect(!pattern.matchesWhole(String(repeating: "a", count: 30) + "!"))
        #expect(pattern.matchesWhole("aa"))
    }

    @Test func hundredThousandAlternativesAreRefusedWithAReason() {
        let source = (0..<100_000).map { "word\($0)" }.joined(separator: "|")
        #expect {
            try FieldPattern(source)
        } throws: { error in
            "\(error)".contains("pattern is") && "\(error)".contains("bytes, more than the 65536 allowed")
        }
    }

    @Test func thousandsOfAlternativesMatchCorrectly() throws {
        let pattern = try FieldPattern((0..<1_000).map { "word\($0)" }.joined(separator: "|"))
        #expect(pattern.match("word999") == .match)
        #expect(pattern.match("word500") == .match)
        #expect(pattern.match("word1000") == .noMatch)
        #expect(pattern.match("word") == .noMatch)
    }

    @Test func manyAlternativesWithinTheSizeBoundMatchCorrectlyOrAreRefused() {
        // 7,000 alternatives fit in 64 KiB of source; PCRE2 either compiles them or says why.
        let source = (0..<7_000).map { "word\($0)" }.joined(separator: "|")
        do {
            let pattern = try FieldPattern(source)
            #expect(pattern.match("word6999") == .match)
            #expect(pattern.match("word0") == .match)
            #expect(pattern.match("word7000") == .noMatch)
        } catch {
            #expect("\(error)" == "regular expression is too large")
        }
    }

    @Test func digitClassIsAnyUnicodeDecimalDigit() throws {
        let pattern = try FieldPattern(#"\d+"#)
        #expect(pattern.match("٠١٢٣") == .match)  // Arabic-Indic digits
        #expect(pattern.match("42") == .match)
        #expect(pattern.match("½") == .noMatch)  // a number, not a decimal digit
        #expect(try FieldPattern("[0-9]+").match("٣") == .noMatch)
    }

    @Test func theWholeValueMustMatch() throws {
        let pattern = try FieldPattern("b")
        #expect(pattern.match("abc") == .noMatch)
        #expect(pattern.match("b") == .match)
        #expect(try FieldPattern("a|ab").match("ab") == .match)  // backtracks to the alternative that ends
        #expect(try FieldPattern("[a-z]*").match("") == .match)
        #expect(try FieldPattern("abc$").match("abc\n") == .noMatch)
    }

    @Test func invalidPatternsThrowReadableMessages() {
        // Swift Regex's wording where it refuses too (the syntax formline documented before).
        #expect { try FieldPattern("([a-z]") } throws: { "\($0)" == "expected ')'" }
        // PCRE2-only refusal: the reason and where.
        #expect { try FieldPattern(#"\u{41}"#) } throws: { "\($0)".contains("PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u after character 2") }
    }

    @Test func undecidedMessageNamesTheField() {
        #expect(PatternMatch.undecidedMessage(field: "Username", .tooComplex)
            == "Username: this value is too complex to check against the field's pattern")
        #expect(PatternMatch.undecidedMessage(field: "Code", .engineError("bad"))
            == "Code: this value could not be checked against the field's pattern (bad)")
    }

    @Test(arguments: [true, false])
    func aLongScanInsideEachStepGivesUpAsUndecided(jit: Bool) throws {
        // Quadratic: 64 Ki steps, each scanning the rest of the value in a lookahead (5.8 s unbounded).
        let value = String(repeating: "a", count: 64 * 1024 - 1) + "!"
        #expect(try FieldPattern(#"(\w(?=\w*!))*[^!]"#, jit: jit).match(value) == .undecided(.tooComplex))
        #expect(try FieldPattern("(?=.*\\d)(?=.*[a-z]).{8,}", jit: jit).match(value) == .noMatch)
    }

    @Test(arguments: [true, false])
    func longOrdinaryValuesAreDecided(jit: Bool) throws {
        // 64 KiB, the longest typed line: ordinary patterns stay well inside the limits.
        let long = String(repeating: "ab", count: 32 * 1024)
        #expect(try FieldPattern("(ab)+", jit: jit).match(long) == .match)
        #expect(try FieldPattern("(?:a|b)*", jit: jit).match(long) == .match)
        #expect(try FieldPattern("[a-z]+", jit: jit).match(long) == .match)
        #expect(try FieldPattern(#"(\w+\s?)*"#, jit: jit).match(long) == .match)
        #expect(try FieldPattern("[a-z]+", jit: jit).match(long + "1") == .noMatch)
    }

    // MARK: portability warnings

    @Test func asciiOnlyPatternsHaveNoWarnings() {
        let sources = [
            "^[A-Za-z0-9_]+$", "[0-9]{5}(-[0-9]{4})?", "(ab|cd)+\\.x", "\\X", "a\\x41", "(?:x)(?<n>y)\\k<n>",
            "(?=a)(?!b)a", "(?>a+)b*+c??", "[\\]\\-a]", "a{2,}b{1,3}", "(?#note)x", "(x)\\1",
            #"\Qa.b\E"#, "\\x{7F}",
        ]
        for source in sources {
            #expect(FieldPattern.portabilityWarnings(source) == [], "\(source)")
        }
    }

    @Test func scalarConstructsAreFlagged() {
        let dot = FieldPattern.portabilityWarnings(".+@.+")
        #expect(dot.count == 1)
        #expect(dot.first?.hasPrefix(". match one Unicode scalar") == true)
        let digit = FieldPattern.portabilityWarnings(#"\d{5}"#)
        #expect(digit.first?.contains("numerals such as ½") == true)
        #expect(FieldPattern.portabilityWarnings("[^@]+").first?.hasPrefix("[^@] match") == true)
        #expect(FieldPattern.portabilityWarnings("café").first?.hasPrefix("é match") == true)
        #expect(FieldPattern.portabilityWarnings(#"\p{L}+"#).first?.hasPrefix(#"\p{L} match"#) == true)
        #expect(FieldPattern.portabilityWarnings("[a-zé]").first?.hasPrefix("[a-zé] match") == true)
    }

    @Test func eachKindOfDifferenceIsOneWarning() {
        let warnings = FieldPattern.portabilityWarnings(#"(?i)\b.\d[^x]é\b"#)
        #expect(warnings.count == 3)
        #expect(warnings.first?.hasPrefix(#". \d [^x] é match one Unicode scalar"#) == true)
        #expect(FieldPattern.portabilityWarnings(#"\x{E9}"#).first?.hasPrefix(#"\x{E9} match"#) == true)
        #expect(FieldPattern.portabilityWarnings(#"[\x{E9}a]"#).first?.hasPrefix(#"[\x{E9}a] match"#) == true)
        #expect(FieldPattern.portabilityWarnings(#"\Qé\E"#).first?.hasPrefix("é match") == true)
        #expect(FieldPattern.portabilityWarnings("[[:alpha:]]").first?.hasPrefix("[[:alpha:]] match") == true)
    }

    @Test func swiftOnlySyntaxReadDifferentlyIsFlagged() {
        let sets = FieldPattern.portabilityWarnings("[a-z--[aeiou]]")
        #expect(sets.contains { $0.contains("class set operations") })
        #expect(FieldPattern.portabilityWarnings("a{,3}").contains { $0.contains("{0,n}") })
        #expect(FieldPattern.portabilityWarnings(#"\bword\b"#).contains { $0.contains("word boundaries") })
        #expect(FieldPattern.portabilityWarnings("(?i)abc").contains { $0.hasPrefix("(?i): inline options") })
    }

    @Test func syntaxOneEngineRefusesIsFlagged() {
        let pcreOnly = FieldPattern.portabilityWarnings(#"a\Kb"#)
        #expect(pcreOnly.count == 1)
        #expect(pcreOnly.first?.hasPrefix("Swift Regex refuses this pattern") == true)
        #expect(FieldPattern.portabilityWarnings("(?<=a)b").first?.contains("lookbehind is not currently supported") == true)
        #expect(FieldPattern.portabilityWarnings("[]a]").first?.hasPrefix("Swift Regex refuses this pattern") == true)
        let swiftOnly = FieldPattern.portabilityWarnings(#"\u{41}"#)
        #expect(swiftOnly.first?.hasPrefix("valid Swift Regex that formline's engine (PCRE2) refuses") == true)
        #expect(FieldPattern.portabilityWarnings("([a-z]") == [])  // both refuse: the load error covers it
    }

    @Test func deeplyNestedClassesAreNotHandedToSwiftRegex() throws {
        // Swift's parser overflows the stack on deeply nested classes; PCRE2 reads inner `[` as literals.
        let source = String(repeating: "[", count: 5_000) + "a" + String(repeating: "]", count: 5_000)
        #expect(FieldPattern.portabilityWarnings(source) == [
            "not compared with Swift Regex (groups and classes nested more than 32 deep): its meaning there is unknown",
        ])
        #expect(throws: Never.self) { try FieldPattern(source) }
        let unbalanced = String(repeating: "(", count: 5_000)
        #expect { try FieldPattern(unbalanced) } throws: { "\($0)".contains("parentheses are too deeply nested") }
    }
}
