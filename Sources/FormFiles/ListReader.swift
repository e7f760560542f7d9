import FormCore
import Yams

/// Reads what makes a list: `list: true` or `list: {min_items, max_items, unique, send_empty,
/// total}` on a field, and the same counting keys on a `- group:` entry.
struct ListReader {
    static let listKeys = ["min_items", "max_items", "unique", "send_empty", "total"]
    static let totalKeys = ["field", "min", "max", "message"]

    let reader: YAMLNodeReader
    private var diagnostics: Diagnostics { reader.diagnostics }

    /// `list:` on a field of `type`: nil when it is `false` or wrong (reported).
    func readList(_ e: Entry, type: FieldType) -> ListRule? {
        var rule = ListRule()
        switch e.value {
        case .scalar:
            guard let on = reader.bool(e) else { return nil }
            guard on else { return nil }
        case .mapping(let mapping):
            let entries = reader.entries(of: mapping, allowed: Self.listKeys, context: "a list")
            readCounts(entries, into: &rule)
            if let u = entries["unique"], let b = reader.bool(u) { rule.unique = b }
            if let t = entries["total"] {
                if let total = readTotal(t, member: false) { rule.totals = [total] }
                if type.kind.ordering != .number {
                    diagnostics.error("total needs a list of integer or decimal items, not \(type.rawValue)", at: t.keyPosition)
                }
            }
        case .sequence, .alias:
            diagnostics.error("list must be true or a mapping with min_items, max_items, unique, send_empty, not \(YAMLNodeReader.describe(e.value))", at: e.valuePosition)
            return nil
        }
        // The type's kind says whether it may be a list (`FieldKind.listRefusal`).
        if let refusal = type.kind.listRefusal {
            diagnostics.error(refusal, at: e.keyPosition)
            return nil
        }
        return rule
    }

    /// `min_items`, `max_items` and `send_empty` of a list or a group.
    func readCounts(_ entries: Entries, into rule: inout ListRule) {
        if let e = entries["min_items"], let n = reader.count(e) {
            if n > ListRule.itemLimit {
                diagnostics.error("min_items can be at most \(ListRule.itemLimit)", at: e.valuePosition)
            } else {
                rule.minItems = n
            }
        }
        if let e = entries["max_items"], let n = reader.count(e) {
            if n < 1 {
                diagnostics.error("max_items must be at least 1", at: e.valuePosition)
            } else if n > ListRule.itemLimit {
                diagnostics.error("max_items can be at most \(ListRule.itemLimit) (each item is asked and reviewed)", at: e.valuePosition)
            } else {
                rule.maxItems = n
            }
        }
        if rule.minItems > rule.maxItems, let e = entries["min_items"] {
            diagnostics.error("min_items \(rule.minItems) is more than max_items \(rule.maxItems)", at: e.valuePosition)
        }
        if let e = entries["send_empty"], let b = reader.bool(e) {
            rule.sendEmpty = b
            if b && rule.minItems > 0 {
                diagnostics.error("send_empty only matters for a list that may be empty (min_items is \(rule.minItems))", at: e.keyPosition)
            }
        }
    }

    /// `total: {field: qty, max: 500}` (`field` only in a group): a bound on the items' sum.
    func readTotal(_ e: Entry, member: Bool) -> ItemTotal? {
        guard let mapping = reader.mapping(e.value, "total") else { return nil }
        let allowed = member ? Self.totalKeys : Self.totalKeys.filter { $0 != "field" }
        let entries = reader.entries(of: mapping, allowed: allowed, context: "a total")
        var total = ItemTotal(field: nil)
        if member {
            if let f = entries["field"] { total.field = reader.string(f) } else {
                reader.missing("field", in: entries, ": the number field whose values are summed")
            }
        }
        func bound(_ key: String) -> DecimalText? {
            guard let b = entries[key], let text = reader.plainScalar(b, expected: "a number") else { return nil }
            guard let value = DecimalText(text) else {
                diagnostics.error("\(key) must be a number, not \"\(text)\"", at: b.valuePosition)
                return nil
            }
            return value
        }
        total.minimum = bound("min")
        total.maximum = bound("max")
        if total.minimum == nil && total.maximum == nil && entries["min"] == nil && entries["max"] == nil {
            diagnostics.error("total needs min or max", at: entries.position)
        }
        if let m = entries["message"] { total.message = reader.text(m) }
        return total
    }
}

