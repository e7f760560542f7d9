import ArgumentParser

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
}
