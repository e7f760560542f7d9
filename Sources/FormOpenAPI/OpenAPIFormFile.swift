/// The form derived from one operation: complete form-file text, plus what it could not say.
package struct OpenAPIFormFile: Sendable, Equatable {
    /// A complete form file (YAML), commented where the schema said something a form cannot.
    package var yaml: String
    /// Everything not fully expressed, each at its JSON pointer in the document.
    package var problems: [OpenAPIProblem]

    package init(yaml: String, problems: [OpenAPIProblem]) {
        self.yaml = yaml
        self.problems = problems
    }
}
