import FormCore
import Yams

/// Reads `submit: {method, path, errors, aliases}`; alias targets are checked by `FormReader`.
struct SubmitReader {
    static let keys = ["method", "path", "errors", "aliases"]

    let reader: YAMLNodeReader

    /// The spec and each alias target with its position.
    func read(_ entry: Entry) -> (SubmitSpec, [(String, Position)]) {
        var spec = SubmitSpec()
        guard let mapping = reader.mapping(entry.value, "submit") else { return (spec, []) }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "submit")
        let diagnostics = reader.diagnostics

        if let e = entries["method"], let raw = reader.string(e) {
            if let method = SubmitSpec.Method(rawValue: raw) {
                spec.method = method
            } else {
                let names = SubmitSpec.Method.allCases.map(\.rawValue)
                diagnostics.error(
                    "submit method must be POST, PUT or PATCH, not \"\(raw)\"" + NameSuggestion.hint(for: raw, in: names),
                    at: e.valuePosition)
            }
        }
        if let e = entries["path"], let path = reader.string(e) {
            if path.hasPrefix("/") && !path.contains(where: \.isWhitespace) {
                spec.path = path
            } else {
                diagnostics.error("submit path \"\(path)\" must start with / and have no spaces", at: e.valuePosition)
            }
        }
        if let e = entries["errors"], let raw = reader.string(e) {
            if let dialect = ErrorDialect(rawValue: raw) {
                spec.errors = dialect
            } else {
                let names = ErrorDialect.allCases.map(\.rawValue)
                let hint = NameSuggestion.closest(to: raw, in: names).map { "did you mean \"\($0)\"?" }
                    ?? "use \(names.joined(separator: ", "))"
                diagnostics.error("unknown error dialect \"\(raw)\" (\(hint))", at: e.valuePosition)
            }
        }
        var targets: [(String, Position)] = []
        if let e = entries["aliases"], let aliases = reader.mapping(e.value, "aliases") {
            let pairs = reader.entries(of: aliases, allowed: nil, context: "aliases")
            for pair in pairs.ordered {
                guard let target = reader.string(pair) else { continue }
                spec.aliases[pair.key] = target
                targets.append((target, pair.valuePosition))
            }
        }
        return (spec, targets)
    }
}
