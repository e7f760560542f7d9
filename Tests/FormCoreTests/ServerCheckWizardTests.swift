import FormCore
import FormlineTesting
import Testing

/// Server checks in the wizard (docs/checks.md): `.check` after the local rules pass, the
/// verdict as `.checked`, and the book that keeps one answer per question.
@Suite struct ServerCheckWizardTests {
    static func spec(onFailure: ServerCheck.OnFailure = .accept) -> FormSpec {
        var sku = Field(name: "sku", label: "SKU")
        sku.serverCheck = ServerCheck(
            path: "/api/skus/{value}", query: [.init(name: "warehouse", template: "{warehouse}")],
            onFailure: onFailure, lookup: JSONPointer("/name"),
            defaults: [.init(field: "price", pointer: JSONPointer("/price")!)])
        return FormSpec(
            id: "order", title: "Order",
            fields: [Field(name: "warehouse", label: "Warehouse"), sku,
                     Field(name: "price", label: "Price", type: .decimal)],
            submit: SubmitSpec(method: .POST, path: "/api/orders"))
    }

    static let widget = JSONValue.object(["name": .string("Widget, blue"), "price": .string("12.50")])

    @Test func aPassShowsTheLookupAndGivesTheDefault() {
        var h = WizardHarness(Self.spec(), interactive: true)
        h.type("Oslo", "ABC-1")
        #expect(h.checks.map(\.path) == ["/api/skus/ABC-1?warehouse=Oslo"])
        #expect(h.checks.first?.payload == .null)
        // Nothing is asked while the check is out, and a line then answers nothing.
        #expect(h.lastPrompt == "SKU: ")
        h.type("typed meanwhile")
        #expect(h.wizard.values["sku"] == nil)
        h.send(.checked(.passed(Self.widget)))
        #expect(h.transcript.suffix(2) == ["  = Widget, blue", "Price [12.50]:"])
        #expect(h.wizard.values["sku"] == .text("ABC-1"))
    }

    @Test func aRejectionRefusesTheLineAndKeepsTheTextForEditing() {
        var h = WizardHarness(Self.spec(), interactive: true)
        h.type("Oslo", "XYZ-9")
        h.send(.checked(.rejected(message: "No such SKU")))
        #expect(h.refusals == ["No such SKU"])
        #expect(h.transcript.suffix(2) == ["  ! No such SKU", "SKU:"])
        #expect(h.prompts.last?.prefill == "XYZ-9")
        #expect(h.wizard.values["sku"] == nil)
        // The same answer again is answered from the book: no second request.
        h.type("XYZ-9")
        #expect(h.checks.count == 1)
        #expect(h.refusals == ["No such SKU", "No such SKU"])
    }

    @Test func aFailureKeepsTheAnswerOrRefusesItAsTheFormSays() {
        var accept = WizardHarness(Self.spec(), interactive: true)
        accept.type("Oslo", "ABC-1")
        accept.send(.checked(.failed(reason: "no answer from the server in time")))
        #expect(accept.transcript.suffix(3) == [
            "  Not checked (no answer from the server in time): kept; the server decides",
            "  when the form is sent.",
            "Price:",
        ])
        #expect(accept.wizard.values["sku"] == .text("ABC-1"))

        var refuse = WizardHarness(Self.spec(onFailure: .refuse), interactive: true)
        refuse.type("Oslo", "ABC-1")
        refuse.send(.checked(.failed(reason: "the server refused the connection")))
        #expect(refuse.refusals == ["Could not be checked (the server refused the connection): try again or change it"])
        #expect(refuse.wizard.values["sku"] == nil)
        // A failure that refused is not kept: Enter asks again.
        refuse.type("ABC-1")
        #expect(refuse.checks.count == 2)
    }

    @Test func aCancelledCheckAsksTheFieldAgainWithItsText() {
        var h = WizardHarness(Self.spec(), interactive: true)
        h.type("Oslo", "ABC-1")
        h.send(.checked(.cancelled))
        #expect(h.transcript.suffix(2) == ["  Check cancelled.", "SKU:"])
        #expect(h.prompts.last?.prefill == "ABC-1")
        #expect(h.refusals.isEmpty)
        #expect(h.finished == nil)
    }

    @Test func backAndEditReuseTheVerdict() {
        var h = WizardHarness(Self.spec(), interactive: true)
        h.type("Oslo", "ABC-1")
        h.send(.checked(.passed(Self.widget)))
        h.type(".back", "ABC-1")
        #expect(h.checks.count == 1)
        #expect(h.wizard.values["sku"] == .text("ABC-1"))
        // A changed warehouse is another question: the review asks it before showing.
        h.type("", ".edit 1", "Bergen")
        #expect(h.checks.map(\.path) == ["/api/skus/ABC-1?warehouse=Oslo", "/api/skus/ABC-1?warehouse=Bergen"])
    }

    @Test func scriptedAnswersAreCheckedBeforeTheReviewAndNoInputStopsOnARejection() {
        var wizard = Wizard(spec: Self.spec(), interactive: false)
        _ = wizard.apply([
            ScriptedAnswer(path: "warehouse", text: "Oslo", origin: "--set warehouse", fromCommandLine: true),
            ScriptedAnswer(path: "sku", text: "XYZ-9", origin: "--set sku", fromCommandLine: true),
            ScriptedAnswer(path: "price", text: "1", origin: "--set price", fromCommandLine: true),
        ])
        wizard.submitsWithoutReview = true
        wizard.stopsAtRefusal = true
        var h = WizardHarness(wizard: wizard)
        #expect(h.checks.map(\.path) == ["/api/skus/XYZ-9?warehouse=Oslo"])
        h.send(.checked(.rejected(message: "No such SKU")))
        #expect(h.finished == .inputRefused)
        #expect(h.transcript.contains("--set sku: sku: No such SKU"))
        #expect(h.submissions.isEmpty)
    }

    @Test func noChecksMakesNone() {
        var wizard = Wizard(spec: Self.spec(), interactive: true)
        wizard.runsServerChecks = false
        var h = WizardHarness(wizard: wizard)
        h.type("Oslo", "ABC-1", "3", "")
        #expect(h.checks.isEmpty)
        #expect(h.submissions.count == 1)
    }

    @Test func theClassifierReadsTheFormsErrorsAndBoundsTheAnswer() {
        let submit = SubmitSpec(method: .POST, path: "/x")
        func classify(_ status: Int, _ body: String) -> CheckOutcome {
            CheckClassifier.classify(status: status, contentType: "application/json", body: Array(body.utf8), field: "username", submit: submit)
        }
        #expect(classify(200, #"{"name":"a"}"#) == .passed(.object(["name": .string("a")])))
        #expect(classify(422, #"{"username":["This username is already taken."]}"#) == .rejected(message: "This username is already taken."))
        #expect(classify(404, "") == .rejected(message: "The server refused this value (404 Not Found)"))
        #expect(classify(503, "") == .failed(reason: "the server answered 503 Service Unavailable"))
        let huge = "[" + String(repeating: "1,", count: 40_000) + "1]"
        #expect(classify(200, huge) == .failed(reason: "the answer was larger than 64 KiB"))
    }

    @Test func pointersFollowRFC6901() {
        let doc = JSONValue.object(["a/b": .string("slash"), "m~n": .string("tilde"), "items": .array([.number("7")])])
        #expect(JSONPointer("/a~1b")?.text(in: doc) == "slash")
        #expect(JSONPointer("/m~0n")?.text(in: doc) == "tilde")
        #expect(JSONPointer("/items/0")?.text(in: doc) == "7")
        #expect(JSONPointer("/items/01")?.text(in: doc) == nil)
        #expect(JSONPointer("name") == nil)
        #expect(JSONPointer("/a~2") == nil)
    }
}

