/// A form's own error shape (`submit.errors` as a mapping, `ErrorShape`) written: the entries at
/// `list` (the body itself for `.`), each with the path under the first `path` key in the shape's
/// syntax (left out for a non-field error), the message under the first `message` key and the
/// code, if any, under the first `code` key; dotted keys (`source.pointer`) nest. 422.
enum ShapeWriter {
    static func write(_ errors: [ServerError], shape: ErrorShape, extras: RejectionExtras) -> WrittenRejection {
        let entries: [JSONValue] = errors.enumerated().map { index, error in
            var entry: JSONValue = .object([:])
            if let key = shape.message.first { entry = setting(.string(error.message), at: key, in: entry) }
            if let code = error.code, let key = shape.code.first { entry = setting(.string(code), at: key, in: entry) }
            if let path = error.path, let key = shape.path.first {
                let written: JSONValue = switch shape.pathSyntax {
                case .dotted: .string(WirePath.dotted(path))
                case .bracket: .string(WirePath.bracket(path))
                case .pointer: .string(WirePath.pointer(path))
                case .loc: .array(WirePath.loc(path))
                }
                entry = setting(written, at: key, in: entry)
            }
            guard case .object(let members) = entry else { return entry }
            return RejectionWriter.entry(members, adding: extras.entry(index))
        }
        var body: JSONValue = .array(entries)
        for key in shape.list.reversed() { body = .object([key: body]) }
        if case .object(let members) = body, !extras.body.isEmpty {
            body = RejectionWriter.body([:], extras.body, errors: members)
        }
        return RejectionWriter.written(422, body)
    }

    /// `object` with `value` at the dotted `key` (`source.pointer`), objects made on the way.
    private static func setting(_ value: JSONValue, at key: String, in object: JSONValue) -> JSONValue {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return setting(value, at: parts[...], in: object)
    }

    private static func setting(_ value: JSONValue, at parts: ArraySlice<String>, in node: JSONValue) -> JSONValue {
        guard let first = parts.first else { return value }
        var members = node.objectValue ?? [:]
        members[first] = setting(value, at: parts.dropFirst(), in: members[first] ?? .object([:]))
        return .object(members)
    }
}
