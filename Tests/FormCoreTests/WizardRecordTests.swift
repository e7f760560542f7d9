import FormCore
import FormlineTesting
import Testing

/// A switch-port form for runs of records: switch and VLAN carry, the port counts on and is
/// distinct, the description is typed each time, and a secret that is never carried.
func portSpec() throws -> FormSpec {
    var sw = Field(name: "switch", label: "Switch", type: .hostname)
    sw.carry = .same
    var port = Field(name: "port", label: "Port", pattern: try FieldPattern("^[A-Za-z]+[0-9]+(/[0-9]+)*$"))
    port.carry = .next
    port.distinct = true
    var vlan = Field(name: "vlan", label: "VLAN", type: .integer, minNumber: DecimalText("1"), maxNumber: DecimalText("4094"))
    vlan.carry = .next
    var mode = Field(name: "mode", label: "Mode", type: .choice, choices: ["access", "trunk"], defaultText: "access")
    mode.carry = .same
    return FormSpec(
        id: "ports", title: "Ports",
        fields: [sw, port, vlan, mode,
                 Field(name: "description", label: "Description", required: false),
                 Field(name: "pin", label: "PIN", type: .secret, required: false)],
        submit: SubmitSpec(method: .POST, path: "/ports"))
}

/// Runs one record to acceptance with `lines`, returning the harness (finished).
private func acceptedRecord(_ wizard: Wizard, _ lines: [String]) -> WizardHarness {
    var h = WizardHarness(wizard: wizard)
    for line in lines { h.type(line) }
    h.respond(.accepted(status: 201, summary: "id=1"))
    return h
}

@Suite struct CarryTests {
    @Test func countingOnTakesTheLastNumberInTheText() {
        #expect(Carry.countedOn("Gi1/0/7") == "Gi1/0/8")
        #expect(Carry.countedOn("Gi1/0/9") == "Gi1/0/10")
        #expect(Carry.countedOn("ap-09") == "ap-10")
        #expect(Carry.countedOn("port-099x") == "port-100x")
        #expect(Carry.countedOn("99") == "100")
        #expect(Carry.countedOn("no digits") == nil)
        #expect(Carry.countedOn(String(repeating: "9", count: 41)) == nil)
    }

    @Test func anIntegerCountsAsANumber() {
        #expect(Carry.next.carried(.number("-1"), type: .integer) == "0")
        #expect(Carry.next.carried(.number("41"), type: .integer) == "42")
        #expect(Carry.same.carried(.number("41"), type: .integer) == "41")
        #expect(Carry.none.carried(.number("41"), type: .integer) == nil)
        #expect(Carry.next.carried(nil, type: .integer) == nil)
    }

    /// The default record 2 gets when record 1's `typed` answer to a `carry: next` field of
    /// `type` went through that type's real parsing (nil: the counted text is refused, no default).
    private func counted(_ typed: String, _ type: FieldType) throws -> String? {
        var field = Field(name: "f", label: "F", type: type)
        field.carry = .next
        guard case .success(let value) = field.parse(typed) else {
            Issue.record("\(typed) is no \(type)")
            return nil
        }
        let spec = FormSpec(id: "x", title: "X", fields: [field], submit: SubmitSpec(method: .POST, path: "/x"))
        return RecordContext(number: 2, previous: ["f": value]).carryingDefaults(into: spec).fields[0].defaultText
    }

    @Test func datesTimesAddressesAndHostNamesCountOnTheirStoredValue() throws {
        #expect(try counted("2024-05-09", .date) == "2024-05-10")
        #expect(try counted("2024-05-31", .date) == nil, "2024-05-32 is no date")
        // The stored value counts on: `9:30` is stored zero-padded, `09:30`.
        #expect(try counted("9:30", .time) == "09:31")
        #expect(try counted("09:59", .time) == nil, "09:60 is no time")
        #expect(try counted("10.0.0.7", .ipv4) == "10.0.0.8")
        #expect(try counted("10.0.0.9", .ipv4) == "10.0.0.10")
        #expect(try counted("10.0.0.255", .ipv4) == nil, "10.0.0.256 is no address")
        // A host name is stored in lower case, and counts on in lower case.
        #expect(try counted("AP-09.Example.NET", .hostname) == "ap-10.example.net")
        #expect(try counted("http://ex.com/item/41", .url) == "http://ex.com/item/42")
        #expect(try counted("urn:isbn:0451450523", .uri) == "urn:isbn:0451450524")
    }

