import ArgumentParser
import FormSystem
#if canImport(Glibc)
import Glibc
#endif

/// `formline`: fill forms at a terminal, check form files, replay recorded sessions.
struct Formline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formline",
        abstract: "A plain-text, line-mode form wizard.",
        discussion: """
            Fill a form:     formline fill Forms/signup.yaml
            Check forms:     formline check Forms/*.yaml
            Replay sessions: formline replay Tests/Sessions/*.session
            Answers file:    formline template Forms/signup.yaml > answers.yaml
            """,
        subcommands: [FillCommand.self, CheckCommand.self, ReplayCommand.self, TemplateCommand.self]
    )

    /// Like ParsableCommand.main, but usage errors exit 2 (design.md section 5), not EX_USAGE.
    static func main() {
        // The everyday `fill FORM [options]` skips argument-parser's reflection (QuickFillArguments).
        if let options = QuickFillArguments.parse(Array(CommandLine.arguments.dropFirst())) {
            Glibc.exit(FillSession(options: options).run().rawValue)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// The executable's entry point (`Sources/formline/main.swift`); the commands live in this
/// library so tests can compare the two readers of the command line.
public enum FormlineMain {
    public static func run() -> Never {
        Formline.main()
        Glibc.exit(0)
    }
}
