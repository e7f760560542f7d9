import FormCore
import FormFiles
import Testing

/// The error lines for `yaml` read as "t.yaml" (empty when it loads).
func errorLines(_ yaml: String) -> [String] {
    switch FormFileLoader.parse(yaml: yaml, path: "t.yaml") {
    case .success: return []
    case .failure(let errors): return errors.errors.map(\.description)
    }
}

/// The form `yaml` describes; records an issue (with the errors) when it does not load.
func loadedForm(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> FormSpec? {
    switch FormFileLoader.parse(yaml: yaml, path: "t.yaml") {
    case .success(let form): return form
    case .failure(let errors):
        Issue.record("did not load:\n\(errors)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A minimal valid form whose fields are `fieldsYAML` (indented list items) plus `rest`.
func form(_ fieldsYAML: String, _ rest: String = "") -> String {
    "id: t\nfields:\n" + fieldsYAML + rest
}
