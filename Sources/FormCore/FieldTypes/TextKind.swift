/// `text`: one line, trimmed; length rules and a pattern apply.
struct TextKind: FieldKind {
    var measuresLength: Bool { true }
    var countsOn: Bool { true }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { false }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> { .success(.text(input)) }
    func rule(for field: Field) -> String? { nil }
}