/// `fill --repeat`: a question answered in one record is answered from the book in the next.
@Suite struct ServerCheckRecordTests {
    @Test func theNextRecordReusesTheVerdicts() {
        var first = Wizard(spec: ServerCheckWizardTests.spec(), interactive: true)
        first.joinRun(RecordContext())
        var h = WizardHarness(wizard: first)
        h.type("Oslo", "ABC-1")
        #expect(h.checks.count == 1)
        h.send(.checked(.passed(ServerCheckWizardTests.widget)))
        let next = Wizard(spec: ServerCheckWizardTests.spec(), interactive: true, record: h.wizard.nextRecord(accepted: true))
        var second = WizardHarness(wizard: next)
        second.type("Oslo", "ABC-1")
        #expect(second.checks.isEmpty)
        #expect(second.transcript.contains("  = Widget, blue"))
        #expect(second.wizard.values["sku"] == .text("ABC-1"))
    }
}

/// What the book keeps, and for how long.
@Suite struct ServerCheckBookTests {
    @Test func anAnswerKeptUncheckedIsAskedAgainInTheNextRecord() {
        var first = Wizard(spec: ServerCheckWizardTests.spec(), interactive: true)
        first.joinRun(RecordContext())
        var h = WizardHarness(wizard: first)
        h.type("Oslo", "ABC-1")
        h.send(.checked(.failed(reason: "no answer from the server in time")))
        #expect(h.wizard.values["sku"] == .text("ABC-1"))
        // In its own record the answer stays unchecked: going back to it asks nothing.
        h.type(".back", "ABC-1")
        #expect(h.checks.count == 1)
        let next = Wizard(spec: ServerCheckWizardTests.spec(), interactive: true, record: h.wizard.nextRecord(accepted: true))
        var second = WizardHarness(wizard: next)
        second.type("Oslo", "ABC-1")
        #expect(second.checks.map(\.path) == ["/api/skus/ABC-1?warehouse=Oslo"])
    }

    @Test func bigAnswersStartTheBookOverInsteadOfGrowingWithoutEnd() {
        // 70 answers of 64 KiB are more than the book's 4 MiB: the first question is asked again.
        let padding = JSONValue.string(String(repeating: "x", count: 64 << 10))
        var h = WizardHarness(ServerCheckWizardTests.spec(), interactive: true)
        h.type("Oslo")
        for n in 0..<70 {
            h.type("ABC-\(n)")
            h.send(.checked(.passed(.object(["name": .string("Part \(n)"), "price": .string("1"), "pad": padding]))))
            h.type(".back")
        }
        #expect(h.checks.count == 70)
        h.type("ABC-69")
        #expect(h.checks.count == 70, "the last answers are kept")
        h.type(".back", "ABC-0")
        #expect(h.checks.count == 71, "the first was let go")
    }
}

/// The check round trip asserted effect by effect with `WizardTestStore` (docs/embedding.md).
@Suite struct ServerCheckTestStoreTests {
    @Test func everyEffectOfACheckIsAsserted() {
        var store = WizardTestStore(Wizard(spec: ServerCheckWizardTests.spec(), interactive: true))
        store.skipEffects(of: .start)
        store.type("Oslo", .prompt("SKU: "))
        store.type("ABC-1", .check("GET", "/api/skus/ABC-1?warehouse=Oslo", payload: "null"))
        store.send(.checked(.passed(ServerCheckWizardTests.widget)),
                   .output("  = Widget, blue"), .prompt("Price [12.50]: "))
    }
}
