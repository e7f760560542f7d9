import FormCore
import Testing

@Suite("Wizard: submission, rejection and failure")
struct WizardSubmissionTests {
    func reviewed(_ interactive: Bool = false) throws -> WizardHarness {
        var h = WizardHarness(try signupSpec(), interactive: interactive)
        h.type("admin", "admin@example.com", "longpassword", "34", "den", "")
        return h
    }

    @Test("a rejection re-asks only the failed field, then review and resubmit")
    func oneFailedField() throws {
        var h = try reviewed()
        h.respond(.rejected(status: 422, errors: [ServerError(path: [.key("username")], message: "This username is already taken.", code: "unique")]))
        #expect(h.transcript.suffix(4) == [
            "Submitting... rejected (422)",
            "  1 Username  admin",
            "    ! This username is already taken.",
            "Username [admin]:",
        ])
        h.type("admin2")
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        h.type("")
        #expect(h.submissions.count == 2)
        #expect(h.submissions[1].attempt == 2)
        #expect(h.submissions[1].payload["username"] == .string("admin2"))
    }

    @Test("a field the server rejected is re-asked even though its local rules pass; Enter keeps it")
    func keptValue() throws {
        var h = try reviewed()
        h.respond(.rejected(status: 422, errors: [
            ServerError(path: [.key("country")], message: "Not shipping there."),
            ServerError(path: [.key("email")], message: "Taken."),
        ]))
        #expect(h.transcript.suffix(6) == [
            "Submitting... rejected (422)",
            "  2 Email     admin@example.com",
            "    ! Taken.",
            "  5 Country   Denmark",
            "    ! Not shipping there.",
            "Email [admin@example.com]:",
        ])
        h.type("")
        #expect(h.lastPrompt == "Country [Denmark]: ")
        h.type("")
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
    }

    @Test("banner-only rejection goes straight to review; non-field codes land on their field")
    func bannerAndCodes() throws {
        var h = try reviewed()
        h.respond(.rejected(status: 400, errors: [ServerError(path: nil, message: "Try again tomorrow.")]))
        #expect(h.transcript.contains("  ! Try again tomorrow."))
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        h.type("")
        h.respond(.rejected(status: 400, errors: [
            ServerError(path: nil, message: "Password can't match.", code: "password_matches_username"),
            ServerError(path: [.key("nickname")], message: "Unknown field."),
        ]))
        #expect(h.transcript.contains("  ! nickname: Unknown field."))
        #expect(h.transcript.contains("    ! Password can't match."))
        #expect(h.lastPrompt == "Password [keep]: ")
        #expect(h.prompts.last?.prefill == nil)
    }

    @Test("declining to resubmit after a rejection exits 1 with a draft")
    func decline() throws {
        var h = try reviewed()
        h.respond(.rejected(status: 422, errors: [ServerError(path: [.key("username")], message: "Taken.")]))
        h.type(".cancel")
        #expect(h.finished == .cancelled)
        #expect(h.drafts.count == 1)
        #expect(h.drafts[0]["password"] == nil)
    }

    @Test("transport failure without a terminal: draft and exit 3")
    func failureNonInteractive() throws {
        var h = try reviewed()
        h.respond(.failed(reason: "the server refused the connection"))
        #expect(h.transcript.suffix(2) == ["Submitting... failed", "  ! the server refused the connection"])
        #expect(h.finished == .transportFailed)
        #expect(h.drafts.count == 1)
    }

    @Test("queued in the outbox, at a terminal too: no retry prompt, no draft kept, exit 3", arguments: [false, true])
    func queued(_ interactive: Bool) throws {
        var h = try reviewed(interactive)
        h.respond(.queued(reason: "the server refused the connection"))
        #expect(h.transcript.suffix(4) == [
            "Submitting... failed", "  ! the server refused the connection",
            "  Queued in the outbox, not sent: formline outbox send sends it with the same",
            "  Idempotency-Key.",
        ])
        #expect(h.finished == .transportFailed)
        #expect(h.drafts.isEmpty)
        #expect(h.draftDeleted)
    }

    @Test("transport failure on a terminal: retry keeps the attempt, an edit makes a new one")
    func failureInteractive() throws {
        var h = try reviewed(true)
        h.respond(.failed(reason: "no answer from the server in time"))
        #expect(h.lastPrompt == "Retry? (Enter = retry, number = edit, .cancel): ")
        h.type(".retry")
        #expect(h.submissions.count == 2)
        #expect(h.submissions[1] == h.submissions[0])
        h.respond(.failed(reason: "no answer from the server in time"))
        h.type("4", "35", "")
        #expect(h.submissions.count == 3)
        #expect(h.submissions[2].attempt == 2)
        h.respond(.failed(reason: "no answer"))
        h.type(".cancel")
        #expect(h.finished == .transportFailed)
    }

    @Test("resuming a draft asks what is missing, invalid or secret, then review")
    func resume() throws {
        let draft: [String: JSONValue] = ["username": .string("bob"), "email": .string("not-an-email"),
                                          "country": .string("Sweden"), "unknown": .string("x")]
        var h = WizardHarness(wizard: Wizard(spec: try signupSpec(), interactive: false, resuming: draft))
        #expect(h.transcript.prefix(4) == [
            "Create an account  (5 fields; ? for help)",
            "Resuming a saved draft: 2 answers kept.",
            "  ! The saved answer 'not-an-email' was not kept: Enter a valid email address",
            "Email:",
        ])
        h.type("bob@example.com", "longpassword")
        #expect(h.lastPrompt == "Age (optional, 13-120): ")
        h.type("")
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        #expect(h.wizard.values["country"] == .text("Sweden"))
    }
}
