@testable import FormCore
import FormSessions
import FormRunner
import Testing

@Suite struct TranscriptRecorderTests {
    private func submission(_ payload: JSONValue, shown: JSONValue? = nil) -> Submission {
        Submission(method: "POST", path: "/api/signup", payload: payload, transcriptPayload: shown ?? payload,
                   displayPayload: shown ?? payload, attempt: 1)
    }

    @Test func headerNamesTheFormAndOnlyVisibleArgs() {
        let setup = SessionSetup(flags: SessionSetup.Flags(plain: true, output: .json), interactive: true)
        let recorder = TranscriptRecorder(formPath: "../../Forms/signup.yaml", args: setup.transcriptArgs)
        #expect(recorder.lines == ["#! formline-session 1", "#! form: ../../Forms/signup.yaml", "#! args: --plain --output json"])
        #expect(TranscriptRecorder(formPath: "f.yaml").lines == ["#! formline-session 1", "#! form: f.yaml"])
        #expect(SessionSetup(flags: SessionSetup.Flags(keepAsking: true), interactive: true).transcriptArgs == [])
    }

    @Test func promptsInputsAndSecretsEachTakeALine() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.prompt("Username: ")
        recorder.input("ad")
        recorder.prompt("Age (optional, 13-120): ")
        recorder.input("")
        recorder.prompt("Password: ")
        recorder.secretInput(field: "password")
        recorder.prompt("Note: ")
        recorder.input("  spaced  ")
        #expect(Array(recorder.lines.dropFirst(2)) == [
            "Username:", "> ad", "Age (optional, 13-120):", ">", "Password:", ">* [password]", "Note:", ">   spaced  ",
        ])
    }

    @Test func outputIsCleanedAndSigilsAreEscaped() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.output(OutputLine("\u{1B}[31m  ! At least 3 characters\u{1B}[0m   "))
        recorder.output(OutputLine("> not an operator line"))
        recorder.output(OutputLine("=> not a request"))
        recorder.output(OutputLine("<= not a response"))
        recorder.output(OutputLine("# not a comment"))
        recorder.output(OutputLine("\\ backslash"))
        recorder.output(OutputLine("=x and <x are fine"))
        recorder.output(OutputLine("first\nsecond  \n\nfourth"))
        #expect(Array(recorder.lines.dropFirst(2)) == [
            "  ! At least 3 characters", "\\> not an operator line", "\\=> not a request", "\\<= not a response",
            "\\# not a comment", "\\\\ backslash", "=x and <x are fine", "first", "second", "", "fourth",
        ])
    }

    @Test func aPartialLineIsWrittenOnceCompleteAfterTheExchange() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.output(OutputLine("Submitting...", endsLine: false))
        recorder.request(submission(.object(["username": .string("admin2"), "age": .number("34")])))
        recorder.response(.success(TransportResponse(status: 201, contentType: "application/json", body: Array("{ \"id\" : 1 }".utf8))))
        recorder.output(OutputLine(" accepted (201) id=1"))
        recorder.finished(.accepted)
        #expect(Array(recorder.lines.dropFirst(2)) == [
            "=> POST /api/signup {\"age\":34,\"username\":\"admin2\"}",
            "<= 201 application/json {\"id\":1}",
            "Submitting... accepted (201) id=1",
            "#! exit 0",
        ])
    }

    @Test func aPartialLineLeftOpenIsWrittenAtTheEnd() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.output(OutputLine("Submitting...", endsLine: false))
        recorder.interrupted(signal: 2)
        recorder.finished(.interrupted)
        #expect(Array(recorder.lines.dropFirst(2)) == ["#! interrupt", "Submitting...", "#! exit 130"])
    }

    @Test func responsesOfEveryKind() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.response(.success(TransportResponse(status: 422, contentType: "application/problem+json; charset=utf-8",
                                                     body: Array("{\"b\": [1, 2],\n \"a\": \"x\"}".utf8))))
        recorder.response(.success(TransportResponse(status: 500, contentType: nil, body: Array("Internal error\nat line 2 \\ oops".utf8))))
        recorder.response(.success(TransportResponse(status: 204, contentType: nil, body: [])))
        recorder.response(.success(TransportResponse(status: 302, contentType: "text/html", body: Array("<a>moved</a>".utf8),
                                                     location: "https://example.com/next")))
        recorder.response(.failure(.timeout))
        recorder.response(.failure(.refused))
        recorder.response(.failure(.error("TLS handshake failed: bad certificate")))
        recorder.endOfInput()
        recorder.interrupted(signal: 15)
        recorder.finished(.endOfInput)
        #expect(Array(recorder.lines.dropFirst(2)) == [
            "<= 422 application/problem+json;charset=utf-8 {\"a\":\"x\",\"b\":[1,2]}",
            "<= 500 - Internal error\\nat line 2 \\\\ oops",
            "<= 204 -",
            "<= 302 -> https://example.com/next text/html <a>moved</a>",
            "<= !timeout",
            "<= !refused",
            "<= !error TLS handshake failed: bad certificate",
            "#! eof",
            "#! interrupt SIGTERM",
            "#! exit 4",
        ])
    }

    @Test func knownSecretsAreScrubbedFromEveryLineEvenEchoedBack() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.prompt("Password: ")
        recorder.secretInput(field: "password")
        recorder.output(OutputLine("Submitting...", endsLine: false))
        recorder.request(submission(
            .object(["password": .string("hunter2\"x"), "username": .string("bob")]),
            shown: .object(["password": .string("[password]"), "username": .string("bob")])))
        // The server escapes the quote differently (\u0022): still caught inside the JSON.
        recorder.response(.success(TransportResponse(status: 422, contentType: "application/json",
                                                     body: Array("{\"password\":[\"'hunter2\\u0022x' is too common\"]}".utf8))))
        recorder.output(OutputLine(" rejected (422)"))
        recorder.output(OutputLine("    ! 'hunter2\"x' is too common"))
        let text = recorder.text
        #expect(!text.contains("hunter2"))
        #expect(text.contains("<= 422 application/json {\"password\":[\"'[password]' is too common\"]}"))
        #expect(text.contains("    ! '[password]' is too common"))
        #expect(text.contains("=> POST /api/signup {\"password\":\"[password]\",\"username\":\"bob\"}"))
    }
}
