import ArgumentParser
import FormCore
import FormFiles
import FormSystem

/// `formline template FORM`: prints an answers file for `fill --answers` (see `AnswersTemplate`).
struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Print an answers file for a form.",
        discussion: """
            Every field with its label, type, rules and choices as comments and its default filled \
            in; secrets are left out. Fill it in, then: formline fill FORM --answers FILE --no-input. \
            Exits 2 if the form has an error.
            """)

    @Argument(help: "The form file (YAML).") var form: String

    func run() throws {
        switch FormFileLoader.load(path: form) {
        case .success(let spec):
            print(AnswersTemplate.render(spec), terminator: "")
        case .failure(let errors):
            for error in errors.errors { StandardError.write(error.description + "\n") }
            throw ExitCode(2)
        }
    }
}
