import FormCore
import FormRunner
import FormSessions
import Testing

/// Issue 33 item 11: a session whose operator mistyped a secret never replayed. The refused line
/// is recorded as `>* [name: refused]` and replayed with a value refused the same way.
@Suite struct RefusedSecretTests {
    let replayer = Replayer(loadForm: Fixtures.loadForm)

    @Test func aRecordedSessionWithAMistypedSecretReplaysLineForLine() {
        let recorded = Fixtures.record(Fixtures.signup, lines: .lines(
            "bob_smith", "bob@example.com", "short", "long-enough-1", "40", "", ""), formPath: "signup.yaml")
        #expect(recorded.status == .accepted)
        #expect(recorded.text.contains("Password:\n>* [password: refused]\n  ! At least 8 characters\nPassword:\n>* [password]\nAge"),
                "\(recorded.text)")
        let result = replayer.replay(text: recorded.text, path: "t.session")
        #expect(result.passed, "\(result.report)")
        #expect(result.diff == "")
    }

    @Test func theMarkIsParsedAndAnOldTranscriptStaysASecretLine() throws {
        let text = "#! formline-session 1\n#! form: signup.yaml\n>* [password: refused]\n>* [password]\n"
        let transcript = try TranscriptParser.parse(text, file: "t.session")
        let kinds = transcript.lines.map(\.kind).filter { if case .header = $0 { false } else { true } }
        #expect(kinds == [.refusedSecretInput(field: "password"), .secretInput(field: "password")])
    }

    @Test func theValueIsChosenByTheRefusalTheTranscriptShows() {
        let pin = Field(name: "pin", label: "PIN", type: .secret, minLength: 4, maxLength: 6)
        let tooShort = RefusedSecret.value(for: pin, accepted: "1234", shownAfter: ["  ! At least 4 characters", "PIN:"])
        #expect(tooShort.map { if case .failure(let e) = pin.parse($0) { e.message } else { "" } } == "At least 4 characters")
        let tooLong = RefusedSecret.value(for: pin, accepted: "1234", shownAfter: ["  ! At most 6 characters (this has 7)", "PIN:"])
        #expect(tooLong == "xxxxxxx")
    }

    /// Found by the binary fuzzer: a private date refused as `[birth] is not a real date` (typed
    /// with a date's shape) did not replay, since no candidate looked like a date.
    @Test func aPrivateDateRefusedAsNotARealDateGetsAValueOfADatesShape() {
        var birth = Field(name: "birth", label: "Date of birth", type: .date)
        birth.isPrivate = true
        let value = RefusedSecret.value(for: birth, accepted: "1980-05-17", shownAfter: ["  ! [birth] is not a real date", "Date of birth:"])
        #expect(value.map { if case .failure(let e) = birth.parse($0) { e.message } else { "" } } == "\(value ?? "") is not a real date")
        var count = Field(name: "count", label: "Count", type: .integer, minNumber: DecimalText("0"))
        count.isPrivate = true
        guard case .failure(let belowZero) = count.parse("-1") else {
            Issue.record("-1 passed a count of at least 0")
            return
        }
        let below = RefusedSecret.value(for: count, accepted: "3", shownAfter: ["  ! " + belowZero.message, "Count:"])
        #expect(below.map { if case .failure(let e) = count.parse($0) { e.message } else { "" } } == belowZero.message, "\(below ?? "nil")")
    }

    @Test func aRefusalByNoRuleOfTheFieldTypesAValueUnlikeTheAcceptedOne() {
        // A secret with no rules of its own: a refusal there came from a check between fields.
        let open = Field(name: "token", label: "Token", type: .secret, required: false)
        #expect(RefusedSecret.value(for: open, accepted: nil, shownAfter: ["  ! Something the field never says"]) != nil,
                "a valid value unlike the accepted one is the fallback (a check between fields)")
        let text = "#! formline-session 1\n#! form: login.yaml\nLog in  (2 fields; ? for help)\nUsername:\n> bob\nPassword:\n>* [password: refused]\n"
        let result = replayer.replay(text: text, path: "t.session")
        #expect(!result.passed)
    }
}
