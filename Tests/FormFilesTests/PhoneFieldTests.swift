import FormCore
import FormFiles
import Testing

/// `type: phone` in a form file: what its kind decides reaches the loader with no code of its own.
@Suite struct PhoneFieldTests {
    @Test func aPhoneFieldAndAListOfPhonesLoad() throws {
        let spec = try #require(loadedForm(form("""
              - name: mobile
                type: phone
                default: +47 22 33 44 55
                carry: true
              - name: others
                type: phone
                list: {max_items: 3, unique: true}

            """)))
        #expect(spec.fields.map(\.type) == [.phone, .phone])
        #expect(spec.fields[0].defaultValue == .text("+4722334455"))
        #expect(spec.fields[1].list?.maxItems == 3)
    }

    @Test func itsMistakesAreTheLoadersMessages() {
        #expect(errorLines(form("  - name: a\n    type: phone\n    default: 22 33 44 55\n")) == [
            "t.yaml:5:14: default \"22 33 44 55\" breaks the field's rule: A phone number starts with + and the country code, like +47 22 33 44 55",
        ])
        #expect(errorLines(form("  - name: a\n    type: phone\n    carry: next\n")) == [
            "t.yaml:5:12: carry: next does not apply to phone fields: it counts on text, email, url, integer, date, ipv4, hostname, time and uri fields (use carry: true)",
        ])
        #expect(errorLines(form("  - name: a\n    type: phone\n    max_length: 20\n")) == [
            "t.yaml:5:5: max_length does not apply to phone fields",
        ])
        #expect(errorLines(form("  - name: a\n    type: phne\n")) == [
            "t.yaml:4:11: unknown field type \"phne\" (did you mean \"phone\"?)",
        ])
    }
}
