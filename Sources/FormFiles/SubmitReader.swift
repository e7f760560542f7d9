import FormCore
import Yams

/// Reads `submit: {method, path, body, type, errors, prefer_errors, aliases, messages}`; alias and
/// message-route targets are checked by `FormReader`. `errors` is a dialect name or a mapping
/// (`ErrorShapeReader`); `prefer_errors` a dialect preferred under `errors: auto`.
/// `body` is `json` (default), `jsonapi` (which needs `type`, the resource type) or `form`.
struct SubmitReader {
    static let keys = ["method", "path", "body", "type", "errors", "prefer_errors", "aliases", "messages"]

    let reader: YAMLNodeReader

    /// The spec and each field it names (alias and message-route targets) with its position and
    /// what named it, for `FormReader` to check.
    func read(_ entry: Entry) -> (SubmitSpec, [(String, Position, String)]) {
        var spec = SubmitSpec()
        guard let mapping = reader.mapping(entry.value, "submit") else { return (spec, []) }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "submit")
        let diagnostics = reader.diagnostics
        var pathTargets: [(String, Position, String)] = []

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
                for name in SubmitPath.fieldNames(in: path) { pathTargets.append((name, e.valuePosition, "submit path")) }
            } else {
                diagnostics.error("submit path \"\(path)\" must start with / and have no spaces", at: e.valuePosition)
            }
        }
        readBody(entries, into: &spec)
        if let e = entries["errors"], case .mapping = e.value {
            spec.errorShape = ErrorShapeReader(reader: reader).read(e)
        } else if let e = entries["errors"], let raw = reader.string(e) {
            if let dialect = ErrorDialect(rawValue: raw) {
                spec.errors = dialect
            } else {
                let names = ErrorDialect.allCases.map(\.rawValue)
                let hint = NameSuggestion.closest(to: raw, in: names).map { "did you mean \"\($0)\"?" }
                    ?? "use \(names.joined(separator: ", "))"
                diagnostics.error("unknown error dialect \"\(raw)\" (\(hint))", at: e.valuePosition)
            }
        }
        readPreference(entries, into: &spec)
        var targets = pathTargets
        if let e = entries["aliases"], let aliases = reader.mapping(e.value, "aliases") {
            let pairs = reader.entries(of: aliases, allowed: nil, context: "aliases")
            for pair in pairs.ordered {
                guard let target = reader.string(pair) else { continue }
                spec.aliases[pair.key] = target
                targets.append((target, pair.valuePosition, "alias"))
            }
        }
        if let e = entries["messages"], let routes = reader.mapping(e.value, "messages") {
            for pair in reader.entries(of: routes, allowed: nil, context: "messages").ordered {
                guard let target = reader.string(pair) else { continue }
                spec.messageRoutes.append(MessageRoute(text: pair.key, field: target))
                targets.append((target, pair.valuePosition, "a message route"))
            }
        }
        return (spec, targets)
    }

    /// `prefer_errors: fastapi`: read an answer that fits this dialect as it, any other as `auto`
    /// does. Only beside `errors: auto` (a named dialect is the only one tried, and an own shape
    /// is read instead of any dialect).
    private func readPreference(_ entries: Entries, into spec: inout SubmitSpec) {
        guard let e = entries["prefer_errors"], let raw = reader.string(e) else { return }
        let names = ErrorDialect.allCases.filter { $0 != .auto }.map(\.rawValue)
        guard let dialect = ErrorDialect(rawValue: raw), dialect != .auto else {
            let hint = NameSuggestion.closest(to: raw, in: names).map { "did you mean \"\($0)\"?" }
                ?? "use \(names.joined(separator: ", "))"
            reader.diagnostics.error("unknown error dialect \"\(raw)\" for prefer_errors (\(hint))", at: e.valuePosition)
            return
        }
        guard spec.errors == .auto, spec.errorShape == nil else {
            reader.diagnostics.error("prefer_errors goes with errors: auto (a named dialect or an own shape is the only one read)", at: e.keyPosition)
            return
        }
        spec.preferredErrors = dialect
    }

    private func readBody(_ entries: Entries, into spec: inout SubmitSpec) {
        let diagnostics = reader.diagnostics
        if let e = entries["body"], let raw = reader.string(e) {
            if let format = RequestBody.Format(rawValue: raw) {
                spec.body.format = format
            } else {
                let names = RequestBody.Format.allCases.map(\.rawValue)
                diagnostics.error(
                    "unknown submit body \"\(raw)\"" + (NameSuggestion.hint(for: raw, in: names).isEmpty
                        ? " (use \(names.joined(separator: ", ")))" : NameSuggestion.hint(for: raw, in: names)),
                    at: e.valuePosition)
            }
        }
        if let e = entries["type"], let raw = reader.string(e) {
            if spec.body.format != .jsonapi {
                diagnostics.error("submit type is the JSON:API resource type; it needs body: jsonapi", at: e.keyPosition)
            } else if raw.isEmpty || raw.contains(where: { $0.isWhitespace || $0.isNewline }) {
                diagnostics.error("submit type \"\(raw)\" must be a resource type with no spaces (signups)", at: e.valuePosition)
            } else {
                spec.body.type = raw
            }
        } else if spec.body.format == .jsonapi, let e = entries["body"] {
            diagnostics.error("body: jsonapi needs the resource type: add type: (e.g. type: signups) to submit", at: e.valuePosition)
        }
    }
}
