import ArgumentParser
import FormCore
import FormSystem
#if canImport(Glibc)
import Glibc
#endif

/// `formline`: fill forms at a terminal, check form files, replay recorded sessions.
struct Formline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formline",
        abstract: "A plain-text, line-mode form wizard (version \(FormlineVersion.current)).",
        discussion: """
            Fill a form:      formline fill Forms/signup.yaml
            Many records:     formline fill Forms/port-entry.yaml --repeat
            Check forms:      formline check Forms/*.yaml
            Replay sessions:  formline replay Tests/Sessions
            List drafts:      formline drafts
            Unsent forms:     formline outbox; formline outbox send
            Records in bulk:  formline batch Forms/signup.yaml records.ndjson --report r.ndjson
            Answers file:     formline template Forms/signup.yaml > answers.yaml
            Explain errors:   formline explain Forms/signup.yaml capture.json
            From an API:      formline operations api.json
                              formline fill --openapi api.json --operation OP
                              formline import api.json OP > Forms/x.yaml
            Shell completion: formline --generate-completion-script bash
            """,
        version: FormlineVersion.current,
        subcommands: [
            FillCommand.self, CheckCommand.self, ReplayCommand.self, DraftsCommand.self, ExplainCommand.self,
            TemplateCommand.self, OperationsCommand.self, ImportCommand.self, OutboxCommand.self, BatchCommand.self,
        ]
    )

    /// Like ParsableCommand.main, but usage errors exit 2 (docs/drafts.md, "Exit status"), not
    /// EX_USAGE.
    static func main() {
        let arguments = ResumeNumberArgument.rewrite(Array(CommandLine.arguments.dropFirst()))
        // The everyday `fill FORM [options]` skips argument-parser's reflection (QuickFillArguments).
        if let options = QuickFillArguments.parse(arguments) {
            Glibc.exit(FillSession(options: options).run().rawValue)
        }
        if let problem = CommandLineAdvice.unknownCommand(arguments) {
            StandardError.write("formline: \(problem)\n")
            Glibc.exit(2)
        }
        do {
            var command = try parseAsRoot(CommandLineAdvice.negativeValuesInline(arguments))
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                if FillCommand.wantsJSON(arguments) {
                    // `fill --output json` has its one document at every ending, a usage error too.
                    FillCommand.writeUsageDocument(message(for: error))
                }
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// The executable's entry point (`Sources/formline/main.swift`); the commands live in this
/// library so tests can compare the two readers of the command line.
package enum FormlineMain {
    package static func run() -> Never {
        // Before anything opens a file or a pipe: 0, 1 and 2 must not be handed out as those.
        _ = StandardDescriptors.closedAtStart
        // Before any secret is read or any document fetched: no core dump can hold one.
        CoreDumpGuard.install()
        // The locale's language for every command's sentences; `fill` chooses its own (`--lang`)
        // and replay each transcript's (docs/languages.md).
        let language = MessageLanguage.chosen(argument: nil, environment: ProcessEnvironment.current, plain: false) ?? .english
        language.speaking { Formline.main() }
        Glibc.exit(0)
    }
}
