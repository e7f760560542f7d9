/// One operation of a document, as `formline operations` lists it.
package struct OpenAPIOperationSummary: Sendable, Equatable {
    /// Upper case: `POST`.
    package var method: String
    /// As written in the document: `/api/users/{id}`.
    package var path: String
    package var operationId: String?
    package var summary: String?
    /// It has a request body with a JSON media type (`application/json`, `*/*+json`).
    package var takesJSONBody: Bool

    package init(method: String, path: String, operationId: String?, summary: String?, takesJSONBody: Bool) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.summary = summary
        self.takesJSONBody = takesJSONBody
    }

    /// `POST /api/signup`: the name that always works for `--operation`.
    package var label: String { "\(method) \(path)" }
}
