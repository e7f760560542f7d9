@testable import FormCore
import Testing

/// Item words kept between reviews (WizardItemWords.swift): the review must read exactly as if
/// every item were worded afresh, whatever changed in between, and the first review must find the
/// items worded as they were answered (issue 11, item 9: a 200-item review within 1 ms).
@Suite("Wizard: item words kept between reviews")
struct WizardItemWordsTests {
    /// The review rows this wizard shows, and the rows it would show with nothing kept.
    private func rows(_ wizard: Wizard) -> (kept: [String], afresh: [String]) {
        var fresh = wizard
        fresh.shown.itemWords = [:]
        // A row with the members its label leaves out is several lines: one element a line.
        func lines(_ rows: [String]) -> [String] { rows.flatMap { $0.split(separator: "\n").map(String.init) } }
        return (lines(wizard.reviewRows()), lines(fresh.reviewRows()))
    }

    /// Item words the review would have to make now (none: every item's are kept and current).
    private func unkept(_ wizard: Wizard) -> [String] {
        var made: [MadeItemWords] = []
        _ = wizard.reviewEntries(withLabels: true, visible: nil, made: &made)
        return made.map { "\($0.list).\($0.number)" }
    }

    @Test("each item is worded as it is answered: the first review makes no words")
    func firstReviewFindsItemsWorded() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME")
        for n in 1...12 { h.type("ABC-\(n)", "\(n)", n == 5 ? "DAMAGED" : "L\(n)") ; if n == 5 { h.type("2") } }
        h.type("", "", "no")
        #expect(h.lastPrompt == Wizard.reviewPromptText)
        #expect(unkept(h.wizard) == [])
        #expect(h.wizard.shown.itemWords["lines"]?.count == 12)
        let transcript = h.transcript
        #expect(transcript.contains("   6 Line 5: ABC-5 x 5"))
        #expect(transcript.contains("       Lot: DAMAGED; Damaged: 2"))
    }

    @Test("an edit, a hidden member, a delete and an add: the review reads as if worded afresh")
    func wordsFollowEveryChange() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "3", "DAMAGED", "2", "ABC-2", "4", "L2", "ABC-3", "5", "", "", "", "no")
        var (kept, afresh) = rows(h.wizard)
        #expect(kept == afresh)
        // Lot changes on item 1: Damaged is hidden and dropped; the item's words are made again.
        h.type("2.3", "L1")
        (kept, afresh) = rows(h.wizard)
        #expect(kept == afresh)
        #expect(kept.contains("      Lot: L1"))
        #expect(!kept.contains { $0.contains("Damaged") })
        // Item 1 deleted: item 2 is item 1 now, with its own values, under its new number.
        h.type(".delete lines.1", "yes")
        (kept, afresh) = rows(h.wizard)
        #expect(kept == afresh)
        #expect(kept.contains("  2 Line 1: ABC-2 x 4"))
        #expect(kept.contains("  3 Line 2: ABC-3 x 5"))
        #expect(!kept.contains { $0.contains("ABC-1") })
        // An item added at the review: worded at its first answer, and right in the review.
        h.type(".add lines", "ABC-9", "9", "")
        #expect(h.lastPrompt == Wizard.reviewPromptText)
        (kept, afresh) = rows(h.wizard)
        #expect(kept == afresh)
        #expect(kept.contains("  4 Line 3: ABC-9 x 9"))
        #expect(unkept(h.wizard) == [])
    }

    @Test("a value edited to other bytes that Unicode counts as equal is shown as now typed")
    func canonicallyEqualValuesAreWordedAgain() throws {
        var h = WizardHarness(try receiptSpec())
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        #expect(composed == decomposed, "Swift's == counts them as equal: the reason for this test")
        h.type("ACME", "ABC-1", "3", composed, "", "", "no")
        h.type("2.3", decomposed)
        #expect(h.lastPrompt == Wizard.reviewPromptText)
        let detail = try #require(h.transcript.last { $0.hasPrefix("      Lot: ") })
        #expect(Array(detail.utf8) == Array("      Lot: \(decomposed)".utf8))
        let (kept, afresh) = rows(h.wizard)
        #expect(kept.map { Array($0.utf8) } == afresh.map { Array($0.utf8) })
    }

    @Test("words kept for an item do not stand for another item with the same values")
    func sameValuesOtherItem() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "3", "", "ABC-2", "3", "", "", "", "no")
        // Item 2 gets item 1's SKU refused as a duplicate; the words keep their own numbers.
        let (kept, afresh) = rows(h.wizard)
        #expect(kept == afresh)
        #expect(kept.contains("  2 Line 1: ABC-1 x 3") && kept.contains("  3 Line 2: ABC-2 x 3"))
    }

    @Test("answers by index stay in step with the fields: items added, ended, deleted, typed on one line, resumed")
    func answersByIndexInStep() throws {
        var h = WizardHarness(try receiptSpec(), interactive: true)
        var steps = 0
        func check(_ what: String) {
            steps += 1
            #expect(h.wizard.form.isInStep, "after \(what)")
        }
        h.type("ACME", "ABC-1", "3", "DAMAGED", "2")
        check("an item with a revealed member")
        h.type("ABC-2", "4", "L2", "ABC-3", "5", "", "")
        check("the list ended by an empty SKU")
        h.type("7, 8, 9")
        check("serials typed on one line")
        h.type("no")
        check("the review")
        h.type(".delete lines.1", "yes")
        check("an item deleted")
        h.type(".add lines", "ABC-4", "6", "DAMAGED", "1")
        check("an item added at the review")
        h.type("2.3", "L9")
        check("a member hidden again")
        #expect(h.lastPrompt == Wizard.reviewPromptText)
        let draft = h.wizard.values.mapValues(\.json)
        var resumed = WizardHarness(wizard: Wizard(spec: try receiptSpec(), interactive: true, resuming: draft))
        #expect(resumed.wizard.form.isInStep)
        #expect(resumed.wizard.values == h.wizard.values)
        // The draft has no value for item 2's empty optional Lot: it is asked, then the review.
        #expect(resumed.lastPrompt == "Line 2: Lot (optional): ")
        resumed.type("", "")
        #expect(resumed.wizard.form.isInStep)
        #expect(resumed.submissions.count == 1)
        #expect(steps == 7)
    }

    @Test("item spans from the first item's size are the spans found by walking every field")
    func itemSpansMatchTheWalk() throws {
        var h = WizardHarness(try receiptSpec())
        func check() {
            for list in ["lines", "serials"] {
                #expect(h.wizard.form.itemSpans(list: list) == h.wizard.form.itemSpansWalked(list: list), "\(list)")
            }
        }
        h.type("ACME", "ABC-1", "3", "DAMAGED", "2", "ABC-2", "4", "", "ABC-3", "5", "", "", "7, 8")
        check()
        #expect(h.wizard.form.itemSpans(list: "lines").count == 3)
        #expect(h.wizard.form.itemSpans(list: "serials").map(\.count) == [1, 1])
        h.type("no", ".delete lines.2", "yes")
        check()
        #expect(h.wizard.form.itemSpans(list: "lines").map(\.count) == [4, 4])
    }
}

