import ArgumentParser

/// `formline check FORM...` (issue 2).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Validate form files.")
    @Argument(help: "Form files to check.") var forms: [String]
    func run() throws { throw ExitCode(2) }
}
