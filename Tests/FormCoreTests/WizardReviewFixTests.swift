import FormCore
import Testing

/// Behaviours found in review: nothing typed is lost, server text is made safe, secrets stay
/// secret, and formline's own lines stay within 80 columns.
@Suite("Wizard: review findings")
struct WizardReviewFixTests {
    @Test("commands between multiline lines keep the lines already typed")
    func multilineKeepsLines() {
        var h = WizardHarness(incidentSpec())
        h.type("Outage", "low", "line one", "line two", ".review", "?", "line three", ".")
        #expect(h.wizard.values["description"] == .text("line one\nline two\nline three"))
        #expect(h.prompts.filter { $0.text == "| " }.count == 5)
    }

    @Test(".back in the middle of a multiline value keeps it as the value")
    func multilineBackCommits() {
        var h = WizardHarness(incidentSpec())
        h.type("Outage", "low", "line one", ".back")
        #expect(h.wizard.values["description"] == .text("line one"))
        #expect(h.lastPrompt == "Severity [low]: ")
    }

    @Test("end of input in the middle of a multiline value keeps its lines in the draft")
    func multilineDraft() {
        var h = WizardHarness(incidentSpec())
        h.type("Outage", "low", "line one", "line two")
        h.send(.endOfInput)
        #expect(h.drafts.last?["description"] == .string("line one\nline two"))
    }

    @Test("`..` keeps the indentation and drops exactly one dot")
    func literalDotIndented() {
        var h = WizardHarness(incidentSpec())
        h.type("Outage", "low", "    ..foo", ".")
        #expect(h.wizard.values["description"] == .text("    .foo"))
    }

    @Test("server messages lose control characters and never repeat a secret")
    func serverTextIsSafe() throws {
        var h = WizardHarness(try signupSpec())
        h.type("bob_smith", "bob@example.com", "s3cretpass", "", "")
        h.type("")
        h.respond(.rejected(status: 422, errors: [
            ServerError(path: [.key("email")], message: "bad\u{1B}[31mRED\u{7}\nsecond s3cretpass line"),
        ]))
        let shown = h.transcript.filter { !$0.hasPrefix(">") }.joined(separator: "\n")
        #expect(!shown.contains("\u{1B}"))
        #expect(!shown.contains("s3cretpass"))
        #expect(h.transcript.contains("    ! bad [31mRED second [password] line"))
    }

    @Test("a command with an argument it does not take is unknown (a password is not .next)")
    func commandArguments() throws {
        var h = WizardHarness(try signupSpec())
        h.type("bob_smith", "bob@example.com", ".next level pw")
        #expect(h.transcript.suffix(2) == [
            "  ! Unknown command. To enter a value starting with '.', type '..' before it", "Password:",
        ])
        h.type(".edit my pass")
        #expect(h.transcript.suffix(2) == [
            "  ! At a secret prompt, use .edit with the field's number (1-5)", "Password:",
        ])
        #expect(Wizard.isNotASecretValue(".cancel"))
        #expect(Wizard.isNotASecretValue(".edit 2"))
        #expect(!Wizard.isNotASecretValue(".edit my pass"))
        #expect(!Wizard.isNotASecretValue(" .cancel"), "at a secret prompt a leading space makes a value")
    }

    @Test("a resubmit with nothing changed is the same attempt")
    func sameAttempt() throws {
        var h = WizardHarness(try signupSpec(), interactive: true)
        h.type("bob_smith", "bob@example.com", "s3cretpass", "", "", "")
        h.respond(.failed(reason: "no answer"))
        h.type("1", "", "")
        #expect(h.submissions.count == 2)
        #expect(h.submissions[1].attempt == h.submissions[0].attempt)
    }

    @Test(".edit before the review comes back to where the walk was")
    func editBeforeReview() throws {
        var h = WizardHarness(try signupSpec())
        h.type("bob_smith", "bob@example.com", ".edit 1")
        #expect(h.lastPrompt == "Username [bob_smith]: ")
        h.type("bobby")
        #expect(h.lastPrompt == "Password: ")
    }

    @Test("the title counts visible fields; long labels and values stay within 80 columns")
    func widths() {
        let long = String(repeating: "Very long label ", count: 6)
        let spec = FormSpec(id: "w", title: "Wide", fields: [
            Field(name: "a", label: long, type: .integer, required: false, minNumber: DecimalText("1"), maxNumber: DecimalText("100000")),
            Field(name: "b", label: "CJK", defaultText: String(repeating: "漢字", count: 40)),
            Field(name: "c", label: "Hidden", when: Condition(field: "a", test: .equals("7"))),
        ])
        var h = WizardHarness(spec)
        #expect(h.transcript.first == "Wide  (2 fields; ? for help)")
        h.type("5", String(repeating: "漢字", count: 40))
        for line in h.transcript where !line.hasPrefix(">") {
            #expect(TextWrap.columns(line) <= 80, "\(line)")
        }
        #expect(h.prompts.allSatisfy { TextWrap.columns($0.text) <= 62 })
    }
}
