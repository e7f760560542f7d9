@testable import FormCore
import Testing

/// Items from outside the walk: scripted answers (`--answers`, `--set lines.2.qty=3`), resumed
/// drafts, and the history key of an item's prompt.
@Suite("Wizard: lists in answers, drafts and history")
struct WizardListAnswersTests {
    private func answer(_ path: String, _ text: String, _ origin: String = "--set", items: [ScriptedAnswer]? = nil) -> ScriptedAnswer {
        ScriptedAnswer(path: path, text: text, origin: origin == "--set" ? "--set \(path)" : origin, fromCommandLine: origin == "--set", items: items)
    }

    @Test("answers name items 1-based; the lists grow to the highest item named; the payload has arrays")
    func answersGrowLists() throws {
        var wizard = Wizard(spec: try receiptSpec(), interactive: false)
        let vlanItems = [answer("serials.1", "10", "a.yaml:5"), answer("serials.2", "20", "a.yaml:6")]
        let problems = wizard.apply([
            answer("supplier", "ACME", "a.yaml:1"),
            answer("lines.1.sku", "ABC-1", "a.yaml:3"), answer("lines.1.qty", "3", "a.yaml:3"),
            answer("serials", "10, 20", "a.yaml:4", items: vlanItems),
            answer("lines.2.sku", "ABC-2"), answer("lines.2.qty", "5"),
            answer("serials.3", "30"),
            answer("checked", "no"),
        ])
        #expect(problems.isEmpty)
        #expect(wizard.itemCounts == ["lines": 2, "serials": 3])
        #expect(wizard.values["lines.2.qty"] == .number("5"))
        #expect(wizard.unansweredProblems(file: "a.yaml").isEmpty)
        var h = WizardHarness(wizard: wizard)
        h.send(.start)
        // Every answer the form took, items counted one by one: 3 serials, 2 lines of 2 fields.
        #expect(h.contains("9 answers given; nothing to ask."), "\(h.transcript)")
        h.type("")
        let payload = try #require(h.submissions.first).payload.compactText
        #expect(payload == #"{"lines":[{"qty":3,"sku":"ABC-1"},{"qty":5,"sku":"ABC-2"}],"serials":[10,20,30],"supplier":"ACME"}"#)
    }

    @Test("--set on a whole list of a comma-free type splits it; a later whole list replaces earlier items")
    func wholeListOnCommandLine() throws {
        var wizard = Wizard(spec: try receiptSpec(), interactive: false)
        let problems = wizard.apply([
            answer("serials", "1, 2, 3", "a.yaml:4", items: ["1", "2", "3"].enumerated().map { answer("serials.\($0 + 1)", $1, "a.yaml:\($0 + 5)") }),
            answer("serials", "7,8"),
        ])
        #expect(problems.isEmpty)
        #expect(wizard.itemCounts["serials"] == 2)
        #expect(wizard.values["serials.1"] == .number("7"))
        #expect(wizard.values["serials.3"] == nil)
    }

    @Test("a whole list replacing a draft's items: an item added later starts empty, not with a replaced answer")
    func replacedItemsStayReplaced() throws {
        let draft: [String: JSONValue] = [
            "supplier": .string("ACME"), "lines.1.sku": .string("ABC-1"), "lines.1.qty": .number("3"), "checked": .bool(false),
            "serials.1": .number("10"), "serials.2": .number("20"), "serials.3": .number("30"),
        ]
        var wizard = Wizard(spec: try receiptSpec(), interactive: true, resuming: draft)
        #expect(wizard.itemCounts["serials"] == 3)
        #expect(wizard.apply([answer("serials", "40")]).isEmpty)
        #expect(wizard.itemCounts["serials"] == 1)
        #expect(wizard.values["serials.2"] == nil && wizard.values["serials.3"] == nil)
        var h = WizardHarness(wizard: wizard)
        h.send(.start)
        h.type(".add serials")
        // Item 2 is new: no [20] offered, nothing pre-filled.
        #expect(h.lastPrompt == "Serial 2: ")
        #expect(h.prompts.last?.prefill == nil)
        #expect(h.wizard.form.isInStep)
        h.type("50", "")
        #expect(try #require(h.submissions.first).payload.objectValue?["serials"] == .array([.number("40"), .number("50")]))
    }

