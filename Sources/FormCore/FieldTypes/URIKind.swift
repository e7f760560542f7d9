/// `uri`: any absolute URI (RFC 3986), not only web addresses: a scheme (a letter, then letters,
/// digits, `+`, `-`, `.`), a colon and a non-empty rest, in the URI character set (ASCII
/// letters, digits, `-._~:/?#[]@!$&'()*+,;=` and `%` with two hex digits). `mailto:a@example.com`,
/// `urn:isbn:0451450523` and `ftp://example.com/x` are URIs; spaces and non-ASCII characters must
/// be percent-encoded. Sent as typed. Length rules and a pattern apply.
struct URIKind: FieldKind {
    var measuresLength: Bool { true }
    var countsOn: Bool { true }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { false }
    var openAPIFormats: [String] { ["uri"] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard let colon = input.firstIndex(of: ":") else { return .failure(.notURI) }
        let scheme = input[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return .failure(.notURI)
        }
        let rest = Array(input[input.index(after: colon)...].unicodeScalars)
        guard !rest.isEmpty else { return .failure(.notURI) }
        var i = 0
        while i < rest.count {
            let u = rest[i]
            if u == "%" {
                guard i + 2 < rest.count, rest[i + 1].properties.isASCIIHexDigit, rest[i + 2].properties.isASCIIHexDigit else {
                    return .failure(.uriPercent)
                }
                i += 3
                continue
            }
            guard u.isASCII, u.properties.isAlphabetic || ("0"..."9").contains(u) || "-._~:/?#[]@!$&'()*+,;=".unicodeScalars.contains(u) else {
                return .failure(.uriCharacter(Character(u)))
            }
            i += 1
        }
        return .success(.text(input))
    }

    func rule(for field: Field) -> String? { "a URI like https://example.com/x or mailto:a@example.com" }
}

/// The refusals of `uri` fields, with the sentences the operator reads.
extension ValueError {
    static let notURI = ValueError.typeRule("Enter a URI with its scheme, like https://example.com/x or mailto:a@example.com")
    /// A character a URI can't hold as it is (a space, a non-ASCII letter): percent-encode it.
    static func uriCharacter(_ c: Character) -> ValueError {
        c == " " ? .typeRule("A URI can't contain spaces: write %20") : .typeDetail(.uriCharacter(String(c)))
    }
    /// `%` not followed by two hex digits.
    static let uriPercent = ValueError.typeRule("% in a URI must be followed by two hex digits (%20)")
}
