import FormCore

/// The error dialect an operation's documented error responses show, where one is recognisable:
/// a media type that names it, or a well-known schema.
///
/// It is only a preference (`submit.prefer_errors` beside `errors: auto`): documents say less
/// than servers answer. Stock FastAPI documents its 422 as `HTTPValidationError` even when
/// fastapi-problem-details answers `application/problem+json`; read strictly as `fastapi`, that
/// answer's `detail` string would become one form-level error and "username taken" would miss
/// its field. As a preference, an answer that fits the guess is read as it, any other as `auto`.
enum ErrorDialectGuess {
    /// The one dialect the documented 4xx/`default` responses agree on; nil when none is
    /// recognisable or they name different ones (`auto` alone then). `disagreeing` lists the
    /// dialects when several were recognised, for the form's comment.
    static func dialect(of operation: OpenAPIOperation) -> (preferred: ErrorDialect?, disagreeing: [ErrorDialect]) {
        guard let responses = operation.object["responses"]?.object else { return (nil, []) }
        var found: [ErrorDialect] = []
        for (status, value) in responses.members where status.hasPrefix("4") || status == "default" {
            let pointer = JSONPointer.appending(operation.pointer, "responses", status)
            guard let (resolved, _) = try? operation.document.resolve(value, at: pointer),
                  let content = resolved["content"]?.object else { continue }
            for (mediaType, media) in content.members {
                if let dialect = recognise(mediaType: mediaType, media: media, operation: operation, pointer: pointer),
                   !found.contains(dialect) {
                    found.append(dialect)
                }
            }
        }
        return found.count == 1 ? (found[0], []) : (nil, found)
    }

    private static func recognise(mediaType: String, media: DocValue, operation: OpenAPIOperation, pointer: String) -> ErrorDialect? {
        let base = OpenAPIOperation.baseType(mediaType)
        if base == "application/vnd.api+json" { return .jsonapi }
        let refName = media["schema"]?["$ref"]?.string.map { String($0.split(separator: "/").last ?? "") } ?? ""
        if refName == "HTTPValidationError" { return .fastapi }
        if refName == "ValidationProblemDetails" || refName == "HttpValidationProblemDetails" { return .aspnet }
        if base == "application/problem+json" { return .problem }
        if let schema = media["schema"], let (s, _) = try? operation.document.resolve(schema, at: pointer),
           let detail = s["properties"]?["detail"], detail["type"]?.string == "array" || detail["items"] != nil,
           let (items, _) = try? operation.document.resolve(detail["items"] ?? .null, at: pointer),
           items["properties"]?["loc"] != nil, items["properties"]?["msg"] != nil {
            return .fastapi
        }
        return nil
    }
}
