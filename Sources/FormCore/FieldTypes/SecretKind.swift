/// `secret`: one line taken exactly as typed (not trimmed), never echoed, pre-filled or saved.
struct SecretKind: FieldKind {
    var trimsInput: Bool { false }
    var measuresLength: Bool { true }
    var countsOn: Bool { false }
    var listRefusal: String? { "a list of secrets is not supported: use separate secret fields" }
    func entersSeveral(_ field: Field) -> Bool { false }
    var openAPIFormats: [String] { ["password"] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> { .success(.text(input)) }
    func rule(for field: Field) -> String? { "not shown as you type" }
    func shortDisplay(_ value: FieldValue) -> String { "********" }
}
