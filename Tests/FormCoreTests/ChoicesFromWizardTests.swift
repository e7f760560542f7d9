import FormCore
import FormlineTesting
import Testing

/// Choices from the API in the wizard (docs/checks.md, "Choices from the API"): the fetch is a
/// `.check` made when the field is reached, its list becomes the field's choices, one answer per
/// request is kept, and a failed fetch leaves the field taking free text.
@Suite struct ChoicesFromWizardTests {
    static func spec() -> FormSpec {
        var dock = Field(name: "dock", label: "Dock", type: .choice)
        dock.choicesFrom = ChoicesFrom(
            path: "/api/docks", query: [.init(name: "warehouse", template: "{warehouse}")], value: JSONPointer("/code"))
        return FormSpec(
            id: "booking", title: "Booking",
            fields: [Field(name: "warehouse", label: "Warehouse", type: .choice, choices: ["Oslo", "Bergen"]), dock,
                     Field(name: "carrier", label: "Carrier")],
            submit: SubmitSpec(method: .POST, path: "/api/bookings"))
    }

    static func docks(_ codes: String...) -> CheckOutcome {
        .passed(.array(codes.map { .object(["code": .string($0), "name": .string("Dock " + $0)]) }))
    }

    @Test func theListIsFetchedWhenTheFieldIsReachedAndBecomesItsChoices() {
        var h = WizardHarness(Self.spec(), interactive: true)
        // Nothing is fetched before it is needed.
        #expect(h.checks.isEmpty)
        h.type("Oslo")
        #expect(h.checks.map(\.path) == ["/api/docks?warehouse=Oslo"])
        #expect(h.checks.first?.payload == .null)
        // A line while the fetch is out answers nothing.
        h.type("2")
        #expect(h.wizard.values["dock"] == nil)
        h.send(.checked(Self.docks("OSL-A", "OSL-B")))
        #expect(h.transcript.suffix(2) == ["  1 OSL-A  2 OSL-B", "Dock:"])
        h.type("2")
        #expect(h.wizard.values["dock"] == .text("OSL-B"))
        #expect(h.lastPrompt == "Carrier: ")
    }

    @Test func backReusesTheListAndAChangedWarehouseFetchesAgain() {
        var h = WizardHarness(Self.spec(), interactive: true)
        h.type("Oslo")
        h.send(.checked(Self.docks("OSL-A", "OSL-B")))
        h.type("OSL-A", ".back")
        #expect(h.checks.count == 1)
        #expect(h.lastPrompt == "Dock [OSL-A]: ")
        h.type("", "DHL", ".edit 1", "Bergen")
        #expect(h.checks.map(\.path) == ["/api/docks?warehouse=Oslo", "/api/docks?warehouse=Bergen"])
        h.send(.checked(Self.docks("BGO-1")))
        #expect(h.refusals == ["The choices changed with an earlier answer: choose again."])
        #expect(h.lastPrompt?.hasPrefix("Dock") == true)
        h.type("1")
        #expect(h.wizard.values["dock"] == .text("BGO-1"))
        // Back to Oslo: its list is in the book, nothing is fetched.
        h.type(".edit 1", "Oslo", "OSL-B")
        #expect(h.checks.count == 2)
        #expect(h.wizard.values["dock"] == .text("OSL-B"))
    }

