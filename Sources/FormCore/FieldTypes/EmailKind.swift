/// `email`: pragmatic, like HTML's email input: one `@`, a non-empty local part, a dotted domain,
/// no spaces. Length rules and a pattern apply too.
struct EmailKind: FieldKind {
    var measuresLength: Bool { true }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        EmailKind.isEmail(input) ? .success(.text(input)) : .failure(.notEmail)
    }

    func rule(for field: Field) -> String? { "an email address" }

    static func isEmail(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !s.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        guard domain.contains("."), domain.first != ".", domain.last != ".", !domain.contains("..") else { return false }
        return true
    }
}
