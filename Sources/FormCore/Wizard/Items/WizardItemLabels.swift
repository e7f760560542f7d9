/// An item's words: its review line (the group's label template, or its label and values), the
/// members that line leaves out, and the template's placeholders filled in.
extension Wizard {
    /// An item's line: the group's template (`Item {n}: {sku} x {qty}`), or its label, number and
    /// values; a list of scalars' item by its label and number. `visible`: the item's visible
    /// fields when the caller has them (the review), so no condition is evaluated again.
    /// `masked`: a private member's value as `[name]` (the transcript's copy of the review).
    func itemLabel(list: String, number: Int, visible known: [Int]? = nil, masked: Bool = false) -> String {
        guard let group = spec.group(named: list) else {
            let indices = form.itemIndices(list: list, number: number)
            let value = indices.first.flatMap { itemValueShown($0, masked: masked) } ?? "-"
            return "\(form.listLabel(list)) \(number): \(value)"
        }
        let indices = known == nil ? form.itemIndices(list: list, number: number) : []
        let visible = known ?? indices.filter { form.isVisible(fields[$0]) }
        // Built only for a member the visible fields lack (hidden, or no such member).
        var all: [Int] { indices.isEmpty ? form.itemIndices(list: list, number: number) : indices }
        if let template = form.labelTemplates[list] {
            var out = ""
            var leftEmpty = false
            for piece in template {
                switch piece {
                case .text(let text): out += text
                case .number: out += String(number)
                case .member(let member):
                    // A visible member is among the few `visible` indices; only a hidden or unknown
                    // one needs the item's every field.
                    guard let i = visible.first(where: { fields[$0].item?.member == member })
                        ?? all.first(where: { fields[$0].item?.member == member }) else {
                        out += "{" + member + "}"
                        continue
                    }
                    let shown = visible.contains(i) ? itemValueShown(i, masked: masked) ?? "" : ""
                    if shown.isEmpty { leftEmpty = true }
                    out += shown
                }
            }
            // An empty optional value leaves its place empty: the spaces around it close up (as do
            // doubled, leading and trailing spaces of the template).
            guard leftEmpty || Wizard.hasLooseSpaces(out) else { return out }
            return out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        let parts = visible.map { i in itemValueShown(i, masked: masked) ?? "-" }
        return "\(group.label) \(number): " + parts.joined(separator: ", ")
    }

    /// What an item's review line leaves out: each answered, visible member its group's template
    /// does not name, as "Damaged units: 2" ("; " between them). The review shows it on the
    /// lines under the item's label, so every value the operator must check is in sight; empty
    /// for a list of scalars and for a group without a template (its label shows every value).
    func itemDetails(list: String, number: Int, visible known: [Int]? = nil, masked: Bool = false) -> String {
        guard let named = form.labelMembers[list] else { return "" }
        var parts: [String] = []
        for i in known ?? form.itemIndices(list: list, number: number).filter({ form.isVisible(fields[$0]) }) {
            guard let item = fields[i].item, let member = item.member, !named.contains(member),
                  let value = form.store[i] else { continue }
            let label = spec.fields.first { $0.name == item.declaration }?.label ?? member
            parts.append(label + ": " + (masked && fields[i].isPrivate ? "[\(fields[i].name)]" : shortDisplay(value, fields[i])))
        }
        return parts.joined(separator: "; ")
    }

    /// Item field `i`'s value as its item's words show it; nil when unanswered. `masked`: a
    /// private value as `[name]` (`[children.2.name]`), whatever its length: a transcript's
    /// scrubber spares values under 4 characters, and a shortened one is no longer found.
    func itemValueShown(_ i: Int, masked: Bool) -> String? {
        guard let value = form.store[i] else { return nil }
        return masked && fields[i].isPrivate ? "[\(fields[i].name)]" : shortDisplay(value, fields[i])
    }

    /// Whether `text` starts or ends with a space or has two in a row (one pass over its bytes).
    static func hasLooseSpaces(_ text: String) -> Bool {
        var afterSpace = true
        for byte in text.utf8 {
            if byte == 0x20 {
                if afterSpace { return true }
                afterSpace = true
            } else {
                afterSpace = false
            }
        }
        return afterSpace && !text.isEmpty
    }

    typealias TemplatePiece = RepeatGroup.LabelPiece
}
