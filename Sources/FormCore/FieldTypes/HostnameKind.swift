/// `hostname`: an RFC 1123 host name: dot-separated parts of ASCII letters, digits and hyphens,
/// 1-63 characters each, not starting or ending with a hyphen, 253 characters in all. One
/// trailing dot (the fully qualified form, `example.com.`) is accepted and dropped. A last part
/// of only digits is refused: `192.0.2.10` is an address, not a name. Sent in lower case.
struct HostnameKind: FieldKind {
    var countsOn: Bool { true }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { ["hostname", "idn-hostname"] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        var name = input.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else { return .failure(.notHostname) }
        if let bad = name.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")) }) {
            return .failure(.hostnameCharacter(bad))
        }
        guard name.utf8.count <= 253 else { return .failure(.hostnameTooLong(length: name.utf8.count)) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            if label.isEmpty { return .failure(.hostnameEmptyLabel) }
            if label.utf8.count > 63 { return .failure(.hostnameLabelTooLong(String(label))) }
            if label.first == "-" || label.last == "-" { return .failure(.hostnameHyphenAtEnd(String(label))) }
        }
        if let last = labels.last, last.utf8.allSatisfy({ (48...57).contains($0) }) {
            return .failure(.hostnameNumericEnd)
        }
        return .success(.text(name))
    }

    func rule(for field: Field) -> String? { "a host name like mail.example.com" }
}

/// The refusals of `hostname` fields, with the sentences the operator reads.
extension ValueError {
    static let notHostname = ValueError.typeRule("Enter a host name like mail.example.com")
    static func hostnameTooLong(length: Int) -> ValueError {
        .typeDetail(.hostnameTooLong(length: length))
    }
    static let hostnameEmptyLabel = ValueError.typeRule("A host name can't have an empty part (two dots in a row, or a dot first)")
    static func hostnameLabelTooLong(_ label: String) -> ValueError {
        .typeDetail(.hostnameLabelTooLong(label: TextWrap.truncate(label, to: 20)))
    }
    static func hostnameHyphenAtEnd(_ label: String) -> ValueError {
        .typeDetail(.hostnameHyphenAtEnd(label: TextWrap.truncate(label, to: 20)))
    }
    static func hostnameCharacter(_ c: Character) -> ValueError {
        .typeDetail(.hostnameCharacter(String(c)))
    }
    static let hostnameNumericEnd = ValueError.typeRule("The last part of a host name can't be all digits (that is an address)")
}
