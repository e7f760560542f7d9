/// `url`: http or https, `://`, then a non-empty host; no spaces. Length rules and a pattern apply.
struct URLKind: FieldKind {
    var measuresLength: Bool { true }
    var countsOn: Bool { true }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { false }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        URLKind.isWebURL(input) ? .success(.text(input)) : .failure(.notWebURL)
    }

    func rule(for field: Field) -> String? { "a web address (http:// or https://)" }

    static func isWebURL(_ s: String) -> Bool {
        guard !s.contains(where: \.isWhitespace), let sep = s.firstRange(of: "://") else { return false }
        let scheme = s[..<sep.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return false }
        let rest = s[sep.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostPort = authority.split(separator: "@").last.map(String.init) ?? ""
        let host = hostPort.hasPrefix("[") ? hostPort : String(hostPort.prefix { $0 != ":" })
        return !host.isEmpty
    }
}

/// The refusals of `url` fields, with the sentences the operator reads.
extension ValueError {
    static let notWebURL = ValueError.typeRule("Enter a web address starting with http:// or https://")
}
