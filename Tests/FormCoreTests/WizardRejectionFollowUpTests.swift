import FormCore
import Testing

/// Issue 22 item 3: errors that name no field do not vanish, and Enter after a refusal says what to do.
@Suite("Wizard: after a rejection")
struct WizardRejectionFollowUpTests {
    func portSpec() -> FormSpec {
        FormSpec(
            id: "port", title: "Switch port",
            fields: [
                Field(name: "name", label: "Name"),
                Field(name: "mgmt.ip", label: "Mgmt IP"),
                Field(name: "mgmt.mask", label: "Mgmt mask"),
            ],
            submit: SubmitSpec(method: .POST, path: "/ports"))
    }

    @Test("DRF's nested non_field_errors at mgmt asks every field under it, the message on the first")
    func prefixOfFields() {
        var h = WizardHarness(portSpec())
        h.type("sw1", "10.0.0.1", "255.0.0.0", "")
        #expect(h.submissions.count == 1)
        h.respond(.rejected(status: 400, errors: [ServerError(path: [.key("mgmt")], message: "The address is not in the subnet.")]))
        #expect(h.transcript.suffix(5) == [
            "Submitting... rejected (400)",
            "  2 Mgmt IP    10.0.0.1",
            "    ! The address is not in the subnet.",
            "  3 Mgmt mask  255.0.0.0",
            "Mgmt IP [10.0.0.1]:",
        ])
        h.type("10.0.0.2")
        #expect(h.transcript.last == "Mgmt mask [255.0.0.0]:")
        h.type("")
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        h.type("")
        #expect(h.submissions.count == 2)
        #expect(h.submissions[1].payload["mgmt"]?["ip"] == .string("10.0.0.2"))
    }

    @Test("banner lines come back with the review until the next submission")
    func bannerStaysAtReview() {
        var h = WizardHarness(portSpec())
        h.type("sw1", "10.0.0.1", "255.0.0.0", "")
        h.respond(.rejected(status: 422, errors: [
            ServerError(path: nil, message: "Port changes are frozen until Monday."),
            ServerError(path: [.key("name")], message: "Unknown switch."),
        ]))
        #expect(h.transcript.contains("  ! Port changes are frozen until Monday."))
        h.type("sw2")
        #expect(h.transcript.suffix(6) == [
            "Review",
            "  1 Name       sw2",
            "  2 Mgmt IP    10.0.0.1",
            "  3 Mgmt mask  255.0.0.0",
            "  ! Port changes are frozen until Monday.",
            "Submit? (Enter = submit, number = edit, .cancel):",
        ])
        // An edit from the review shows the review again, banner included.
        h.type("2", "10.0.0.9")
        #expect(h.transcript.suffix(2) == ["  ! Port changes are frozen until Monday.", "Submit? (Enter = submit, number = edit, .cancel):"])
        h.type("")
        h.respond(.accepted(status: 201, summary: nil))
        #expect(h.finished == .accepted)
        // After the next submission the old banner is gone.
        var again = WizardHarness(portSpec())
        again.type("sw1", "10.0.0.1", "255.0.0.0", "")
        again.respond(.rejected(status: 400, errors: [ServerError(path: nil, message: "Busy, try later.")]))
        again.type("")
        again.respond(.rejected(status: 422, errors: [ServerError(path: [.key("name")], message: "Unknown switch.")]))
        again.type("sw3")
        #expect(!again.transcript.suffix(5).contains("  ! Busy, try later."))
    }

    @Test("Enter at the review with the values the server refused says what to do; .retry sends them anyway")
    func unchangedResubmit() throws {
        var h = WizardHarness(portSpec())
        h.type("sw1", "10.0.0.1", "255.0.0.0", "")
        h.respond(.rejected(status: 422, errors: [ServerError(path: nil, message: "Wrong username or password.", code: "invalid_credentials")]))
        h.type("")
        #expect(h.submissions.count == 1, "the same values are not sent again")
        #expect(h.transcript.contains { $0.hasPrefix("  ! Nothing has changed since the server refused these values") })
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
        h.type(".done")
        #expect(h.submissions.count == 1)
        h.type(".retry")
        #expect(h.submissions.count == 2)
        #expect(h.submissions[1].payload == h.submissions[0].payload)
        h.respond(.rejected(status: 422, errors: [ServerError(path: nil, message: "Wrong username or password.")]))
        // Changing a value makes Enter submit again.
        h.type("1", "sw9", "")
        #expect(h.submissions.count == 3)
    }

    @Test("a 400 or 409 with only banner lines may clear by itself: Enter sends the same values again")
    func transientRefusal() {
        var h = WizardHarness(portSpec())
        h.type("sw1", "10.0.0.1", "255.0.0.0", "")
        h.respond(.rejected(status: 409, errors: [ServerError(path: nil, message: "Another change is in progress.")]))
        h.type("")
        #expect(h.submissions.count == 2)
    }
}
