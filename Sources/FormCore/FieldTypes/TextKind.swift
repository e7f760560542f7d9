/// `text`: one line, trimmed; length rules and a pattern apply.
struct TextKind: FieldKind {
    var measuresLength: Bool { true }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> { .success(.text(input)) }
    func rule(for field: Field) -> String? { nil }
}
