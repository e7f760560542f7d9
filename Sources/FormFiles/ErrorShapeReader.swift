import FormCore
import Yams

/// Reads a form's own error shape, `submit.errors` written as a mapping:
///
/// ```yaml
/// errors:
///   list: error.details     # keys to the list of entries, dotted; "." for a body that is the list
///   path: field             # the key holding an entry's field path (or a list of keys to try)
///   path_syntax: dotted     # dotted | bracket | pointer | loc
///   message: msg            # the key holding the message (or a list of keys to try)
///   code: code              # optional: the key holding a code for server_codes
///   non_field: [__all__]    # optional: path texts that mean "no field"
/// ```
struct ErrorShapeReader {
    static let keys = ["list", "path", "path_syntax", "message", "code", "non_field"]

    let reader: YAMLNodeReader

    func read(_ entry: Entry) -> ErrorShape? {
        guard let mapping = reader.mapping(entry.value, "errors") else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "an error shape")
        let diagnostics = reader.diagnostics
        var ok = true

        var list: [String] = []
        if let e = entries["list"] {
            if let text = reader.string(e) {
                list = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                if list.contains(where: \.isEmpty) {
                    diagnostics.error("list \"\(text)\" must be keys joined by dots, like errors or error.details (\".\" for the body itself)", at: e.valuePosition)
                    ok = false
                }
            } else {
                ok = false
            }
        } else {
            reader.missing("list", in: entries, " (the keys to the list of errors, like errors; \".\" for the body itself)")
            ok = false
        }

        var syntax = ErrorShape.PathSyntax.dotted
        if let e = entries["path_syntax"], let raw = reader.string(e) {
            if let given = ErrorShape.PathSyntax(rawValue: raw) {
                syntax = given
            } else {
                let names = ErrorShape.PathSyntax.allCases.map(\.rawValue)
                let hint = NameSuggestion.closest(to: raw, in: names).map { "did you mean \"\($0)\"?" }
                    ?? "use \(names.joined(separator: ", "))"
                diagnostics.error("unknown path syntax \"\(raw)\" (\(hint))", at: e.valuePosition)
                ok = false
            }
        }

        let path = entries["path"].flatMap(keys) ?? []
        let code = entries["code"].flatMap(keys) ?? []
        var message: [String] = []
        if let e = entries["message"] {
            if let given = keys(e) { message = given } else { ok = false }
        } else {
            reader.missing("message", in: entries, " (the key holding each error's message, like message or msg)")
            ok = false
        }
        var nonField: Set<String> = []
        if let e = entries["non_field"] {
            if let items = reader.stringList(e) { nonField = Set(items.map(\.0)) } else { ok = false }
        }
        guard ok else { return nil }
        return ErrorShape(list: list, path: path, pathSyntax: syntax, message: message, code: code, nonFieldPaths: nonField)
    }

    /// One key or a list of keys to try in order.
    private func keys(_ entry: Entry) -> [String]? {
        if case .sequence = entry.value {
            guard let items = reader.stringList(entry) else { return nil }
            guard !items.isEmpty else {
                reader.diagnostics.error("\(entry.key) needs at least one key", at: entry.valuePosition)
                return nil
            }
            return items.map(\.0)
        }
        return reader.string(entry).map { [$0] }
    }
}
