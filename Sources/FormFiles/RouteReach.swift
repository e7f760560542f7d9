import FormCore

/// Whether a `submit.aliases` entry or a `submit.messages` route can ever place a server error on
/// its field. One that cannot is a form bug nobody sees: the error it was written for goes to the
/// banner, and `check` used to say ok (issue 28). `formline check` warns, at the target.
enum RouteReach {
    /// Why an alias (`user` "alias") or a message route to `field` can never place an error
    /// there, or nil when it can.
    static func neverReceives(_ field: Field, by user: String, fields: [Field]) -> String? {
        if let when = field.when, let reason = RejectRuleReach.neverFires(when, fields: fields) ?? contradiction(in: when, fields: fields) {
            return "\"\(field.name)\" is shown only when \(when.readable), which never holds (\(reason)), "
                + "and an error lands only on a field that is shown"
        }
        // A route to a list's member lands on the item the error's path names; an alias names
        // one field, and a member is a field of every item, none of them called `lines.qty`.
        if user == "alias", let list = field.group ?? (field.list != nil ? field.name : nil) {
            let example = field.group == nil ? "\(list).2" : field.name.replacingOccurrences(of: list + ".", with: list + ".2.")
            return "\"\(field.name)\" is \(field.group == nil ? "a list" : "a member of the group \(list)"): an alias lands on "
                + "one field, and each item's is its own (\(example)); the server's item paths find them without "
                + "an alias, and a message route (submit.messages) to \"\(field.name)\" lands on the item the error's path names"
        }
        return nil
    }

    /// Why `condition` can never hold because it asks one single-value field for two different
    /// values at once (nested sections `kind is repair` and `kind is inspection`), or for a
    /// value and not that value; nil when this cannot tell.
    static func contradiction(in condition: Condition, fields: [Field]) -> String? {
        var required: [(field: String, test: Condition.Test)] = []
        func collect(_ condition: Condition) {
            switch condition.node {
            case .compare(let name, let test): required.append((name, test))
            case .all(let items): items.forEach(collect)
            case .any, .not: break
            }
        }
        collect(condition)
        func value(_ name: String, _ text: String) -> FieldValue? {
            guard let field = fields.first(where: { $0.name == name }), field.type != .multichoice,
                  case .success(let value) = field.parse(text) else { return nil }
            return value
        }
        for (i, a) in required.enumerated() {
            guard case .equals(let first) = a.test, let wanted = value(a.field, first) else { continue }
            for (j, b) in required.enumerated() where j != i && b.field == a.field {
                switch b.test {
                case .equals(let other) where value(b.field, other).map({ $0 != wanted }) == true:
                    return "\(a.field) can't be \"\(first)\" and \"\(other)\" at once"
                case .notEquals(let other) where value(b.field, other) == wanted:
                    return "\(a.field) can't be \"\(first)\" and not be it"
                default: continue
                }
            }
        }
        return nil
    }

    /// Why message route `index` can never fire: an earlier route whose text its own text
    /// contains matches every message it would, and that route's field is always shown (routes
    /// to a field that may be hidden step aside while it is). nil when it can fire.
    static func shadowed(_ routes: [MessageRoute], at index: Int, fields: [String: Field]) -> String? {
        let route = routes[index]
        if route.text.isEmpty { return "an empty text matches no message" }
        let own = route.text.lowercased()
        for earlier in routes[..<index] where !earlier.text.isEmpty && own.contains(earlier.text.lowercased()) {
            guard let target = fields[earlier.field], target.when == nil, target.group == nil, target.list == nil else { continue }
            return "every message containing \"\(route.text)\" also contains \"\(earlier.text)\", whose route "
                + "before it (to \"\(earlier.field)\", always shown) takes it first"
        }
        return nil
    }

    /// A route to an item's field (`medications.2.code`): the member it meant, and the item; nil
    /// for any other name.
    static func itemMember(_ name: String, in fields: [String: Field]) -> (member: String, list: String, number: String)? {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for position in segments.indices.dropFirst() where segments[position].allSatisfy(\.isASCII)
            && !segments[position].isEmpty && segments[position].allSatisfy(\.isNumber) {
            let list = segments[..<position].joined(separator: ".")
            let member = (segments[..<position] + segments[(position + 1)...]).joined(separator: ".")
            if let field = fields[member], field.group == list || (field.list != nil && member == list) {
                return (member, list, segments[position])
            }
        }
        return nil
    }
}
