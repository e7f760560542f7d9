import FormCore

/// The error dialect an operation's documented error responses show, where one is recognisable
/// (`auto` otherwise): a media type that names it, or a well-known schema.
enum ErrorDialectGuess {
    static func dialect(of operation: OpenAPIOperation) -> ErrorDialect {
        guard let responses = operation.object["responses"]?.object else { return .auto }
        for (status, value) in responses.members where status.hasPrefix("4") || status == "default" {
            let pointer = JSONPointer.appending(operation.pointer, "responses", status)
            guard let (resolved, _) = try? operation.document.resolve(value, at: pointer),
                  let content = resolved["content"]?.object else { continue }
            for (mediaType, media) in content.members {
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
            }
        }
        return .auto
    }
}
