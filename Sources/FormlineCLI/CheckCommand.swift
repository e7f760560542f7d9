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

            With --openapi DOC (repeatable; a file or an http(s) URL) it checks every operation of \
            the document that takes a body: each thing a form cannot fully express is one line \
            DOC#/json/pointer: why (METHOD /path) on stderr, and one summary line per document on \
            stdout. Exit status: 0 everything checked is fully expressed, 1 some operations are \
            not (each is still filled where it can be, see docs/openapi.md), 2 a form file has an \
            error or a document cannot be read or is not OpenAPI 3.0/3.1, 3 a URL could not be fetched.
            """
    )

    @Argument(help: "Form files to check.") var forms: [String] = []
    @Option(help: ArgumentHelp("Check every operation of this OpenAPI document (repeatable).", valueName: "doc"))
    var openapi: [String] = []

    func validate() throws {
        if forms.isEmpty && openapi.isEmpty {
            throw ValidationError(CLIMessage.nameFormsToCheck.text)
        }
    }

    func run() throws {
        var failed = false
        var incomplete = false
        for document in openapi {
            let bytes: [UInt8]
            do {
                bytes = try OpenAPIDocumentReading.bytes(document, refresh: false)
            } catch let exit as ExitCode {
                if exit.rawValue == ExitStatus.transportFailed.rawValue { throw exit }
                failed = true
                continue
            }
            switch OpenAPICheck.run(document: document, bytes: bytes) {
            case .expressed(let summary): print(summary)
            case .incomplete(let summary): print(summary); incomplete = true
            case .unreadable: failed = true
            }
        }
        for path in forms {
            let report = FormFileLoader.check(path: path)
            for warning in report.warnings {
                // Escape rule 10c: a form's values (an id, a pattern) are repeated with escapes.
                StandardError.write(TextCleaning.visible("\(warning.file):\(warning.line):\(warning.column): warning: \(warning.message)") + "\n")
            }
            switch report.form {
            case .success(let form):
                let count = form.fields.count
                print(TextCleaning.visible(CLIMessage.checkOK(path: path, form: form.id, fields: count).text))
            case .failure(let errors):
                failed = true
                for error in errors.errors { StandardError.write(TextCleaning.visible(error.description) + "\n") }
            }
        }
        if failed { throw ExitCode(2) }
        if incomplete { throw ExitCode(1) }
    }
}