/// A `- group: NAME` entry as read: the group and the items of its `fields`.
struct GroupDraft {
    let group: RepeatGroup
    let namePosition: Position
    let items: [Node]
    let when: ConditionDraft?
    let uniquePositions: [Position]
    let totalPositions: [Position]
    /// Where `label` is written, so a placeholder naming no member is reported there.
    let labelPosition: Position?
}

/// Reads a repeated group: `{group: NAME, label: "Item {n}: {sku} x {qty}", fields: [...],
/// min_items, max_items, unique: [members], total: {field, min, max}, send_empty, when}`.
struct GroupReader {
    static let keys = ["group", "label", "fields", "when", "unique", "total"] + ["min_items", "max_items", "send_empty"]

    let reader: YAMLNodeReader

    static func isGroup(_ node: Node) -> Bool {
        guard case .mapping(let mapping) = node else { return false }
        return mapping.keys.contains { $0.scalar?.string == "group" }
    }

    func read(_ node: Node) -> GroupDraft? {
        guard case .mapping(let mapping) = node else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "a group")
        var name: String?
        if let e = entries["group"], let s = reader.string(e) {
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            if s.isEmpty || parts.contains(where: \.isEmpty) || s.contains(where: { $0.isWhitespace }) || s.containsControlCharacters
                || TextCleaning.containsBidiControls(s) {
                reader.diagnostics.error("group name \"\(TextCleaning.visible(s))\" must be a field-like name (letters, digits, dotted parts)", at: e.valuePosition)
            } else if parts.contains(where: { Int($0) != nil }) {
                reader.diagnostics.error("group name \"\(s)\" can't have a part that is a number: numbers name its items", at: e.valuePosition)
            } else {
                name = s
            }
        }
        var rule = ListRule()
        ListReader(reader: reader).readCounts(entries, into: &rule)
        let template = entries["label"].flatMap { reader.text($0) }
        var unique: [String] = []
        var uniquePositions: [Position] = []
        if let e = entries["unique"], let list = reader.stringList(e) {
            unique = list.map(\.0)
            uniquePositions = list.map(\.1)
            if list.isEmpty { reader.diagnostics.error("unique must name at least one field of the group", at: e.valuePosition) }
        }
        var totalPositions: [Position] = []
        if let e = entries["total"] {
            if let total = ListReader(reader: reader).readTotal(e, member: true) {
                rule.totals = [total]
                totalPositions = [e.valuePosition]
            }
        }
        let when = entries["when"].flatMap { ConditionReader(reader: reader).read($0) }
        guard let e = entries["fields"] else {
            reader.missing("fields", in: entries, ": the fields each item asks")
            return nil
        }
        guard case .sequence(let items) = e.value else {
            reader.diagnostics.error("fields must be a list, not \(YAMLNodeReader.describe(e.value))", at: e.valuePosition)
            return nil
        }
        if items.isEmpty { reader.diagnostics.error("a group must list at least one field", at: e.valuePosition) }
        guard let name else { return nil }
        let label = template.map(Self.itemWord) ?? name
        let group = RepeatGroup(name: name, label: label, labelTemplate: template, rule: rule, unique: unique)
        return GroupDraft(
            group: group, namePosition: entries["group"]?.valuePosition ?? entries.position, items: Array(items),
            when: when, uniquePositions: uniquePositions, totalPositions: totalPositions,
            labelPosition: entries["label"]?.valuePosition)
    }

    /// What prompts call an item: the template up to `{n}` ("Item {n}: {sku}" -> "Item"), or
    /// the template without its placeholders when it has no `{n}`.
    static func itemWord(_ template: String) -> String {
        if let range = template.range(of: "{n}") {
            let word = template[..<range.lowerBound].trimmingCharacters(in: " #:")
            return word.isEmpty ? "Item" : word
        }
        let word = template.prefix { $0 != "{" }.trimmingCharacters(in: " #:")
        return word.isEmpty ? "Item" : word
    }
}

private extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
