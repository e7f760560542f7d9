import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// `formline`: fill forms at a terminal, check form files, replay recorded sessions.
@main
struct Formline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formline",
        abstract: "A plain-text, line-mode form wizard.",
        discussion: """
            Fill a form:     formline fill Forms/signup.yaml
            Check forms:     formline check Forms/*.yaml
            Replay sessions: formline replay Tests/Sessions/*.session
            """,
        subcommands: [FillCommand.self, CheckCommand.self, ReplayCommand.self]
    )

    /// Like ParsableCommand.main, but usage errors exit 2 (design.md section 5), not EX_USAGE.
    static func main() {
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