    @Test func aChangedWarehouseWhoseListStillHoldsTheDockGoesOnToTheReview() {
        var h = WizardHarness(Self.spec(), interactive: true)
        h.type("Oslo")
        h.send(.checked(Self.docks("OSL-A", "SHARED")))
        h.type("SHARED", "DHL")
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true)
        h.type("1", "Bergen")
        // Fetched before the review: the new list still holds SHARED, so nothing is asked again.
        #expect(h.checks.map(\.path) == ["/api/docks?warehouse=Oslo", "/api/docks?warehouse=Bergen"])
        h.send(.checked(Self.docks("SHARED", "BGO-1")))
        #expect(h.refusals.isEmpty)
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true)
        #expect(h.wizard.values["dock"] == .text("SHARED"))
        // Back to Oslo: its list is known and holds SHARED too, so nothing is fetched or asked.
        h.type("1", "Oslo")
        #expect(h.checks.count == 2)
        #expect(h.refusals.isEmpty)
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true)
    }

    /// Asked again because the warehouse changed, the old dock is not kept by Enter: it is not
    /// among Bergen's docks, and the review would have sent it.
    @Test func enterDoesNotKeepADockTheNewListNoLongerHolds() {
        var h = WizardHarness(Self.spec(), interactive: true)
        h.type("Oslo")
        h.send(.checked(Self.docks("OSL-A", "OSL-B")))
        h.type("OSL-A", "DHL")
        h.type("1", "Bergen")
        h.send(.checked(Self.docks("BGO-1", "BGO-2")))
        // Neither offered nor pre-filled: the old dock is no choice any more.
        #expect(h.lastPrompt == "Dock: ")
        #expect(h.prompts.last?.prefill == nil)
        h.type("")
        #expect(h.refusals.last == "Choose one of: BGO-1, BGO-2")
        #expect(h.lastPrompt?.hasPrefix("Dock") == true)
        h.type("BGO-2")
        #expect(h.wizard.values["dock"] == .text("BGO-2"))
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true)
    }

    @Test func labelsAreShownAfterTheirChoicesAndMayBeTypedWhole() {
        var spec = Self.spec()
        spec.fields[1].choicesFrom?.label = JSONPointer("/name")
        var h = WizardHarness(spec, interactive: true)
        h.type("Oslo")
        h.send(.checked(Self.docks("OSL-A", "OSL-B")))
        #expect(h.transcript.suffix(3) == ["  1) OSL-A  Dock OSL-A", "  2) OSL-B  Dock OSL-B", "Dock:"])
        // Tab completes the values; a label typed whole (any case) is its value, which is sent.
        #expect(h.prompts.last?.completion == .single(["OSL-A", "OSL-B"]))
        h.type("dock osl-b")
        #expect(h.wizard.values["dock"] == .text("OSL-B"))
    }

    @Test func aConditionOnTheFetchedFieldSeesTheChoiceTaken() {
        var spec = Self.spec()
        spec.fields.insert(Field(name: "ramp", label: "Ramp", when: Condition(field: "dock", test: .equals("OSL-B"))), at: 2)
        var h = WizardHarness(spec, interactive: true)
        h.type("Oslo")
        h.send(.checked(Self.docks("OSL-A", "OSL-B")))
        h.type("1")
        #expect(h.lastPrompt == "Carrier: ")
        h.type(".back", "OSL-B")
        #expect(h.lastPrompt == "Ramp: ")
    }

    @Test func aScriptedAnswerIsReadAgainstTheListFetchedBeforeTheReview() {
        var wizard = Wizard(spec: Self.spec(), interactive: true)
        #expect(wizard.apply([
            ScriptedAnswer(path: "warehouse", text: "Oslo", origin: "--set", fromCommandLine: true),
            ScriptedAnswer(path: "dock", text: "OSL-Z", origin: "--set", fromCommandLine: true),
            ScriptedAnswer(path: "carrier", text: "DHL", origin: "--set", fromCommandLine: true),
        ]).isEmpty)
        var h = WizardHarness(wizard: wizard)
        #expect(h.checks.map(\.path) == ["/api/docks?warehouse=Oslo"])
        h.send(.checked(Self.docks("OSL-A", "OSL-B")))
        #expect(h.refusals == ["Choose one of: OSL-A, OSL-B"])
        #expect(h.lastPrompt?.hasPrefix("Dock") == true)
        h.type("osl-b")
        #expect(h.wizard.values["dock"] == .text("OSL-B"))
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true)
    }

    /// A script's `2` names no fetched choice: the list's order is the server's of the day.
    @Test func aScriptedNumberNamesNoFetchedChoice() {
        var wizard = Wizard(spec: Self.spec(), interactive: true)
        #expect(wizard.apply([
            ScriptedAnswer(path: "warehouse", text: "Oslo", origin: "--set", fromCommandLine: true),
            ScriptedAnswer(path: "dock", text: "2", origin: "--set", fromCommandLine: true),
            ScriptedAnswer(path: "carrier", text: "DHL", origin: "--set", fromCommandLine: true),
        ]).isEmpty)
        var h = WizardHarness(wizard: wizard)
        h.send(.checked(Self.docks("OSL-A", "OSL-B")))
        #expect(h.refusals == ["Choose one of: OSL-A, OSL-B"])
        #expect(h.wizard.values["dock"] != .text("OSL-B"))
        #expect(h.lastPrompt?.hasPrefix("Dock") == true)
    }

    /// `D1` kept from warehouse A reads as the prefix of B's `D10`: still not chosen, so neither
    /// offered nor kept by Enter.
    @Test func aKeptChoiceThatIsOnlyAPrefixOfANewOneIsChosenAgain() {
        var h = WizardHarness(Self.spec(), interactive: true)
        h.type("Oslo")
        h.send(.checked(Self.docks("D1", "D2")))
        h.type("D1", "DHL")
        h.type("1", "Bergen")
        h.send(.checked(Self.docks("D10", "D20")))
        #expect(h.lastPrompt == "Dock: ")
        h.type("")
        #expect(h.refusals.last == "The choices changed with an earlier answer: choose again.")
        h.type("D20")
        #expect(h.wizard.values["dock"] == .text("D20"))
        #expect(h.lastPrompt?.hasPrefix("Submit?") == true)
    }

    @Test func aFailedFetchSaysSoAndTakesFreeText() {
        var h = WizardHarness(Self.spec(), interactive: true)
        h.type("Oslo")
        h.send(.checked(.failed(reason: "no answer from the server in time")))
        #expect(h.transcript.suffix(3) == [
            "  Choices not fetched (no answer from the server in time): type the answer; the",
            "  server decides when the form is sent.",
            "Dock:",
        ])
        h.type("Dock 9")
        #expect(h.wizard.values["dock"] == .text("Dock 9"))
        // An answer that is no list of choices is a failure too.
        var g = WizardHarness(Self.spec(), interactive: true)
        g.type("Bergen")
        g.send(.checked(.passed(.object(["docks": .array([])]))))
        #expect(g.transcript.contains("  Choices not fetched (the answer is not a list of choices): type the answer;"))
    }
}
