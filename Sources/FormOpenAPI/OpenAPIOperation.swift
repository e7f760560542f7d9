/// One operation of a document, with what the form needs from it: its parameters and its body.
struct OpenAPIOperation {
    let document: OpenAPIDocument
    /// Upper case.
    let method: String
    let path: String
    let object: DocObject
    let pointer: String
    let pathItem: DocObject
    let pathItemPointer: String

    var summary: OpenAPIOperationSummary {
        OpenAPIOperationSummary(
            method: method, path: path, operationId: object["operationId"]?.string,
            summary: object["summary"]?.string ?? object["description"]?.string.map { String($0.prefix { $0 != "\n" }) },
            takesJSONBody: jsonBody != nil, takesBody: hasBody)
    }

    /// The request body after `$ref`s, and its pointer; nil when there is none (or it can't be read).
    var requestBody: (DocObject, String)? {
        guard let value = object["requestBody"],
              let (body, pointer) = try? document.resolve(value, at: JSONPointer.appending(self.pointer, "requestBody")),
              let bodyObject = body.object else { return nil }
        return (bodyObject, pointer)
    }

    var hasBody: Bool { requestBody != nil }

    /// Every media type of the body, as written.
    var contentTypes: [String] { requestBody?.0["content"]?.object?.keys ?? [] }

    /// The JSON media type's schema, its pointer, the media type, and whether the body is
    /// required; `application/json` is preferred to other `+json` types.
    var jsonBody: (schema: DocValue, pointer: String, mediaType: String, required: Bool)? {
        guard let (body, bodyPointer) = requestBody, let content = body["content"]?.object else { return nil }
        let types = content.keys
        let chosen = types.first { Self.baseType($0) == "application/json" } ?? types.first { Self.isJSON($0) }
        guard let chosen else { return nil }
        let mediaPointer = JSONPointer.appending(bodyPointer, "content", chosen)
        let schema = content[chosen]?["schema"] ?? .object(DocObject())
        return (schema, JSONPointer.appending(mediaPointer, "schema"), chosen, body["required"]?.bool ?? false)
    }

    static func baseType(_ mediaType: String) -> String {
        String(mediaType.prefix { $0 != ";" }).trimmingSpaces.lowercased()
    }

    /// `application/json`, `application/merge-patch+json`, `application/vnd.x+json`, `*/*`-less.
    static func isJSON(_ mediaType: String) -> Bool {
        let base = baseType(mediaType)
        return base == "application/json" || base.hasSuffix("+json")
    }

    /// The operation's parameters with the path item's, the operation's winning on the same
    /// name and place; each resolved, with its pointer. `unreadable`: the pointers of parameters
    /// that could not be read (a `$ref` to nothing, no `name` or `in`), each with the reason, so
    /// the caller says so rather than dropping them.
    var parameters: (found: [(DocObject, String)], unreadable: [(pointer: String, reason: String)]) {
        var result: [(DocObject, String)] = []
        var unreadable: [(pointer: String, reason: String)] = []
        func add(_ list: DocValue?, _ pointer: String) {
            guard let items = list?.array else { return }
            for (i, item) in items.enumerated() {
                let p = JSONPointer.appending(pointer, "parameters", String(i))
                let value: DocValue, resolved: String
                do {
                    (value, resolved) = try document.resolve(item, at: p)
                } catch {
                    unreadable.append((error.pointer, "the parameter can't be read: \(error.message)"))
                    continue
                }
                guard let param = value.object, let name = param["name"]?.string, let place = param["in"]?.string else {
                    unreadable.append((resolved, "a parameter needs \"name\" and \"in\""))
                    continue
                }
                result.removeAll { $0.0["name"]?.string == name && $0.0["in"]?.string == place }
                result.append((param, resolved))
            }
        }
        add(pathItem["parameters"], pathItemPointer)
        add(object["parameters"], pointer)
        return (result, unreadable)
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
