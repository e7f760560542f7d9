/// `cidr`: an IPv4 or IPv6 address, `/`, and a prefix length (0-32 or 0-128, no leading zeros).
/// The value is taken as written: host bits may be set (`192.0.2.10/24` names an interface's
/// address with its network), so a form that wants a network address says so in its label. Sent
/// as the canonical address (as `ipv4`/`ipv6` send it) and the prefix: `2001:DB8:0::1/64` is
/// sent as `2001:db8::1/64`.
struct CIDRKind: FieldKind {
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        let parts = input.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return .failure(.notCIDR) }
        let address = String(parts[0]), prefix = parts[1]
        let v6 = address.contains(":")
        let maximum = v6 ? 128 : 32
        guard (1...3).contains(prefix.utf8.count), prefix.utf8.allSatisfy({ (48...57).contains($0) }),
              prefix == "0" || prefix.first != "0" else { return .failure(.notCIDR) }
        let bits = prefix.utf8.reduce(0) { $0 * 10 + Int($1 - 48) }
        let canonical = v6 ? IPv6Kind.read(address).map(IPv6Kind.text) : IPv4Kind.read(address).map(IPv4Kind.text)
        return canonical.flatMap { text in
            bits <= maximum ? .success(.text("\(text)/\(bits)")) : .failure(.cidrPrefixOver(prefix: String(prefix), maximum: maximum))
        }
    }

    func rule(for field: Field) -> String? { "an address and prefix length, like 192.0.2.0/24" }
}

/// The refusals of `cidr` fields, with the sentences the operator reads.
extension ValueError {
    static let notCIDR = ValueError.typeRule("Enter a network as address/prefix, like 192.0.2.0/24 or 2001:db8::/32")
    static func cidrPrefixOver(prefix: String, maximum: Int) -> ValueError { .typeDetail(.cidrPrefixOver(prefix: prefix, maximum: maximum)) }
}
