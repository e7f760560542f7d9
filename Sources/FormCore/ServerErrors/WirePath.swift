/// An error's path as each framework writes it: the inverse of `ServerPath`. Indexes stay the
/// wire's (0-based, the payload's); the readers turn them into the form's item numbers.
enum WirePath {
    /// `lines.1.sku` (Laravel).
    static func dotted(_ path: [ServerError.PathComponent]) -> String {
        path.map(\.description).joined(separator: ".")
    }

    /// `lines[1].sku` (Rails, Spring); `transform` changes each key (ASP.NET's `Lines[1].Sku`).
    static func bracket(_ path: [ServerError.PathComponent], transform: (String) -> String = { $0 }) -> String {
        var out = ""
        for component in path {
            switch component {
            case .index(let i): out += "[\(i)]"
            case .key(let key): out += (out.isEmpty ? "" : ".") + transform(key)
            }
        }
        return out
    }

    /// `/lines/1/sku` (RFC 6901); as a URI fragment (`#/lines/1/sku`) each byte outside the
    /// unreserved characters is percent-encoded, as `ServerPath.pointer` decodes it.
    static func pointer(_ path: [ServerError.PathComponent], fragment: Bool = false) -> String {
        var out = fragment ? "#" : ""
        for component in path {
            let escaped = component.description.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
            out += "/" + (fragment ? percentEncoded(escaped) : escaped)
        }
        return out
    }

    /// `["lines", 1, "sku"]` (FastAPI's `loc`).
    static func loc(_ path: [ServerError.PathComponent]) -> [JSONValue] {
        path.map { component in
            switch component {
            case .index(let i): .number(String(i))
            case .key(let key): .string(key)
            }
        }
    }

    /// `detected_on` -> `DetectedOn`: ASP.NET's property names (the reader matches them to the
    /// form's names ignoring case, `_` and `-`).
    static func pascalCase(_ key: String) -> String {
        let pascal = key.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return pascal.isEmpty ? key : pascal
    }

    private static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
    }
}
