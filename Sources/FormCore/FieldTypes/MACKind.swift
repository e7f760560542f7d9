/// `mac`: a 48-bit MAC address as six pairs of hex digits separated by `:` or `-`
/// (`00:1A:2b:3c:4d:5e`, `00-1a-2b-3c-4d-5e`), or Cisco's three groups of four (`001a.2b3c.4d5e`).
/// Sent in lower case with colons: `00:1a:2b:3c:4d:5e`.
struct MACKind: FieldKind {
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard let hex = MACKind.digits(input) else { return .failure(.notMAC) }
        var pairs: [String] = []
        var rest = Substring(hex)
        while !rest.isEmpty {
            pairs.append(String(rest.prefix(2)))
            rest = rest.dropFirst(2)
        }
        return .success(.text(pairs.joined(separator: ":")))
    }

    func rule(for field: Field) -> String? { "a MAC address like 00:1a:2b:3c:4d:5e" }

    /// The twelve hex digits in lower case, when the text has one of the accepted layouts.
    static func digits(_ s: String) -> String? {
        guard s.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || ":-.".unicodeScalars.contains($0) }) else {
            return nil
        }
        let layouts: [(Character, Int, Int)] = [(":", 6, 2), ("-", 6, 2), (".", 3, 4)]
        for (separator, count, width) in layouts {
            let groups = s.split(separator: separator, omittingEmptySubsequences: false)
            if groups.count == count, groups.allSatisfy({ $0.count == width && $0.allSatisfy(\.isHexDigit) }) {
                return groups.joined().lowercased()
            }
        }
        return nil
    }
}

/// The refusals of `mac` fields, with the sentences the operator reads.
extension ValueError {
    static let notMAC = ValueError.typeRule("Enter a MAC address like 00:1a:2b:3c:4d:5e")
}
