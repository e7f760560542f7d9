/// Why a document or an operation gives no form at all.
package enum OpenAPIError: Error, Equatable, CustomStringConvertible {
    /// Not JSON or YAML, not a mapping, or no `openapi: 3.0.x`/`3.1.x` version.
    case notOpenAPI(String)
    /// Over a size, depth or reference bound (hostile or broken document).
    case tooLarge(String)
    /// No operation has this id or `METHOD /path`; `suggestions` are the closest names.
    case unknownOperation(String, suggestions: [String])
    /// The operation has no request body, or none in JSON (`contentTypes` lists what it takes);
    /// `pointer` is the body's `content` (or the operation, when it has no body).
    case noJSONBody(operation: String, pointer: String, contentTypes: [String])
    /// The operation's body can't be a form at all (not an object, a discriminated union, ...).
    case unsupported(operation: String, pointer: String, reason: String)

    package var description: String {
        switch self {
        case .notOpenAPI(let why): return "not an OpenAPI 3.0 or 3.1 document: \(why)"
        case .tooLarge(let why): return "the document is too large to read: \(why)"
        case .unknownOperation(let name, let suggestions):
            let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.map { "\"\($0)\"" }.joined(separator: ", "))?)"
            return "no operation \"\(name)\" in the document\(hint)"
        case .noJSONBody(let op, let pointer, let types):
            if types.isEmpty { return "\(op) takes no request body, so there is nothing to fill in: #\(pointer)" }
            return "\(op) takes no JSON request body: #\(pointer): it takes \(types.joined(separator: ", ")), and formline sends JSON only"
        case .unsupported(let op, let pointer, let reason):
            return "\(op) can't be a form: #\(pointer): \(reason)"
        }
    }

    /// The reason without the operation and the pointer, for a problem that carries both
    /// (`check --openapi`: `DOC#POINTER: REASON (METHOD /path)`).
    package var reason: String {
        switch self {
        case .noJSONBody(_, _, let types):
            if types.isEmpty { return "takes no request body, so there is nothing to fill in" }
            return "takes no JSON request body: it takes \(types.joined(separator: ", ")), and formline sends JSON only"
        case .unsupported(_, _, let reason): return "can't be a form: \(reason)"
        case .notOpenAPI, .tooLarge, .unknownOperation: return description
        }
    }

    /// Where in the document the reason is, when it is about one place.
    package var pointer: String? {
        switch self {
        case .noJSONBody(_, let pointer, _), .unsupported(_, let pointer, _): return pointer
        case .notOpenAPI, .tooLarge, .unknownOperation: return nil
        }
    }
}
