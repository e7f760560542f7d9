import FormCore
import Testing

@Suite("Wizard: commands")
struct WizardCommandTests {
    @Test(".next keeps or defaults, and is an error on an empty required field")
    func next() throws {
        var h = WizardHarness(try signupSpec())
        h.type(".next")
        #expect(h.transcript.suffix(2) == ["  ! Required", "Username:"])
        h.type("bob", "bob@example.com", "longpassword", ".next", ".next")
        #expect(h.wizard.values["country"] == .text("Norway"))
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
    }

    @Test(".done names the missing required fields and goes to the first")
    func doneWithMissing() throws {
        var h = WizardHarness(try signupSpec())
        h.type("bob", ".done")
        #expect(h.transcript.suffix(2) == ["  ! Still missing: Email, Password", "Email:"])
        h.type("bob@example.com")
        #expect(h.lastPrompt == "Password: ")
        h.type("longpassword")
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        #expect(h.wizard.values["country"] == .text("Norway"), ".done fills untouched defaults")
    }

    @Test(".review shows the summary and returns to the field")
    func review() throws {
        var h = WizardHarness(try signupSpec())
        h.type("bob", ".review")
        #expect(h.transcript.suffix(7) == [
            "Review", "  1 Username  bob", "  2 Email     -", "  3 Password  -", "  4 Age       -",
            "  5 Country   -", "Email:",
        ])
    }

    @Test(".skip leaves optional fields empty and refuses required ones")
    func skip() throws {
        var h = WizardHarness(try signupSpec())
        h.type(".skip")
        #expect(h.transcript.suffix(2) == ["  ! Username is required and can't be skipped", "Username:"])
        h.type("bob", "bob@example.com", "longpassword", "42", ".back", ".skip")
        #expect(h.wizard.values["age"] == nil)
        #expect(h.lastPrompt == "Country [Norway]: ")
    }

    @Test(".clear empties the current value")
    func clear() throws {
        var h = WizardHarness(try signupSpec())
        h.type("bob", ".back")
        #expect(h.lastPrompt == "Username [bob]: ")
        h.type(".clear")
        #expect(h.lastPrompt == "Username: ")
        #expect(h.wizard.values["username"] == nil)
    }

    @Test(".help and ? show help, rules and commands within 80 columns")
    func help() throws {
        var h = WizardHarness(try signupSpec())
        h.type("?")
        #expect(h.transcript.contains("  Username: The name you log in with."))
        #expect(h.transcript.contains { $0.hasPrefix("  Rules: required; 3-20 characters; Use letters, digits and _ only") })
        #expect(h.transcript.contains { $0.hasPrefix("  Commands: .back .next .done") })
        #expect(h.transcript.allSatisfy { $0.count <= 80 })
        #expect(h.lastPrompt == "Username: ")
    }

    @Test("an unknown command suggests the nearest and how to enter a literal dot")
    func unknown() throws {
        var h = WizardHarness(try signupSpec())
        h.type(".bakc")
        #expect(h.transcript.suffix(3) == [
            "  ! Unknown command .bakc (did you mean .back?). To enter a value starting with",
            "    '.', type '..bakc'",
            "Username:",
        ])
        h.type("..dotted")
        #expect(h.transcript.suffix(2) == ["  ! Use letters, digits and _ only", "Username:"])
    }

    @Test("an unknown command at a secret prompt is not repeated back")
    func unknownAtSecret() throws {
        var h = WizardHarness(try signupSpec())
        h.type("bob", "bob@example.com", ".hunter2hunter2")
        #expect(h.transcript.suffix(2) == [
            "  ! Unknown command. To enter a value starting with '.', type '..' before it", "Password:",
        ])
        #expect(!h.transcript.dropLast(3).joined().contains("hunter2"))
    }

    @Test(".cancel ends with 1, saving a draft only when something was entered; secrets never")
    func cancel() throws {
        var h = WizardHarness(try signupSpec())
        h.type(".cancel")
        #expect(h.finished == .cancelled)
        #expect(h.drafts.isEmpty)

        var h2 = WizardHarness(try signupSpec())
        h2.type("bob", "bob@example.com", "longpassword", ".cancel")
        #expect(h2.finished == .cancelled)
        #expect(h2.drafts == [["username": .string("bob"), "email": .string("bob@example.com")]])
    }

    @Test("end of input exits 4 and signals exit 130/143/129, each with a draft")
    func endings() throws {
        for (event, status) in [(WizardEvent.endOfInput, FormCore.ExitStatus.endOfInput),
                                (.interrupted(signal: 2), .interrupted),
                                (.interrupted(signal: 15), .terminated),
                                (.interrupted(signal: 1), .hangup)] {
            var h = WizardHarness(try signupSpec())
            h.type("bob")
            h.send(event)
            #expect(h.finished == status)
            #expect(h.drafts == [["username": .string("bob")]])
            h.type("more")
            #expect(h.transcript.last == "> more", "a finished wizard does nothing more")
        }
    }

    @Test("an unreadable line is an error and the same field again")
    func unreadable() throws {
        var h = WizardHarness(try signupSpec())
        h.send(.unreadable("The line is not valid UTF-8 text"))
        #expect(h.transcript.suffix(2) == ["  ! The line is not valid UTF-8 text", "Username:"])
        h.type("bo\u{7}b")
        #expect(h.transcript.suffix(2) == ["  ! Control characters are not allowed", "Username:"])
        #expect(h.submissions.isEmpty)
    }
}
