import FormCore
import Testing

/// The accessible presentation (`Presentation.accessible`, docs/accessibility.md) decided in the
/// wizard: what goes on the edit line, and the words of prompts a transcript of the signup form
/// does not reach (a secret with a value, a multiline value, a value being revisited).
@Suite struct WizardAccessibleTests {
    private func harness(_ fields: [Field], interactive: Bool = true) -> WizardHarness {
        var wizard = Wizard(spec: FormSpec(id: "a", fields: fields), interactive: interactive)
        wizard.presentation = .accessible
        return WizardHarness(wizard: wizard)
    }

    @Test func aRejectedAnswerIsReadBackNotPrefilled() {
        var name = Field(name: "name", label: "Name")
        name.minLength = 3
        var h = harness([name, Field(name: "age", label: "Age", type: .integer, required: false)])
        #expect(h.lastPrompt == "Name, required: ")
        h.type("ad")
        #expect(h.transcript.suffix(3) == ["  ! Name: At least 3 characters", "  You typed \"ad\".", "Name, required:"])
        // A terminal would get the standard face's pre-fill: the accessible one puts nothing there.
        #expect(h.prompts.last?.prefill == nil)
        h.type("Ada", "", ".back")
        #expect(h.lastPrompt == "Age, optional: ")
        h.type(".back")
        #expect(h.lastPrompt == "Name, required, now Ada: ")
        #expect(h.prompts.last?.prefill == nil)
        // The refusal as data is the message alone: only the line shown names the field.
        #expect(h.refusals == ["At least 3 characters"])
    }

    @Test func secretMultilineAndYesNoPromptsSayItInWords() {
        let fields = [
            Field(name: "pw", label: "Password", type: .secret),
            Field(name: "notes", label: "Notes", type: .multiline),
            Field(name: "ok", label: "Signed", type: .boolean),
        ]
        var h = harness(fields)
        #expect(h.lastPrompt == "Password, required, hidden as you type: ")
        h.type("Zebra-Secret-4711")
        #expect(h.lastPrompt == "Notes, required, several lines, end with a line holding only a dot: ")
        h.type("first")
        #expect(h.lastPrompt == "Next line: ")
        h.type(".")
        #expect(h.lastPrompt == "Signed, required, yes or no: ")
        h.type("y")
        #expect(h.transcript.suffix(5) == [
            "Review",
            "  1: Password is given, not shown.",
            "  2: Notes is first.",
            "  3: Signed is yes.",
            "Press Enter to submit, type a number to edit, or .cancel:",
        ])
        h.type("1")
        #expect(h.lastPrompt == "Password, required, hidden as you type, Enter keeps the one given: ")
    }

    @Test func aRangeInWordsAndTheRetryPromptAfterATransportFailure() {
        var age = Field(name: "age", label: "Age", type: .integer, minNumber: DecimalText("-5"), maxNumber: DecimalText("120"))
        age.help = "In years."
        var h = harness([age])
        #expect(h.lastPrompt == "Age, required, -5 to 120: ")
        h.type("200")
        #expect(h.transcript.suffix(3) == ["  ! Age: Must be between -5 and 120", "  You typed \"200\".", "Age, required, -5 to 120:"])
        h.type("42", "")
        h.send(.submission(.failed(reason: "connection refused")))
        #expect(h.lastPrompt == "Press Enter to try again, a number to edit, or .cancel: ")
    }

    @Test func theStandardPresentationIsUnchanged() {
        var name = Field(name: "name", label: "Name")
        name.minLength = 3
        var h = WizardHarness(FormSpec(id: "a", fields: [name]), interactive: true)
        h.type("ad")
        #expect(h.transcript.suffix(2) == ["  ! At least 3 characters", "Name:"])
        #expect(h.prompts.last?.prefill == "ad")
    }
    /// Issue 32: no shorthand left in the accessible face: format hints, a multiline value's
    /// further lines and `?`'s commands are said in words, in English and in Norwegian.
    @Test func formatsMoreLinesAndCommandsAreSaidInWords() {
        let fields = [
            Field(name: "day", label: "Day", type: .date),
            Field(name: "at", label: "At", type: .time),
            Field(name: "notes", label: "Notes", type: .multiline),
        ]
        var h = harness(fields)
        #expect(h.lastPrompt == "Day, required, a date written year-month-day, like 2026-11-27: ")
        h.type("?")
        let help = h.transcript.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(help.contains("Commands: .back, .next, .done, .review, .edit and a field's number or name, .skip, .clear, .help or a question mark, .cancel."), "\(h.transcript)")
        h.type("2026-11-27")
        #expect(h.lastPrompt == "At, required, a time in hours and minutes, like 14:30: ")
        h.type("14:30", "first", "second", ".")
        #expect(h.transcript.contains("  3: Notes is first, and 1 more line."), "\(h.transcript)")
        h.type("3")
        #expect(h.lastPrompt == "Notes, required, several lines, end with a line holding only a dot, now first, and 1 more line: ")
        var norwegian = Wizard(spec: FormSpec(id: "a", fields: fields), interactive: true)
        norwegian.presentation = .accessible
        norwegian.language = MessageLanguage(code: .nb)
        let n = WizardHarness(wizard: norwegian)
        #expect(n.lastPrompt == "Day, påkrevd, en dato skrevet år-måned-dag, som 2026-11-27: ")
        h.type("")
        #expect(h.lastPrompt == "Press Enter to submit, type a number to edit, or .cancel: ")
        h.type(".edit")
        #expect(h.refusals.last == "Say which field: .edit and a number from 1 to 3, or .edit and a field's name")
        h.type("?")
        let reviewHelp = h.transcript.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(reviewHelp.contains("Enter submits the form. A number, or .edit and the number, edits that field and comes back here."), "\(h.transcript)")
        #expect(WizardMessage.moreLinesInWords(1).text == "and 1 more line")
        #expect(MessageLanguage(code: .nb).speaking { WizardMessage.moreLinesInWords(2).text } == "og 2 linjer til")
    }
}
