import FormCore
import Testing

/// A batch receipt built in code: a kind and a date before the group, a group whose items have a
/// quantity, two dates and a reason asked only for returns (a `when` on a field before the group),
/// and a list of numbers after it.
private func batchSpec(checks: [CrossFieldCheck] = [], totals: [ItemTotal] = [], serialTotals: [ItemTotal] = []) -> FormSpec {
    var fields = [
        Field(name: "kind", label: "Kind", type: .choice, choices: ["new", "return"]),
        Field(name: "received", label: "Received", type: .date),
        Field(name: "lines.qty", label: "Quantity", type: .integer),
        Field(name: "lines.made", label: "Made", type: .date),
        Field(name: "lines.expires", label: "Expires", type: .date),
        Field(name: "lines.reason", label: "Reason", when: Condition(field: "kind", test: .equals("return"))),
    ]
    for i in 2...5 { fields[i].group = "lines" }
    var serials = Field(name: "serials", label: "Serial", type: .integer)
    serials.list = ListRule(totals: serialTotals)
    fields.append(serials)
    let group = RepeatGroup(name: "lines", label: "Line", labelTemplate: "Line {n}: {qty}", rule: ListRule(minItems: 1, totals: totals))
    return FormSpec(id: "batch", title: "Batch", fields: fields, checks: checks, groups: [group])
}

/// Checks on fields inside items (issue 11, item 4) and a `when` inside an item that looks at a
/// field before the group (item 1), through `Wizard.handle` only.
@Suite("Wizard: checks and conditions on fields inside items")
struct WizardItemChecksTests {
    @Test("concrete checks: a check on two members runs once per item, on that item's names")
    func concreteChecksPerItem() {
        let spec = batchSpec(checks: [
            CrossFieldCheck(kind: .before, first: "lines.made", second: "lines.expires", field: "lines.expires", message: "m"),
            CrossFieldCheck(kind: .before, first: "received", second: "kind", field: "received", message: "plain"),
        ])
        let checks = spec.concreteChecks(itemCounts: ["lines": 3])
        #expect(checks.map(\.field) == ["lines.1.expires", "lines.2.expires", "lines.3.expires", "received"])
        #expect(checks[1].first == "lines.2.made" && checks[1].second == "lines.2.expires")
        #expect(spec.concreteChecks(itemCounts: [:]).map(\.field) == ["received"], "no item: no per-item check")
        #expect(spec.itemChecks(list: "lines", number: 7).map(\.first) == ["lines.7.made"])
    }

    @Test("before: [lines.made, lines.expires] fails on item 2 only and lands on lines.2.expires")
    func checkBetweenTwoMembersLandsOnTheItem() throws {
        let spec = batchSpec(checks: [
            CrossFieldCheck(kind: .before, first: "lines.made", second: "lines.expires", field: "lines.expires",
                            message: "Expires must come after Made"),
        ])
        var h = WizardHarness(spec)
        h.type("new", "2026-11-20", "1", "2026-01-01", "2026-06-01", "2", "2026-05-01", "2026-04-01", "", "")
        #expect(h.transcript.suffix(2) == ["  ! Expires must come after Made", "Line 2: Expires (YYYY-MM-DD) [2026-04-01]:"])
        #expect(h.prompts.last?.field == "lines.2.expires")
        h.type("2026-07-01")
        #expect(h.transcript.last == "Submit? (Enter = submit, number = edit, .cancel):")
        // A third item added later gets the check too: a bad one is caught before the review.
        h.type(".add lines", "3", "2026-09-01", "2026-08-01")
        #expect(h.transcript.suffix(2) == ["  ! Expires must come after Made", "Line 3: Expires (YYYY-MM-DD) [2026-08-01]:"])
    }

