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
    package static func check(_ document: [UInt8]) -> [OpenAPIProblem] {
        let doc: OpenAPIDocument
        do { doc = try OpenAPIDocument(bytes: document) } catch {
            return [OpenAPIProblem(pointer: "", message: error.description)]
        }
        var problems: [OpenAPIProblem] = []
        let operations = doc.operations()
        let counts = FormFileWriter.baseIDCounts(of: operations)
        for op in operations where op.hasBody {
            do {
                problems += try FormFileWriter(document: doc, operation: op, documentName: "", baseIDCounts: counts).write().problems
            } catch {
                problems.append(OpenAPIProblem(pointer: error.pointer ?? op.pointer, message: error.reason, operation: op.summary.label))
            }
        }
        return problems
    }
}
