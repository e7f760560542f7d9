import FormCore
import FormFiles
import FormRunner
import FormlineTesting
import Testing

/// The worked example of docs/embedding.md, run: a form file loaded, the wizard made as `fill`
/// makes it, and the session driven by `ScriptedLines` with the in-process fake server. It names
/// only the embedder's modules (no FormSessions).
@Suite("docs/embedding.md: a session in your program")
struct EmbeddingExampleTests {
    final class Output: @unchecked Sendable {
        var text = ""
    }

    /// `fill(formAt:source:)` of the page, with the output kept for the test.
    func fill(formAt path: String, source: any LineSource, output: Output) -> FormCore.ExitStatus {
        let spec: FormSpec
        switch FormFileLoader.load(path: path) {
        case .success(let loaded): spec = loaded
        case .failure(let errors):
            output.text += errors.description
            return .usage
        }
        let setup = SessionSetup(flags: SessionSetup.Flags(), interactive: source.isInteractive)
        let (wizard, _) = setup.makeWizard(spec: spec)
        let edges = SessionDriver.Edges(source: source, transport: FakeTransport(form: spec),
                                        write: { output.text += $0 })
        return SessionDriver(wizard: wizard, edges: edges).run()
    }

    @Test("ScriptedLines answers each prompt in turn and the fake server accepts")
    func accepted() {
        let lines = ScriptedLines(["bob_smith", "bob@example.com", "s3cretpass", "", "", ""])
        let output = Output()
        #expect(fill(formAt: "Forms/signup.yaml", source: lines, output: output) == .accepted)
        #expect(lines.prompts.map(\.text) == [
            "Username: ", "Email: ", "Password: ", "Age (optional, 13-120): ", "Country [Norway]: ",
            "Submit? (Enter = submit, number = edit, .cancel): ",
        ])
        #expect(lines.leftOver.isEmpty)
        #expect(output.text.hasSuffix("Submitting... accepted (201) id=1\n"), "\(output.text)")
    }

    @Test("when the lines run out the session ends as on Ctrl-D; a form file's mistakes come back")
    func endOfInputAndBadForm() {
        let lines = ScriptedLines(["bob_smith"])
        #expect(fill(formAt: "Forms/signup.yaml", source: lines, output: Output()) == .endOfInput)
        #expect(lines.prompts.map(\.text) == ["Username: ", "Email: "])
        let missing = Output()
        #expect(fill(formAt: "Forms/no-such-form.yaml", source: ScriptedLines([]), output: missing) == .usage)
        #expect(missing.text.hasPrefix("Forms/no-such-form.yaml"), "\(missing.text)")
    }
}
