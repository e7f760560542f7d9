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
        if let ascii = isASCIIEmail(s.utf8) { return ascii }
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !s.containsWhitespace else { return false }
        let domain = parts[1]
        guard domain.contains("."), domain.first != ".", domain.last != ".", !domain.contains("..") else { return false }
        return true
    }

    /// `isEmail` on the bytes of ASCII text (nil for other text): there a Character is a byte
    /// (CR LF aside, white space either way), and the generic string searches were most of a
    /// batch record's email check.
    static func isASCIIEmail(_ text: String.UTF8View) -> Bool? {
        // Read from the string's own bytes where it has them (a native string does): stepping
        // the UTF-8 view index by index cost a hundred instructions a byte.
        text.withContiguousStorageIfAvailable(isASCIIEmail) ?? isASCIIEmail(Array(text))
    }

    private static func isASCIIEmail<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool? where Bytes.Index == Int {
        var at: Int?
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            if String.isASCIIWhitespace(byte) { return false }
            if byte == UInt8(ascii: "@") {
                if at != nil { return false }
                at = index
            }
        }
        guard let at, at != bytes.startIndex else { return false }
        let domain = bytes[(at + 1)...]
        guard let first = domain.first, let last = domain.last,
              first != UInt8(ascii: "."), last != UInt8(ascii: "."), domain.contains(UInt8(ascii: ".")) else { return false }
        var previous: UInt8 = 0
        for byte in domain {
            if byte == UInt8(ascii: "."), previous == byte { return false }
            previous = byte
        }
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
