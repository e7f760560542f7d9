import ArgumentParser
import FormCore
import FormFiles
import FormSystem

/// `formline check FORM...`: loads each form file and reports every mistake in it.
///
/// ```
/// $ formline check Forms/signup.yaml Forms/broken.yaml
/// Forms/signup.yaml: ok (signup, 5 fields)
/// Forms/broken.yaml:12:11: unknown field type "emial" (did you mean "email"?)   (on stderr)
/// ```
/// Exits 2 when any form has an error, else 0.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate form files.",
        discussion: """
            Prints one line per valid form on stdout, and every error of every invalid form as \
            FILE:LINE:COL: message on stderr, with warnings (FILE:LINE:COL: warning: ...) for \
            what loads but deserves a look. Exits 2 if any form has an error; warnings alone exit 0.
            """
    )

    @Argument(help: "Form files to check.") var forms: [String]

    func run() throws {
        var failed = false
        for path in forms {
            let report = FormFileLoader.check(path: path)
            for warning in report.warnings {
                // Escape rule 10c: a form's values (an id, a pattern) are repeated with escapes.
                StandardError.write(TextCleaning.visible("\(warning.file):\(warning.line):\(warning.column): warning: \(warning.message)") + "\n")
            }
            switch report.form {
            case .success(let form):
                let count = form.fields.count
                print(TextCleaning.visible("\(path): ok (\(form.id), \(count) field\(count == 1 ? "" : "s"))"))
            case .failure(let errors):
                failed = true
                for error in errors.errors { StandardError.write(TextCleaning.visible(error.description) + "\n") }
            }
        }
        if failed { throw ExitCode(2) }
    }
}
