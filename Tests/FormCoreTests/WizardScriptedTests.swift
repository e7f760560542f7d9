import FormCore
import Testing

/// The pure side of scripted entry (issue 12): stopping at refusals, scripted answers, templates.
@Suite("Wizard: scripted entry")
struct WizardScriptedTests {
    private func errors(_ effects: [WizardEffect]) -> [String] {
        effects.compactMap { if case .output(let l) = $0, l.style == .error { return l.text } else { return nil } }
    }

    @Test("stopping at refusals: the refused line ends the session with its number, field and reason")
    func stopsAtRefusal() throws {
        var wizard = Wizard(spec: try signupSpec(), interactive: false)
        wizard.stopsAtRefusal = true
        _ = wizard.handle(.start)
        _ = wizard.handle(.line("bob_smith"))
        let effects = wizard.handle(.line("not-an-email"))
        #expect(effects.last == .finish(.inputRefused))
        #expect(effects.contains(.saveDraft(["username": .string("bob_smith")])))
        #expect(errors(effects).contains { $0.hasPrefix("Stopped at input line 2 (Email): ") })
        #expect(wizard.endingErrors.map(\.field) == ["email"])
        #expect(wizard.endingErrors.first?.line == 2)
        #expect(!effects.contains { if case .prompt = $0 { return true } else { return false } })
    }

    @Test("stopping at a cross-field check names the field the check lands on, not the last one typed")
    func stopsAtCheckOnItsField() throws {
        var wizard = Wizard(spec: try signupSpec(), interactive: false)
        wizard.stopsAtRefusal = true
        _ = wizard.handle(.start)
        for line in ["alicealice", "a@b.no", "alicealice", "30"] { _ = wizard.handle(.line(line)) }
        let effects = wizard.handle(.line("den"))
        #expect(effects.last == .finish(.inputRefused))
        #expect(errors(effects).contains { $0.hasPrefix("Stopped at input line 5 (Password): Password can't be the same as username") })
        #expect(wizard.endingErrors.map(\.field) == ["password"])
        #expect(wizard.endingErrors.first?.line == 5)
    }

    /// A refused scripted answer is shown at its field's prompt: after a line, a run that stops
    /// at refusals stops there (the next line was not meant for that field), as it did before
    /// refusals were data (review of issue 27).
    @Test("stopping at refusals: a refused scripted answer shown after a line stops the run")
    func stopsAtARefusedScriptedAnswer() throws {
        var wizard = Wizard(spec: try signupSpec(), interactive: false)
        wizard.stopsAtRefusal = true
        let problems = wizard.apply([ScriptedAnswer(path: "age", text: "xx", origin: "a.yaml:1", fromCommandLine: false)])
        #expect(problems.isEmpty)
        _ = wizard.handle(.start)
        var effects: [WizardEffect] = []
        for line in ["alicealice", "a@b.no", "s3cret-pw"] { effects = wizard.handle(.line(line)) }
        #expect(errors(effects).contains { $0.hasPrefix("Stopped at input line 3 (Age): The answer from a.yaml:1 ('xx') was refused") })
        #expect(effects.last == .finish(.inputRefused))
        #expect(wizard.endingErrors.map(\.field) == ["age"])
    }

    @Test("keeping asking (the default) asks the field again")
    func keepsAsking() throws {
        var wizard = Wizard(spec: try signupSpec(), interactive: false)
        _ = wizard.handle(.start)
        let effects = wizard.handle(.line("ad"))
        #expect(effects.last.map { if case .prompt(let p) = $0 { return p.field == "username" } else { return false } } == true)
    }

    @Test("scripted answers: refused and missing fields are queued, unknown and hidden ones are errors")
    func applyAnswers() throws {
        var wizard = Wizard(spec: try signupSpec(), interactive: true)
        let problems = wizard.apply([
            ScriptedAnswer(path: "username", text: "bob_smith", origin: "a.yaml:1", fromCommandLine: false),
            ScriptedAnswer(path: "age", text: "12", origin: "a.yaml:2", fromCommandLine: false),
            ScriptedAnswer(path: "contry", text: "den", origin: "a.yaml:3", fromCommandLine: false),
            ScriptedAnswer(path: "password", text: "hunter2hunter2", origin: "--set password", fromCommandLine: true),
            ScriptedAnswer(path: "age", text: "30", origin: "--set age", fromCommandLine: true),
        ])
        #expect(problems.map(\.description) == [
            "--set password: password: a secret is never taken from the command line (other users can read it in the process list); use --secret password=env:NAME (or file:PATH, fd:N), type it at the prompt, or put it in an answers file only you can read (chmod 600)",
            "a.yaml:3: contry: the form has no such field (did you mean \"country\"?)",
        ])
        #expect(wizard.values["age"] == .number("30"), "--set comes later and wins")
        #expect(wizard.unansweredProblems(file: "a.yaml").map(\.description) == [
            "a.yaml: email: Required",
            "a.yaml: password: Required (a secret: --secret password=env:NAME, or an answers file only you can read, chmod 600)",
        ])
    }

    @Test("a scripted value longer than a prompt takes (64 KiB) is refused like a typed one, not submitted")
    func scriptedValueIsBounded() throws {
        var wizard = Wizard(spec: try signupSpec(), interactive: false)
        let long = String(repeating: "a", count: Wizard.scriptedLineBytes + 1)
        _ = wizard.apply([
            ScriptedAnswer(path: "username", text: long, origin: "--set username", fromCommandLine: true),
            ScriptedAnswer(path: "country", text: "den", origin: "--set country", fromCommandLine: true),
        ])
        #expect(wizard.values["username"] == nil)
        #expect(wizard.unansweredProblems(file: "-").map(\.description).first
            == "--set username: username: The value is too long (over 64 KiB, the longest line a prompt takes)")
        #expect(wizard.values["country"] != nil)
    }

    @Test("a transport failure that ends a run without an operator says why, for --output json")
    func transportFailureKeepsItsReason() throws {
        var wizard = Wizard(spec: try signupSpec(), interactive: false)
        _ = wizard.handle(.start)
        for line in ["bob_smith", "bob@example.com", "hunter2hunter2", "30", "den", ""] { _ = wizard.handle(.line(line)) }
        let effects = wizard.handle(.submission(.failed(reason: "the server refused the connection")))
        #expect(effects.last == .finish(.transportFailed))
        #expect(wizard.endingErrors == [EndingError(field: nil, message: "the server refused the connection", line: nil)])
    }

    @Test("a template names every field, fills defaults and never holds a secret")
    func template() throws {
        let text = AnswersTemplate.render(try signupSpec())
        #expect(text.contains("\nusername:\n"))
        #expect(text.contains("\ncountry: \"Norway\"\n"))
        #expect(text.contains("# Password (secret): required"))
        #expect(!text.contains("\npassword:"))
    }
}
