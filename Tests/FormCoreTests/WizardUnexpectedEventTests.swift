import FormCore
import Testing

/// `Wizard.handle` names every (event, phase) pair; the ones it does not expect answer no effects
/// and change nothing (the next expected event behaves as if they never came).
@Suite struct WizardUnexpectedEventTests {
    private func spec() -> FormSpec {
        FormSpec(id: "f", title: "F", fields: [Field(name: "username", label: "Username")],
                 submit: SubmitSpec(method: .POST, path: "/f"))
    }

    @Test func beforeTheStartLinesAndResultsAreIgnored() {
        var wizard = Wizard(spec: spec(), interactive: false)
        #expect(wizard.handle(.line("bob")) == [])
        #expect(wizard.handle(.unreadable("The line is not valid UTF-8 text")) == [])
        #expect(wizard.handle(.submission(.accepted(status: 201, summary: nil))) == [])
        let started = wizard.handle(.start)
        #expect(started.last == .prompt(Prompt(text: "Username: ", field: "username")))
    }

    @Test func whileAskingAResultOrASecondStartIsIgnored() {
        var wizard = Wizard(spec: spec(), interactive: false)
        _ = wizard.handle(.start)
        #expect(wizard.handle(.start) == [])
        #expect(wizard.handle(.submission(.accepted(status: 201, summary: nil))) == [])
        let answered = wizard.handle(.line("bob"))
        #expect(answered.contains { if case .prompt(let p) = $0 { return p.field == nil } else { return false } },
                "the answer still goes to the field, then the review asks")
    }

    @Test func whileSubmittingALineIsIgnoredAndTheResultStillCounts() {
        var wizard = Wizard(spec: spec(), interactive: false)
        _ = wizard.handle(.start)
        _ = wizard.handle(.line("bob"))
        let sent = wizard.handle(.line(""))
        #expect(sent.contains { if case .submit = $0 { return true } else { return false } })
        #expect(wizard.handle(.line("stray")) == [])
        #expect(wizard.handle(.unreadable("The line is too long (over 64 KiB)")) == [])
        #expect(wizard.handle(.start) == [])
        let done = wizard.handle(.submission(.accepted(status: 201, summary: "id=1")))
        #expect(done.last == .finish(.accepted))
    }

    @Test func afterTheFinishEverythingIsIgnored() {
        var wizard = Wizard(spec: spec(), interactive: false)
        _ = wizard.handle(.start)
        #expect(wizard.handle(.endOfInput).last == .finish(.endOfInput))
        for event: WizardEvent in [.start, .line("x"), .unreadable("r"), .endOfInput, .interrupted(signal: 2),
                                   .submission(.accepted(status: 201, summary: nil))] {
            #expect(wizard.handle(event) == [])
        }
    }
}
