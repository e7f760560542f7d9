import FormCore

/// Writes one operation as a form file: path parameters first, then the body's properties, then
/// `submit` (method, path with `{parameter}` placeholders, error dialect).
struct FormFileWriter {
    let document: OpenAPIDocument
    let operation: OpenAPIOperation
    let documentName: String
    /// How many of the document's operations build each base id, when the caller writes many
    /// operations of one document (`check --openapi`): counted once, not once per operation
    /// (which made checking 2,000 operations quadratic, 61 s; issue 33 item 4). Nil: counted here.
    var baseIDCounts: [String: Int]? = nil

    /// The count `baseIDCounts` holds, for every operation of `document`.
    static func baseIDCounts(of operations: [OpenAPIOperation]) -> [String: Int] {
        operations.reduce(into: [:]) { counts, op in counts[baseID(of: op), default: 0] += 1 }
    }

    func write() throws(OpenAPIError) -> OpenAPIFormFile {
        let label = operation.summary.label
        guard let method = SubmitSpec.Method(rawValue: operation.method) else {
            throw .unsupported(operation: label, pointer: operation.pointer,
                               reason: "formline submits with POST, PUT or PATCH, not \(operation.method)")
        }
        if let value = operation.object["requestBody"] {
            // A broken `$ref` is not "no request body": say which reference fails.
            do {
                _ = try operation.document.resolve(value, at: JSONPointer.appending(operation.pointer, "requestBody"))
            } catch {
                throw .unsupported(operation: label, pointer: error.pointer, reason: "its request body: \(error.message)")
            }
        }
        guard let body = operation.jsonBody else {
            let pointer = operation.requestBody.map { JSONPointer.appending($0.1, "content") } ?? operation.pointer
            throw .noJSONBody(operation: label, pointer: pointer, contentTypes: operation.contentTypes)
        }
        guard !operation.path.contains(where: \.isWhitespace), operation.path.hasPrefix("/") else {
            throw .unsupported(operation: label, pointer: operation.pointer, reason: "the path \"\(operation.path)\" has spaces or does not start with /")
        }
        var translator = SchemaTranslator(document: document, operationLabel: label)
        var header: [String] = []

        // The body: an object whose properties are the questions.
        let root = try translator.reader.read(body.schema, at: body.pointer, ancestors: [])
        if root.recursive || root.branches != nil || root.type != "object" || (root["properties"]?.object?.isEmpty ?? true) {
            // A `$ref` loop reads as an empty recursive node: name the loop, not its emptiness.
            if root.recursive, let loop = translator.reader.problems.first(where: { $0.message.contains("leads back") }) {
                throw .unsupported(operation: label, pointer: loop.pointer, reason: "the request body is a $ref loop: \(loop.message)")
            }
            let what = root.branches != nil ? "a choice of schemas (oneOf/anyOf)"
                : root.type == "array" ? "a list (the body is a JSON array)"
                : root.type == "object" || root.type == nil ? "an object with no listed properties"
                : "a single \(root.type ?? "value")"
            throw .unsupported(operation: label, pointer: root.pointer, reason: "the request body is \(what), not an object with properties a form can ask")
        }
        let bodyItems = try translator.properties(of: root, prefix: "", ancestors: [], depth: 0, inGroup: false, optionalParent: false)
        let bodyNames = Set(bodyItems.compactMap { item -> String? in
            switch item {
            case .field(let f): return String(f.name.prefix { $0 != "." })
            case .group(let g): return String(g.name.prefix { $0 != "." })
            case .omitted(let n, _): return n
            }
        })

        // Path parameters, asked first; their values go into the path, not the body.
        var submitPath = operation.path
        var pathItems: [FormItem] = []
        let parameters = operation.parameters
        for (pointer, reason) in parameters.unreadable {
            header.append("a parameter is left out: \(reason) (\(pointer))")
            translator.reader.problem(pointer, reason)
        }
        for (param, pointer) in parameters.found {
            guard let name = param["name"]?.string, let place = param["in"]?.string else { continue }
            guard place == "path" else {
                if param["required"]?.bool == true {
                    let how = place == "header" ? "give it with a request header option" : "the server will refuse the request without it"
                    header.append("required \(place) parameter \"\(name)\" is not asked: a form sends the body and the path only (\(how))")
                    translator.reader.problem(pointer, "required \(place) parameter \"\(name)\" can't be sent by a form (body and path only)")
                }
                continue
            }
            guard operation.path.contains("{\(name)}") else { continue }
            var fieldName = name
            if bodyNames.contains(name) { fieldName = name + "_path" }
            guard FormFieldName.isValid(fieldName) else {
                throw .unsupported(operation: label, pointer: pointer, reason: "the path parameter \"\(name)\" can't be a form field name")
            }
            submitPath = submitPath.replacing("{\(name)}", with: "{\(fieldName)}")
            let schemaPointer = JSONPointer.appending(pointer, "schema")
            let node = try translator.reader.read(param["schema"] ?? .object(DocObject()), at: schemaPointer, ancestors: [])
            var items = try translator.item(for: node, name: fieldName, propertyName: name, required: true, ancestors: [], depth: 0, inGroup: false)
            guard items.count == 1, case .field(var field) = items[0], field.list == nil else {
                throw .unsupported(operation: label, pointer: schemaPointer, reason: "the path parameter \"\(name)\" is not a single value")
            }
            if field.help == nil { field.help = param["description"]?.string }
            field.required = true
            field.nullable = false
            field.comments.insert("path parameter: its value goes into submit.path, not the body", at: 0)
            items[0] = .field(field)
            pathItems += items
        }
        let asked = Set(pathItems.compactMap { if case .field(let f) = $0 { f.name } else { nil } })
        if let missing = SubmitPath.fieldNames(in: submitPath).first(where: { !asked.contains($0) }) {
            throw .unsupported(operation: label, pointer: operation.pointer, reason: "the path has {\(missing)} but documents no path parameter of that name")
        }
        let errors = ErrorDialectGuess.dialect(of: operation)
        if errors.disagreeing.count > 1 {
            header.append("the documented error responses look like several dialects (\(errors.disagreeing.map(\.rawValue).joined(separator: ", "))): errors are read by auto detection")
        }
        if !body.required { header.append("the request body is optional; the form always sends one") }
        if document.version == .v30 { header.append("OpenAPI 3.0 document") }
        if let server = document.root["servers"]?.array?.first?["url"]?.string {
            header.append("the document's server: \(server) (give it as --endpoint; submit.path is appended)")
        }

        var lines: [String] = []
        let opID = operation.summary.operationId
        let from = documentName.isEmpty ? "an OpenAPI document" : documentName
        lines += YAMLText.comment("Derived from \(from): \(label)\(opID.map { " (\($0))" } ?? "").", indent: "")
        lines += YAMLText.comment("Media type: \(body.mediaType).", indent: "")
        for note in header { lines += YAMLText.comment(note, indent: "") }
        lines.append("id: " + YAMLText.scalar(formID()))
        lines.append("title: " + YAMLText.scalar(FormTextRule.cleaned(operation.summary.summary ?? opID ?? label)))
        lines.append("fields:")
        let all = pathItems + bodyItems
        if !all.contains(where: { if case .omitted = $0 { false } else { true } }) {
            // Each left-out property's reason: the problems that say it are not shown for a
            // refused operation.
            let why = all.compactMap { item -> String? in
                if case .omitted(let name, let reason) = item { "\"\(name)\": \(reason)" } else { nil }
            }
            throw .unsupported(operation: label, pointer: body.pointer,
                               reason: "no property of the body can be asked" + (why.isEmpty ? "" : " (" + why.prefix(5).joined(separator: "; ") + ")"))
        }
        for item in all { lines += render(item, indent: "  ") }
        lines.append("submit:")
        lines.append("  method: \(method.rawValue)")
        lines.append("  path: " + YAMLText.scalar(submitPath))
        lines.append("  errors: auto")
        if let preferred = errors.preferred {
            // A preference, not a strict dialect: an answer that does not fit it is read by auto.
            lines += YAMLText.comment("the documented error responses look like \(preferred.rawValue): an answer that fits is read as \(preferred.rawValue), any other by auto detection", indent: "  ")
            lines.append("  prefer_errors: \(preferred.rawValue)")
        }
        return OpenAPIFormFile(yaml: lines.joined(separator: "\n") + "\n", problems: translator.problems)
    }

