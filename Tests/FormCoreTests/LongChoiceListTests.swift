import FormCore
import Testing

/// Long lists of choices (docs/checks.md, "Long lists"): more than 12 choices, fetched or
/// declared, are not printed whole; a prefix narrows them, `?` lists matches, a number names an
/// item of the list last shown, and scripted answers take a name or a unique prefix.
@Suite struct LongChoiceListTests {
    /// TRD-01 ... TRD-40, and one that starts otherwise.
    static let docks = (1...40).map { "TRD-" + ($0 < 10 ? "0" : "") + String($0) } + ["Annex"]

    static func spec(_ type: FieldType = .choice, fetched: Bool = false) -> FormSpec {
        var dock = Field(name: "dock", label: "Dock", type: type, choices: fetched ? [] : docks)
        if fetched { dock.choicesFrom = ChoicesFrom(path: "/api/docks") }
        return FormSpec(id: "booking", title: "Booking", fields: [dock, Field(name: "carrier", label: "Carrier")])
    }

    static func harness(_ type: FieldType = .choice, accessible: Bool = false) -> WizardHarness {
        var wizard = Wizard(spec: spec(type), interactive: true)
        if accessible { wizard.presentation = .accessible }
        return WizardHarness(wizard: wizard)
    }

    @Test func theListIsNotPrintedWholeButCountedWithHowToNarrow() {
        let h = Self.harness()
        #expect(h.transcript.suffix(2) == ["  41 choices: type the first letters, ? lists them", "Dock:"])
        // Tab still completes over the whole list.
        #expect(h.prompts.last?.completion == .single(Self.docks))
    }

