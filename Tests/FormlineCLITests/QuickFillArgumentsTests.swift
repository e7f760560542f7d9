import ArgumentParser
import Testing
@testable import FormlineCLI

/// The quick reader of `fill` command lines must never disagree with argument-parser: whenever it
/// says yes, argument-parser reads the same options; when it says no, argument-parser takes over.
@Suite struct QuickFillArgumentsTests {
    /// What argument-parser makes of a command line: the fill options, or nil for anything else
    /// (an error, help, another command).
    private func parsedByArgumentParser(_ arguments: [String]) -> FillOptions? {
        guard let command = try? Formline.parseAsRoot(arguments) else { return nil }
        return (command as? FillCommand)?.options
    }

    /// Everyday command lines: the quick reader takes them, and means what argument-parser means.
    @Test(arguments: [
        ["fill", "Forms/signup.yaml"],
        ["fill", "--plain", "Forms/signup.yaml"],
        ["fill", "Forms/signup.yaml", "--resume"],
        ["fill", "Forms/signup.yaml", "--endpoint", "http://127.0.0.1:8080", "--timeout", "2.5"],
        ["fill", "--endpoint=https://example.test/api", "Forms/signup.yaml"],
        ["fill", "Forms/signup.yaml", "--header", "Authorization: Bearer x=y", "--header=X-Trace: 1"],
        ["fill", "Forms/signup.yaml", "--record", "out.session", "--plain"],
        ["fill", "Forms/signup.yaml", "--draft", "/tmp/d.json", "--output", "json"],
        ["fill", "--output=text", "a=b.yaml"],
        ["fill", "--record", "out.session", "--draft", "d.json", "a.yaml"],
        ["fill", "Forms/signup.yaml", "--timeout", "1e2"],
        ["fill", "Forms/signup.yaml", "--timeout", "3600"],
        ["fill", "Forms/signup.yaml", "--timeout=0x1p3"],
        ["fill", "Forms/signup.yaml", "--timeout", "0.001"],
        ["fill", "--output=json", "Forms/signup.yaml"],
        ["fill", "Forms/signup.yaml", "--keep-asking"],
        ["fill", "--stop-at-refusal", "a.yaml", "--plain"],
        ["fill", "a.yaml", "--answers", "answers.yaml", "--no-input"],
        // A recorded answers run at a terminal (issue 12): both readers take it.
        ["fill", "a.yaml", "--answers", "x.yaml", "--set", "age=3", "--record", "r.session"],
        ["fill", "a.yaml", "--set", "age=42", "--set=address.city=Oslo", "--set", "note=a=b"],
        ["fill", "--no-input", "a.yaml", "--set", "empty="],
        ["fill", "a.yaml", "--secret", "password=env:PW", "--secret=token=fd:3", "--no-input"],
        ["fill", "a.yaml", "--secret", "address.pin=file:/run/pin", "--header-from", "X-Token=fd:4"],
        ["fill", "Forms/signup.yaml", "--endpoint", "http://127.0.0.1:8080", "--header-from", "Authorization=env:API_AUTH"],
        ["fill", "--header-from=X-Api-Key=file:/run/secrets/key", "a.yaml", "--header-from", "Cookie=fd:3"],
        ["fill", "a.yaml", "--header", "X-Client: 1", "--header-from", "X-Token=fd:4", "--header-from", "X-Other-Token=fd:5"],
        ["fill", "a.yaml", "--header-from", "Authorization=file:relative/path:with:colons"],
        ["fill", "a.yaml", "--header", "X-Tab: a\tb"],
        ["fill", "help"],
        ["fill", ""],
        ["fill", "-\u{301}x.yaml"],  // a dash with a combining accent is one character, not "-"
        ["fill", "a.yaml", "--endpoint", "https://127.0.0.1:8443", "--ca-file", "ca.pem"],
        ["fill", "a.yaml", "--endpoint=https://h", "--client-cert", "c.pem", "--client-key=k.pem", "--ca-file=ca.pem"],
        ["fill", "--openapi", "api.json", "--operation", "createUser"],
        ["fill", "--openapi=http://127.0.0.1:8080/openapi.json", "--operation", "POST /api/signup", "--refresh", "--plain"],
        ["fill", "--operation=createUser", "--openapi", "api.yaml", "--endpoint", "http://127.0.0.1:8080", "--set", "age=3"],
        ["fill", "Forms/port-entry.yaml", "--repeat"],
        ["fill", "--repeat", "a.yaml", "--record", "run.session", "--plain"], ["fill", "a.yaml", "--set", "vlan=20", "--repeat"],
    ])
    func everydayLinesAgree(arguments: [String]) throws {
        let quick = try #require(QuickFillArguments.parse(arguments))
        #expect(quick == parsedByArgumentParser(arguments))
    }

