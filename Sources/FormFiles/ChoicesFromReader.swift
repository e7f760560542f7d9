import FormCore
import Yams

/// A field's `choices_from` as read, with where its placeholders were written: `FormReader`
/// checks that they name earlier single-value fields (it knows the order).
struct ChoicesFromDraft {
    var from: ChoicesFrom
    var placeholders: [(String, Position)]
    let position: Position
}

/// Reads `choices_from: {path, query, value, label, timeout, fake}` (docs/checks.md, "Choices from the
/// API"): a GET whose JSON list becomes a choice or multichoice field's choices.
struct ChoicesFromReader {
    static let keys = ["path", "query", "value", "label", "timeout", "fake"]

    let reader: YAMLNodeReader
    private var diagnostics: Diagnostics { reader.diagnostics }

    func read(_ entry: Entry) -> ChoicesFromDraft? {
        guard let mapping = reader.mapping(entry.value, "choices_from") else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "choices_from")
        var from = ChoicesFrom(path: "/")
        var placeholders: [(String, Position)] = []
        var ok = true
        if let e = entries["path"], let path = reader.string(e) {
            if path.hasPrefix("/") && !path.contains(where: { $0.isWhitespace }) && !path.containsControlCharacters {
                from.path = path
                placeholders += SubmitPath.fieldNames(in: path).map { ($0, e.valuePosition) }
            } else {
                diagnostics.error("choices_from path \"\(TextCleaning.oneLine(path, limit: 80))\" must start with / and have no spaces", at: e.valuePosition)
                ok = false
            }
        } else if entries["path"] == nil {
            reader.missing("path", in: entries, ": where the choices are fetched (/api/docks)")
            ok = false
        }
        if let e = entries["query"] {
            if let mapping = reader.mapping(e.value, "query") {
                for pair in reader.entries(of: mapping, allowed: nil, context: "query").ordered {
                    guard let template = reader.string(pair) else {
                        ok = false
                        continue
                    }
                    from.query.append(.init(name: pair.key, template: template))
                    placeholders += SubmitPath.fieldNames(in: template).map { ($0, pair.valuePosition) }
                }
            } else {
                ok = false
            }
        }
        if let e = entries["value"], let text = reader.string(e) {
            if let pointer = JSONPointer(text) {
                from.value = pointer
            } else {
                diagnostics.error(
                    "\"\(TextCleaning.oneLine(text, limit: 60))\" is not a JSON pointer (write /code or /dock/id)", at: e.valuePosition)
                ok = false
            }
        }
        if let e = entries["label"], let text = reader.string(e) {
            if entries["value"] == nil {
                diagnostics.error("choices_from label needs value: the pointer to the choice sent (label is only what is shown)", at: e.keyPosition)
                ok = false
            } else if let pointer = JSONPointer(text) {
                from.label = pointer
            } else {
                diagnostics.error(
                    "\"\(TextCleaning.oneLine(text, limit: 60))\" is not a JSON pointer (write /name or /dock/name)", at: e.valuePosition)
                ok = false
            }
        }
        if let e = entries["timeout"], let seconds = reader.count(e) {
            if (1...ServerCheck.maximumTimeoutSeconds).contains(seconds) {
                from.timeoutSeconds = seconds
            } else {
                diagnostics.error("timeout is seconds from 1 to \(ServerCheck.maximumTimeoutSeconds), not \(seconds)", at: e.valuePosition)
                ok = false
            }
        }
        if let e = entries["fake"] {
            if let items = reader.stringList(e) {
                if items.isEmpty {
                    diagnostics.error("choices_from fake must list at least one choice", at: e.valuePosition)
                    ok = false
                } else {
                    from.fake = items.map(\.0)
                }
            } else {
                ok = false
            }
        }
        guard ok else { return nil }
        return ChoicesFromDraft(from: from, placeholders: placeholders, position: entry.keyPosition)
    }
}
