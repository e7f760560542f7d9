import ArgumentParser
import FormCore
import FormOpenAPI
import FormSystem

/// `formline operations DOC`: the operations of an OpenAPI document that take a JSON body, the
/// ones `fill --openapi DOC --operation OP` and `import` can build a form for.
///
/// ```
/// $ formline operations http://127.0.0.1:8080/openapi.json
/// POST  /drf/signup      signupDrf      Create an account (DRF-style errors)
/// ```
struct OperationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operations",
        abstract: "List the operations of an OpenAPI document that take a request body.",
        discussion: """
            One line per operation: method, path, operationId (- when it has none) and summary. \
            Either the operationId or "METHOD /path" names it for fill --openapi and import. \
            Operations without a JSON body are left out: formline sends JSON only. \
            Exit status: 0 listed, 2 the document cannot be read or is not OpenAPI 3.0/3.1, \
            3 a URL could not be fetched.
            """)

    @Argument(help: ArgumentHelp("The OpenAPI document: a file or an http(s) URL (JSON or YAML).", valueName: "doc"))
    var document: String
    @Flag(help: "Fetch the URL again now, even if the cached copy has not expired (15 minutes).") var refresh = false

    func run() throws {
        let bytes = try OpenAPIDocumentReading.bytes(document, refresh: refresh)
        let operations: [OpenAPIOperationSummary]
        do {
            operations = try OpenAPIForms.operations(in: bytes)
        } catch {
            StandardError.write("formline: \(TextCleaning.visible(document)): \(TextCleaning.visible("\(error)"))\n")
            throw ExitCode(2)
        }
        print(Self.table(operations), terminator: "")
    }

    /// Aligned columns; text from the document is made one visible line (rule 10a).
    static func table(_ operations: [OpenAPIOperationSummary]) -> String {
        let rows: [[String]] = operations.compactMap { op in
            guard op.takesJSONBody else { return nil }
            return [op.method, TextCleaning.oneLine(op.path, limit: 200), TextCleaning.oneLine(op.operationId ?? "-", limit: 120),
                    TextCleaning.oneLine(op.summary ?? "", limit: 120)]
        }
        guard !rows.isEmpty else { return CLIMessage.noOperationWithBody.text + "\n" }
        var widths = [0, 0, 0]
        for row in rows { for i in 0..<3 { widths[i] = max(widths[i], row[i].count) } }
        return rows.map { row in
            (0..<3).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }.joined(separator: "  ")
                + "  " + row[3]
        }.map { $0.trimmedWhitespace + "\n" }.joined()
    }
}
