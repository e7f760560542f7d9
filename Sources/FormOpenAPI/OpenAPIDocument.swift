import FormCore

/// A parsed OpenAPI 3.0 or 3.1 document: its operations and its local references.
struct OpenAPIDocument {
    enum Version: Sendable { case v30, v31 }

    /// The HTTP methods of a path item, in the order the specification lists them.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// A `$ref` chain longer than this is refused (a chain of references to references).
    static let maximumReferenceHops = 64

    let root: DocValue
    let version: Version

    init(bytes: [UInt8]) throws(OpenAPIError) {
        let root = try DocumentTree.parse(bytes)
        guard root.object != nil else { throw .notOpenAPI("the top level is not a mapping") }
        if root["swagger"] != nil {
            throw .notOpenAPI("it is a Swagger 2.0 document; convert it to OpenAPI 3 first (for example with swagger2openapi)")
        }
        let raw = root["openapi"]?.string ?? root["openapi"]?.number
        guard let raw else { throw .notOpenAPI("it has no \"openapi\" version field") }
        if raw.hasPrefix("3.0") {
            version = .v30
        } else if raw.hasPrefix("3.1") {
            version = .v31
        } else {
            throw .notOpenAPI("version \"\(raw)\" (formline reads 3.0 and 3.1)")
        }
        guard root["paths"]?.object != nil || root["paths"] == nil else {
            throw .notOpenAPI("\"paths\" is not a mapping")
        }
        self.root = root
    }

    /// Every operation, in document order.
    func operations() -> [OpenAPIOperation] {
        guard let paths = root["paths"]?.object else { return [] }
        var result: [OpenAPIOperation] = []
        for (path, itemValue) in paths.members {
            let itemPointer = JSONPointer.appending("/paths", path)
            guard let (item, _) = try? resolve(itemValue, at: itemPointer), let itemObject = item.object else { continue }
            for method in Self.methods {
                guard let opValue = itemObject[method], let op = opValue.object else { continue }
                result.append(OpenAPIOperation(
                    document: self, method: method.uppercased(), path: path, object: op,
                    pointer: JSONPointer.appending(itemPointer, method), pathItem: itemObject, pathItemPointer: itemPointer))
            }
        }
        return result
    }

    /// The operation with this operationId, or this `METHOD /path` (method in any case).
    func operation(named name: String) throws(OpenAPIError) -> OpenAPIOperation {
        let all = operations()
        let named = all.filter { $0.summary.operationId == name }
        if named.count > 1 {
            // OpenAPI requires unique ids; taking the first would fill the wrong operation silently.
            throw .unsupported(operation: name, pointer: named[1].pointer,
                               reason: "operationId \"\(name)\" is used by \(named.count) operations (\(named.map(\.summary.label).joined(separator: ", "))): name one as \"METHOD /path\"")
        }
        if let op = named.first { return op }
        let words = name.split(whereSeparator: \.isWhitespace)
        if words.count == 2 {
            let method = words[0].uppercased(), path = String(words[1])
            if let op = all.first(where: { $0.method == method && $0.path == path }) { return op }
        }
        let names = all.compactMap(\.summary.operationId) + all.map(\.summary.label)
        var suggestions: [String] = []
        if let close = closestName(to: name, in: names) { suggestions.append(close) }
        let lower = name.lowercased()
        for candidate in names where suggestions.count < 3 && !suggestions.contains(candidate)
            && lower.count >= 3 && candidate.lowercased().contains(lower) {
            suggestions.append(candidate)
        }
        throw .unknownOperation(name, suggestions: suggestions)
    }

    /// Follows `$ref` (local `#/...` only) until a value that is not a reference; returns it and
    /// its pointer. Sibling keys of a 3.1 `$ref` (`description`, `title`, ...) are laid over the
    /// target. Throws a message for a reference that is external, broken, circular or too long.
    func resolve(_ value: DocValue, at pointer: String) throws(ReferenceProblem) -> (DocValue, String) {
        var current = value, currentPointer = pointer
        var overlay = DocObject()
        var seen: Set<String> = []
        for _ in 0...Self.maximumReferenceHops {
            guard let object = current.object, let ref = object["$ref"]?.string else {
                guard !overlay.isEmpty, case .object(var target) = current else { return (current, currentPointer) }
                for (k, v) in overlay.members where target[k] == nil || k == "description" || k == "title" { target.set(k, v) }
                return (.object(target), currentPointer)
            }
            for (k, v) in object.members where k != "$ref" && overlay[k] == nil { overlay.set(k, v) }
            guard ref.hasPrefix("#") else {
                throw ReferenceProblem(pointer: currentPointer, message: "external reference \"\(ref)\": formline reads references inside the document only")
            }
            let target = String(ref.dropFirst())
            guard seen.insert(target).inserted else {
                throw ReferenceProblem(pointer: currentPointer, message: "reference \"\(ref)\" leads back to itself")
            }
            guard let next = JSONPointer.resolve(target, in: root) else {
                throw ReferenceProblem(pointer: currentPointer, message: "reference \"\(ref)\" points at nothing in the document")
            }
            current = next
            currentPointer = target
        }
        throw ReferenceProblem(pointer: pointer, message: "a chain of more than \(Self.maximumReferenceHops) references")
    }
}

/// A `$ref` that can't be followed, at the pointer of the reference.
struct ReferenceProblem: Error {
    let pointer: String
    let message: String
}
