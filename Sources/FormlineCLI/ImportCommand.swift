import ArgumentParser
import FormCore
import FormOpenAPI
import FormSystem

/// `formline import DOC OP > Forms/x.yaml`: the form file `fill --openapi DOC --operation OP`
/// would fill, to keep in git and add to (labels, server_codes, conditions, a fake).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Print the form file built from an OpenAPI operation.",
        discussion: """
            The form is the one fill --openapi DOC --operation OP fills, commented where the schema \
            says something a form cannot (with the JSON pointer and why); the same notes go to \
            stderr. Redirect it to a file: formline import api.json createUser > Forms/user.yaml. \
            Exit status: 0 printed (notes or not), 2 the document cannot be read, is not OpenAPI, \
            has no such operation or the operation cannot be a form at all, 3 a URL could not be fetched.
            """)

    @Argument(help: ArgumentHelp("The OpenAPI document: a file or an http(s) URL (JSON or YAML).", valueName: "doc"))
    var document: String
    @Argument(help: ArgumentHelp("The operation: an operationId or \"METHOD /path\".", valueName: "op"))
    var operation: String
    @Flag(help: "Fetch the URL again now, even if the cached copy has not expired (15 minutes).") var refresh = false

    func run() throws {
        let bytes = try OpenAPIDocumentReading.bytes(document, refresh: refresh)
        let form: OpenAPIFormFile
        do {
            form = try OpenAPIForms.formFile(
                from: bytes, documentName: OpenAPIFormDeriver.documentName(of: document), operation: operation)
        } catch {
            StandardError.write("formline: \(TextCleaning.visible(document)): \(TextCleaning.visible("\(error)"))\n")
            throw ExitCode(2)
        }
        for problem in form.problems {
            StandardError.write(TextCleaning.visible("\(document)\(problem)") + "\n")
        }
        print(form.yaml, terminator: form.yaml.hasSuffix("\n") ? "" : "\n")
    }
}