    @Test("an item's field compared with a field before the group: every item is checked against it")
    func checkAgainstAFieldBeforeTheGroup() throws {
        let spec = batchSpec(checks: [
            CrossFieldCheck(kind: .before, first: "lines.made", second: "received", field: "lines.made",
                            message: "Made must be before the receipt date"),
        ])
        var h = WizardHarness(spec)
        h.type("new", "2026-11-20", "1", "2026-01-01", "2027-01-01", "2", "2026-12-01", "2027-01-01", "", "")
        #expect(h.transcript.suffix(2) == ["  ! Made must be before the receipt date", "Line 2: Made (YYYY-MM-DD) [2026-12-01]:"])
        // Moving the receipt date instead fixes every item at once.
        h.type(".edit received", "2026-12-31", "")
        #expect(h.transcript.last == "Submit? (Enter = submit, number = edit, .cancel):", "\(h.transcript.suffix(6))")
        h.type("")
        let lines = try #require(h.submissions.first).payload.objectValue?["lines"]?.arrayValue
        #expect(lines?[1].objectValue?["made"] == .string("2026-12-01"))
    }

    @Test("a when inside an item may look at a field before the group, in every item")
    func whenOnAFieldBeforeTheGroup() throws {
        var h = WizardHarness(batchSpec())
        h.type("return", "2026-11-20", "1", "2026-01-01", "2026-06-01")
        #expect(h.lastPrompt == "Line 1: Reason: ")
        h.type("broken", "2", "2026-01-01", "2026-06-01")
        #expect(h.lastPrompt == "Line 2: Reason: ")
        h.type("late", "", "")
        #expect(h.transcript.contains("  2 Received     2026-11-20") || h.transcript.contains { $0.hasPrefix("  2 Received") })
        // Kind is no longer a return: every item's reason goes, from the review and the payload.
        h.type("1", "new")
        #expect(h.transcript.last == "Submit? (Enter = submit, number = edit, .cancel):")
        h.type("")
        let payload = try #require(h.submissions.first).payload.compactText
        #expect(payload == #"{"kind":"new","lines":[{"expires":"2026-06-01","made":"2026-01-01","qty":1},{"expires":"2026-06-01","made":"2026-01-01","qty":2}],"received":"2026-11-20"}"#)
    }

    @Test("a reason revealed in every item by an edit at the review is asked for each item, then the review")
    func revealedInEveryItem() throws {
        var h = WizardHarness(batchSpec())
        h.type("new", "2026-11-20", "1", "2026-01-01", "2026-06-01", "2", "2026-01-01", "2026-06-01", "", "")
        h.type("1", "return")
        #expect(h.lastPrompt == "Line 1: Reason: ")
        h.type("a")
        #expect(h.lastPrompt == "Line 2: Reason: ")
        h.type("b")
        #expect(h.transcript.last == "Submit? (Enter = submit, number = edit, .cancel):")
    }

    @Test("total: {min:} on a group's field lands on the last item with its message")
    func totalMinimum() throws {
        var h = WizardHarness(batchSpec(totals: [ItemTotal(field: "qty", minimum: DecimalText("5"))]))
        h.type("new", "2026-11-20", "1", "2026-01-01", "2026-06-01", "2", "2026-01-01", "2026-06-01", "", "")
        #expect(h.transcript.suffix(2) == ["  ! Quantity totals 3 over all items; at least 5 in all", "Line 2: Quantity [2]:"])
        h.type("4")
        #expect(h.transcript.last == "Submit? (Enter = submit, number = edit, .cancel):")
    }

    @Test("a total on a list of numbers: its own message, on the list's last item")
    func totalOnAListOfScalars() throws {
        let spec = batchSpec(serialTotals: [ItemTotal(field: nil, maximum: DecimalText("10"), message: "Serials add up to at most 10")])
        var h = WizardHarness(spec)
        h.type("new", "2026-11-20", "1", "2026-01-01", "2026-06-01", "", "4, 5, 6")
        #expect(h.transcript.suffix(2) == ["  ! Serials add up to at most 10", "Serial 3 [6]:"])
        h.type("1")
        #expect(h.transcript.last == "Submit? (Enter = submit, number = edit, .cancel):")
        h.type("")
        #expect(try #require(h.submissions.first).payload.objectValue?["serials"] == .array([.number("4"), .number("5"), .number("1")]))
    }
}
