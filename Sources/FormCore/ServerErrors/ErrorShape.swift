/// A list-of-entries error shape described as data: where the list is, and which keys of each
/// entry hold the field path (in which syntax), the message and the code.
///
/// Most servers differ only in these; built-in dialects that fit are such descriptions, and a
/// form can give its own under `submit.errors` (docs/server-errors.md, "Describing your own shape").
///
/// ```swift
/// let shape = ErrorShape(list: ["errors"], path: ["field"], pathSyntax: .dotted, message: ["msg"], code: ["code"])
/// shape.parse(JSONValue.parse(#"{"errors":[{"field":"email","msg":"taken"}]}"#)!)
/// // [ServerError(path: [.key("email")], message: "taken")]
/// ```
package struct ErrorShape: Sendable, Equatable {
    /// How the path key writes a field's path.
    package enum PathSyntax: String, Sendable, CaseIterable, Equatable {
        /// `items.0.name` (brackets are read too).
        case dotted
        /// `items[0][name]`, `items[0].name`.
        case bracket
        /// A JSON Pointer: `/items/0/name`, `#/items/0/name`.
        case pointer
        /// A list of keys and indexes: `["body", "items", 0, "name"]`.
        case loc
    }

    /// The keys leading to the list of entries (`["errors"]`, `["error", "details"]`); empty: the
    /// body itself is the list.
    package var list: [String]
    /// Keys tried in order for an entry's path; each may be dotted (`source.pointer`).
    package var path: [String]
    package var pathSyntax: PathSyntax
    /// Keys tried in order for an entry's message; the first that holds text wins.
    package var message: [String]
    /// Keys tried in order for an entry's code.
    package var code: [String]
    /// Path texts that mean "no field" (`non_field_errors`, `__all__`), besides an empty path; as
    /// the last segment of a path (`lines.1.non_field_errors`) they make it the path before them.
    package var nonFieldPaths: Set<String>
    /// Leading path segments that are the framework's, not the form's (`["body"]`,
    /// `["data", "attributes"]`): the first that a path starts with is removed. (Only built-in
    /// dialects use it; a form's own shape relies on the mapper dropping such segments.)
    var droppedPrefixes: [[String]] = []
    /// Whether an entry that is a bare string is a non-field error (true) or not this shape.
    var bareStringsAreErrors = true
    /// Whether a message key may hold an object `{message, code}` (express-validator's `msg`):
    /// its message is the entry's, its code wins over the entry's.
    var messageObjects = false

    package init(
        list: [String], path: [String], pathSyntax: PathSyntax, message: [String], code: [String] = [],
        nonFieldPaths: Set<String> = []
    ) {
        self.list = list
        self.path = path
        self.pathSyntax = pathSyntax
        self.message = message
        self.code = code
        self.nonFieldPaths = nonFieldPaths
    }

    /// A built-in dialect's shape, with the options a form's own shape does not offer.
    init(
        list: [String], path: [String], pathSyntax: PathSyntax, message: [String], code: [String],
        droppedPrefixes: [[String]], bareStringsAreErrors: Bool, nonFieldPaths: Set<String> = []
    ) {
        self.init(list: list, path: path, pathSyntax: pathSyntax, message: message, code: code, nonFieldPaths: nonFieldPaths)
        self.droppedPrefixes = droppedPrefixes
        self.bareStringsAreErrors = bareStringsAreErrors
    }

    package static func == (a: ErrorShape, b: ErrorShape) -> Bool {
        a.list == b.list && a.path == b.path && a.pathSyntax == b.pathSyntax && a.message == b.message
            && a.code == b.code && a.nonFieldPaths == b.nonFieldPaths && a.droppedPrefixes == b.droppedPrefixes
            && a.bareStringsAreErrors == b.bareStringsAreErrors && a.messageObjects == b.messageObjects
    }

    /// The entries of the list, or nil when the body has no such list or an entry has no message.
    package func parse(_ json: JSONValue) -> [ServerError]? {
        guard let entries = entries(in: json) else { return nil }
        var errors: [ServerError] = []
        for entry in entries {
            guard let error = error(from: entry) else { return nil }
            errors.append(error)
        }
        return errors
    }

    /// One entry of the list; nil when it is not this shape's.
    func error(from entry: JSONValue) -> ServerError? {
        if bareStringsAreErrors, let text = entry.stringValue { return ServerError(path: nil, message: text) }
        guard entry.objectValue != nil, let value = first(of: message, in: entry) else { return nil }
        var code = first(of: code, in: entry)?.scalarText
        var message = value.scalarText
        if message == nil, messageObjects, let inner = value["message"]?.scalarText {
            message = inner
            code = value["code"]?.scalarText ?? code
        }
        guard let message else { return nil }
        return ServerError(path: path(of: entry), message: message, code: code)
    }

    /// The list this shape reads, if the body has it.
    func entries(in json: JSONValue) -> [JSONValue]? {
        var node = json
        for key in list {
            guard let next = node[key] else { return nil }
            node = next
        }
        return node.arrayValue
    }

    private func path(of entry: JSONValue) -> [ServerError.PathComponent]? {
        guard var components = written(path: entry) else { return nil }
        for prefix in droppedPrefixes where components.count >= prefix.count
            && zip(components, prefix).allSatisfy({ $0.0 == .key($0.1) }) {
            components.removeFirst(prefix.count)
            break
        }
        return components.isEmpty ? nil : components
    }

    /// The entry's path as written, before any prefix is dropped. A non-field marker at the end
    /// (`lines.1.non_field_errors`, DRF's error on the second line as a whole) is dropped: the
    /// error is about the object that holds it.
    private func written(path entry: JSONValue) -> [ServerError.PathComponent]? {
        guard let value = first(of: path, in: entry) else { return nil }
        var components: [ServerError.PathComponent]
        if let text = value.stringValue {
            if nonFieldPaths.contains(text) { return nil }
            switch pathSyntax {
            case .dotted, .bracket, .loc: components = ServerPath.dotted(text) ?? []
            case .pointer: components = ServerPath.pointer(text) ?? []
            }
        } else if let items = value.arrayValue {
            components = items.compactMap(ServerPath.component)
        } else {
            return nil
        }
        if let last = components.last, case .key(let key) = last, nonFieldPaths.contains(key) { components.removeLast() }
        return components.isEmpty ? nil : components
    }

    /// The first of `keys` (each possibly dotted) that the entry has, not null.
    private func first(of keys: [String], in entry: JSONValue) -> JSONValue? {
        for key in keys {
            var node: JSONValue? = entry
            for part in key.split(separator: ".") { node = node?[String(part)] }
            if let node, node != .null { return node }
        }
        return nil
    }
}
