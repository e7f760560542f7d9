import ArgumentParser

/// `formline fill FORM` (issue 3).
struct FillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fill", abstract: "Fill a form.")
    @Argument(help: "The form file.") var form: String
    func run() throws { throw ExitCode(2) }
}
