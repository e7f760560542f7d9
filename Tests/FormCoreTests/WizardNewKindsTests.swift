import FormCore
import Testing

/// The wizard asks the new types through their kinds: hints, `?` rules, errors, canonical values,
/// combined conditions and a non-strict ordering check.
@Suite("Wizard: new field kinds")
struct WizardNewKindsTests {
    func spec() -> FormSpec {
        let nine = TimeOfDay("09:00")
        return FormSpec(
            id: "window", title: "Window",
            fields: [
                Field(name: "host", label: "Host", type: .hostname),
                Field(name: "mode", label: "Mode", type: .choice, choices: ["access", "routed"]),
                Field(name: "address", label: "Address", type: .cidr,
                      when: .all([Condition(field: "mode", test: .equals("routed")),
                                  .not(Condition(field: "host", test: .equals("localhost")))])),
                Field(name: "opens", label: "Opens", type: .time, minimum: nine.map(OrderedValue.time)),
                Field(name: "closes", label: "Closes", type: .time),
            ],
            checks: [CrossFieldCheck(kind: .notAfter, first: "opens", second: "closes", field: "closes",
                                     message: "Closes before it opens")])
    }

    @Test("hints, rules and errors come from the kind; values are canonical")
    func walk() {
        var h = WizardHarness(spec())
        h.type("Core-01.Example.", "routed", "10.0.0.1/33", "10.0.0.1/24", "?", "8:59", "9:30", "9:00", "09:30:00")
        #expect(h.transcript.contains { $0.hasSuffix("Prefix /33 is over 32") })
        #expect(h.transcript.contains { $0.contains("Rules: required; a time as HH:MM or HH:MM:SS (24-hour); at or after 09:00") })
        #expect(h.transcript.contains { $0.hasSuffix("Must be at or after 09:00") })
        #expect(h.transcript.contains("Opens (HH:MM):"))
        // 09:00 is before 09:30: refused; 09:30:00 is the same time as 09:30: not_after passes.
        #expect(h.transcript.filter { $0.hasSuffix("Closes before it opens") }.count == 1)
        #expect(h.transcript.contains("Review"))
        #expect(h.wizard.values["host"] == .text("core-01.example"))
        #expect(h.wizard.values["address"] == .text("10.0.0.1/24"))
        #expect(h.wizard.values["closes"] == .text("09:30"))
    }

    @Test("a combined when hides the field when any part fails")
    func combinedWhen() {
        var h = WizardHarness(spec())
        h.type("localhost", "routed", "9:00", "8:00")
        #expect(h.wizard.values["address"] == nil)
        #expect(!h.transcript.contains("Address:"))
        #expect(h.transcript.contains { $0.hasSuffix("Closes before it opens") })
    }
}