/// An answer to a watched field looks only at the fields whose conditions name it, and theirs in
/// turn (`Wizard.visibilityDependents`): what it reveals and what it hides must be what looking
/// at every field found.
@Suite("Wizard: an answer's visibility dependents")
struct WizardVisibilityDependentsTests {
    private func chainSpec() -> FormSpec {
        FormSpec(id: "chain", title: "Chain", fields: [
            Field(name: "a", label: "A"),
            Field(name: "b", label: "B", when: Condition(field: "a", test: .equals("x"))),
            Field(name: "c", label: "C", when: Condition(field: "b", test: .equals("y"))),
            Field(name: "d", label: "D", required: false, when: .any([
                Condition(field: "c", test: .filled(true)), Condition(field: "a", test: .equals("z")),
            ])),
            Field(name: "e", label: "E"),
        ])
    }

    @Test("revealed in a chain at the review, hidden in a chain with their values kept aside")
    func chainRevealsAndHides() throws {
        var h = WizardHarness(chainSpec())
        #expect(h.wizard.form.visibilityDependents(of: "a") == [1, 2, 3])
        #expect(h.wizard.form.visibilityDependents(of: "c") == [3])
        #expect(h.wizard.form.visibilityDependents(of: "e") == [])
        h.type("q", "E1")
        #expect(h.lastPrompt == Wizard.reviewPromptText)
        // a = x reveals b; b = y reveals c; c filled reveals d: each asked before the review.
        h.type("1", "x")
        #expect(h.lastPrompt == "B: ")
        h.type("y")
        #expect(h.lastPrompt == "C: ")
        h.type("c1")
        #expect(h.lastPrompt == "D (optional): ")
        h.type("d1")
        #expect(h.lastPrompt == Wizard.reviewPromptText)
        #expect(h.wizard.values == ["a": .text("x"), "b": .text("y"), "c": .text("c1"), "d": .text("d1"), "e": .text("E1")])
        // a = q hides b, so c (which looks at b) and d (which looks at c) go too; their answers
        // are kept aside (issue 28): out of the values, in the draft.
        h.type("1", "q")
        #expect(h.lastPrompt == Wizard.reviewPromptText)
        #expect(h.wizard.values == ["a": .text("q"), "e": .text("E1")])
        #expect(h.wizard.interruptionDraft == ["a": .string("q"), "b": .string("y"), "c": .string("c1"), "d": .string("d1"), "e": .string("E1")])
        // a = z shows d alone (d's other condition): asked, as a revealed field is, its answer pre-filled.
        h.type("1", "z")
        #expect(h.lastPrompt == "D (optional) [d1]: ")
    }
}
