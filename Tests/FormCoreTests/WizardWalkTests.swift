import FormCore
import FormlineTesting
import Testing

/// Every step's effects are asserted (`WizardTestStore`, exhaustive): steps that only lead to the
/// one under test say so with `skipEffects`.
@Suite("Wizard: walking a form")
struct WizardWalkTests {
    static let signupReview: [ExpectedEffect] = [
        .output("Review"),
        .output("  1 Username  admin"),
        .output("  2 Email     admin@example.com"),
        .output("  3 Password  ********"),
        .output("  4 Age       -"),
        .output("  5 Country   Denmark"),
        .prompt("Submit? (Enter = submit, number = edit, .cancel): "),
    ]

    @Test("the signup walk of docs/filling.md, to review and submit")
    func signupWalk() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.send(.start, .output("Create an account  (5 fields; ? for help)"), .prompt("Username: "))
        store.type("ad", .refused("At least 3 characters"), .error("  ! At least 3 characters"), .prompt("Username: "))
        store.type("admin", .prompt("Email: "))
        store.type("admin@example",
                   .refused("Enter a valid email address: the part after @ needs a dot, like example.com"),
                   .error("  ! Enter a valid email address: the part after @ needs a dot, like example.com"),
                   .prompt("Email: "))
        store.type("admin@example.com", .prompt("Password: ", secret: true))
        store.type("s3cretpass", .prompt("Age (optional, 13-120): "))
        store.type("", .output("  1 Norway  2 Sweden  3 Denmark  4 Finland  5 Iceland"), .prompt("Country [Norway]: "))
        store.type("den", expecting: Self.signupReview)
        store.type("", .output("Submitting..."),
                   .submit("POST", "/api/signup",
                           payload: #"{"country":"Denmark","email":"admin@example.com","password":"s3cretpass","username":"admin"}"#))
        guard case .submit(let submission) = try #require(store.lastEffects.last) else {
            Issue.record("the last effect is not the submission")
            return
        }
        #expect(submission.transcriptPayload.compactText.contains(#""password":"[password]""#))
        #expect(submission.displayPayload.compactText.contains(#""password":"[secret]""#))
        store.send(.submission(.accepted(status: 201, summary: "id=1")),
                   .output(" accepted (201) id=1"), .deleteDraft, .finish(.accepted))
    }

    @Test("a rejected line is pre-filled on an editing terminal, never for secrets")
    func prefill() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: true))
        store.skipEffects(of: .start)
        store.type("ad", .refused("At least 3 characters"), .error("  ! At least 3 characters"),
                   .prompt("Username: ", prefill: "ad"))
        store.skipEffects(typing: "bob", "bob@example.com")
        store.type("short", .refused("At least 8 characters"), .error("  ! At least 8 characters"),
                   .prompt("Password: ", prefill: .some(nil), secret: true))
    }

    @Test("empty answers: Required, optional left out, default taken, value kept")
    func emptyAnswers() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.type("", .refused("Required"), .error("  ! Required"), .prompt("Username: "))
        store.skipEffects(typing: "bob", "bob@example.com", "longpassword")
        store.type("", .output("  1 Norway  2 Sweden  3 Denmark  4 Finland  5 Iceland"), .prompt("Country [Norway]: "))
        #expect(store.wizard.values["age"] == nil)
        store.type("", exhaustivity: .nonExhaustive)
        #expect(store.wizard.values["country"] == .text("Norway"))
        store.type("1", .prompt("Username [bob]: "))
        store.type("", .prompt("Submit? (Enter = submit, number = edit, .cancel): "), exhaustivity: .nonExhaustive)
        #expect(store.wizard.values["username"] == .text("bob"))
    }

    @Test(".back goes to the previous visible field, across a hidden one")
    func backAcrossHidden() {
        var store = WizardTestStore(Wizard(spec: incidentSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "Disk full")
        store.type("low", .prompt("Description (optional, end with a line '.'): "))
        store.type(".back", .prompt("Severity [low]: "))
        store.type("crit", .prompt("Page on-call (y/n): "))
        store.skipEffects(typing: "y", ".back")
        store.type(".back", .prompt("Severity [critical]: "))
        store.type("high", .prompt("Description (optional, end with a line '.'): "))
        #expect(store.wizard.values["pager"] == nil, "a field hidden by an edit loses its value")
        store.skipEffects(typing: ".back", ".back")
        store.type(".back", .refused("This is the first field"), .error("  ! This is the first field"), .prompt("Title [Disk full]: "))
    }

    @Test("multiline values end with a lone dot; commands work inside; .. enters a dot")
    func multiline() {
        var store = WizardTestStore(Wizard(spec: incidentSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "Outage")
        store.type("low", .prompt("Description (optional, end with a line '.'): "))
        store.type("line one", .prompt("| "))
        store.type("  indented", .prompt("| "))
        store.type("..not a command", .prompt("| "))
        store.type("", .prompt("| "))
        store.type(".", .prompt("Started (YYYY-MM-DD): "))
        #expect(store.wizard.values["description"] == .text("line one\n  indented\n.not a command"))
        store.type(".back", .prompt("Description (end with a line '.') [line one (+2 lines)]: "))
        store.type("", .prompt("Started (YYYY-MM-DD): "))
    }

    @Test("dates: the before check runs before review and lands on its field")
    func crossFieldCheck() {
        var store = WizardTestStore(Wizard(spec: incidentSpec(), interactive: false))
        store.skipEffects(of: .start)
        store.skipEffects(typing: "Outage", "low", "", "2024-03-02")
        store.type("2023-02-29", .refused("2023-02-29 is not a real date"), .error("  ! 2023-02-29 is not a real date"),
                   .prompt("Detected (YYYY-MM-DD): "))
        store.type("2024-03-01", .refused("Detected must be after Started"), .error("  ! Detected must be after Started"),
                   .prompt("Detected (YYYY-MM-DD) [2024-03-01]: "))
        store.type("2024-03-05", .output("Review"), .prompt("Submit? (Enter = submit, number = edit, .cancel): "),
                   exhaustivity: .nonExhaustive)
    }

    @Test(".edit from review flips a when both ways")
    func editFlipsCondition() {
        var store = WizardTestStore(Wizard(spec: incidentSpec(), interactive: false))
        store.skipEffects(of: .start)
        let toReview = store.skipEffects(typing: "Outage", "low", "", "2024-03-01", "2024-03-02")
        #expect(!toReview.contains { "\($0)".contains("Page on-call") })
        store.type(".edit severity", .prompt("Severity [low]: "))
        // A field made visible is asked before returning to review.
        store.type("critical", .prompt("Page on-call (y/n): "))
        store.type("yes", .output("  3 Page on-call  yes"), .prompt("Submit? (Enter = submit, number = edit, .cancel): "),
                   exhaustivity: .nonExhaustive)
        store.skipEffects(typing: "2")
        store.type("medium", .prompt("Submit? (Enter = submit, number = edit, .cancel): "), exhaustivity: .nonExhaustive)
        #expect(store.wizard.values["pager"] == nil)
        store.type("", .output("Submitting..."),
                   .submit("POST", "/", payload: #"{"detected":"2024-03-02","severity":"medium","started":"2024-03-01","title":"Outage"}"#))
    }
}