    @Test func aPrefixThatStartsOneChoiceTakesItAndAnExactNameIsTakenAmongSeveral() {
        var h = Self.harness()
        h.type("an")
        #expect(h.wizard.values["dock"] == .text("Annex"))
        var g = Self.harness()
        g.type("trd-1")
        // TRD-1 starts ten choices: they are listed, nothing taken, the prefix left for editing.
        #expect(g.wizard.values["dock"] == nil)
        #expect(g.refusals.isEmpty)
        #expect(g.transcript.suffix(3) == ["  1 TRD-10  2 TRD-11  3 TRD-12  4 TRD-13  5 TRD-14  6 TRD-15  7 TRD-16",
                                           "  8 TRD-17  9 TRD-18  10 TRD-19", "Dock:"])
        #expect(g.prompts.last?.prefill == "trd-1")
        g.type("trd-07")
        #expect(g.wizard.values["dock"] == .text("TRD-07"))
    }

    @Test func numbersReferToTheListLastShown() {
        var h = Self.harness()
        h.type("trd-2")
        h.type("3")
        #expect(h.wizard.values["dock"] == .text("TRD-22"))
        // With no list shown a number is a prefix like any other text: no choice starts with 3.
        var g = Self.harness()
        g.type("3")
        #expect(g.refusals == ["No choice starts with '3'"])
        #expect(g.transcript.suffix(2) == ["  ! No choice starts with '3'", "Dock:"])
        #expect(g.prompts.last?.prefill == "3")
    }

    /// A list shown before the operator left the field names nothing once they come back to it.
    @Test func numbersForgetTheListOnceTheFieldIsLeft() {
        var h = Self.harness()
        h.type("trd-2")
        h.type("annex")
        #expect(h.lastPrompt == "Carrier: ")
        h.type(".back")
        h.type("3")
        #expect(h.wizard.values["dock"] == .text("Annex"))
        #expect(h.refusals == ["No choice starts with '3'"])
    }

    @Test func aQuestionMarkListsTheFirstMatchesAndTakesNothing() {
        var h = Self.harness()
        h.type("?")
        #expect(h.transcript.suffix(4) == [
            "  1 TRD-01  2 TRD-02  3 TRD-03  4 TRD-04  5 TRD-05  6 TRD-06  7 TRD-07",
            "  8 TRD-08  9 TRD-09  10 TRD-10  11 TRD-11  12 TRD-12",
            "  and 29 more",
            "Dock:",
        ])
        #expect(h.prompts.last?.prefill == nil)
        h.type("an?")
        #expect(h.transcript.suffix(2) == ["  1 Annex", "Dock:"])
        #expect(h.wizard.values["dock"] == nil)
        #expect(h.prompts.last?.prefill == "an")
        h.type("zz?")
        #expect(h.refusals == ["No choice starts with 'zz'"])
        h.type("1")
        #expect(h.wizard.values["dock"] == .text("Annex"))
        // `.help` is still the field's help, its choices counted, not listed.
        var g = Self.harness()
        g.type(".help")
        #expect(g.contains("  41 choices: type the first letters, ? lists them"))
        #expect(!g.transcript.contains { $0.contains("TRD-01") })
    }

    @Test func aMultichoiceNarrowsEachItem() {
        var h = Self.harness(.multichoice)
        h.type("an, trd-1")
        #expect(h.wizard.values["dock"] == nil)
        #expect(h.prompts.last?.prefill == "an, trd-1")
        h.type("an, 2")
        #expect(h.wizard.values["dock"] == .list(["TRD-11", "Annex"]))
        var g = Self.harness(.multichoice)
        g.type("an, zz")
        #expect(g.refusals == ["'zz': No choice starts with 'zz'"])
        g.type("trd-39, an?")
        #expect(g.transcript.suffix(2) == ["  1 Annex", "Dock (comma-separated):"])
        #expect(g.prompts.last?.prefill == "trd-39, an")
    }

    @Test func theAccessiblePresentationSaysItInWordsOneChoiceALine() {
        var h = Self.harness(accessible: true)
        #expect(h.contains("  41 choices. Type the first letters, or a question mark to list them."))
        h.type("trd-3")
        #expect(h.transcript.contains("  1: TRD-30"))
        #expect(h.transcript.contains("  10: TRD-39"))
        h.type("?")
        #expect(h.transcript.suffix(3).first == "  12: TRD-12")
        #expect(h.transcript.suffix(2).first == "  and 29 more")
    }

    @Test func scriptedAnswersTakeANameOrAUniquePrefixNeverANumber() {
        let field = Self.spec().fields[0]
        #expect(field.parse("TRD-07") == .success(.text("TRD-07")))
        #expect(field.parse("an") == .success(.text("Annex")))
        #expect(field.parse("7") == .failure(.noChoiceStarts(typed: "7")))
        guard case .failure(let e) = field.parse("trd") else { Issue.record("trd is ambiguous"); return }
        #expect(e.message == "'trd' matches TRD-01, TRD-02, TRD-03, TRD-04, TRD-05, TRD-06, TRD-07, TRD-08, TRD-09, TRD-10, TRD-11, TRD-12 and 28 more: type more")
        // A short list keeps its numbers.
        let short = Field(name: "w", label: "W", type: .choice, choices: ["Oslo", "Bergen"])
        #expect(short.parse("2") == .success(.text("Bergen")))
    }

    @Test func aFetchedLongListIsNarrowedToo() {
        var h = WizardHarness(Self.spec(fetched: true), interactive: true)
        #expect(h.checks.count == 1)
        h.send(.checked(.passed(.array(Self.docks.map(JSONValue.string)))))
        #expect(h.transcript.suffix(2) == ["  41 choices: type the first letters, ? lists them", "Dock:"])
        h.type("trd-4")
        #expect(h.wizard.values["dock"] == .text("TRD-40"))
    }

    @Test func narrowingIsPure() {
        let n = ChoiceNarrowing(Self.docks)
        #expect(n.resolve("TRD-05", lastShown: []) == .chosen("TRD-05"))
        #expect(n.resolve("annex", lastShown: []) == .chosen("Annex"))
        #expect(n.resolve("2", lastShown: ["Annex", "TRD-40"]) == .chosen("TRD-40"))
        #expect(n.resolve("3", lastShown: ["Annex", "TRD-40"]) == .none)
        #expect(n.resolve("x", lastShown: []) == .none)
        #expect(n.resolve("trd-0", lastShown: []) == .several(shown: (1...9).map { "TRD-0\($0)" }, more: 0))
        #expect(n.resolve("t", lastShown: []) == .several(shown: Array(Self.docks.prefix(12)), more: 28))
        #expect(!ChoiceNarrowing.isLong(Array(Self.docks.prefix(12))))
        #expect(ChoiceNarrowing.isLong(Array(Self.docks.prefix(13))))
    }
}
