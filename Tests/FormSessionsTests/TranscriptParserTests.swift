import FormSessions
import FormRunner
import Testing

@Suite struct TranscriptParserTests {
    @Test func readsEveryKindOfLine() throws {
        let text = """
            #! formline-session 1
            # a comment
            #! form: ../../Forms/signup.yaml
            #! args: --plain --output json
            #! secret password = short
            Create an account  (5 fields; ? for help)
            Username:
            > ad
            >
            Password:
            >* [password]
            \\> escaped output
            => POST /api/signup {"a":1}
            <= 422 application/json {"username":["taken"]}
            <= 500 - line one\\nline two
            <= 302 -> https://example.com/x text/html <b>moved</b>
            <= !timeout
            <= !refused
            <= !error TLS failed
            #! eof
            #! interrupt
            #! interrupt SIGTERM
            #! exit 4

            """
        let transcript = try TranscriptParser.parse(text, file: "t.session")
        #expect(transcript.formPath == "../../Forms/signup.yaml")
        #expect(transcript.args == ["--plain", "--output", "json"])
        #expect(transcript.secrets == ["password": "short"])
        #expect(transcript.lines.count == 23)
        #expect(transcript.lines.map(\.number) == Array(1...23))
        let kinds = transcript.lines.map(\.kind)
        #expect(kinds[1] == .comment)
        #expect(kinds[5] == .output("Create an account  (5 fields; ? for help)"))
        #expect(kinds[7] == .input("ad"))
        #expect(kinds[8] == .input(""))
        #expect(kinds[10] == .secretInput(field: "password"))
        #expect(kinds[11] == .output("> escaped output"))
        #expect(kinds[12] == .request)
        #expect(kinds[13] == .response(.success(TransportResponse(status: 422, contentType: "application/json",
                                                                  body: Array("{\"username\":[\"taken\"]}".utf8)))))
        #expect(kinds[14] == .response(.success(TransportResponse(status: 500, contentType: nil, body: Array("line one\nline two".utf8)))))
        #expect(kinds[15] == .response(.success(TransportResponse(status: 302, contentType: "text/html",
                                                                  body: Array("<b>moved</b>".utf8), location: "https://example.com/x"))))
        #expect(kinds[16] == .response(.failure(.timeout)))
        #expect(kinds[17] == .response(.failure(.refused)))
        #expect(kinds[18] == .response(.failure(.error("TLS failed"))))
        #expect(kinds[19] == .endOfInput)
        #expect(kinds[20] == .interrupt(signal: 2))
        #expect(kinds[21] == .interrupt(signal: 15))
        #expect(kinds[22] == .exit(4))
    }

    @Test(arguments: [
        ("", "t.session:1: empty transcript: it must start with \"#! formline-session 1\""),
        ("hello\n", "t.session:1: not a formline transcript: the first line must be \"#! formline-session 1\""),
        ("#! formline-session 3\n", "t.session:1: unsupported transcript version \"3\" (this formline reads versions 1 and 2)"),
        ("#! formline-session 1\nHi\n", "t.session:1: no \"#! form: PATH\" line: which form does this session fill?"),
        ("#! formline-session 1\n#! form: f.yaml\n#! frobnicate\n", "t.session:3: unknown directive \"#! frobnicate\""),
        ("#! formline-session 1\n#! form: f.yaml\n#bad\n", "t.session:3: a comment starts with \"# \"; output starting with # is written \\#"),
        ("#! formline-session 1\n#! form: f.yaml\n>x\n", "t.session:3: an operator line starts with \"> \" (or is \">\" alone for an empty line)"),
        ("#! formline-session 1\n#! form: f.yaml\n>* hunter2\n", "t.session:3: a secret line is \">* [name]\": the value is never written"),
        ("#! formline-session 1\n#! form: f.yaml\n<= ok\n", "t.session:3: a response line is \"<= STATUS CONTENT-TYPE BODY\", \"<= !timeout\", \"<= !refused\" or \"<= !error MESSAGE\""),
        ("#! formline-session 1\n#! form: f.yaml\n#! exit soon\n", "t.session:3: #! exit needs a number, not \"soon\""),
        ("#! formline-session 1\n#! form: f.yaml\n#! secret password\n", "t.session:3: #! secret needs NAME = VALUE"),
    ])
    func mistakesNameTheLine(text: String, message: String) {
        #expect(throws: TranscriptError.self) { try TranscriptParser.parse(text, file: "t.session") }
        do {
            _ = try TranscriptParser.parse(text, file: "t.session")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func carriageReturnsAreIgnored() throws {
        let transcript = try TranscriptParser.parse("#! formline-session 1\r\n#! form: f.yaml\r\nHi\r\n")
        #expect(transcript.lines.last?.kind == .output("Hi"))
    }
}
