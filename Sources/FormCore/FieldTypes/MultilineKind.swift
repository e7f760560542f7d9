/// `multiline`: lines until a line that is a single `.`; each line keeps its indentation.
struct MultilineKind: FieldKind {
    var trimsInput: Bool { false }
    var allowsLineBreaks: Bool { true }
    var measuresLength: Bool { true }
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { false }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> { .success(.text(input)) }
    func rule(for field: Field) -> String? { "several lines, ended by a line with only '.'" }
    func promptHints(for field: Field) -> [String] { [Wizard.multilineHint] }

    /// The first line, and how many more there are.
    func shortDisplay(_ value: FieldValue) -> String {
        guard case .text(let s) = value else { return value.editableText }
        let lines = s.split(separator: "\n", omittingEmptySubsequences: false)
        let more = lines.count - 1
        return String(lines.first ?? "") + (more > 0 ? " " + WizardMessage.moreLines(more).text : "")
    }
}
