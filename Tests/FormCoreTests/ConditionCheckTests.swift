import FormCore
import Testing

/// `when` conditions and cross-field checks.
@Suite struct ConditionCheckTests {
    // MARK: Conditions

    @Test func equalsAndNotEquals() {
        let eq = Condition(field: "severity", test: .equals("critical"))
        #expect(eq.holds(for: ["critical"]))
        #expect(!eq.holds(for: ["high"]))
        #expect(!eq.holds(for: nil))
        let ne = Condition(field: "severity", test: .notEquals("critical"))
        #expect(!ne.holds(for: ["critical"]))
        #expect(ne.holds(for: ["high"]))
        #expect(ne.holds(for: nil))
    }

    @Test func inMatchesAnyListed() {
        let c = Condition(field: "username", test: .isIn(["admin", "root"]))
        #expect(c.holds(for: ["root"]))
        #expect(!c.holds(for: ["Admin"]))
        #expect(!c.holds(for: nil))
    }

    @Test func filled() {
        let yes = Condition(field: "x", test: .filled(true))
        let no = Condition(field: "x", test: .filled(false))
        #expect(yes.holds(for: ["a"]) && !no.holds(for: ["a"]))
        #expect(!yes.holds(for: nil) && no.holds(for: nil))
        #expect(!yes.holds(for: []) && no.holds(for: []))   // an empty multichoice is not filled
    }

    @Test func multichoiceMatchesWhenAnyItemMatches() {
        let value = FieldValue.list(["fragile", "hazardous"])
        #expect(Condition(field: "h", test: .equals("hazardous")).holds(for: value.comparableStrings))
        #expect(!Condition(field: "h", test: .notEquals("hazardous")).holds(for: value.comparableStrings))
        #expect(Condition(field: "h", test: .isIn(["refrigerate", "fragile"])).holds(for: value.comparableStrings))
    }

    @Test func comparableStringsOfEachValueKind() {
        #expect(FieldValue.boolean(true).comparableStrings == ["true"])
        #expect(FieldValue.boolean(false).comparableStrings == ["false"])
        #expect(FieldValue.number("7").comparableStrings == ["7"])
        #expect(FieldValue.text("DHL Express").comparableStrings == ["DHL Express"])
    }

    @Test func booleanConditionOnAParsedValue() throws {
        let value = try Field(name: "b", type: .boolean).parse("YES").get()
        #expect(Condition(field: "b", test: .equals("true")).holds(for: value.comparableStrings))
    }

    // MARK: Checks

    func check(_ kind: CrossFieldCheck.Kind) -> CrossFieldCheck {
        CrossFieldCheck(kind: kind, first: "a", second: "b", field: "b", message: "m")
    }

    @Test func differAndSame() {
        #expect(!check(.differ).passes(.text("x"), .text("x")))
        #expect(check(.differ).passes(.text("x"), .text("y")))
        #expect(check(.same).passes(.text("pw"), .text("pw")))
        #expect(!check(.same).passes(.text("pw"), .text("Pw")))
    }

    @Test func beforeOnDatesIsStrict() {
        #expect(check(.before).passes(.text("2024-02-28"), .text("2024-02-29")))
        #expect(!check(.before).passes(.text("2024-02-29"), .text("2024-02-29")))
        #expect(!check(.before).passes(.text("2024-03-01"), .text("2024-02-29")))
        #expect(check(.before).passes(.text("2023-12-31"), .text("2024-01-01")))
    }

    @Test func beforeOnNumbersComparesExactly() {
        #expect(check(.before).passes(.number("9"), .number("10")))
        #expect(check(.before).passes(.number("-1.5"), .number("-1.25")))
        #expect(!check(.before).passes(.number("12.50"), .number("12.5")))
        #expect(!check(.before).passes(.number("10"), .number("9.99")))
    }

    @Test func missingValuesPass() {
        for kind in CrossFieldCheck.Kind.allCases {
            #expect(check(kind).passes(nil, .text("x")))
            #expect(check(kind).passes(.text("x"), nil))
            #expect(check(kind).passes(nil, nil))
        }
    }
}
