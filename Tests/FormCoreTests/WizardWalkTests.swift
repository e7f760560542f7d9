import FormCore
import Testing

@Suite("Wizard: walking a form")
struct WizardWalkTests {
    @Test("the signup walk of docs/filling.md, to review and submit")
    func signupWalk() throws {
        var h = WizardHarness(try signupSpec())
        h.type("ad", "admin", "admin@example", "admin@example.com", "s3cretpass", "", "den")
        #expect(Array(h.transcript.prefix(14)) == [
            "Create an account  (5 fields; ? for help)",
            "Username:",
            "> ad",
            "  ! At least 3 characters",
            "Username:",
            "> admin",
            "Email:",
            "> admin@example",
            "  ! Enter a valid email address: the part after @ needs a dot, like example.com",
            "Email:",
            "> admin@example.com",
            "Password:",
            "> s3cretpass",
            "Age (optional, 13-120):",
        ])
        #expect(h.transcript.dropLast().suffix(10) == [
            "> ",
            "  1 Norway  2 Sweden  3 Denmark  4 Finland  5 Iceland",
            "Country [Norway]:",
            "> den",
            "Review",
            "  1 Username  admin",
            "  2 Email     admin@example.com",
            "  3 Password  ********",
            "  4 Age       -",
            "  5 Country   Denmark",
        ])
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        h.type("")
        let submission = try #require(h.submissions.first)
        #expect(submission.payload.compactText == #"{"country":"Denmark","email":"admin@example.com","password":"s3cretpass","username":"admin"}"#)
        #expect(submission.transcriptPayload.compactText.contains(#""password":"[password]""#))
        #expect(submission.displayPayload.compactText.contains(#""password":"[secret]""#))
        #expect(h.shown.last == "Submitting...")
        h.respond(.accepted(status: 201, summary: "id=1"))
        #expect(h.transcript.last == "Submitting... accepted (201) id=1")
        #expect(h.finished == .accepted)
        #expect(h.draftDeleted)
    }

    @Test("a rejected line is pre-filled on an editing terminal, never for secrets")
    func prefill() throws {
        var h = WizardHarness(try signupSpec(), interactive: true)
        h.type("ad")
        #expect(h.prompts.last?.prefill == "ad")
        h.type("bob", "bob@example.com", "short")
        #expect(h.prompts.last?.text == "Password: ")
        #expect(h.prompts.last?.prefill == nil)
        #expect(h.prompts.last?.secret == true)
    }

    @Test("empty answers: Required, optional left out, default taken, value kept")
    func emptyAnswers() throws {
        var h = WizardHarness(try signupSpec())
        h.type("")
        #expect(h.transcript.suffix(2) == ["  ! Required", "Username:"])
        h.type("bob", "bob@example.com", "longpassword", "", "")
        #expect(h.wizard.values["age"] == nil)
        #expect(h.wizard.values["country"] == .text("Norway"))
        h.type("1")
        #expect(h.lastPrompt == "Username [bob]: ")
        h.type("")
        #expect(h.wizard.values["username"] == .text("bob"))
        #expect(h.transcript.last == "Submit? (Enter = submit, number = edit, .cancel):")
    }

    @Test(".back goes to the previous visible field, across a hidden one")
    func backAcrossHidden() {
        var h = WizardHarness(incidentSpec())
        h.type("Disk full", "low")
        #expect(h.lastPrompt == "Description (optional, end with a line '.'): ")
        h.type(".back")
        #expect(h.lastPrompt == "Severity [low]: ")
        h.type("crit")
        #expect(h.lastPrompt == "Page on-call (y/n): ")
        h.type("y", ".back", ".back")
        #expect(h.lastPrompt == "Severity [critical]: ")
        h.type("high")
        #expect(h.wizard.values["pager"] == nil, "a field hidden by an edit loses its value")
        #expect(h.lastPrompt == "Description (optional, end with a line '.'): ")
        h.type(".back", ".back", ".back")
        #expect(h.transcript.suffix(2) == ["  ! This is the first field", "Title [Disk full]:"])
    }

    @Test("multiline values end with a lone dot; commands work inside; .. enters a dot")
    func multiline() {
        var h = WizardHarness(incidentSpec())
        h.type("Outage", "low", "line one", "  indented", "..not a command", "", ".")
        #expect(h.wizard.values["description"] == .text("line one\n  indented\n.not a command"))
        #expect(h.prompts.filter { $0.text == "| " }.count == 4)
        h.type(".back")
        #expect(h.lastPrompt == "Description (end with a line '.') [line one (+2 lines)]: ")
        h.type("")
        #expect(h.lastPrompt == "Started (YYYY-MM-DD): ")
    }

    @Test("dates: the before check runs before review and lands on its field")
    func crossFieldCheck() {
        var h = WizardHarness(incidentSpec())
        h.type("Outage", "low", "", "2024-03-02", "2023-02-29")
        #expect(h.transcript.suffix(2) == ["  ! 2023-02-29 is not a real date", "Detected (YYYY-MM-DD):"])
        h.type("2024-03-01")
        #expect(h.transcript.suffix(2) == ["  ! Detected must be after Started", "Detected (YYYY-MM-DD) [2024-03-01]:"])
        h.type("2024-03-05")
        #expect(h.transcript.contains("Review"))
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
    }

    @Test(".edit from review flips a when both ways")
    func editFlipsCondition() {
        var h = WizardHarness(incidentSpec())
        h.type("Outage", "low", "", "2024-03-01", "2024-03-02")
        #expect(!h.transcript.contains { $0.contains("Page on-call") })
        h.type(".edit severity")
        #expect(h.lastPrompt == "Severity [low]: ")
        h.type("critical")
        #expect(h.lastPrompt == "Page on-call (y/n): ", "a field made visible is asked before returning to review")
        h.type("yes")
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        #expect(h.transcript.contains("  3 Page on-call  yes"))
        h.type("2", "medium")
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        #expect(h.wizard.values["pager"] == nil)
        h.type("")
        #expect(h.submissions.last?.payload["pager"] == nil)
        #expect(h.submissions.last?.payload["severity"] == .string("medium"))
    }
}
