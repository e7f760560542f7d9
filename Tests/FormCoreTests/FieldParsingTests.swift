import FormCore
import Testing

/// `Field.parse`: every type and rule, valid and invalid values and their boundaries.
@Suite struct FieldParsingTests {
    func ok(_ field: Field, _ input: String) -> FieldValue? { try? field.parse(input).get() }

    func error(_ field: Field, _ input: String) -> String? {
        if case .failure(let e) = field.parse(input) { return e.message }
        return nil
    }

    // MARK: Text

    @Test func textIsTrimmed() {
        #expect(ok(Field(name: "t"), "  hello  ") == .text("hello"))
    }

    @Test func lengthsCountCharactersNotBytes() {
        let f = Field(name: "t", minLength: 3, maxLength: 3)
        #expect(ok(f, "Åse") == .text("Åse"))
        #expect(error(f, "Ås") == "At least 3 characters")
        #expect(error(f, "Åsen") == "At most 3 characters (this has 4)")
    }

    @Test func combiningMarksCountAsOneCharacter() {
        let f = Field(name: "t", maxLength: 20)
        let twenty = String(repeating: "e\u{301}", count: 20)
        #expect(twenty.unicodeScalars.count == 40)
        #expect(ok(f, twenty) == .text(twenty))
        #expect(error(f, twenty + "e\u{301}") == "At most 20 characters (this has 21)")
    }

    @Test func singularLengthMessages() {
        #expect(error(Field(name: "t", minLength: 2), "a") == "At least 2 characters")
        #expect(error(Field(name: "t", maxLength: 1), "ab") == "At most 1 character (this has 2)")
    }

    @Test func patternMustMatchTheWholeValue() throws {
        let f = Field(name: "u", pattern: try FieldPattern("[a-z]+"), patternMessage: "Lower-case letters only")
        #expect(ok(f, "abc") == .text("abc"))
        #expect(error(f, "abc1") == "Lower-case letters only")
        #expect(error(Field(name: "u", pattern: try FieldPattern("[a-z]+")), "1abc") == "Not in the expected format")
    }

