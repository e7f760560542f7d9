/// `multiline`: lines until a line that is a single `.`; each line keeps its indentation.
struct MultilineKind: FieldKind {
    var trimsInput: Bool { false }
    var allowsLineBreaks: Bool { true }
    var measuresLength: Bool { true }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> { .success(.text(input)) }
    func rule(for field: Field) -> String? { "several lines, ended by a line with only '.'" }
    func promptHints(for field: Field) -> [String] { [Wizard.multilineHint] }
}
