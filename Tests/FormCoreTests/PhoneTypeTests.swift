import FormCore
import Testing

/// `phone`: E.164 numbers, the separators operators type dropped, each mistake's message.
@Suite struct PhoneTypeTests {
    func ok(_ input: String) -> FieldValue? { try? Field(name: "f", type: .phone).parse(input).get() }

    func error(_ input: String) -> String? {
        if case .failure(let e) = Field(name: "f", type: .phone).parse(input) { return e.message }
        return nil
    }

    @Test func separatorsAreDroppedAndTheValueIsPlusAndDigits() {
        #expect(ok("+47 22 33 44 55") == .text("+4722334455"))
        #expect(ok(" +47-22-334-455 ") == .text("+4722334455"))
        #expect(ok("+1 (555) 010-0199") == .text("+15550100199"))
        #expect(ok("+44.20.7946.0958") == .text("+442079460958"))
        // No-break spaces, as text pasted from a web page or a French document has them.
        #expect(ok("+33\u{00A0}1\u{202F}23\u{00A0}45\u{00A0}67\u{00A0}89") == .text("+33123456789"))
        #expect(ok("+4722334") == nil)
        #expect(ok("+47223344") == .text("+47223344"))
        #expect(ok("+123456789012345") == .text("+123456789012345"))
    }

    @Test func mistakesAreNamed() {
        #expect(error("22 33 44 55") == "A phone number starts with + and the country code, like +47 22 33 44 55")
        #expect(error("0047 22 33 44 55") == "A phone number starts with + and the country code, like +47 22 33 44 55")
        #expect(error("(+47) 22 33 44 55") == "A phone number starts with + and the country code, like +47 22 33 44 55")
        #expect(error("+47 22 33 4") == "A phone number has 8 to 15 digits after the +, this has 7")
        #expect(error("+") == "A phone number has 8 to 15 digits after the +, this has 0")
        #expect(error("+1234567890123456") == "A phone number has 8 to 15 digits after the +, this has 16")
        #expect(error("+0047 22 33 44 55")
            == "A country code never starts with 0: write + and the country code, like +47 22 33 44 55")
        #expect(error("+47 22 33 44 55 ext 2")
            == "\"e\" can't be in a phone number (digits, grouped with spaces, dashes, dots or parentheses)")
        #expect(error("++47 22 33 44 55")
            == "\"+\" can't be in a phone number (digits, grouped with spaces, dashes, dots or parentheses)")
        // A comma separates numbers (a list typed on one line), so it is never part of one.
        #expect(error("+47 22 33 44 55, +46 8 123 456 78")
            == "\",\" can't be in a phone number (digits, grouped with spaces, dashes, dots or parentheses)")
        // Digits of other scripts are not E.164 digits.
        #expect(error("+٤٧٢٢٣٣٤٤٥٥")
            == "\"٤\" can't be in a phone number (digits, grouped with spaces, dashes, dots or parentheses)")
    }

    /// A long line of digits is counted, not kept.
    @Test func aHugeNumberIsRefusedWithItsCount() {
        #expect(error("+" + String(repeating: "9", count: 60_000))
            == "A phone number has 8 to 15 digits after the +, this has 60000")
    }

    @Test func whatTheTypeDecides() {
        let phone = FieldType(rawValue: "phone")
        #expect(phone == .phone)
        #expect(!Carry.countsOn(.phone))
        #expect(FieldType.phone.kind.listRefusal == nil)
        #expect(FieldType.phone.kind.entersSeveral(Field(name: "f", type: .phone)))
        #expect(FieldType.phone.kind.openAPIFormats.isEmpty)
        #expect(!FieldType.phone.isTextual && !FieldType.phone.isOrdered)
        #expect(FieldType.phone.kind.rule(for: Field(name: "f", type: .phone))
            == "a phone number with + and the country code, like +47 22 33 44 55")
    }
}
