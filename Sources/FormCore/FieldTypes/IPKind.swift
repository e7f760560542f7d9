/// `ip`: an IPv4 or an IPv6 address, each read and sent as its own type is (a `:` makes it IPv6).
struct IPKind: FieldKind {
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        IPKind.read(input).map { .text($0) }
    }

    func rule(for field: Field) -> String? { "an IPv4 or IPv6 address" }

    /// The canonical text of either kind of address.
    static func read(_ s: String) -> Result<String, ValueError> {
        if s.contains(":") { return IPv6Kind.read(s).map(IPv6Kind.text) }
        if s.contains("."), s.utf8.allSatisfy({ (48...57).contains($0) || $0 == UInt8(ascii: ".") }) {
            return IPv4Kind.read(s).map(IPv4Kind.text)
        }
        return .failure(.notIPAddress)
    }
}

/// The refusals of `ip` fields, with the sentences the operator reads.
extension ValueError {
    static let notIPAddress = ValueError.typeRule("Enter an IP address like 192.0.2.10 or 2001:db8::1")
}
