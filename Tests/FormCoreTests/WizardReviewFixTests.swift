import FormCore
import FormlineTesting
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
        var store = WizardTestStore(Wizard(spec: incidentSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "Outage", "low", "line one")
        store.type(".back", .prompt("Severity [low]: "))
        #expect(store.wizard.values["description"] == .text("line one"))
    }

    @Test("end of input in the middle of a multiline value keeps its lines in the draft")
    func multilineDraft() {
        var store = WizardTestStore(Wizard(spec: incidentSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "Outage", "low", "line one", "line two")
        store.send(.endOfInput,
                   .saveDraft(#"{"description":"line one\nline two","severity":"low","title":"Outage"}"#),
                   .finish(.endOfInput))
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
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "bob_smith", "bob@example.com")
        store.type(".next level pw",
                   .refused("Unknown command. To enter a value starting with '.', type '..' before it"),
                   .error("  ! Unknown command. To enter a value starting with '.', type '..' before it"),
                   .prompt("Password: ", secret: true))
        store.type(".edit my pass",
                   .refused("At a secret prompt, use .edit with the field's number (1-5)"),
                   .error("  ! At a secret prompt, use .edit with the field's number (1-5)"),
                   .prompt("Password: ", secret: true))
        #expect(Wizard.transcriptText(forSecretPromptLine: ".cancel") == ".cancel")
        #expect(Wizard.transcriptText(forSecretPromptLine: ".edit 2") == ".edit 2")
        #expect(Wizard.transcriptText(forSecretPromptLine: ".edit my pass") == ".edit ?")
        #expect(Wizard.transcriptText(forSecretPromptLine: ".hunter2") == ".?")
        #expect(Wizard.transcriptText(forSecretPromptLine: " .cancel") == nil, "at a secret prompt a leading space makes a value")
        #expect(Wizard.transcriptText(forSecretPromptLine: "..hunter2") == nil)
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
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "bob_smith", "bob@example.com")
        store.type(".edit 1", .prompt("Username [bob_smith]: "))
        store.type("bobby", .prompt("Password: ", secret: true))
    }

    @Test("the title counts the form's fields (up to N with conditions); long labels and values stay within 80 columns")
    func widths() {
        let long = String(repeating: "Very long label ", count: 6)
        let spec = FormSpec(id: "w", title: "Wide", fields: [
            Field(name: "a", label: long, type: .integer, required: false, minNumber: DecimalText("1"), maxNumber: DecimalText("100000")),
            Field(name: "b", label: "CJK", defaultText: String(repeating: "漢字", count: 40)),
            Field(name: "c", label: "Hidden", when: Condition(field: "a", test: .equals("7"))),
        ])
        var h = WizardHarness(spec)
        #expect(h.transcript.first == "Wide  (up to 3 fields; ? for help)", "the form's fields, hidden ones too (issue 35 item 9)")
        h.type("5", String(repeating: "漢字", count: 40))
        for line in h.transcript where !line.hasPrefix(">") {
            #expect(TextWrap.columns(line) <= 80, "\(line)")
        }
        #expect(h.prompts.allSatisfy { TextWrap.columns($0.text) <= 62 })
    }
}

@Suite("SecretMask and the second review")
struct SecretMaskTests {
    @Test("only whole occurrences of secrets of four or more characters are masked")
    func wholeOccurrences() {
        #expect(SecretMask.mask("Wrong username or password.", secret: "name", with: "[p]") == "Wrong username or password.")
        #expect(SecretMask.mask("'name' is wrong, name!", secret: "name", with: "[p]") == "'[p]' is wrong, [p]!")
        #expect(SecretMask.mask("abc is weak", secret: "abc", with: "[p]") == "abc is weak")
        #expect(SecretMask.mask("p@ss!word1 p@ss!word1x", secret: "p@ss!word1", with: "[p]") == "[p] p@ss!word1x")
        #expect(SecretMask.mask("x-!secret!-y", secret: "!secret!", with: "[p]") == "x-[p]-y", "edges that are not letters need no boundary")
    }

    @Test("a known command with an argument says so")
    func commandWithArgument() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.type(".skip now",
                   .refused(".skip takes nothing after it. To enter a value starting with '.', type '..skip now'"),
                   .error("  ! .skip takes nothing after it. To enter a value starting with '.', type\n    '..skip now'"),
                   .prompt("Username: "))
    }

    @Test("after a rejection an unchanged resubmit is a new attempt")
    func newAttemptAfterRejection() throws {
        var h = WizardHarness(try signupSpec())
        h.type("bob_smith", "bob@example.com", "s3cretpass", "", "", "")
        h.respond(.rejected(status: 409, errors: [ServerError(path: nil, message: "Try again.")]))
        h.type("")
        #expect(h.submissions.count == 2)
        #expect(h.submissions[1].attempt == h.submissions[0].attempt + 1)
    }

    @Test(".edit before the review asks the fields it revealed before returning")
    func editRevealsBeforeReturn() {
        var store = WizardTestStore(Wizard(spec: incidentSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "Outage", "low", "", "2024-03-01")
        store.type(".edit 2", .prompt("Severity [low]: "))
        store.type("critical", .prompt("Page on-call (y/n): "))
        store.type("y", .prompt("Detected (YYYY-MM-DD): "))
    }

    @Test("resume shows a saved list and control characters safely")
    func resumeShowsSafely() {
        let spec = FormSpec(id: "r", fields: [
            Field(name: "t", label: "T", maxLength: 3),
            Field(name: "m", label: "M", type: .multichoice, choices: ["a", "b"]),
        ])
        var store = WizardTestStore(Wizard(spec: spec, interactive: false, resuming: [
            "t": .string("x\u{1B}[31my\nz"), "m": .array([.string("a"), .string("zz")]),
        ]))
        let started = store.send(.start,
                   .output("r  (2 fields; ? for help)"),
                   .output("Resuming a saved draft: 0 answers kept."),
                   .refused("The saved answer 'x [31my z' was not kept: Control characters are not allowed"),
                   .error("  ! The saved answer 'x [31my z' was not kept: Control characters are not\n    allowed"),
                   .prompt("T: "))
        let typed = store.type("abc",
                   .output("  1 a  2 b"),
                   .refused("The saved answer 'a, zz' was not kept: 'zz': Choose one of: a, b"),
                   .error("  ! The saved answer 'a, zz' was not kept: 'zz': Choose one of: a, b"),
                   .prompt("M (comma-separated): "))
        let shown = (started + typed).compactMap { (effect: WizardEffect) -> String? in
            switch effect {
            case .output(let line): return line.text
            case .prompt(let prompt): return prompt.text
            default: return nil
            }
        }
        #expect(shown.count == 7 && shown.allSatisfy { !$0.contains("\u{1B}") })
    }
}

@Suite("TextWrap")
struct TextWrapTests {
    @Test("wrapping counts terminal columns: wide text without spaces is cut within 80")
    func wideText() {
        let lines = TextWrap.wrap("この名前はすでに使われています。" + String(repeating: "漢字", count: 40), indent: "    ! ", continuation: "      ")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { TextWrap.columns($0) <= 80 })
        #expect(lines.joined().filter { $0 != " " }.hasSuffix("漢字漢字"))
        #expect(TextWrap.columns("🚀🇳🇴a") == 5)
    }
}
