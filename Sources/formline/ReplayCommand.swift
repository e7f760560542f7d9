import ArgumentParser

/// `formline replay SESSION...` (issue 6).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "replay", abstract: "Replay recorded sessions.")
    @Argument(help: "Session transcripts.") var sessions: [String]
    func run() throws { throw ExitCode(1) }
}
