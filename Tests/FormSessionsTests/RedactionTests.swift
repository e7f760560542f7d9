import FormCore
import FormSessions
import FormRunner
import Testing

/// A secret typed, rejected locally, retyped, rejected by the server (which echoes it) and typed
/// a third time: none of the values may reach the transcript.
@Suite struct RedactionTests {
    @Test func noSecretValueEverReachesTheTranscript() {
        let echo = ScriptedTransport([
            { request in
                let password = request.payload["password"]?.stringValue ?? ""
                let body = "{\"password\":[{\"code\":\"weak\",\"message\":\"'\(password)' is too common\"}]}"
                return .success(TransportResponse(status: 422, contentType: "application/json", body: Array(body.utf8)))
            },
            { request in
                let password = request.payload["password"]?.stringValue ?? ""
                return .success(TransportResponse(status: 201, contentType: "text/plain", body: Array("created; password=\(password)".utf8)))
            },
        ])
        let (text, status) = Fixtures.record(Fixtures.signup, lines: .lines(
            "alice", "alice@example.com", "short1", "correct-horse-1", "", "", "",
            "better-horse-2", ""), transport: echo)
        #expect(status == .accepted)
        for secret in ["short1", "correct-horse-1", "better-horse-2"] {
            #expect(!text.contains(secret), "\(secret) leaked into:\n\(text)")
        }
        // The refused line is marked so that a replay is refused there too (issue 33 item 11).
        #expect(text.contains("\n>* [password: refused]\n  ! At least 8 characters\nPassword:\n>* [password]\n"))
        #expect(text.contains("<= 422 application/json {\"password\":[{\"code\":\"weak\",\"message\":\"'[password]' is too common\"}]}"))
        #expect(text.contains("    ! '[password]' is too common"))
        #expect(text.contains("Password [keep]:\n>* [password]\n"))
        #expect(text.contains("<= 201 text/plain created; password=[password]"))
    }
}

@Suite struct SecretPromptCommandTests {
    @Test func commandsAndEmptyLinesAtASecretPromptAreRecordedAsTyped() {
        let (text, status) = Fixtures.record(Fixtures.signup, lines: .lines(
            "bob", "bob@example.com", "correct-horse-1", ".back", "", ".cancel"), formPath: "signup.yaml")
        #expect(status == .cancelled)
        #expect(text.hasSuffix("""
            Password:
            >* [password]
            Age (optional, 13-120):
            > .back
            Password [keep]:
            >
            Age (optional, 13-120):
            > .cancel
            #! exit 1

            """))
        #expect(Replayer(loadForm: Fixtures.loadForm).replay(text: text, path: "t.session").passed)
    }

    @Test func anUnknownCommandAtASecretPromptIsRecordedAsAStandIn() {
        #expect(Wizard.transcriptText(forSecretPromptLine: ".cancel") == ".cancel")
        #expect(Wizard.transcriptText(forSecretPromptLine: "") == "")
        #expect(Wizard.transcriptText(forSecretPromptLine: "?") == "?")
        #expect(Wizard.transcriptText(forSecretPromptLine: ".hunter2") == ".?")
        #expect(Wizard.transcriptText(forSecretPromptLine: "..hunter2") == nil)
        #expect(Wizard.transcriptText(forSecretPromptLine: " ") == nil)
    }
}