    @Test("a draft over a lowered max_items keeps every item when answers are given too; the review asks to delete the extra")
    func overMaximumDraftWithAnswersKeepsItems() throws {
        let draft: [String: JSONValue] = [
            "supplier": .string("ACME"), "checked": .bool(false),
            "lines.1.sku": .string("ABC-1"), "lines.1.qty": .number("1"),
            "lines.2.sku": .string("ABC-2"), "lines.2.qty": .number("2"),
            "lines.3.sku": .string("ABC-3"), "lines.3.qty": .number("3"),
        ]
        var wizard = Wizard(spec: try receiptSpec(maxLines: 2), interactive: true, resuming: draft)
        #expect(wizard.itemCounts["lines"] == 3)
        #expect(wizard.apply([answer("supplier", "Other")]).isEmpty)
        #expect(wizard.itemCounts["lines"] == 3)
        #expect(wizard.values["lines.3.sku"] == .text("ABC-3"))
        var h = WizardHarness(wizard: wizard)
        h.send(.start)
        // Every draft answer is still there; the first extra item is asked, where .delete removes one.
        #expect(h.transcript.contains { $0.contains("takes at most 2 items and has 3") })
        #expect(h.wizard.values["lines.3.qty"] == .number("3"))
    }

    @Test("an item beyond max_items, a group answered as a whole, a member without an item and a misspelt member are errors naming the concrete path")
    func itemProblems() throws {
        var wizard = Wizard(spec: try receiptSpec(maxLines: 4), interactive: false)
        let problems = wizard.apply([
            answer("lines.5.sku", "ABC-5", "a.yaml:12"),
            answer("lines", "x", "a.yaml:2"),
            answer("lines.qty", "3", "a.yaml:3"),
            answer("lines.2.qtty", "3", "a.yaml:4"),
            answer("serials.0", "3", "a.yaml:5"),
        ])
        #expect(problems.map(\.description) == [
            "a.yaml:2: lines: lines is a group: give its items as a list of mappings (lines: [{...}, {...}]) or one field at a time (lines.1.FIELD)",
            "a.yaml:3: lines.qty: the form has no such field (did you mean \"lines.1.qty\"?)",
            "a.yaml:4: lines.2.qtty: the form has no such field (did you mean \"lines.2.qty\"?)",
            "a.yaml:5: serials.0: the form has no such field (did you mean \"serials.1\"?)",
            "a.yaml:12: lines.5.sku: item 5 is beyond the list's end: lines takes at most 4 items",
        ])
        #expect(wizard.itemCounts["lines"] == 2, "lines.2.qtty still names item 2")
    }

    @Test("a refused item answer is asked again by its concrete name; --no-input lists missing item fields")
    func refusedItemAnswer() throws {
        var wizard = Wizard(spec: try receiptSpec(), interactive: false)
        _ = wizard.apply([answer("supplier", "ACME"), answer("lines.1.sku", "abc"), answer("lines.2.sku", "ABC-2"), answer("checked", "no")])
        let missing = wizard.unansweredProblems(file: "a.yaml")
        #expect(missing.map(\.field) == ["lines.1.sku", "lines.1.qty", "lines.2.qty"])
        #expect(missing.map(\.origin) == ["--set lines.1.sku", "a.yaml", "a.yaml"])
        var h = WizardHarness(wizard: wizard)
        h.send(.start)
        #expect(h.lastPrompt?.hasPrefix("Line 1: SKU") == true)
        #expect(h.transcript.contains { $0.contains("The answer from --set lines.1.sku ('abc') was refused") })
    }

    @Test("no answer for an optional list: it has no item and nothing of it is asked")
    func unansweredOptionalList() throws {
        var wizard = Wizard(spec: try receiptSpec(), interactive: false)
        _ = wizard.apply([answer("supplier", "ACME"), answer("lines.1.sku", "ABC-1"), answer("lines.1.qty", "1"), answer("checked", "yes")])
        #expect(wizard.itemCounts == ["lines": 1, "serials": 0])
        #expect(wizard.unansweredProblems(file: "a.yaml").isEmpty)
    }

    @Test("a draft's items come back under their concrete names")
    func draftRoundTrip() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "3", "", "ABC-2", "5", "L7", "ABC-3")
        h.send(.endOfInput)
        let draft = try #require(h.drafts.last)
        #expect(draft["lines.2.lot"] == .string("L7"))
        #expect(draft["lines.3.sku"] == .string("ABC-3"))
        var resumed = WizardHarness(wizard: Wizard(spec: try receiptSpec(), interactive: false, resuming: draft))
        resumed.send(.start)
        #expect(resumed.contains("Resuming a saved draft: 7 answers kept."))
        #expect(resumed.wizard.itemCounts["lines"] == 3)
        #expect(resumed.wizard.values["lines.3.sku"] == .text("ABC-3"))
        #expect(draft["lines.1.lot"] == .null, "an optional field answered empty is kept as answered")
        #expect(resumed.lastPrompt?.hasPrefix("Line 3: Quantity") == true, "so it is not asked again (issue 35 item 7)")
        resumed.type("4")
        #expect(resumed.lastPrompt?.hasPrefix("Line 3: Lot") == true)
        resumed.type("", "no", "")
        let payload = try #require(resumed.submissions.first).payload
        #expect(payload.objectValue?["lines"]?.arrayValue?.count == 3)
    }

    @Test("a changed form deletes nothing: max_items lowered keeps every item, says so, and asks for deletions before the review")
    func draftBeyondMaxItems() throws {
        let draft: [String: JSONValue] = [
            "supplier": .string("ACME"),
            "lines.1.sku": .string("ABC-1"), "lines.1.qty": .number("1"),
            "lines.2.sku": .string("ABC-2"), "lines.2.qty": .number("2"),
            "lines.3.sku": .string("ABC-3"), "lines.3.qty": .number("3"),
            "lines.4.sku": .string("ABC-4"), "lines.4.qty": .number("4"),
            "lines.999999999999.sku": .string("hostile"),
        ]
        var h = WizardHarness(wizard: Wizard(spec: try receiptSpec(maxLines: 2), interactive: false, resuming: draft, formChanged: true))
        h.send(.start)
        #expect(h.wizard.itemCounts["lines"] == 4, "a hostile item number (12 digits) is ignored, not sized to")
        #expect(h.wizard.values["lines.4.qty"] == .number("4"))
        #expect(h.transcript.joined(separator: " ").contains("Line now takes at most 2 items and the draft has 4: all are kept; delete 2 (.delete lines.N) before submitting."))
        // The deletion step: before the review the first extra item is asked with what to do;
        // the operator deletes items until the list fits, then the review and the payload.
        // The resumed walk asks what the draft lacks (the lots, the helper): Enter to each.
        var steps = 0
        while h.lastPrompt?.hasPrefix("Checked?") != true, steps < 10 {
            h.type("")
            steps += 1
        }
        h.type("no")
        /// The transcript from line `from` on, wrapped lines read as one text.
        func said(from start: Int) -> String {
            h.transcript[start...].joined(separator: " ").split(separator: " ").joined(separator: " ")
        }
        #expect(said(from: 0).hasSuffix("! Line takes at most 2 items and has 4: delete 2 (.delete here, or .delete lines.N) Line 3: SKU [ABC-3]:"))
        h.type(".delete")
        #expect(h.lastPrompt == "Delete Line 3: ABC-3 x 3? (y/N): ")
        let mark = h.transcript.count
        h.type("y")
        #expect(said(from: mark).hasPrefix("> y Deleted Line 3: ABC-3 x 3. ! Line takes at most 2 items and has 3: delete 1"))
        #expect(h.lastPrompt == "Line 3: SKU [ABC-4]: ", "the next extra item, now numbered 3")
        h.type(".delete lines.1", "y")
        #expect(h.transcript.suffix(2) == ["  Deleted Line 1: ABC-1 x 1.", "Line 2: SKU [ABC-4]:"],
                "the field being asked moved down with its item, and is asked on")
        h.type("")
        #expect(h.transcript.suffix(7) == [
            "Review", "  1 Supplier  ACME", "  2 Line 1: ABC-2 x 2", "  3 Line 2: ABC-4 x 4",
            "  4 Checked?  no", "    Serial: none (.add serials adds one)", "Submit? (Enter = submit, number = edit, .cancel):",
        ], "\(h.transcript.suffix(9))")
        h.type("")
        let lines = try #require(h.submissions.first).payload.objectValue?["lines"]?.arrayValue
        #expect(lines?.compactMap { $0.objectValue?["sku"]?.stringValue } == ["ABC-2", "ABC-4"])
    }

    @Test("an item's prompt keys history by its declaration; a list of choices completes each comma-separated item")
    func historyAndCompletion() throws {
        var colours = Field(name: "colours", label: "Colour", type: .choice, choices: ["Red", "Green"])
        colours.list = ListRule()
        var spec = try receiptSpec()
        spec.fields.insert(colours, at: 0)
        var h = WizardHarness(spec, interactive: true)
        h.send(.start)
        #expect(h.prompts.last?.historyKey == "colours")
        #expect(h.prompts.last?.field == "colours.1")
        #expect(h.prompts.last?.completion == .list(["Red", "Green"]))
        h.type("Red", "", "ACME", "ABC-1", "3", "", "ABC-2")
        let second = try #require(h.prompts.last)
        #expect(second.field == "lines.2.qty")
        #expect(second.historyKey == "lines.qty")
        #expect(h.prompts.first { $0.field == "supplier" }?.historyKey == "supplier")
    }
}
