/// A form's lists made concrete: the fields the wizard walks for a given number of items in each
/// list. `lines` with two items and members `sku`, `qty` gives `lines.1.sku`, `lines.1.qty`,
/// `lines.2.sku`, `lines.2.qty`; a list of scalars `vlans` with three gives `vlans.1` to `vlans.3`.
/// Item numbers are 1-based, the numbers the operator sees; the wire is 0-based (`Payload`).
extension FormSpec {
    /// One list of the form, in form order: a list of scalars or a repeated group.
    package struct ItemList: Sendable, Equatable {
        package var name: String
        package var rule: ListRule
        /// The group, for a repeated group; nil for a list of scalars.
        package var group: RepeatGroup?
    }

    /// Every list of the form, in form order.
    package var itemLists: [ItemList] {
        var out: [ItemList] = []
        var seenGroups: Set<String> = []
        for field in fields {
            if let rule = field.list, field.group == nil {
                out.append(ItemList(name: field.name, rule: rule, group: nil))
            } else if let name = field.group, !seenGroups.contains(name), let group = group(named: name) {
                seenGroups.insert(name)
                out.append(ItemList(name: name, rule: group.rule, group: group))
            }
        }
        return out
    }

    package func group(named name: String) -> RepeatGroup? { groups.first { $0.name == name } }

    /// Whether the form has any list: a form without one walks exactly as before.
    package var hasLists: Bool { !groups.isEmpty || fields.contains { $0.list != nil } }

    /// The concrete name of an item's field: `lines.2.qty`, or `vlans.3`.
    package static func itemFieldName(list: String, number: Int, member: String?) -> String {
        "\(list).\(number)" + (member.map { ".\($0)" } ?? "")
    }

    /// The fields to walk with `counts[list]` items in each list (a list missing from `counts` has
    /// none). Conditions inside an item look at that item's members.
    package func concreteFields(itemCounts counts: [String: Int]) -> [Field] {
        guard hasLists else { return fields }
        var out: [Field] = []
        out.reserveCapacity(fields.count)
        var i = 0
        while i < fields.count {
            let field = fields[i]
            if let groupName = field.group {
                var end = i
                while end < fields.count, fields[end].group == groupName { end += 1 }
                let members = fields[i..<end]
                let group = group(named: groupName)
                let count = counts[groupName] ?? 0
                if count > 0 {
                    for n in 1...count {
                        for member in members {
                            out.append(instance(of: member, group: groupName, itemLabel: group?.label ?? groupName, number: n))
                        }
                    }
                }
                i = end
                continue
            }
            if field.list != nil {
                let count = counts[field.name] ?? 0
                if count > 0 {
                    for n in 1...count {
                        var item = field
                        item.name = FormSpec.itemFieldName(list: field.name, number: n, member: nil)
                        item.label = "\(field.label) \(n)"
                        item.item = ItemPlace(list: field.name, number: n, member: nil, declaration: field.name)
                        out.append(item)
                    }
                }
            } else {
                out.append(field)
            }
            i += 1
        }
        return out
    }

    /// The declaration a name means: a field by its own name, or the declaration of an item's
    /// field (`lines.2.qty` -> `lines.qty`, `vlans.3` -> `vlans`).
    package func declaration(named name: String) -> Field? {
        if let field = field(named: name), field.list == nil, field.group == nil { return field }
        for list in itemLists {
            let prefix = list.name + "."
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0 != "." }
            guard Int(digits) != nil else { continue }
            if list.group == nil { return rest.count == digits.count ? field(named: list.name) : nil }
            let member = rest.dropFirst(digits.count)
            guard member.hasPrefix(".") else { return nil }
            return field(named: list.name + member)
        }
        return nil
    }

    /// The fields of item `number` of `list` alone (what `concreteFields` gives for that item).
    package func itemFields(list: String, number: Int) -> [Field] {
        if let group = group(named: list) {
            return fields.filter { $0.group == list }.map { instance(of: $0, group: list, itemLabel: group.label, number: number) }
        }
        guard var item = fields.first(where: { $0.name == list && $0.list != nil && $0.group == nil }) else { return [] }
        let label = item.label
        item.name = FormSpec.itemFieldName(list: list, number: number, member: nil)
        item.label = "\(label) \(number)"
        item.item = ItemPlace(list: list, number: number, member: nil, declaration: list)
        return [item]
    }

    /// The checks of item `number` of group `list` alone.
    package func itemChecks(list: String, number: Int) -> [CrossFieldCheck] {
        checks.filter { check in
            [check.first, check.second, check.field].contains { $0.hasPrefix(list + ".") }
        }.map { check in
            var item = check
            item.first = FormSpec.inItem(check.first, group: list, number: number)
            item.second = FormSpec.inItem(check.second, group: list, number: number)
            item.field = FormSpec.inItem(check.field, group: list, number: number)
            return item
        }
    }

    /// The plain name of a group member's declaration (`lines.qty` -> `qty`).
    package static func memberName(of field: Field) -> String? {
        guard let group = field.group, field.name.hasPrefix(group + ".") else { return nil }
        return String(field.name.dropFirst(group.count + 1))
    }

    private func instance(of member: Field, group: String, itemLabel: String, number: Int) -> Field {
        var field = member
        let plain = FormSpec.memberName(of: member) ?? member.name
        field.name = FormSpec.itemFieldName(list: group, number: number, member: plain)
        field.label = "\(itemLabel) \(number): \(member.label)"
        field.item = ItemPlace(list: group, number: number, member: plain, declaration: member.name)
        field.when = member.when.map { $0.renamingFields { FormSpec.inItem($0, group: group, number: number) } }
        return field
    }

    /// A name as item `number` of `group` sees it: its own members by that item's names.
    static func inItem(_ name: String, group: String, number: Int) -> String {
        let prefix = group + "."
        guard name.hasPrefix(prefix) else { return name }
        return FormSpec.itemFieldName(list: group, number: number, member: String(name.dropFirst(prefix.count)))
    }

    /// The checks for these counts: a check naming a group's members runs once per item, on that
    /// item's fields; the others as written.
    package func concreteChecks(itemCounts counts: [String: Int]) -> [CrossFieldCheck] {
        guard !groups.isEmpty else { return checks }
        var out: [CrossFieldCheck] = []
        for check in checks {
            let group = [check.first, check.second, check.field].lazy.compactMap { name in
                self.groups.first { name.hasPrefix($0.name + ".") }
            }.first
            guard let group else { out.append(check); continue }
            let count = counts[group.name] ?? 0
            guard count > 0 else { continue }
            for n in 1...count {
                var item = check
                item.first = FormSpec.inItem(check.first, group: group.name, number: n)
                item.second = FormSpec.inItem(check.second, group: group.name, number: n)
                item.field = FormSpec.inItem(check.field, group: group.name, number: n)
                out.append(item)
            }
        }
        return out
    }

    /// A copy whose fields and checks are the concrete ones: what code written for flat forms
    /// (server error mapping, explanations) reads.
    package func concrete(itemCounts counts: [String: Int]) -> FormSpec {
        guard hasLists else { return self }
        var copy = self
        copy.fields = concreteFields(itemCounts: counts)
        copy.checks = concreteChecks(itemCounts: counts)
        return copy
    }
}
