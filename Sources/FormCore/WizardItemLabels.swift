/// An item's words: its review line (the group's label template, or its label and values), the
/// members that line leaves out, and the template's placeholders filled in.
extension Wizard {
    /// An item's line: the group's template (`Item {n}: {sku} x {qty}`), or its label, number and
    /// values; a list of scalars' item by its label and number.
    func itemLabel(list: String, number: Int) -> String {
        let indices = itemIndices(list: list, number: number)
        guard let group = spec.group(named: list) else {
            let value = indices.first.flatMap { values[fields[$0].name].map { shortDisplay($0, fields[indices[0]]) } } ?? "-"
            return "\(listLabel(list)) \(number): \(value)"
        }
        func shown(_ member: String) -> String? {
            guard let i = indices.first(where: { fields[$0].item?.member == member }) else { return nil }
            guard isVisible(fields[i]) else { return "" }
            return values[fields[i].name].map { shortDisplay($0, fields[i]) } ?? ""
        }
        if let template = group.labelTemplate {
            // An empty optional value leaves its place empty: spaces around it close up.
            return Wizard.fill(template, number: number, value: shown)
                .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        let parts = indices.filter { isVisible(fields[$0]) }.map { i in values[fields[i].name].map { shortDisplay($0, fields[i]) } ?? "-" }
        return "\(group.label) \(number): " + parts.joined(separator: ", ")
    }

    /// What an item's review line leaves out: each answered, visible member its group's template
    /// does not name, as "Damaged units: 2" ("; " between them). The review shows it on the
    /// lines under the item's label, so every value the operator must check is in sight; empty
    /// for a list of scalars and for a group without a template (its label shows every value).
    func itemDetails(list: String, number: Int) -> String {
        guard let group = spec.group(named: list), let template = group.labelTemplate else { return "" }
        let named = Set(RepeatGroup.placeholders(template))
        var parts: [String] = []
        for i in itemIndices(list: list, number: number) {
            let field = fields[i]
            guard let member = field.item?.member, !named.contains(member), isVisible(field),
                  let value = values[field.name] else { continue }
            parts.append(fieldLabel(group: list, member: member) + ": " + shortDisplay(value, field))
        }
        return parts.joined(separator: "; ")
    }

    /// `{n}` -> the number, `{name}` -> the member's value (an unknown name stays as written).
    static func fill(_ template: String, number: Int, value: (String) -> String?) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return out + rest[open...] }
            let key = String(rest[rest.index(after: open)..<close])
            if key == "n" {
                out += String(number)
            } else if let shown = value(key) {
                out += shown
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
