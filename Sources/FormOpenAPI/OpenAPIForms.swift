/// OpenAPI documents -> formline form files (issue 21): the one entry point the commands use.
///
/// ```swift
/// let ops = try OpenAPIForms.operations(in: bytes)                 // what `formline operations` lists
/// let form = try OpenAPIForms.formFile(from: bytes, documentName: "api.json", operation: "POST /api/signup")
/// print(form.yaml)                                                  // what `formline import` writes
/// let problems = OpenAPIForms.check(bytes)                          // what `formline check --openapi` reports
/// ```
///
/// The derived form is form-file text, so `fill --openapi` loads it through the ordinary form-file
/// loader (and may cache the text): one meaning for every rule, whichever way a form was written.
package enum OpenAPIForms {
    /// The most a form file may hold (WholeFile's limit for files a person writes).
    static let formFileLimit = 8 << 20

    /// Every operation of the document, in document order (paths as written, then get, put, post,
    /// delete, options, head, patch, trace), with whether it takes a JSON request body.
    package static func operations(in document: [UInt8]) throws(OpenAPIError) -> [OpenAPIOperationSummary] {
        try OpenAPIDocument(bytes: document).operations().map(\.summary)
    }

    /// The form file for one operation: `operation` is an operationId or `"METHOD /path"`.
    /// `documentName` is only used in the form's comments and title.
    package static func formFile(from document: [UInt8], documentName: String, operation: String) throws(OpenAPIError) -> OpenAPIFormFile {
        let doc = try OpenAPIDocument(bytes: document)
        let op = try doc.operation(named: operation)
        return try FormFileWriter(document: doc, operation: op, documentName: documentName).write()
    }

    /// Every problem of every operation that takes a body (`takesBody`: JSON or not), and
    /// problems with the document itself; empty when every such operation is fully expressed.
    ///
    /// `load`, when given, loads each derived form-file text the way `fill --openapi` would and
    /// returns its errors (`LINE:COL: message`): each is a problem of the operation, at its request
    /// body, so `check --openapi` never calls a document ok whose form does not load (issue 33
    /// item 12). A form over 8 MiB, which no form file may be, is one too.
    package static func check(_ document: [UInt8], load: ((String) -> [String])? = nil) -> [OpenAPIProblem] {
        let doc: OpenAPIDocument
        do { doc = try OpenAPIDocument(bytes: document) } catch {
            return [OpenAPIProblem(pointer: "", message: error.description)]
        }
        var problems: [OpenAPIProblem] = []
        let operations = doc.operations()
        let counts = FormFileWriter.baseIDCounts(of: operations)
        for op in operations where op.hasBody {
            do {
                let form = try FormFileWriter(document: doc, operation: op, documentName: "", baseIDCounts: counts).write()
                problems += form.problems
                let at = JSONPointer.appending(op.pointer, "requestBody")
                if form.yaml.utf8.count > formFileLimit {
                    problems.append(OpenAPIProblem(pointer: at, message: "the form built from it is larger than 8 MiB, more than a form file may be: it does not load", operation: op.summary.label))
                } else if let load {
                    for error in load(form.yaml) {
                        problems.append(OpenAPIProblem(pointer: at, message: "the form built from it does not load: \(error) (a line of what formline import writes)", operation: op.summary.label))
                    }
                }
            } catch {
                problems.append(OpenAPIProblem(pointer: error.pointer ?? op.pointer, message: error.reason, operation: op.summary.label))
            }
        }
        return problems
    }
}
