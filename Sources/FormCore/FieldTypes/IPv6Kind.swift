/// `ipv6`: any RFC 4291 text form: eight groups of 1-4 hex digits, `::` once for a run of zero
/// groups, and an IPv4 dotted quad as the last 32 bits (`::ffff:192.0.2.1`). Zone ids (`%eth0`)
/// are refused. Sent in RFC 5952 canonical form: lower case, no leading zeros, the longest run of
/// two or more zero groups (the first of equals) as `::`, and IPv4-mapped addresses with their
/// dotted quad (`::ffff:192.0.2.1`).
struct IPv6Kind: FieldKind {
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { ["ipv6"] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        IPv6Kind.read(input).map { .text(IPv6Kind.text($0)) }
    }

    func rule(for field: Field) -> String? { "an IPv6 address like 2001:db8::1" }

    /// The eight 16-bit groups, or the specific reason the text is not an IPv6 address.
    static func read(_ s: String) -> Result<[UInt16], ValueError> {
        let allowed = s.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }
        guard s.contains(":"), allowed, s.utf8.count <= 64, !s.contains(":::") else { return .failure(.notIPv6) }
        let halves = s.components(separatedBy: "::")
        guard halves.count <= 2 else { return .failure(.ipv6DoubleCompression) }
        let compressed = halves.count == 2
        func groups(_ text: String) -> [Substring]? {
            if text.isEmpty { return [] }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            return parts.contains(where: \.isEmpty) ? nil : parts
        }
        guard let head = groups(halves[0]), let tail = compressed ? groups(halves[1]) : [] else {
            return .failure(.notIPv6)
        }
        // An embedded IPv4 quad may only be the last thing written.
        func values(_ part: [Substring], last: Bool) -> Result<[UInt16], ValueError> {
            var result: [UInt16] = []
            for (i, group) in part.enumerated() {
                if group.contains(".") {
                    guard last, i == part.count - 1 else { return .failure(.notIPv6) }
                    switch IPv4Kind.read(String(group)) {
                    case .success(let o):
                        result.append(UInt16(o[0]) << 8 | UInt16(o[1]))
                        result.append(UInt16(o[2]) << 8 | UInt16(o[3]))
                    case .failure(let e): return .failure(e)
                    }
                    continue
                }
                guard group.utf8.count <= 4 else { return .failure(.ipv6GroupTooLong(String(group.prefix(12)))) }
                guard let v = UInt16(group, radix: 16) else { return .failure(.notIPv6) }
                result.append(v)
            }
            return .success(result)
        }
        return values(head, last: !compressed).flatMap { headValues in
            values(tail, last: true).flatMap { tailValues in
                let count = headValues.count + tailValues.count
                if compressed {
                    guard count <= 7 else { return .failure(.ipv6GroupCount(count)) }
                    return .success(headValues + [UInt16](repeating: 0, count: 8 - count) + tailValues)
                }
                guard count == 8 else { return .failure(.ipv6GroupCount(count)) }
                return .success(headValues)
            }
        }
    }

    /// RFC 5952 text.
    static func text(_ groups: [UInt16]) -> String {
        if groups.prefix(5).allSatisfy({ $0 == 0 }) && groups[5] == 0xFFFF {
            let o = [groups[6] >> 8, groups[6] & 0xFF, groups[7] >> 8, groups[7] & 0xFF].map { UInt8($0) }
            return "::ffff:" + IPv4Kind.text(o)
        }
        // The longest run of at least two zero groups; the first one when runs tie.
        var best: Range<Int>?
        var i = 0
        while i < groups.count {
            guard groups[i] == 0 else { i += 1; continue }
            var j = i
            while j < groups.count, groups[j] == 0 { j += 1 }
            if j - i >= 2, j - i > (best?.count ?? 0) { best = i..<j }
            i = j
        }
        let hex = groups.map { String($0, radix: 16) }
        guard let run = best else { return hex.joined(separator: ":") }
        return hex[..<run.lowerBound].joined(separator: ":") + "::" + hex[run.upperBound...].joined(separator: ":")
    }
}

/// The refusals of `ipv6` fields, with the sentences the operator reads.
extension ValueError {
    static let notIPv6 = ValueError.typeRule("Enter an IPv6 address like 2001:db8::1")
    static func ipv6GroupTooLong(_ group: String) -> ValueError { .typeDetail(.ipv6GroupTooLong(group)) }
    static let ipv6DoubleCompression = ValueError.typeRule("Use :: only once in an IPv6 address")
    static func ipv6GroupCount(_ n: Int) -> ValueError {
        .typeDetail(.ipv6GroupCount(n))
    }
}
