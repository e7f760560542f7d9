import FormCore
import Testing

/// What `fill --record` writes for a review number (issue 35 item 16): on a form with lists, the
/// `.edit NAME` the number stood for; elsewhere nothing (the number is recorded as typed).
@Suite struct WizardRecordedEditTests {
    private func visitSpec() -> FormSpec {
        var parts = Field(name: "parts", label: "Part")
        parts.list = ListRule()
        return FormSpec(id: "v", fields: [Field(name: "patient", label: "Patient"), parts,
                                          Field(name: "visit_date", label: "Visit date", type: .date)])
    }

    @Test func aReviewNumberOfAListFormIsNamed() {
        var h = WizardHarness(visitSpec())
        h.type("Ann", "wheel", "bell", "", "2026-01-02")
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        #expect(h.wizard.recordedEdit(forReviewLine: "4") == ".edit visit_date")
        #expect(h.wizard.recordedEdit(forReviewLine: " 2 ") == ".edit parts.1")
        #expect(h.wizard.recordedEdit(forReviewLine: "1") == ".edit patient")
        // Not a number of this review, or not a number at all: recorded as typed.
        for line in ["9", "", ".edit 4", "abc", "4x"] {
            #expect(h.wizard.recordedEdit(forReviewLine: line) == nil, "\(line)")
        }
        // The name edits what the number did.
        h.type(".edit visit_date")
        #expect(h.lastPrompt == "Visit date (YYYY-MM-DD) [2026-01-02]: ")
        // Outside the review nothing is renamed.
        #expect(h.wizard.recordedEdit(forReviewLine: "4") == nil)
    }

    @Test func withoutListsNumbersStay() {
        var h = WizardHarness(FormSpec(id: "p", fields: [Field(name: "a", label: "A"), Field(name: "b", label: "B")]))
        h.type("x", "y")
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        #expect(h.wizard.recordedEdit(forReviewLine: "2") == nil)
    }
}