    @Test func aCarriedTextThatBreaksTheRulesIsNoDefault() throws {
        let spec = try portSpec()
        let context = RecordContext(number: 2, previous: ["vlan": .number("4094"), "port": .text("Gi1/0/7")])
        let carried = context.carryingDefaults(into: spec)
        #expect(carried.field(named: "vlan")?.defaultText == nil)
        #expect(carried.field(named: "port")?.defaultText == "Gi1/0/8")
    }
}

@Suite struct WizardRecordTests {
    @Test func theTitleComesOnceAndEachRecordHasItsHeader() throws {
        var first = Wizard(spec: try portSpec(), interactive: false)
        first.joinRun(RecordContext())
        let h1 = acceptedRecord(first, ["sw1.example.net", "Gi1/0/7", "20", "", "uplink", "", ""])
        #expect(h1.transcript.first == "Ports  (6 fields; ? for help)")
        #expect(h1.transcript[1].hasPrefix("Record 1  (a line \" copies"))
        #expect(h1.contains("  1 access  2 trunk"))

        let h2 = WizardHarness(wizard: Wizard(spec: try portSpec(), interactive: false, record: h1.wizard.nextRecord(accepted: true)))
        #expect(h2.transcript == ["Record 2", "Switch [sw1.example.net]:"])
    }

