/// Takes a schema apart into a `SchemaNode`: follows `$ref`s, merges `allOf`, reads nullable in
/// all its spellings, and splits unions. Every problem is recorded with its pointer.
struct SchemaReader {
    let document: OpenAPIDocument
    /// How many schema objects one form may visit: bounds the work of diamond-shaped references
    /// and long `allOf` lists in a hostile document.
    static let maximumVisits = 200_000
    var visits = 0
    var problems: [OpenAPIProblem] = []
    let operationLabel: String

    init(document: OpenAPIDocument, operationLabel: String) {
        self.document = document
        self.operationLabel = operationLabel
    }

    mutating func problem(_ pointer: String, _ message: String) {
        let p = OpenAPIProblem(pointer: pointer, message: message, operation: operationLabel)
        if !problems.contains(p) { problems.append(p) }
    }

    /// `ancestors` are the pointers of the schemas being translated above this one: a reference
    /// back to one of them is recursive.
    mutating func read(_ value: DocValue, at pointer: String, ancestors: Set<String>, depth: Int = 0) throws(OpenAPIError) -> SchemaNode {
        visits += 1
        guard visits <= Self.maximumVisits else {
            throw .tooLarge("over \(Self.maximumVisits) schemas visited for one operation (references fanning out?)")
        }
        let resolved: DocValue, at: String
        do {
            (resolved, at) = try document.resolve(value, at: pointer)
        } catch {
            problem(error.pointer, error.message)
            return SchemaNode(object: DocObject(), pointer: pointer, recursive: error.message.contains("leads back"))
        }
        if ancestors.contains(at) || depth > 32 {
            return SchemaNode(object: resolved.object ?? DocObject(), pointer: at, recursive: true)
        }
        // `true` is any value, `false` none (3.1 boolean schemas).
        guard var object = resolved.object else { return SchemaNode(object: DocObject(), pointer: at) }
        var node = SchemaNode(object: object, pointer: at)
        node.source = resolved

        if let all = object["allOf"]?.array {
            for (i, branch) in all.enumerated() {
                let b = try read(branch, at: JSONPointer.appending(at, "allOf", String(i)), ancestors: ancestors.union([at]), depth: depth + 1)
                if b.recursive { node.recursive = true }
                merge(b, into: &object, at: at)
                if b.nullable && all.count == 1 { node.nullable = true }
            }
            object.remove("allOf")
        }

        // Nullable, in every spelling.
        if object["nullable"]?.bool == true { node.nullable = true }
        var types: [String] = []
        if let t = object["type"]?.string { types = [t] }
        if let list = object["type"]?.array { types = list.compactMap(\.string) }
        if types.contains("null") { node.nullable = true }
        types.removeAll { $0 == "null" }
        if var values = object["enum"]?.array, values.contains(.null) {
            node.nullable = true
            values.removeAll { $0 == .null }
            object.set("enum", .array(values))
        }

        for keyword in ["oneOf", "anyOf"] {
            guard let list = object[keyword]?.array else { continue }
            var branches: [SchemaNode] = []
            for (i, branch) in list.enumerated() {
                let b = try read(branch, at: JSONPointer.appending(at, keyword, String(i)), ancestors: ancestors.union([at]), depth: depth + 1)
                if b.types.isEmpty && b.object["type"]?.string == "null" || b.isOnlyNull {
                    node.nullable = true
                    continue
                }
                if b.nullable { node.nullable = true }
                branches.append(b)
            }
            object.remove(keyword)
            if branches.count == 1, let only = branches.first {
                if only.recursive { node.recursive = true }
                merge(only, into: &object, at: at)
                if types.isEmpty { types = only.types }
                if let b = only.branches { node.branches = b; node.discriminated = only.discriminated }
            } else if branches.count > 1 {
                node.branches = branches
                if object["discriminator"] != nil || (keyword == "oneOf" && branches.contains { $0.type == "object" }) {
                    node.discriminated = true
                }
            }
        }
        if types.isEmpty { types = Self.inferredTypes(object) }
        node.object = object
        node.types = types
        return node
    }

    /// `allOf` and single-branch unions: a branch's keywords join the schema's. Properties are
    /// merged by name, `required` lists joined; where both say the same keyword differently the
    /// schema's own (or the earlier branch's) wins and the disagreement is a problem.
    private mutating func merge(_ branch: SchemaNode, into object: inout DocObject, at pointer: String) {
        var source = branch.object
        if !branch.types.isEmpty, source["type"] == nil || source["type"]?.array != nil {
            source.set("type", branch.types.count == 1 ? .string(branch.types[0]) : .array(branch.types.map(DocValue.string)))
        }
        if branch.nullable { source.set("nullable", .bool(true)) }
        for (key, value) in source.members {
            switch key {
            case "properties":
                var mine = object["properties"]?.object ?? DocObject()
                for (name, schema) in value.object?.members ?? [] {
                    if let existing = mine[name], existing != schema {
                        mine.set(name, .object(DocObject(members: [("allOf", .array([existing, schema]))])))
                    } else {
                        mine.set(name, schema)
                    }
                }
                object.set("properties", .object(mine))
            case "required":
                var names = object["required"]?.array ?? []
                for n in value.array ?? [] where !names.contains(n) { names.append(n) }
                object.set("required", .array(names))
            case "title", "description", "default", "example", "examples", "readOnly", "writeOnly", "nullable", "$schema", "$id":
                if object[key] == nil { object.set(key, value) }
            default:
                if let existing = object[key] {
                    if existing != value {
                        problem(branch.pointer, "allOf branches disagree on \(key) (\(existing.compactText) and \(value.compactText)); the form uses \(existing.compactText) and the server decides")
                    }
                } else {
                    object.set(key, value)
                }
            }
        }
    }

    /// The type a schema without `type` has by its keywords (generators often leave it out).
    static func inferredTypes(_ object: DocObject) -> [String] {
        if object["properties"] != nil || object["additionalProperties"] != nil { return ["object"] }
        if object["items"] != nil { return ["array"] }
        if let values = object["enum"]?.array ?? object["const"].map({ [$0] }), !values.isEmpty {
            if values.allSatisfy({ $0.string != nil }) { return ["string"] }
            if values.allSatisfy({ $0.number.map { !$0.contains(".") && !$0.contains("e") && !$0.contains("E") } ?? false }) { return ["integer"] }
            if values.allSatisfy({ $0.number != nil }) { return ["number"] }
            if values.allSatisfy({ $0.bool != nil }) { return ["boolean"] }
            return []
        }
        if object["format"] != nil || object["pattern"] != nil || object["minLength"] != nil || object["maxLength"] != nil { return ["string"] }
        if object["minimum"] != nil || object["maximum"] != nil || object["exclusiveMinimum"] != nil || object["exclusiveMaximum"] != nil { return ["number"] }
        return []
    }
}

extension SchemaNode {
    /// `{type: null}`, `{enum: [null]}`, `{const: null}`: the null branch of a union.
    var isOnlyNull: Bool {
        if object["type"]?.string == "null" { return true }
        if object["const"] == .null { return true }
        if let e = object["enum"]?.array, e.isEmpty, nullable { return true }
        return types.isEmpty && nullable && object["properties"] == nil && branches == nil && object["enum"] == nil
            && !object.keys.contains { !["nullable", "type", "title", "description", "enum"].contains($0) }
    }
}

extension DocObject {
    init(members: [(String, DocValue)]) {
        self.init()
        for (k, v) in members { set(k, v) }
    }
}