    @Test func digitClassIsUnicodeUnlessWrittenAsASCII() throws {
        let unicode = Field(name: "n", pattern: try FieldPattern(#"\d+"#))
        let ascii = Field(name: "n", pattern: try FieldPattern("[0-9]+"))
        #expect(ok(unicode, "٣") == .text("٣"))
        #expect(ok(unicode, "42") == .text("42"))
        #expect(error(ascii, "٣") == "Not in the expected format")
        #expect(ok(ascii, "42") == .text("42"))
    }

    @Test func invalidPatternThrows() {
        #expect(throws: (any Error).self) { try FieldPattern("([a-z]") }
    }

    @Test func controlCharactersAreRejected() {
        #expect(error(Field(name: "t"), "a\u{7}b") == "Control characters are not allowed")
        #expect(ok(Field(name: "t"), "a\tb") == .text("a\tb"))
    }

    @Test func secretsAreNotTrimmed() {
        #expect(ok(Field(name: "p", type: .secret), "  pw  ") == .text("  pw  "))
        #expect(error(Field(name: "p", type: .secret, minLength: 8), "short") == "At least 8 characters")
    }

    @Test func multilineKeepsLinesAndIndentation() {
        let f = Field(name: "d", type: .multiline)
        #expect(ok(f, "line one\n  indented\nthree") == .text("line one\n  indented\nthree"))
        #expect(error(f, "a\u{1}\nb") == "Control characters are not allowed")
    }

    // MARK: Email and URL

    @Test func email() {
        let f = Field(name: "e", type: .email)
        #expect(ok(f, " a@b.co ") == .text("a@b.co"))
        for bad in ["a@.com", "a@b.", "a@b..c", "plain"] {
            #expect(error(f, bad) == "Enter a valid email address", "\(bad)")
        }
        // Issue 22: what is wrong, when one thing clearly is.
        #expect(error(f, "admin@example") == "Enter a valid email address: the part after @ needs a dot, like example.com")
        #expect(error(f, "@b.co") == "Enter a valid email address: a name is needed before the @")
        #expect(error(f, "a@@b.co") == "Enter a valid email address: an address has one @, not 2")
        #expect(error(f, "a b@c.de") == "Enter a valid email address: an address has no spaces")
    }

    @Test func url() {
        let f = Field(name: "u", type: .url)
        for good in ["http://x", "https://example.com/a?b#c", "HTTPS://user@host:8080/"] {
            #expect(ok(f, good) == .text(good), "\(good)")
        }
        for bad in ["ftp://x", "example.com", "http://", "https:///path", "http://a b"] {
            #expect(error(f, bad) == "Enter a web address starting with http:// or https://", "\(bad)")
        }
    }

    // MARK: Numbers

    @Test func integerCanonicalForm() {
        let f = Field(name: "n", type: .integer)
        #expect(ok(f, "+007") == .number("7"))
        #expect(ok(f, "-0") == .number("0"))
        #expect(ok(f, "123456789012345678901234567890") == .number("123456789012345678901234567890"))
        for bad in ["1.0", "1e3", "٣", "0x10", "", "+", "1 000"] {
            #expect(error(f, bad) == "Enter a whole number, like 42", "\(bad)")
        }
    }

    @Test func integerBoundsAreInclusive() {
        let f = Field(name: "age", type: .integer, minNumber: DecimalText("13"), maxNumber: DecimalText("120"))
        #expect(ok(f, "13") == .number("13"))
        #expect(ok(f, "120") == .number("120"))
        #expect(error(f, "12") == "Must be between 13 and 120")
        #expect(error(f, "121") == "Must be between 13 and 120")
        #expect(error(Field(name: "n", type: .integer, minNumber: DecimalText("1")), "0") == "Must be at least 1")
        #expect(error(Field(name: "n", type: .integer, maxNumber: DecimalText("-1")), "0") == "Must be at most -1")
    }

    @Test func decimalKeepsItsText() {
        let f = Field(name: "w", type: .decimal)
        #expect(ok(f, "12.50") == .number("12.50"))
        #expect(ok(f, ".5") == .number("0.5"))
        #expect(ok(f, "5.") == .number("5"))
        #expect(ok(f, "-0.0") == .number("0.0"))
        for bad in ["12,5", "1e2", ".", "abc", "1.2.3"] {
            #expect(error(f, bad) == "Enter a number, like 12.5 (with . as the decimal point)", "\(bad)")
        }
    }

    @Test func decimalBoundsCompareExactly() {
        let f = Field(name: "w", type: .decimal, minNumber: DecimalText("0.1"), maxNumber: DecimalText("12.50"))
        #expect(ok(f, "0.10") == .number("0.10"))
        #expect(ok(f, "12.5") == .number("12.5"))
        #expect(error(f, "0.09999") == "Must be between 0.1 and 12.50")
        #expect(error(f, "12.500001") == "Must be between 0.1 and 12.50")
    }

    @Test func decimalTextOrdering() throws {
        let values = ["-10", "-2.5", "-0.01", "0", "0.001", "2", "10", "10.5"].compactMap { DecimalText($0) }
        #expect(values.count == 8)
        #expect(values == values.sorted())
        #expect(DecimalText("12.50") == DecimalText("12.5"))
        #expect(DecimalText("1.5", allowFraction: false) == nil)
    }

    // MARK: Dates

    @Test func realCalendarDates() {
        let f = Field(name: "d", type: .date)
        #expect(ok(f, "2024-02-29") == .text("2024-02-29"))
        #expect(ok(f, "2000-02-29") == .text("2000-02-29"))
        #expect(error(f, "2023-02-29") == "2023-02-29 is not a real date")
        #expect(error(f, "1900-02-29") == "1900-02-29 is not a real date")
        #expect(error(f, "2024-04-31") == "2024-04-31 is not a real date")
        #expect(error(f, "2024-13-01") == "2024-13-01 is not a real date")
        #expect(error(f, "2024-1-1") == "Enter a date as YYYY-MM-DD")
        #expect(error(f, "01/02/2024") == "Enter a date as YYYY-MM-DD")
    }

    @Test func dateBoundsAreInclusive() {
        let f = Field(name: "d", type: .date, minDate: CalendarDate("2024-01-01"), maxDate: CalendarDate("2024-12-31"))
        #expect(ok(f, "2024-01-01") == .text("2024-01-01"))
        #expect(ok(f, "2024-12-31") == .text("2024-12-31"))
        #expect(error(f, "2023-12-31") == "Must be on or after 2024-01-01")
        #expect(error(f, "2025-01-01") == "Must be on or before 2024-12-31")
    }

    // MARK: Booleans

    @Test func booleanWords() {
        let f = Field(name: "b", type: .boolean)
        // The Norwegian words too, in every session's language (docs/languages.md).
        for yes in ["y", "YES", "True", "1", "j", "Ja"] { #expect(ok(f, yes) == .boolean(true), "\(yes)") }
        for no in ["n", "No", "FALSE", "0", "nei"] { #expect(ok(f, no) == .boolean(false), "\(no)") }
        #expect(error(f, "maybe") == "Answer y or n")
        #expect(error(f, "jo") == "Answer y or n")
    }

    // MARK: Defaults and drafts

    @Test func defaultValueIsParsedByTheFieldsRules() {
        #expect(Field(name: "n", type: .integer, defaultText: "+07").defaultValue == .number("7"))
        #expect(Field(name: "n", type: .integer, maxNumber: DecimalText("5"), defaultText: "7").defaultValue == nil)
        #expect(Field(name: "n").defaultValue == nil)
    }

    @Test func restoreRechecksStoredValues() {
        let age = Field(name: "age", type: .integer, minNumber: DecimalText("13"))
        #expect(age.restore(.number("34")) == .number("34"))
        #expect(age.restore(.number("3")) == nil)
        #expect(Field(name: "b", type: .boolean).restore(.bool(true)) == .boolean(true))
        #expect(Field(name: "t").restore(.bool(true)) == nil)
        let multi = Field(name: "m", type: .multichoice, choices: ["a", "b", "c"])
        #expect(multi.restore(.array([.string("c"), .string("a")])) == .list(["a", "c"]))
        #expect(multi.restore(.array([.string("x")])) == nil)
    }

    @Test func fieldTypeClassification() {
        #expect(FieldType.allCases.filter(\.isOrdered) == [.integer, .decimal, .date, .time, .datetime])
        #expect(FieldType.allCases.filter(\.isTextual) == [.text, .multiline, .secret, .email, .url, .uri])
    }
}
