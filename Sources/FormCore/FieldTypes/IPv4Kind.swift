/// `ipv4`: a dotted quad, four decimal octets 0-255 (`192.0.2.10`). An octet with a leading zero
/// (`010`) is refused: some systems read it as octal, so its meaning is ambiguous. The canonical
/// text is the same dotted quad.
struct IPv4Kind: FieldKind {
    var countsOn: Bool { true }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { ["ipv4"] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        IPv4Kind.read(input).map { .text(IPv4Kind.text($0)) }
    }

    func rule(for field: Field) -> String? { "an IPv4 address like 192.0.2.10" }

    /// The four octets of a dotted quad, or the specific reason it is not one.
    static func read(_ s: String) -> Result<[UInt8], ValueError> {
        guard s.contains("."), s.utf8.allSatisfy({ (48...57).contains($0) || $0 == UInt8(ascii: ".") }) else {
            return .failure(.notIPv4)
        }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return .failure(.ipv4PartCount(parts.count)) }
        var octets: [UInt8] = []
        for part in parts {
            guard !part.isEmpty else { return .failure(.notIPv4) }
            if part.utf8.count > 3 { return .failure(.ipv4OctetOver255(String(part.prefix(12)))) }
            if part.utf8.count > 1, part.first == "0" { return .failure(.ipv4LeadingZero(String(part))) }
            let n = part.utf8.reduce(0) { $0 * 10 + Int($1 - 48) }
            guard let octet = UInt8(exactly: n) else { return .failure(.ipv4OctetOver255(String(part))) }
            octets.append(octet)
        }
        return .success(octets)
    }

    static func text(_ octets: [UInt8]) -> String { octets.map(String.init).joined(separator: ".") }
}

/// The refusals of `ipv4` fields, with the sentences the operator reads.
extension ValueError {
    static let notIPv4 = ValueError.typeRule("Enter an IPv4 address like 192.0.2.10")
    static func ipv4PartCount(_ n: Int) -> ValueError {
        .typeDetail(.ipv4PartCount(n))
    }
    static func ipv4OctetOver255(_ octet: String) -> ValueError { .typeDetail(.ipv4OctetOver255(octet)) }
    static func ipv4LeadingZero(_ octet: String) -> ValueError {
        .typeDetail(.ipv4LeadingZero(octet))
    }
}
