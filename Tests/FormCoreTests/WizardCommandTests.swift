import FormCore
import FormlineTesting
import Testing

@Suite("Wizard: commands")
struct WizardCommandTests {
    @Test(".next keeps or defaults, and is an error on an empty required field")
    func next() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.type(".next", .refused("Required"), .error("  ! Required"), .prompt("Username: "))
        store.skipEffects(typing: "bob", "bob@example.com", "longpassword", ".next")
        store.type(".next", expecting: Self.review(email: "bob@example.com", password: "********") + [.prompt("Submit? (Enter = submit, number = edit, .cancel): ")])
        #expect(store.wizard.values["country"] == .text("Norway"))
    }

    /// The signup review after `bob`: the fields not yet answered show `-`.
    static func review(email: String = "-", password: String = "-", country: String = "Norway") -> [ExpectedEffect] {
        [.output("Review"), .output("  1 Username  bob"), .output("  2 Email     " + email),
         .output("  3 Password  " + password), .output("  4 Age       -"), .output("  5 Country   " + country)]
    }

    @Test(".done names the missing required fields and goes to the first")
    func doneWithMissing() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "bob")
        store.type(".done", .refused("Still missing: Email, Password"), .error("  ! Still missing: Email, Password"), .prompt("Email: "))
        store.type("bob@example.com", .prompt("Password: ", secret: true))
        store.type("longpassword", expecting: Self.review(email: "bob@example.com", password: "********") + [.prompt("Submit? (Enter = submit, number = edit, .cancel): ")])
        #expect(store.wizard.values["country"] == .text("Norway"), ".done fills untouched defaults")
    }

    @Test(".review shows the summary and returns to the field")
    func review() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "bob")
        store.type(".review", expecting: Self.review(country: "Norway (default)") + [.prompt("Email: ")])
    }

    @Test(".skip leaves optional fields empty and refuses required ones")
    func skip() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.type(".skip", .refused("Username is required and can't be skipped"),
                   .error("  ! Username is required and can't be skipped"), .prompt("Username: "))
        store.skipEffects(typing: "bob", "bob@example.com", "longpassword", "42", ".back")
        // The choices were listed once already: not again.
        store.type(".skip", .prompt("Country [Norway]: "))
        #expect(store.wizard.values["age"] == nil)
    }

    @Test(".clear empties the current value")
    func clear() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "bob")
        store.type(".back", .prompt("Username [bob]: "))
        store.type(".clear", .prompt("Username: "))
        #expect(store.wizard.values["username"] == nil)
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
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.type(".bakc",
                   .refused("Unknown command .bakc (did you mean .back?). To enter a value starting with '.', type '..bakc'"),
                   .error("  ! Unknown command .bakc (did you mean .back?). To enter a value starting with\n    '.', type '..bakc'"),
                   .prompt("Username: "))
        store.type("..dotted", .refused("Use letters, digits and _ only"), .error("  ! Use letters, digits and _ only"), .prompt("Username: "))
    }

    @Test("an unknown command at a secret prompt is not repeated back")
    func unknownAtSecret() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "bob", "bob@example.com")
        let effects = store.type(".hunter2hunter2",
                   .refused("Unknown command. To enter a value starting with '.', type '..' before it"),
                   .error("  ! Unknown command. To enter a value starting with '.', type '..' before it"),
                   .prompt("Password: ", secret: true))
        #expect(!"\(effects)".contains("hunter2"))
    }

    @Test(".cancel ends with 1, saving a draft only when something was entered; secrets never")
    func cancel() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.type(".cancel", .output("Cancelled."), .finish(.cancelled))

        var store2 = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store2.skipEffects(of: .start)
        store2.skipEffects(typing: "bob", "bob@example.com", "longpassword")
        store2.type(".cancel", .saveDraft(#"{"email":"bob@example.com","username":"bob"}"#), .finish(.cancelled))
    }

    @Test("end of input exits 4 and signals exit 130/143/129, each with a draft")
    func endings() throws {
        for (event, status) in [(WizardEvent.endOfInput, FormCore.ExitStatus.endOfInput),
                                (.interrupted(signal: 2), .interrupted),
                                (.interrupted(signal: 15), .terminated),
                                (.interrupted(signal: 1), .hangup)] {
            var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
            store.skipEffects(of: .start)
            store.skipEffects(typing: "bob")
            store.send(event, .saveDraft(#"{"username":"bob"}"#), .finish(status))
            // A finished wizard does nothing more.
            store.type("more")
        }
    }

    @Test("an unreadable line is an error and the same field again")
    func unreadable() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.send(.unreadable("The line is not valid UTF-8 text"), .refused("The line is not valid UTF-8 text"),
                   .error("  ! The line is not valid UTF-8 text"), .prompt("Username: "))
        store.type("bo\u{7}b", .refused("Control characters are not allowed"), .error("  ! Control characters are not allowed"),
                   .prompt("Username: "))
    }
}
