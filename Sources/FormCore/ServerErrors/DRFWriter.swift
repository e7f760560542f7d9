/// Django REST framework's rejection, as `serializer.errors` with full details: an object keyed
/// by field, nested for nested serializers, a `many=True` list as one object per item (`{}` for
/// items without errors), a list field's items keyed by position (`{"tags": {"1": [...]}}`), and
/// `non_field_errors` for the object that holds them. An error with a code is
/// `{"message", "code"}`; one without is a plain string.
enum DRFWriter {
    /// Above this index a list is written keyed by position, not padded with `{}`: the body stays
    /// as small as the errors whatever index they name.
    static let longestPaddedList = 1_000

    @Sendable static func write(_ errors: [ServerError], _ extras: RejectionExtras) -> WrittenRejection {
        var root = Node()
        for error in errors {
            let entry: JSONValue = error.code.map { .object(["message": .string(error.message), "code": .string($0)]) } ?? .string(error.message)
            root.insert(entry, at: error.path ?? [])
        }
        return RejectionWriter.written(400, .object(root.members(at: [], extras.listLengths)))
    }

    struct Node {
        var messages: [JSONValue] = []
        var children: [ServerError.PathComponent: Node] = [:]

        mutating func insert(_ entry: JSONValue, at path: some Collection<ServerError.PathComponent>) {
            guard let first = path.first else {
                messages.append(entry)
                return
            }
            children[first, default: Node()].insert(entry, at: path.dropFirst())
        }

        /// This node as an object: its children by key (indexes as digits), its own errors under
        /// `non_field_errors`.
        func members(at path: [ServerError.PathComponent], _ lengths: [[ServerError.PathComponent]: Int]) -> [String: JSONValue] {
            var out: [String: JSONValue] = [:]
            for (component, child) in children { out[component.description] = child.value(at: path + [component], lengths) }
            if !messages.isEmpty { out["non_field_errors"] = .array(messages) }
            return out
        }

        /// How DRF writes this node (at `path`) as a member of its parent: a `many=True` list
        /// as long as the request's (`lengths`), at least up to the last item with errors.
        func value(at path: [ServerError.PathComponent], _ lengths: [[ServerError.PathComponent]: Int]) -> JSONValue {
            if children.isEmpty { return .array(messages) }
            var indexes: [Int] = []
            for component in children.keys {
                guard case .index(let i) = component else { return .object(members(at: path, lengths)) }
                indexes.append(i)
            }
            // A `many=True` list: some item has errors of its own fields.
            guard messages.isEmpty, let last = indexes.max(), last < DRFWriter.longestPaddedList,
                  children.values.contains(where: { !$0.children.isEmpty }) else { return .object(members(at: path, lengths)) }
            let count = max(last + 1, min(lengths[path] ?? 0, DRFWriter.longestPaddedList))
            return .array((0..<count).map { .object(children[.index($0)]?.members(at: path + [.index($0)], lengths) ?? [:]) })
        }
    }
}
