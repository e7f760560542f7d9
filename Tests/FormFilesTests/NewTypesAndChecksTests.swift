import FormCore
import FormFiles
import Testing

/// The new field types, ordering checks, `when` combinators and sections, read from form files.
@Suite struct NewTypesAndChecksTests {
    // MARK: Types and bounds

    @Test func newTypesLoadWithTheirBounds() throws {
        let yaml = form("""
              - name: host
                type: hostname
              - name: address
                type: cidr
              - name: opens
                type: time
                min: "06:00"
                max: 9:30
              - name: seen
                type: datetime
                min: 2024-01-01T00:00:00Z
            """ + "\n")
        let spec = try #require(loadedForm(yaml))
        #expect(spec.fields.map(\.type) == [.hostname, .cidr, .time, .datetime])
        #expect(spec.fields[2].minimum == .time(TimeOfDay("06:00")!))
        #expect(spec.fields[2].maximum?.description == "09:30")
        #expect(spec.fields[3].minimum == .instant(Timestamp("2024-01-01T00:00:00Z")!))
    }

    @Test func boundMistakesNameTheFormat() {
        #expect(errorLines(form("  - name: a\n    type: time\n    min: 25:00\n")) == [
            "t.yaml:5:10: min must be a time as HH:MM or HH:MM:SS, not \"25:00\""
        ])
        #expect(errorLines(form("  - name: a\n    type: time\n    min: \"18:00\"\n    max: \"08:00\"\n")) == [
            "t.yaml:5:10: min 18:00 is after max 08:00"
        ])
        #expect(errorLines(form("  - name: a\n    type: datetime\n    max: 2024-01-01\n")) == [
            "t.yaml:5:10: max must be a date and time like 2024-05-01T14:30:00Z, not \"2024-01-01\""
        ])
    }

    @Test func rulesThatDoNotApplyToTheNewTypes() {
        #expect(errorLines(form("  - name: a\n    type: ipv4\n    max_length: 15\n")) == [
            "t.yaml:5:5: max_length does not apply to ipv4 fields"
        ])
        #expect(errorLines(form("  - name: a\n    type: mac\n    min: 1\n")) == [
            "t.yaml:5:5: min does not apply to mac fields"
        ])
        #expect(errorLines(form("  - name: a\n    type: time\n    pattern: x\n")) == [
            "t.yaml:5:5: pattern does not apply to time fields"
        ])
    }

    @Test func defaultsPassTheNewTypesRules() {
        #expect(errorLines(form("  - name: a\n    type: ipv4\n    default: 10.0.0.256\n")) == [
            "t.yaml:5:14: default \"10.0.0.256\" breaks the field's rule: Octet 256 is over 255"
        ])
        #expect(loadedForm(form("  - name: a\n    type: mac\n    default: 001a.2b3c.4d5e\n")) != nil)
    }

    @Test func unknownTypeSuggestsOrLists() {
        #expect(errorLines(form("  - name: a\n    type: ipv5\n")) == [
            "t.yaml:4:11: unknown field type \"ipv5\" (did you mean \"ipv4\"?)"
        ])
        #expect(errorLines(form("  - name: a\n    type: datetme\n")) == [
            "t.yaml:4:11: unknown field type \"datetme\" (did you mean \"datetime\"?)"
        ])
    }

    // MARK: Ordering checks

    let incident = """
          - name: started
            type: date
          - name: resolved
            type: date
          - name: at
            type: time

        """

    @Test func notAfterLoadsAndPassesOnTheSameDay() throws {
        let yaml = form(incident, "checks:\n  - not_after: [started, resolved]\n    field: resolved\n    message: m\n")
        let spec = try #require(loadedForm(yaml))
        #expect(spec.checks == [
            CrossFieldCheck(kind: .notAfter, first: "started", second: "resolved", field: "resolved", message: "m")
        ])
        #expect(spec.checks[0].passes(.text("2024-05-01"), .text("2024-05-01")))
    }

    @Test func orderingChecksNeedOneOrdering() {
        let mixed = form(incident, "checks:\n  - not_after: [started, at]\n    field: at\n    message: m\n")
        #expect(errorLines(mixed) == [
            "t.yaml:10:26: not_after can't compare \"started\" (a date) with \"at\" (a time)"
        ])
        let text = form("  - name: a\n  - name: b\n    type: time\n", "checks:\n  - not_after: [a, b]\n    field: b\n    message: m\n")
        #expect(errorLines(text) == [
            "t.yaml:7:17: not_after needs numbers, dates, times or datetimes: \"a\" is a text field"
        ])
        let misspelt = form(incident, "checks:\n  - not_afer: [started, resolved]\n    field: resolved\n    message: m\n")
        #expect(errorLines(misspelt) == ["t.yaml:10:5: unknown check kind \"not_afer\" (did you mean \"not_after\"?)"])
    }

    // MARK: when combinators

    let severity = """
          - name: severity
            type: choice
            choices: [low, high, critical]
          - name: paged
            type: boolean

        """

    @Test func combinatorsResolveEveryComparison() throws {
        let yaml = form(severity + """
              - name: postmortem
                when:
                  any:
                    - { field: severity, equals: critical }
                    - all: [{ field: severity, equals: high }, { not: { field: paged, equals: "no" } }]
            """ + "\n")
        let spec = try #require(loadedForm(yaml))
        let expected = Condition.any([
            Condition(field: "severity", test: .equals("critical")),
            .all([Condition(field: "severity", test: .equals("high")), .not(Condition(field: "paged", test: .equals("false")))]),
        ])
        #expect(spec.fields[2].when == expected)
    }

    @Test func combinatorMistakesAreAllReported() {
        let yaml = form(severity + """
              - name: p
                when:
                  all:
                    - { field: severty, equals: critical }
                    - { field: severity, equals: urgent }
                    - { any: [] }
                    - { field: p, filled: true }
              - name: q
                when: { not: { field: paged, equals: x }, field: paged }
              - name: r
                when: { all: { field: paged, filled: true } }
            """ + "\n")
        #expect(errorLines(yaml) == [
            "t.yaml:11:20: when names unknown field \"severty\" (did you mean \"severity\"?)",
            "t.yaml:12:38: equals \"urgent\" is not one of the choices of \"severity\"",
            "t.yaml:13:18: any must list at least one condition",
            "t.yaml:14:20: when can't name its own field \"p\"",
            "t.yaml:16:47: field can't be beside not: put the comparison inside it",
            "t.yaml:16:42: equals \"x\" can never match \"paged\": Answer y or n",
            "t.yaml:18:18: all must be a list of conditions, not a mapping",
        ].sorted(by: byPosition))
    }

    @Test func conditionsNestBoundedly() {
        var condition = "{ field: a, filled: true }"
        for _ in 0..<9 { condition = "{ not: \(condition) }" }
        let yaml = form("  - name: a\n  - name: b\n    when: \(condition)\n")
        #expect(errorLines(yaml) == ["t.yaml:5:69: conditions nest at most 8 deep"])
    }

    @Test func fakeRejectTakesCombinators() throws {
        let yaml = form(severity, """
            fake:
              reject:
                - when: { all: [{ field: severity, equals: critical }, { field: paged, equals: "no" }] }
                  message: Page someone first.
            """)
        let spec = try #require(loadedForm(yaml))
        #expect(spec.fake.reject[0].when.fields == ["severity", "paged"])
    }

    // MARK: Sections

    @Test func sectionConditionsApplyToEachField() throws {
        let yaml = form(severity + """
              - section: escalation
                when: { field: severity, in: [high, critical] }
                fields:
                  - name: incident_lead
                  - name: bridge
                    when: { field: paged, equals: "yes" }
                  - section: exec
                    when: { field: severity, equals: critical }
                    fields:
                      - name: exec_summary
              - name: notes
            """ + "\n")
        let spec = try #require(loadedForm(yaml))
        let high = Condition(field: "severity", test: .isIn(["high", "critical"]))
        #expect(spec.fields.map(\.name) == ["severity", "paged", "incident_lead", "bridge", "exec_summary", "notes"])
        #expect(spec.fields[2].when == high)
        #expect(spec.fields[3].when == .all([high, Condition(field: "paged", test: .equals("true"))]))
        #expect(spec.fields[4].when == .all([high, Condition(field: "severity", test: .equals("critical"))]))
        #expect(spec.fields[5].when == nil)
    }

    @Test func sectionMistakes() {
        let yaml = form(severity + """
              - section: escalation
                when: { field: lead, filled: true }
                fields:
                  - name: lead
              - section: empty
                when: { field: paged, equals: "yes" }
                fields: []
              - section: nowhen
                label: x
                fields:
                  - name: other
            """ + "\n")
        #expect(errorLines(yaml) == [
            "t.yaml:9:20: when names \"lead\", which is not before this section (a when may only look back)",
            "t.yaml:14:13: a section must list at least one field",
            "t.yaml:15:5: missing \"when\": the condition every field of the section shares",
            "t.yaml:16:5: unknown key \"label\" in a section",
        ])
    }

    @Test func sectionsNestBoundedly() {
        var item = "{ name: x }"
        for _ in 0..<9 { item = "{ section: s, when: { field: a, filled: true }, fields: [\(item)] }" }
        // The ninth section's key: each level adds 57 columns before it.
        #expect(errorLines(form("  - name: a\n  - \(item)\n")) == ["t.yaml:4:\(7 + 8 * 57): sections nest at most 8 deep"])
        var eight = "{ name: x }"
        for _ in 0..<8 { eight = "{ section: s, when: { field: a, filled: true }, fields: [\(eight)] }" }
        #expect(loadedForm(form("  - name: a\n  - \(eight)\n"))?.fields.last?.when?.fields.count == 8)
    }

    private func byPosition(_ a: String, _ b: String) -> Bool {
        func key(_ s: String) -> (Int, Int) {
            let parts = s.split(separator: ":")
            return (Int(parts[1]) ?? 0, Int(parts[2]) ?? 0)
        }
        return key(a) < key(b)
    }
}
