@testable import FormCore
import FormSessions
import FormRunner
import Testing

/// What the secret scrubber leaves alone: operator lines (what the replay types), a secret the
/// operator also typed at a non-secret prompt, and values under 4 characters.
@Suite struct ScrubbingTests {
    let replayer = Replayer(loadForm: Fixtures.loadForm)

    /// The login form's fake server, but quoting the password back in its error.
    static func echoingLogin() -> ScriptedTransport {
        let reject: (TransportRequest) -> Result<TransportResponse, TransportFailure> = { request in
            let password = request.payload["password"]?.stringValue ?? ""
            let body = "{\"non_field_errors\":[{\"code\":\"invalid_credentials\",\"message\":\"'\(password)' is wrong\"}]}"
            return .success(TransportResponse(status: 422, contentType: "application/json", body: Array(body.utf8)))
        }
        return ScriptedTransport([reject, reject])
    }

    /// The review's case: username bob, password bob. The username line used to be recorded as
    /// `> [password]`, and the replay then typed "[password]" as the username.
    @Test func aShortPasswordEqualToTheUsernameLeavesTheUsernameAlone() {
        let (text, status) = Fixtures.record(Fixtures.login, lines: .lines("bob", "bob", "", ".cancel"), formPath: "login.yaml")
        #expect(status == .cancelled)
        #expect(text.contains("Username:\n> bob\nPassword:\n>* [password]\n"))
        #expect(text.contains("  1 Username  bob\n"))
        #expect(text.contains("=> POST /api/login {\"password\":\"[password]\",\"username\":\"bob\"}\n"))
        #expect(text.contains("  ! Wrong username or password.\n"))
        let result = replayer.replay(text: text, path: "t.session")
        #expect(result.passed, "\(result.report)")
    }

    /// A password typed at the username prompt is the operator's input there: it is written as
    /// typed (it must replay), and since it is in the file already, its other copies (the review,
    /// the server's echo) are left alone too, so the replay shows the same.
    @Test func aPasswordTypedAtTheUsernamePromptIsRecordedAsTypedAndReplays() {
        let (text, _) = Fixtures.record(Fixtures.login, lines: .lines("hunter22", "hunter22", "", ".cancel"),
                                        transport: Self.echoingLogin(), formPath: "login.yaml")
        #expect(text.contains("Username:\n> hunter22\nPassword:\n>* [password]\n"))
        #expect(text.contains("  1 Username  hunter22\n"))
        #expect(text.contains("\"message\":\"'hunter22' is wrong\""))
        #expect(!text.contains("\"username\":\"[password]\""))
        let result = replayer.replay(text: text, path: "t.session")
        #expect(result.passed, "\(result.report)")
    }

    /// A password typed only at the password prompt is still scrubbed everywhere, even when the
    /// username is a part of it.
    @Test func aSecretTypedOnlyAtItsPromptIsStillScrubbed() {
        let (text, _) = Fixtures.record(Fixtures.login, lines: .lines("bob", "bob-hunter-2", "", ".cancel"),
                                        transport: Self.echoingLogin(), formPath: "login.yaml")
        #expect(!text.contains("bob-hunter-2"), "leaked into:\n\(text)")
        #expect(text.contains("Username:\n> bob\n"))
        #expect(text.contains("<= 422 application/json {\"non_field_errors\":[{\"code\":\"invalid_credentials\",\"message\":\"'[password]' is wrong\"}]}\n"))
        #expect(text.contains("  ! '[password]' is wrong\n"))
    }

    /// A password equal to a `--set` answer (`#! set: username=repair`) is in the file already,
    /// in that directive: its other copies stay, since the replay shows the value as set (found by
    /// BinarySessionFuzzTests: the review said `Username  [password]`, the replay `repair`).
    @Test func aSecretEqualToASetAnswerIsLeftAlone() {
        let recorder = TranscriptRecorder(formPath: "f.yaml", sets: [SetAnswer(name: "username", value: "repair")])
        recorder.output(OutputLine("  1 Username  repair"))
        recorder.request(Submission(
            method: "POST", path: "/api/login", payload: .object(["password": .string("repair"), "username": .string("repair")]),
            transcriptPayload: .object(["password": .string("[password]"), "username": .string("repair")]),
            displayPayload: .object(["password": .string("********")]), attempt: 1))
        let lines = Array(recorder.lines.dropFirst(3))
        #expect(lines == ["  1 Username  repair", #"=> POST /api/login {"password":"[password]","username":"repair"}"#])
    }

    /// Under 4 characters a secret is too likely to be part of ordinary words to replace.
    @Test func secretsShorterThanFourCharactersAreNotReplaced() {
        for (secret, scrubbed) in [("abc", false), ("abcd", true)] {
            let recorder = TranscriptRecorder(formPath: "f.yaml")
            recorder.output(OutputLine("abcd in a line, but not inside abcdef"))
            recorder.request(Submission(
                method: "POST", path: "/api/login", payload: .object(["password": .string(secret)]),
                transcriptPayload: .object(["password": .string("[password]")]),
                displayPayload: .object(["password": .string("********")]), attempt: 1))
            recorder.response(.success(TransportResponse(status: 422, contentType: "text/plain", body: Array("'\(secret)' is wrong".utf8))))
            let lines = Array(recorder.lines.dropFirst(2))
            #expect(lines[1] == "=> POST /api/login {\"password\":\"[password]\"}")
            if scrubbed {
                #expect(lines[0] == "[password] in a line, but not inside abcdef", "whole occurrences only")
                #expect(lines[2] == "<= 422 text/plain '[password]' is wrong")
            } else {
                #expect(lines[0] == "abcd in a line, but not inside abcdef")
                #expect(lines[2] == "<= 422 text/plain 'abc' is wrong")
            }
        }
    }

    /// Operator lines are never scrubbed, even when they contain a secret learned later; that
    /// secret's other copies are then left alone as well.
    @Test func operatorLinesAreNeverScrubbed() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.prompt("Note: ")
        recorder.input("my password is hunter22")
        recorder.output(OutputLine("Note: my password is hunter22"))
        recorder.request(Submission(
            method: "POST", path: "/x", payload: .object(["password": .string("hunter22")]),
            transcriptPayload: .object(["password": .string("[password]")]),
            displayPayload: .object(["password": .string("********")]), attempt: 1))
        #expect(Array(recorder.lines.dropFirst(3)) == [
            "> my password is hunter22", "Note: my password is hunter22", "=> POST /x {\"password\":\"[password]\"}",
        ])
    }
}
