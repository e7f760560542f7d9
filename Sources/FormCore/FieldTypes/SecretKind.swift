/// `secret`: one line taken exactly as typed (not trimmed), never echoed, pre-filled or saved.
struct SecretKind: FieldKind {
    var trimsInput: Bool { false }
    var measuresLength: Bool { true }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> { .success(.text(input)) }
    func rule(for field: Field) -> String? { "not shown as you type" }
}