    /// The form's id (drafts are keyed by it): the operationId if it is a valid id, else built
    /// from it or from the method and path (`post-api-users-id`). Building is lossy (`/a-b` and
    /// `/a/b` both give `post-a-b`), so when another operation of the document builds the same
    /// id, 8 hex digits of this operation's `METHOD /path` are appended: two operations never
    /// share drafts.
    private func formID() -> String {
        let own = Self.baseID(of: operation)
        let counts = baseIDCounts ?? Self.baseIDCounts(of: document.operations())
        let clashes = (counts[own] ?? 0) > 1
        guard clashes else { return own }
        return String(own.prefix(91)) + "-" + Self.shortHash(operation.summary.label)
    }

    private static func baseID(of operation: OpenAPIOperation) -> String {
        let raw = operation.summary.operationId ?? (operation.method.lowercased() + operation.path)
        var id = String(raw.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") ? $0 : "-" })
        while id.contains("--") { id = id.replacing("--", with: "-") }
        id = String(id.drop { $0 == "-" || $0 == "." })
        while id.hasSuffix("-") { id.removeLast() }
        return id.isEmpty ? "operation" : String(id.prefix(100))
    }

    /// FNV-1a, 32 bits, as 8 hex digits: stable across runs and builds (Swift's Hasher is
    /// seeded per process), and only needs to tell a document's operations apart.
    private static func shortHash(_ text: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    private func render(_ item: FormItem, indent: String) -> [String] {
        switch item {
        case .omitted(let name, let reason):
            return YAMLText.comment("\"\(name)\" is not asked: \(reason)", indent: indent)
        case .field(let f):
            var out: [String] = []
            for c in f.comments { out += YAMLText.comment(c, indent: indent) }
            out.append(indent + "- name: " + YAMLText.scalar(f.name))
            let i = indent + "  "
            if let label = f.label, label != f.name { out.append(i + "label: " + YAMLText.scalar(FormTextRule.cleaned(label))) }
            if f.type != "text" { out.append(i + "type: \(f.type)") }
            // A list says how many items it needs with min_items; `required` does not apply to it.
            if !f.required && f.list == nil { out.append(i + "required: false") }
            if f.nullable { out.append(i + "nullable: true") }
            if let p = f.isPrivate { out.append(i + "private: \(p)") }
            if let l = f.list {
                var keys: [String] = []
                if let m = l.minItems { keys.append("min_items: \(m)") }
                if let m = l.maxItems { keys.append("max_items: \(m)") }
                if l.unique { keys.append("unique: true") }
                if l.sendEmpty { keys.append("send_empty: true") }
                out.append(i + "list: " + (keys.isEmpty ? "true" : "{ " + keys.joined(separator: ", ") + " }"))
            }
            if let v = f.minLength { out.append(i + "min_length: \(v)") }
            if let v = f.maxLength { out.append(i + "max_length: \(v)") }
            if let p = f.pattern { out.append(i + "pattern: " + YAMLText.quoted(p)) }
            if let m = f.patternMessage { out.append(i + "pattern_message: " + YAMLText.scalar(FormTextRule.cleaned(m))) }
            if let v = f.min { out.append(i + (f.minExclusive ? "exclusive_min: " : "min: ") + boundText(v, type: f.type)) }
            if let v = f.max { out.append(i + (f.maxExclusive ? "exclusive_max: " : "max: ") + boundText(v, type: f.type)) }
            if !f.choices.isEmpty { out.append(i + "choices: " + YAMLText.list(f.choices)) }
            if let d = f.defaultList { out.append(i + "default: " + YAMLText.list(d)) }
            if let d = f.defaultText { out.append(i + "default: " + YAMLText.quoted(d)) }
            if let h = f.help, !h.isEmpty { out.append(i + "help: " + YAMLText.scalar(FormTextRule.cleaned(h, multiline: true))) }
            return out
        case .group(let g):
            var out: [String] = []
            for c in g.comments { out += YAMLText.comment(c, indent: indent) }
            out.append(indent + "- group: " + YAMLText.scalar(g.name))
            let i = indent + "  "
            if let m = g.minItems { out.append(i + "min_items: \(m)") }
            if let m = g.maxItems { out.append(i + "max_items: \(m)") }
            if g.sendEmpty { out.append(i + "send_empty: true") }
            if !g.unique.isEmpty { out.append(i + "unique: " + YAMLText.list(g.unique)) }
            // The array's title names the whole list ("Lines"), so an item is "Lines 2: ABC-1, 3":
            // its number, then its first three values (never a secret's), so the review line
            // shows what the operator must check.
            if let label = g.label {
                let shown = g.items.compactMap { item -> String? in
                    guard case .field(let f) = item, f.type != "secret", f.list == nil else { return nil }
                    return "{\(f.name)}"
                }.prefix(3)
                let values = shown.isEmpty ? "" : ": " + shown.joined(separator: ", ")
                out.append(i + "label: " + YAMLText.quoted(FormTextRule.cleaned(label + " {n}" + values)))
            }
            out.append(i + "fields:")
            for item in g.items { out += render(item, indent: i + "  ") }
            return out
        }
    }

    /// Numbers unquoted (the loader wants them so); everything else quoted.
    private func boundText(_ v: String, type: String) -> String {
        type == "integer" || type == "decimal" ? v : YAMLText.quoted(v)
    }
}

/// The rule for a form field's name (a name part): no dots, no spaces, not empty.
enum FormFieldName {
    static func isValid(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(".") && !name.contains(where: { $0.isWhitespace || $0.isNewline })
    }
}
