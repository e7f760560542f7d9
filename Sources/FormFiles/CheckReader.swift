import FormCore
import Yams

/// A cross-field check as read, with the positions of the names it uses. Parts may be missing
/// (already reported): the names that are there are still looked up, so one missing key never
/// hides an unknown field name in the same check.
struct CheckDraft {
    let kind: CrossFieldCheck.Kind?
    let names: [(String, Position)]?
    let field: (String, Position)?
    let message: String?
}

/// Reads `checks`: `differ|same|before|not_after: [a, b]` with `field` (where the error lands) and
/// `message`.
struct CheckReader {
    static let kinds = CrossFieldCheck.Kind.allCases.map(\.rawValue)
    static let keys = kinds + ["field", "message"]
    /// "differ, same, before or not_after".
    static let kindList = kinds.dropLast().joined(separator: ", ") + " or " + (kinds.last ?? "")

    let reader: YAMLNodeReader

    func read(_ entry: Entry) -> [CheckDraft] {
        guard case .sequence(let items) = entry.value else {
            reader.diagnostics.error(
                "checks must be a list, not \(YAMLNodeReader.describe(entry.value))", at: entry.valuePosition)
            return []
        }
        return items.compactMap(readCheck)
    }

    private func readCheck(_ node: Node) -> CheckDraft? {
        guard let mapping = reader.mapping(node, "each check") else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.keys) { key in
            let meant = NameSuggestion.closest(to: key, in: Self.keys)
            if let meant, !Self.kinds.contains(meant) {
                return "unknown key \"\(key)\" in a check (did you mean \"\(meant)\"?)"
            }
            return "unknown check kind \"\(key)\""
                + (meant.map { " (did you mean \"\($0)\"?)" } ?? " (use \(Self.kindList))")
        }
        let given = entries.ordered.filter { Self.kinds.contains($0.key) }
        for extra in given.dropFirst() {
            reader.diagnostics.error("a check takes only one of \(Self.kindList)", at: extra.keyPosition)
        }
        let unknownKeys = mapping.keys.contains { key in
            key.scalar.map { !Self.keys.contains($0.string) && !reader.skippedKeys.contains(Position($0.mark)) } ?? false
        }
        if given.isEmpty && !unknownKeys {
            reader.diagnostics.error("a check needs one of \(Self.kindList)", at: entries.position)
        }
        if entries["field"] == nil { reader.missing("field", in: entries, ": the field the error lands on") }
        if entries["message"] == nil { reader.missing("message", in: entries, ": what the operator is told") }

        var names: [(String, Position)]?
        if let kindEntry = given.first, let list = reader.stringList(kindEntry) {
            if list.count == 2 {
                names = list
            } else {
                reader.diagnostics.error(
                    "\(kindEntry.key) must name two fields, like [a, b], not \(list.count)", at: kindEntry.valuePosition)
            }
        }
        let field = entries["field"].flatMap { e in reader.string(e).map { ($0, e.valuePosition) } }
        let message = entries["message"].flatMap { reader.text($0) }
        let kind = given.first.flatMap { CrossFieldCheck.Kind(rawValue: $0.key) }
        return CheckDraft(kind: kind, names: names, field: field, message: message)
    }
}