    /// Anything unusual is left to argument-parser (help, errors, its own spellings).
    @Test(arguments: [
        [], ["fill"], ["check", "Forms/signup.yaml"], ["--help"], ["fill", "--help"], ["fill", "-h"],
        ["help", "fill"], ["fill", "a.yaml", "b.yaml"], ["fill", "--", "a.yaml"], ["fill", "-", "a.yaml"],
        ["fill", "a.yaml", "--plain", "--plain"], ["fill", "a.yaml", "--endpoint", "x", "--endpoint", "y"],
        ["fill", "a.yaml", "--endpoint"], ["fill", "a.yaml", "--endpoint", "--plain"],
        ["fill", "a.yaml", "--endpoint="], ["fill", "a.yaml", "--record", ""],
        ["fill", "a.yaml", "--plain=true"], ["fill", "a.yaml", "--timeout", "soon"],
        ["fill", "a.yaml", "--timeout", "0"], ["fill", "a.yaml", "--timeout", "-1"], ["fill", "a.yaml", "--timeout", "nan"],
        ["fill", "a.yaml", "--timeout", "inf"], ["fill", "a.yaml", "--timeout", "0.0004"],
        ["fill", "a.yaml", "--timeout", "7200"], ["fill", "a.yaml", "--output", "xml"],
        ["fill", "a.yaml", "--header", "no colon"], ["fill", "a.yaml", "--header", "Bad Name: v"],
        ["fill", "a.yaml", "--record", "r.session", "--resume"], ["fill", "a.yaml", "--unknown"],
        ["fill", "a.yaml", "--keep-asking", "--stop-at-refusal"], ["fill", "a.yaml", "--set", "age"],
        ["fill", "a.yaml", "--set", "=3"], ["fill", "a.yaml", "--no-input", "--keep-asking"],
        ["fill", "a.yaml", "--repeat", "--no-input"], ["fill", "a.yaml", "--repeat", "--draft", "d.json"], ["fill", "a.yaml", "--repeat", "--repeat"],
        ["fill", "a.yaml", "--answers", "x.yaml", "--no-input", "--record", "r.session"], ["fill", "a.yaml", "--answers", "x", "--answers", "y"], ["fill", "a.yaml", "--keep-asking=yes"],
        ["fill", "a.yaml", "--header-from", "Authorization"], ["fill", "a.yaml", "--header-from", "Authorization=Bearer tok"],
        ["fill", "a.yaml", "--header-from", "Authorization=vault:x"], ["fill", "a.yaml", "--header-from", "Bad Name=env:X"],
        ["fill", "a.yaml", "--header-from", "=env:X"], ["fill", "a.yaml", "--header-from", "A=env:"],
        ["fill", "a.yaml", "--header-from", "A=env:1X"], ["fill", "a.yaml", "--header-from", "A=file:"],
        ["fill", "a.yaml", "--header-from", "A=fd:0"], ["fill", "a.yaml", "--header-from", "A=fd:2"],
        ["fill", "a.yaml", "--header-from", "A=fd:x"], ["fill", "a.yaml", "--header-from", "A=fd:-3"],
        ["fill", "a.yaml", "--header-from", "A=fd:3", "--header-from", "B=fd:3"], ["fill", "a.yaml", "--header-from"],
        ["fill", "a.yaml", "--header", "Authorization: Bearer x\u{1}"], ["fill", "a.yaml", "--header", "X: a\u{7F}"],
        ["fill", "a.yaml", "--header", "X: a\r\nInjected: 1"],
        ["fill", "--openapi", "api.json"], ["fill", "--operation", "createUser"], ["fill", "a.yaml", "--refresh"],
        ["fill", "a.yaml", "--openapi", "api.json", "--operation", "x"], ["fill", "--openapi", "api.json", "--operation", " "],
        ["fill", "--openapi", "a.json", "--operation", "x", "--openapi", "b.json"],
        ["fill", "a.yaml", "--secret", "password=hunter2"], ["fill", "a.yaml", "--secret", "password"],
        ["fill", "a.yaml", "--secret", "=env:X"], ["fill", "a.yaml", "--secret", "pw=fd:3", "--header-from", "A=fd:3"],
        ["fill", "a.yaml", "--secret", "pw=env:X", "--record", "r.session"], ["fill", "a.yaml", "--secret"],
        ["fill", "a.yaml", "-p"], ["fill", "--version", "a.yaml"], ["fill", "a.yaml", "--generate-completion-script", "bash"],
        ["fill", "a.yaml", "--endpoint", "https://h", "--client-cert", "c.pem"],
        ["fill", "a.yaml", "--endpoint", "https://h", "--client-key", "k.pem"],
        ["fill", "a.yaml", "--ca-file", "ca.pem"], ["fill", "a.yaml", "--endpoint", "https://h", "--ca-file"],
        ["fill", "a.yaml", "--endpoint", "https://h", "--ca-file", "a", "--ca-file", "b"],
        ["fill", "a.yaml", "--endpoint", "https://h", "--ca-file", ""],
    ])
    func unusualLinesGoToArgumentParser(arguments: [String]) {
        #expect(QuickFillArguments.parse(arguments) == nil)
    }

