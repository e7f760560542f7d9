/// `phone`: an international number in E.164 form: `+`, the country code and the number, 8 to 15
/// digits in all, the first not 0. The operator may group the digits as they are written on a
/// card (`+47 22 33 44 55`, `+1 (555) 010-0199`, `+44.20.7946.0958`): spaces, dashes, dots and
/// parentheses are dropped. Sent as `+` and the digits: `+4722334455`. A national number
/// (`022 33 44 55`, `0047...`) is refused: which country it belongs to is a guess.
struct PhoneKind: FieldKind {
    /// The digits after `+` in E.164 (ITU-T): at most 15; 8 is the shortest in practice.
    static let digitRange = 8...15

    /// Not a serial: the next record's phone is someone else's, not this one plus one.
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    /// A value never holds a comma (one is refused), so "+47 22 33 44 55, +46 8 123 456 78" is two.
    func entersSeveral(_ field: Field) -> Bool { true }
    /// None: `phone` is not in the OpenAPI format registry, and the servers that write
    /// `format: phone` (or `tel`) mostly take national numbers too, which this type refuses: the
    /// import would make the form stricter than the server. Such a field stays `text`.
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard input.first == "+" else { return .failure(.phoneNeedsPlus) }
        var digits = "", count = 0
        for c in input.dropFirst() {
            if let ascii = c.asciiValue, (48...57).contains(ascii) {
                count += 1
                // Bounded: past 15 only the count is kept, for the message.
                if count <= Self.digitRange.upperBound { digits.append(c) }
            } else if !PhoneKind.isSeparator(c) {
                return .failure(.phoneCharacter(c))
            }
        }
        if digits.first == "0" { return .failure(.phoneCountryCodeZero) }
        guard Self.digitRange.contains(count) else { return .failure(.phoneDigitCount(count)) }
        return .success(.text("+" + digits))
    }

    func rule(for field: Field) -> String? { "a phone number with + and the country code, like +47 22 33 44 55" }

    /// What may group the digits: spaces (also the no-break spaces of pasted text), `-`, `.`, `(`, `)`.
    static func isSeparator(_ c: Character) -> Bool {
        if "-.()".contains(c) { return true }
        return c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
    }
}

/// The refusals of `phone` fields, with the sentences the operator reads.
extension ValueError {
    static let phoneNeedsPlus = ValueError.typeRule("A phone number starts with + and the country code, like +47 22 33 44 55")
    static func phoneCharacter(_ c: Character) -> ValueError {
        .typeDetail(.phoneCharacter(String(c)))
    }
    static func phoneDigitCount(_ n: Int) -> ValueError {
        .typeDetail(.phoneDigitCount(n))
    }
    static let phoneCountryCodeZero = ValueError.typeRule("A country code never starts with 0: write + and the country code, like +47 22 33 44 55")
}
