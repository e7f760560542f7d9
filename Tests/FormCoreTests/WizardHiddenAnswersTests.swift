import FormCore
import Testing

/// Forms/work-order.yaml built in code: `kind: repair` shows a multiline fault and a group of
/// parts, `kind: inspection` a checklist (the sections flattened onto each field's `when`).
func workOrderSpec() throws -> FormSpec {
    let repair = Condition(field: "kind", test: .equals("repair"))
    let inspection = Condition(field: "kind", test: .equals("inspection"))
    var sku = Field(name: "parts.sku", label: "Part number", pattern: try FieldPattern("^P-[0-9]{3,6}$"), when: repair)
    var qty = Field(name: "parts.qty", label: "Quantity", type: .integer, minNumber: DecimalText("1"), when: repair)
    sku.group = "parts"
    qty.group = "parts"
    return FormSpec(
        id: "work-order", title: "Work order",
        fields: [
            Field(name: "site", label: "Site"),
            Field(name: "kind", label: "Job kind", type: .choice, choices: ["repair", "inspection", "installation"]),
            Field(name: "fault", label: "Fault", type: .multiline, when: repair),
            sku, qty,
            Field(name: "checklist", label: "Checklist", type: .choice, choices: ["annual", "quarterly"], when: inspection),
            Field(name: "hours", label: "Hours worked", type: .decimal),
        ],
        groups: [RepeatGroup(name: "parts", label: "Part", labelTemplate: "Part {n}: {sku} x {qty}",
                             rule: ListRule(minItems: 0, maxItems: 50), unique: ["sku"])])
}

/// Issue 28 item 5: an answer to a field a condition hides is kept (not shown, checked, sent or
/// missing) and comes back pre-filled when the condition holds again; drafts keep it.
@Suite("Wizard: hidden answers are kept")
struct WizardHiddenAnswersTests {
    static let repairValues: [String: JSONValue] = [
        "fault": .string("Pump seal leaks\n  at the inlet"),
        "parts.1.sku": .string("P-1042"), "parts.1.qty": .number("2"),
        "parts.2.sku": .string("P-2001"), "parts.2.qty": .number("1"),
    ]

    /// A repair order typed to the review.
    func repairAtReview() throws -> WizardHarness {
        var h = WizardHarness(try workOrderSpec())
        h.type("Plant 7", "repair", "Pump seal leaks", "  at the inlet", ".", "P-1042", "2", "P-2001", "1", "", "1.5")
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true, "\(h.shown)")
        return h
    }

    @Test("repair -> inspection -> repair at the review: the fault and every part come back pre-filled; the draft meanwhile holds them")
    func switchBackAndForth() throws {
        var h = try repairAtReview()
        h.type(".edit kind", "inspection", "annual")
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true, "\(h.shown)")
        // Hidden: not in the review, not among the values, kept for the draft.
        #expect(h.wizard.values["fault"] == nil && h.wizard.values["parts.1.sku"] == nil)
        let reviewLines = h.transcript.suffix(8).joined(separator: "\n")
        #expect(!reviewLines.contains("Pump seal") && !reviewLines.contains("P-1042"), "\(reviewLines)")
        let draft = h.wizard.interruptionDraft
        for (name, value) in Self.repairValues { #expect(draft[name] == value, "\(name) in the draft") }
        #expect(draft["checklist"] == .string("annual"))

        let before = h.prompts.count
        h.type(".edit kind", "repair")
        // Each revealed field is asked with its kept answer in the brackets; Enter keeps it.
        let asked = h.prompts[(before + 1)...].map(\.text)
        #expect(asked.first?.hasPrefix("Fault") == true && asked.first?.contains("[Pump seal...]") == true, "\(asked)")
        h.type("", "", "", "", "")
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true, "\(h.shown)")
        for (name, value) in Self.repairValues { #expect(h.wizard.values[name]?.json == value, "\(name) is back") }
        #expect(h.wizard.values["checklist"] == nil, "now the checklist is hidden, and kept")
        #expect(h.wizard.interruptionDraft["checklist"] == .string("annual"))
        h.type("")
        let payload = try #require(h.submissions.last).payload
        #expect(payload == .object([
            "site": .string("Plant 7"), "kind": .string("repair"), "fault": .string("Pump seal leaks\n  at the inlet"),
            "parts": .array([.object(["sku": .string("P-1042"), "qty": .number("2")]),
                             .object(["sku": .string("P-2001"), "qty": .number("1")])]),
            "hours": .number("1.5"),
        ]))
    }

    @Test("a hidden answer is never sent, checked or missing")
    func hiddenNeverSent() throws {
        var h = try repairAtReview()
        h.type(".edit kind", "inspection", "annual", "")
        let payload = try #require(h.submissions.last).payload
        #expect(payload == .object(["site": .string("Plant 7"), "kind": .string("inspection"),
                                    "checklist": .string("annual"), "hours": .number("1.5")]))
    }

    @Test("a draft saved while the fields are hidden brings them back when a resumed run shows them")
    func resumedDraftKeepsHidden() throws {
        var h = try repairAtReview()
        h.type(".edit kind", "inspection", "annual")
        h.send(.endOfInput)
        let draft = try #require(h.drafts.last)
        var resumed = WizardHarness(wizard: Wizard(spec: try workOrderSpec(), interactive: false, resuming: draft))
        #expect(resumed.lastPrompt?.hasPrefix("Submit?") == true, "\(resumed.shown)")
        #expect(resumed.wizard.values["fault"] == nil)
        #expect(resumed.wizard.interruptionDraft["parts.2.sku"] == .string("P-2001"), "a resumed draft keeps them aside")
        resumed.type(".edit kind", "repair", "", "", "", "", "")
        #expect(resumed.lastPrompt?.hasPrefix("Submit?") == true, "\(resumed.shown)")
        for (name, value) in Self.repairValues { #expect(resumed.wizard.values[name]?.json == value, "\(name) is back") }
    }

    @Test("deleting an item drops its kept answers; later items move down with theirs")
    func deleteDropsKept() throws {
        var h = try repairAtReview()
        h.type(".delete parts.1", "y")
        h.type(".edit kind", "inspection", "annual", ".edit kind", "repair", "", "", "")
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true, "\(h.shown)")
        #expect(h.wizard.values["parts.1.sku"] == .text("P-2001"))
        #expect(h.wizard.values["parts.2.sku"] == nil)
    }
}