    @Test func carriedAndCountedDefaultsNeedOnlyEnterAndTheReviewIsOneLine() throws {
        var first = Wizard(spec: try portSpec(), interactive: false)
        first.joinRun(RecordContext())
        let h1 = acceptedRecord(first, ["sw1.example.net", "Gi1/0/7", "20", "", "uplink", "", ""])
        var store = WizardTestStore(Wizard(spec: try portSpec(), interactive: false, record: h1.wizard.nextRecord(accepted: true)))
        store.send(.start, .output("Record 2"), .prompt("Switch [sw1.example.net]: "))
        store.type("", .prompt("Port [Gi1/0/8]: "))
        store.type("", .prompt("VLAN (1-4094) [21]: "))
        // No choice list at the second record: the default is carried.
        store.type("", .prompt("Mode [access]: "))
        store.type("", .prompt("Description (optional): "))
        store.type("printer", .prompt("PIN (optional): ", secret: true))
        store.type("", .output("Review: sw1.example.net | Gi1/0/8 | 21 | access | printer | -"),
                   .prompt("Submit? (Enter, N = edit, .review): "))
        store.type("", .output("Submitting..."), .submit("POST", "/ports",
                   payload: #"{"description":"printer","mode":"access","port":"Gi1/0/8","switch":"sw1.example.net","vlan":21}"#))
    }

    @Test func theFullReviewIsOneCommandAway() throws {
        let context = RecordContext(number: 2, previous: ["switch": .text("sw1"), "port": .text("Gi1/0/7"), "vlan": .number("20")])
        var store = WizardTestStore(Wizard(spec: try portSpec(), interactive: false, record: context))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "", "", "", "", "x")
        // Record 2's review is the compact line.
        store.type("", .output("Review: sw1 | Gi1/0/8 | 21 | access | x | -"), .prompt("Submit? (Enter, N = edit, .review): "))
        // The full review: its heading line alone, then one numbered line per field.
        store.type(".review",
                   .output("Review"),
                   .output("  1 Switch       sw1"),
                   .output("  2 Port         Gi1/0/8"),
                   .output("  3 VLAN         21"),
                   .output("  4 Mode         access"),
                   .output("  5 Description  x"),
                   .output("  6 PIN          -"),
                   .prompt("Submit? (Enter, N = edit, .review): "))
    }

    @Test func aDittoLineCopiesThePreviousAnswerAndTwoQuotesAreALiteralQuote() throws {
        let context = RecordContext(number: 2, previous: ["description": .text("spare"), "switch": .text("sw1")])
        var h = WizardHarness(wizard: Wizard(spec: try portSpec(), interactive: false, record: context))
        h.type("\"", "Gi1/0/1", "5", "", "\"", "", "")
        #expect(h.contains("Review: sw1 | Gi1/0/1 | 5 | access | spare | -"))
        var literal = WizardHarness(wizard: Wizard(spec: try portSpec(), interactive: false, record: context))
        literal.type("", "Gi1/0/1", "5", "", "\"\"", "", "")
        #expect(literal.contains("Review: sw1 | Gi1/0/1 | 5 | access | \" | -"))
    }

    @Test func dittoNeedsAPreviousAnswerAndIsNeverTakenForASecret() throws {
        var first = Wizard(spec: try portSpec(), interactive: false)
        first.joinRun(RecordContext())
        var h1 = WizardHarness(wizard: first)
        h1.type("\"")
        #expect(h1.contains("  ! This is the run's first record: there is no previous answer to copy (type"))
        let context = RecordContext(number: 3, previous: ["switch": .text("sw1")])
        var h = WizardHarness(wizard: Wizard(spec: try portSpec(), interactive: false, record: context))
        h.type("", "Gi1/0/1", "5", "", "\"")
        #expect(h.contains("  ! Record 2 has no Description: nothing to copy"))
        h.type("x", "\"")
        // At the secret prompt `"` is a PIN like any other, never a copy.
        #expect(h.lastPrompt == "Submit? (Enter, N = edit, .review): ")
        #expect(h.contains("Review: sw1 | Gi1/0/1 | 5 | access | x | ********"))
    }

    @Test func aDistinctValueAnAcceptedRecordHasIsRefusedNamingThatRecord() throws {
        var first = Wizard(spec: try portSpec(), interactive: false)
        first.joinRun(RecordContext())
        let h1 = acceptedRecord(first, ["sw1.example.net", "Gi1/0/7", "20", "", "uplink", "", ""])
        var store = WizardTestStore(Wizard(spec: try portSpec(), interactive: false, record: h1.wizard.nextRecord(accepted: true)))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "")
        let clash = "Record 1 already has Port Gi1/0/7: each record needs its own"
        store.type("Gi1/0/7", .refused(clash), .error("  ! " + clash), .prompt("Port [Gi1/0/8]: "))
        store.type("\"", .refused(clash), .error("  ! " + clash), .prompt("Port [Gi1/0/8]: "))
        store.type("", .prompt("VLAN (1-4094) [21]: "))
    }

    @Test func aRecordThatWasNotAcceptedAddsNoDistinctValues() throws {
        var first = Wizard(spec: try portSpec(), interactive: false)
        first.joinRun(RecordContext())
        var h = WizardHarness(wizard: first)
        h.type("sw1.example.net", "Gi1/0/7", "20", "", "uplink", "", "")
        #expect(h.wizard.nextRecord(accepted: false).seen.isEmpty)
        #expect(h.wizard.nextRecord(accepted: true).seen == ["port": ["\"Gi1/0/7\"": 1]])
        // The secret is never carried to the next record.
        h = WizardHarness(wizard: Wizard(spec: try portSpec(), interactive: false, record: RecordContext(number: 2)))
        h.type("sw1", "Gi1/0/1", "2", "", "", "1234", "")
        #expect(h.wizard.nextRecord(accepted: true).previous["pin"] == nil)
        #expect(h.wizard.nextRecord(accepted: true).previous["switch"] == .text("sw1"))
    }

