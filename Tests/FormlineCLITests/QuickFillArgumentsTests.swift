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
        ["fill", "a.yaml", "--set", "age=42", "--set=address.city=Oslo", "--set", "note=a=b"],
        ["fill", "--no-input", "a.yaml", "--set", "empty="],
        ["fill", "help"],
        ["fill", ""],
        ["fill", "-\u{301}x.yaml"],  // a dash with a combining accent is one character, not "-"
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
        ["fill", "a.yaml", "--answers", "x.yaml", "--record", "r.session"], ["fill", "a.yaml", "--answers", "x", "--answers", "y"], ["fill", "a.yaml", "--keep-asking=yes"],
        ["fill", "a.yaml", "-p"], ["fill", "--version", "a.yaml"], ["fill", "a.yaml", "--generate-completion-script", "bash"],
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

    @Test func optionsCarryEveryValue() throws {
        let quick = try #require(QuickFillArguments.parse([
            "fill", "f.yaml", "--endpoint", "http://127.0.0.1:1", "--header", "A: 1", "--header", "B: 2",
            "--timeout", "4", "--plain", "--record", "r.session", "--draft", "d.json", "--output", "json",
        ]))
        var expected = FillOptions(form: "f.yaml")
        expected.endpoint = "http://127.0.0.1:1"
        expected.headers = ["A: 1", "B: 2"]
        expected.timeout = 4
        expected.plain = true
        expected.record = "r.session"
        expected.draft = "d.json"
        expected.output = .json
        #expect(quick == expected)
    }
}