    /// The lines the quick reader turns down are not lost: argument-parser still reads the valid
    /// ones (here: a repeated flag and an empty value), so declining only costs time.
    @Test func declinedButValidLinesStillParse() {
        #expect(parsedByArgumentParser(["fill", "a.yaml", "--plain", "--plain"])?.plain == true)
        #expect(parsedByArgumentParser(["fill", "a.yaml", "--record", ""])?.record == "")
        #expect(parsedByArgumentParser(["fill", "a.yaml", "--timeout", "7200"]) == nil)
    }

    /// The lines the quick reader turns down for a problem argument-parser reports too.
    @Test(arguments: [
        ["fill", "a.yaml", "--header-from", "Authorization=Bearer tok"], ["fill", "a.yaml", "--header-from", "A=fd:0"],
        ["fill", "a.yaml", "--header-from", "A=fd:3", "--header-from", "B=fd:3"],
        ["fill", "a.yaml", "--header", "Authorization: Bearer x\u{1}"],
    ])
    func badHeaderSourcesAreRefusedByBoth(arguments: [String]) {
        #expect(QuickFillArguments.parse(arguments) == nil)
        #expect(parsedByArgumentParser(arguments) == nil)
    }

    /// `--secret` takes a source, never the value; both readers refuse the same lines.
    @Test(arguments: [
        ["fill", "a.yaml", "--secret", "password=hunter2"], ["fill", "a.yaml", "--secret", "password"],
        ["fill", "a.yaml", "--secret", "=env:X"], ["fill", "a.yaml", "--secret", "pw=fd:3", "--header-from", "A=fd:3"],
        ["fill", "a.yaml", "--secret", "pw=env:X", "--record", "r.session"],
    ])
    func badSecretSourcesAreRefusedByBoth(arguments: [String]) {
        #expect(QuickFillArguments.parse(arguments) == nil)
        #expect(parsedByArgumentParser(arguments) == nil)
    }

    @Test func optionsCarryEveryValue() throws {
        let quick = try #require(QuickFillArguments.parse([
            "fill", "f.yaml", "--header-from", "Authorization=env:T",
            "--endpoint", "http://127.0.0.1:1", "--header", "A: 1", "--header", "B: 2",
            "--timeout", "4", "--plain", "--record", "r.session", "--draft", "d.json", "--output", "json",
        ]))
        var expected = FillOptions(form: "f.yaml")
        expected.endpoint = "http://127.0.0.1:1"
        expected.headers = ["A: 1", "B: 2"]
        expected.headerSources = ["Authorization=env:T"]
        expected.timeout = 4
        expected.plain = true
        expected.record = "r.session"
        expected.draft = "d.json"
        expected.output = .json
        #expect(quick == expected)
    }
}

/// `--resume N` (issue 22 item 2) is rewritten before either reader sees it, and both read it alike.
@Suite struct ResumeNumberArgumentTests {
    @Test func resumeNIsReadAlikeByBothReaders() throws {
        for (line, number) in [(["fill", "Forms/signup.yaml", "--resume", "2"], 2), (["fill", "--resume", "12", "Forms/signup.yaml"], 12)] {
            let rewritten = ResumeNumberArgument.rewrite(line)
            let quick = try #require(QuickFillArguments.parse(rewritten))
            #expect(quick.resume && quick.resumeNumber == number)
            let parsed = try #require((try? Formline.parseAsRoot(rewritten)) as? FillCommand)
            #expect(parsed.options == quick)
        }
    }

    @Test func onlyANumberRightAfterResumeIsTaken() {
        #expect(ResumeNumberArgument.rewrite(["fill", "--resume", "Forms/a.yaml"]) == ["fill", "--resume", "Forms/a.yaml"])
        #expect(ResumeNumberArgument.rewrite(["fill", "--resume", "+2"]) == ["fill", "--resume", "+2"])
        #expect(ResumeNumberArgument.rewrite(["fill", "a.yaml", "--resume", String(repeating: "9", count: 19)])
            == ["fill", "a.yaml", "--resume", String(repeating: "9", count: 19)])
        #expect(ResumeNumberArgument.rewrite(["check", "--resume", "2"]) == ["check", "--resume", "2"])
        #expect(ResumeNumberArgument.rewrite(["fill", "--", "--resume", "2"]) == ["fill", "--", "--resume", "2"])
    }
}

/// Issue 33 item 13: `--resume 1000` said "Unexpected argument"; it is a number out of range.
@Suite struct ResumeNumberOutOfRangeTests {
    @Test func resumeOneThousandIsNoSuchDraftNotAnUnexpectedArgument() throws {
        let line = ["fill", "a.yaml", "--resume", "1000"]
        #expect(ResumeNumberArgument.rewrite(line) == ["fill", "a.yaml", "--resume", "--resume-number", "1000"])
        var options = FillOptions(form: "a.yaml")
        options.resume = true
        options.resumeNumber = 1000
        #expect(options.problem == "--resume 1000: no such draft: drafts are numbered from 1 to 999 (formline drafts lists them)")
        // Both readers refuse it with that message (the quick one leaves it to argument-parser).
        #expect(QuickFillArguments.parse(ResumeNumberArgument.rewrite(line)) == nil)
        #expect(throws: (any Error).self) { try Formline.parseAsRoot(ResumeNumberArgument.rewrite(line)) }
    }
}
