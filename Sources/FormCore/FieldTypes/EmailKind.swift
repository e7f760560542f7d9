/// `email`: pragmatic, like HTML's email input: one `@`, a non-empty local part, a dotted domain,
/// no spaces. Length rules and a pattern apply too.
struct EmailKind: FieldKind {
    var measuresLength: Bool { true }
    var countsOn: Bool { true }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { ["email", "idn-email"] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        EmailKind.isEmail(input) ? .success(.text(input)) : .failure(.notEmail(problem: EmailKind.problem(input)))
    }

    func rule(for field: Field) -> String? { "an email address" }

    /// What is wrong with a value that is not an address, when one thing clearly is (spaces, a
    /// second @, nothing before the @, no dot after it); nil for the general message.
    static func problem(_ s: String) -> FieldTypeRefusal? {
        if s.containsWhitespace { return .emailHasSpaces }
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count > 2 { return .emailAtCount(parts.count - 1) }
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty { return .emailNeedsName }
        if !parts[1].isEmpty && !parts[1].contains(".") {
            return .emailDomainNeedsDot(domain: TextWrap.truncate(String(parts[1]), to: 20))
        }
        return nil
    }

    static func isEmail(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !s.containsWhitespace else { return false }
        let domain = parts[1]
        guard domain.contains("."), domain.first != ".", domain.last != ".", !domain.contains("..") else { return false }
        return true
    }
}

/// The refusals of `email` fields, with the sentences the operator reads.
extension ValueError {
    /// Not an email address; `problem` says what is wrong when one thing clearly is.
    static func notEmail(problem: FieldTypeRefusal?) -> ValueError {
        problem.map { .typeDetail($0) } ?? .typeRule("Enter a valid email address")
    }
}
