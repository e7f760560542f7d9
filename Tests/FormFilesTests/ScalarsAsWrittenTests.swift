import FormCore
import FormFiles
import Testing

/// Scalars are read as written, not through YAML 1.1 resolution; defaults fill in what is left out.
@Suite struct ScalarsAsWrittenTests {
    @Test func choicesLikeNoAndYesStayStrings() throws {
        let yaml = form("  - name: c\n    type: choice\n    choices: [NO, SE, yes, off, 1.0, ~x]\n    default: NO\n")
        let field = try #require(loadedForm(yaml)?.fields.first)
        #expect(field.choices == ["NO", "SE", "yes", "off", "1.0", "~x"])
        #expect(field.defaultText == "NO")
        #expect(field.defaultValue == .text("NO"))
    }

    @Test func defaultYesOnATextFieldIsTheWordYes() throws {
        let field = try #require(loadedForm(form("  - name: t\n    default: yes\n"))?.fields.first)
        #expect(field.defaultText == "yes")
        #expect(field.defaultValue == .text("yes"))
    }

    @Test func defaultYesOnABooleanIsTrue() throws {
        let field = try #require(loadedForm(form("  - name: b\n    type: boolean\n    default: yes\n"))?.fields.first)
        #expect(field.defaultValue == .boolean(true))
    }

    @Test func numbersKeepTheirText() throws {
        let yaml = form("  - name: w\n    type: decimal\n    min: 0.10\n    max: 12.50\n    default: 1.0\n")
        let field = try #require(loadedForm(yaml)?.fields.first)
        #expect(field.minNumber?.description == "0.10")
        #expect(field.maxNumber?.description == "12.50")
        #expect(field.defaultText == "1.0")
        #expect(field.defaultValue == .number("1.0"))
    }

    @Test func datesAreReadAsText() throws {
        let yaml = form("  - name: d\n    type: date\n    min: 2024-01-01\n    max: \"2024-12-31\"\n")
        let field = try #require(loadedForm(yaml)?.fields.first)
        #expect(field.minDate == CalendarDate("2024-01-01"))
        #expect(field.maxDate == CalendarDate("2024-12-31"))
    }

    @Test func labelAndRequiredDefaults() throws {
        let loaded = try #require(loadedForm(form("  - name: nick\n  - name: age\n    required: false\n    type: integer\n")))
        #expect(loaded.title == "t")
        #expect(loaded.fields[0].label == "nick")
        #expect(loaded.fields[0].type == .text)
        #expect(loaded.fields[0].required)
        #expect(!loaded.fields[1].required)
        #expect(loaded.submit == SubmitSpec(method: .POST, path: "/", errors: .auto, aliases: [:]))
        #expect(loaded.fake.reject.isEmpty)
    }

    @Test func numericLookingLabelsAndCodesAreText() throws {
        let yaml = form("  - name: n\n    label: 2024\n    server_codes: [404, no]\n")
        let field = try #require(loadedForm(yaml)?.fields.first)
        #expect(field.label == "2024")
        #expect(field.serverCodes == ["404", "no"])
    }

    @Test func multichoiceDefaultAsAListOrAsText() throws {
        let choices = "  - name: m\n    type: multichoice\n    choices: [fragile, keep upright, hazardous]\n"
        let list = try #require(loadedForm(form(choices + "    default: [hazardous, fragile]\n"))?.fields.first)
        #expect(list.defaultValue == .list(["fragile", "hazardous"]))
        let text = try #require(loadedForm(form(choices + "    default: keep upright, fragile\n"))?.fields.first)
        #expect(text.defaultValue == .list(["fragile", "keep upright"]))
    }

    @Test func conditionValuesAreComparedInTheFieldsCanonicalForm() throws {
        let yaml = form("""
              - name: urgent
                type: boolean
              - name: count
                type: integer
              - name: kind
                type: choice
                choices: [NO, yes]
              - name: a
                when: {field: urgent, equals: yes}
              - name: b
                when: {field: count, in: ["+007", 8]}
              - name: c
                when: {field: kind, not_equals: NO}
              - name: d
                when: {field: kind, filled: false}

            """)
        let fields = try #require(loadedForm(yaml)?.fields)
        #expect(fields[3].when == Condition(field: "urgent", test: .equals("true")))
        #expect(fields[4].when == Condition(field: "count", test: .isIn(["7", "8"])))
        #expect(fields[5].when == Condition(field: "kind", test: .notEquals("NO")))
        #expect(fields[6].when == Condition(field: "kind", test: .filled(false)))
    }

    @Test func checksSubmitAndFakeAreRead() throws {
        let yaml = form(
            "  - name: a\n    type: date\n  - name: b\n    type: date\n",
            """
            checks:
              - before: [a, b]
                field: b
                message: B comes after A
            submit:
              method: PATCH
              path: /api/x/1
              errors: laravel
              aliases: { "data.b_date": b }
            fake:
              reject:
                - when: {field: a, equals: 2024-01-01}
                  field: a
                  code: holiday
                  message: Closed on New Year's Day.
                - when: {field: b, filled: true}
                  message: Nope.

            """)
        let loaded = try #require(loadedForm(yaml))
        #expect(loaded.checks == [CrossFieldCheck(kind: .before, first: "a", second: "b", field: "b", message: "B comes after A")])
        #expect(loaded.submit == SubmitSpec(method: .PATCH, path: "/api/x/1", errors: .laravel, aliases: ["data.b_date": "b"]))
        #expect(loaded.fake.reject == [
            .init(when: Condition(field: "a", test: .equals("2024-01-01")), field: "a", code: "holiday",
                  message: "Closed on New Year's Day."),
            .init(when: Condition(field: "b", test: .filled(true)), field: nil, code: "invalid", message: "Nope."),
        ])
    }

    @Test func patternsAreCompiledAtLoad() throws {
        let field = try #require(loadedForm(form("  - name: p\n    pattern: \"^[a-z]+$\"\n    pattern_message: lower\n"))?.fields.first)
        #expect(field.pattern?.source == "^[a-z]+$")
        #expect(field.patternMessage == "lower")
        #expect(field.parse("abc") == .success(.text("abc")))
        #expect(field.parse("aBc") == .failure(ValueError("lower")))
    }
}
