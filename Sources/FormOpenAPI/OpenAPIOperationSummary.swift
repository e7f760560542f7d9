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
    /// It has a request body of any media type: what `check --openapi` examines (a body that is
    /// not JSON is an operation a form can't express).
    package var takesBody: Bool

    package init(method: String, path: String, operationId: String?, summary: String?, takesJSONBody: Bool, takesBody: Bool? = nil) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.summary = summary
        self.takesJSONBody = takesJSONBody
        self.takesBody = takesBody ?? takesJSONBody
    }

    /// `POST /api/signup`: the name that always works for `--operation`.
    package var label: String { "\(method) \(path)" }
}
