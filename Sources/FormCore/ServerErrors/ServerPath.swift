/// Turns the ways servers write a field's path into `[ServerError.PathComponent]`.
///
/// Each dialect writes paths its own way: Laravel `items.0.name`, Rails and Spring
/// `items[1].price`, ASP.NET `$.items[0].name`, JSON:API and RFC 9457 JSON Pointers
/// (`/data/attributes/age`, `#/age`). All-digit segments become `.index`; nothing else does
/// (`-2`, `+1`, `1.0` are keys, which name no item: see `ItemNames.looseSegment`).
enum ServerPath {
    /// `items.0.name`, `items[1].price`, `$.age`, `Items[0].Name`. nil for a non-field marker:
    /// an empty text, `$`, or only separators.
    static func dotted(_ text: String) -> [ServerError.PathComponent]? {
        // ASCII without brackets or a leading `$` (`address.city`, `items.0.name`): dots are the
        // only separators, and each byte is a character, so the bytes are split at once.
        if text.allBytes({ $0 < 0x80 && $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") }), !text.hasPrefix("$") {
            let components = text.utf8.split(separator: UInt8(ascii: ".")).map { component(String(Substring($0))) }
            return components.isEmpty ? nil : components
        }
        return dottedByCharacters(text)
    }

    /// `dotted` read a character at a time: any path, brackets and quotes included.
    static func dottedByCharacters(_ text: String) -> [ServerError.PathComponent]? {
        var text = Substring(text)
        if text.hasPrefix("$") { text = text.dropFirst() }
        var components: [ServerError.PathComponent] = []
        var current = ""
        var inBracket = false
        func flush() {
            if !current.isEmpty { components.append(component(current)) }
            current = ""
        }
        for character in text {
            switch character {
            case "." where !inBracket: flush()
            case "[" where !inBracket: flush(); inBracket = true
            case "]" where inBracket:
                // `['first-name']` (JavaScript property syntax): the quotes are not part of the key.
                if current.count >= 2, let quote = current.first, quote == "'" || quote == "\"", current.last == quote {
                    current = String(current.dropFirst().dropLast())
                }
                flush()
                inBracket = false
            default: current.append(character)
            }
        }
        flush()
        return components.isEmpty ? nil : components
    }

    /// A JSON Pointer (RFC 6901), plain (`/age`) or as a URI fragment (`#/age`, percent-encoded).
    /// nil for the whole document (`""`, `#`, `/`).
    static func pointer(_ text: String) -> [ServerError.PathComponent]? {
        var text = Substring(text)
        var isFragment = false
        if text.hasPrefix("#") {
            text = text.dropFirst()
            isFragment = true
        }
        guard !text.isEmpty else { return nil }
        guard text.hasPrefix("/") else {
            // Not a pointer after all (some servers put a field name here): read it as a dotted path.
            return dotted(String(text))
        }
        let segments = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            var s = String(segment)
            if isFragment { s = percentDecoded(s) }
            return s.replacingAll("~1", with: "/").replacingAll("~0", with: "~")
        }
        let components = segments.filter { !$0.isEmpty }.map(component)
        return components.isEmpty ? nil : components
    }

    /// One path segment from JSON: a string key (digits become an index) or an integer. A number
    /// is an index only when written as digits alone: `-1` (FastAPI's `loc` from a hostile or
    /// buggy server) names no item, so it stays a key and reaches the banner as written.
    static func component(_ json: JSONValue) -> ServerError.PathComponent? {
        switch json {
        case .string(let s): return component(s)
        case .number(let n): return component(n)
        default: return nil
        }
    }

    static func component(_ text: String) -> ServerError.PathComponent {
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let i = Int(text) {
            return .index(i)
        }
        return .key(text)
    }

    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}

extension String {
    /// `replacingOccurrences(of:with:)` without Foundation.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}

extension JSONValue {
    /// A message-like value as text: strings as they are, numbers and booleans as written.
    var scalarText: String? {
        switch self {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }
}