    @Test func helpAtAFieldSaysHowARunWorks() throws {
        var h = WizardHarness(wizard: Wizard(spec: try portSpec(), interactive: false, record: RecordContext(number: 2)))
        h.type("?")
        #expect(h.contains("  Record after record: A line \" copies the last record's answer (type \"\" for"))
        var single = WizardHarness(try portSpec())
        single.type("?")
        #expect(!single.transcript.contains { $0.contains("Record after record") })
    }

    @Test func endOrEndOfInputAtTheFirstPromptEndsTheRunWithoutADraft() throws {
        let context = RecordContext(number: 2, previous: ["switch": .text("sw1")])
        var store = WizardTestStore(Wizard(spec: try portSpec(), interactive: false, record: context))
        store.skipEffects(of: .start)
        store.type(".end", .finish(.endOfInput))
        #expect(store.wizard.recordDecision == .endRunHere)
        // Help or a refused line does not begin the record.
        var eof = WizardTestStore(Wizard(spec: try portSpec(), interactive: false, record: context))
        eof.skipEffects(of: .start)
        eof.skipEffects(typing: "?", "not a host!")
        eof.send(.endOfInput, .finish(.endOfInput))
        #expect(eof.wizard.recordDecision == .endRunHere)
    }

    @Test func endInTheMiddleOfARecordIsRefusedAndEndOfInputKeepsADraft() throws {
        let context = RecordContext(number: 2, previous: ["switch": .text("sw1")])
        var store = WizardTestStore(Wizard(spec: try portSpec(), interactive: false, record: context))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "")
        let refusal = ".end ends the run at a record's first prompt. To stop in the middle of a record use .cancel (what you typed is kept as a draft)"
        store.type(".end", .refused(refusal),
                   .error("  ! .end ends the run at a record's first prompt. To stop in the middle of a\n    record use .cancel (what you typed is kept as a draft)"),
                   .prompt("Port: "))
        store.send(.endOfInput, .saveDraft(#"{"switch":"sw1"}"#), .finish(.endOfInput))
        #expect(store.wizard.recordDecision == nil)
        // A single form knows no .end.
        var single = WizardHarness(try portSpec())
        single.type(".end")
        #expect(single.transcript.contains { $0.hasPrefix("  ! Unknown command .end") })
    }

    @Test func aTransportFailureKeepsTheRecordAsADraftAndAsksWhetherToGoOn() throws {
        var first = Wizard(spec: try portSpec(), interactive: true)
        first.joinRun(RecordContext())
        var store = WizardTestStore(first)
        store.skipEffects(of: .start)
        store.skipEffects(typing: "sw1.example.net", "Gi1/0/7", "20", "", "uplink", "", "")
        store.send(.submission(.failed(reason: "connection refused")),
                   .error(" failed"),
                   .error("  ! connection refused"),
                   .saveDraft(#"{"description":"uplink","mode":"access","port":"Gi1/0/7","switch":"sw1.example.net","vlan":20}"#),
                   .prompt("Go on? (Enter = next record, .retry, number = edit, .end): "))
        var goOn = store
        goOn.type("", .finish(.transportFailed))
        #expect(goOn.wizard.recordDecision == .keepAndGoOn)
        var end = store
        end.type(".end", .finish(.transportFailed))
        #expect(end.wizard.recordDecision == .keepAndEndRun)
        var retry = store
        retry.type(".retry", .output("Submitting..."), .submit("POST", "/ports"))
        retry.send(.submission(.accepted(status: 201, summary: "id=9")),
                   .output(" accepted (201) id=9"), .deleteDraft, .finish(.accepted))
    }

    @Test func aRefusalWithoutATerminalNamesTheLineOfTheWholeInput() throws {
        var wizard = Wizard(spec: try portSpec(), interactive: false, record: RecordContext(number: 2, linesBefore: 7))
        wizard.stopsAtRefusal = true
        var h = WizardHarness(wizard: wizard)
        h.type("sw1", "not a port!")
        #expect(h.finished == .inputRefused)
        #expect(h.wizard.endingErrors.first?.line == 9)
    }
}
