/// Builds the JSON body that is submitted: visible fields with a value (and `nullable` ones
/// without, as null), dotted names nested, the items of a list as a JSON array in item order
/// (`lines.2.qty` is `lines[1].qty` on the wire).
package enum Payload {
    /// `values` are keyed by field name; fields missing from it (optional, left empty) are left out,
    /// and so are fields with `send: false`. `emptyLists` are lists with no items sent as `[]`
    /// (`send_empty: true`). `transform` lets callers replace values (secrets by a placeholder for
    /// transcripts and output).
    package static func build<Fields: Collection<Field>>(
        fields: Fields, values: [String: FieldValue], emptyLists: [String] = [],
        transform: (Field, FieldValue) -> JSONValue = { $1.json }
    ) -> JSONValue {
        var root: JSONValue = .object([:])
        for name in emptyLists {
            insert(.array([]), at: keys(name)[...], into: &root)
        }
        // Every item is in its array, even one whose fields are all empty, so the item numbers
        // the operator saw are the array's positions.
        var counted: [String: Int] = [:]
        var order: [(list: String, isGroup: Bool)] = []
        for field in fields {
            guard let item = field.item else { continue }
            if counted[item.list] == nil { order.append((item.list, item.member != nil)) }
            counted[item.list] = max(counted[item.list] ?? 0, item.number)
        }
        // Each list's items are filled in an array of their own, put in its place once at the end:
        // a member's value goes one step into its item, not down the whole path from the root
        // (a 200-item receipt's payload has 600 of them).
        var arrays: [String: [JSONValue]] = [:]
        for (list, isGroup) in order {
            arrays[list] = Array(repeating: isGroup ? .object([:]) : .null, count: counted[list] ?? 0)
        }
        for field in fields where field.send {
            let value: JSONValue
            if let answer = values[field.name] {
                value = transform(field, answer)
            } else if field.sendsNullWhenEmpty {
                // `nullable: true`: an empty answer is an explicit null.
                value = .null
            } else {
                continue
            }
            guard let item = field.item, var items = arrays.removeValue(forKey: item.list) else {
                insert(value, at: path(of: field)[...], into: &root)
                continue
            }
            if items.indices.contains(item.number - 1) {
                var node = items[item.number - 1]
                items[item.number - 1] = .null
                insert(value, at: (item.member.map(keys) ?? [])[...], into: &node)
                items[item.number - 1] = node
            }
            arrays[item.list] = items
        }
        for (list, _) in order {
            insert(.array(arrays[list] ?? []), at: keys(list)[...], into: &root)
        }
        return root
    }

    /// `payload` (built by `build` from the same `values`) with the value of each of `fields` that
    /// has one replaced by `placeholder(field)`: what `build` with a transform gives, at the cost of
    /// one walk down each replaced field's path instead of a second build.
    package static func replacing<Fields: Sequence<Field>>(
        in payload: JSONValue, fields: Fields, values: [String: FieldValue], with placeholder: (Field) -> JSONValue
    ) -> JSONValue {
        var result = payload
        for field in fields where field.send && values[field.name] != nil {
            put(placeholder(field), at: path(of: field)[...], in: &result, creating: false)
        }
        return result
    }

    /// One step into the payload: an object's key or an array's position.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    static func keys(_ dotted: String) -> [Step] {
        // Most names have no dot: no Character split (each submission builds every field's path).
        // Without a "." byte there is no "." Character, so the split would give the name itself.
        guard dotted.anyByte({ $0 == UInt8(ascii: ".") }) else { return [.key(dotted)] }
        return dotted.split(separator: ".", omittingEmptySubsequences: false).map { .key(String($0)) }
    }

    /// Where a field's value goes: its dotted name, or its list's name, its 0-based item and its
    /// member's dotted name.
    static func path(of field: Field) -> [Step] {
        guard let item = field.item else { return keys(field.name) }
        return keys(item.list) + [.index(item.number - 1)] + (item.member.map(keys) ?? [])
    }

    private static func insert(_ value: JSONValue, at path: ArraySlice<Step>, into node: inout JSONValue) {
        put(value, at: path, in: &node, creating: true)
    }

    /// Sets `value` at `path` under `node`. `creating`: objects missing on the way are made
    /// (`build`); otherwise only a path that already leads there is followed (`replacing`: a
    /// value `build` left out, an item past its list's end, stays out).
    private static func put(_ value: JSONValue, at path: ArraySlice<Step>, in node: inout JSONValue, creating: Bool) {
        guard let step = path.first else {
            node = value
            return
        }
        switch step {
        case .key(let key):
            guard var object = node.objectValue ?? (creating ? [:] : nil),
                  var child = object[key] ?? (creating ? .object([:]) : nil) else { return }
            // The node lets go of its storage first, so the changes below copy nothing.
            node = .null
            object[key] = nil
            put(value, at: path.dropFirst(), in: &child, creating: creating)
            object[key] = child
            node = .object(object)
        case .index(let index):
            guard case .array(var items) = node, items.indices.contains(index) else { return }
            node = .null
            var child = items[index]
            items[index] = .null
            put(value, at: path.dropFirst(), in: &child, creating: creating)
            items[index] = child
            node = .array(items)
        }
    }
}
