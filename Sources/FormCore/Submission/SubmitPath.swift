/// `submit.path` with `{field}` placeholders: `/api/users/{user_id}/keys`. Each placeholder is
/// replaced by its field's value, percent-encoded as one path segment (RFC 3986: everything but
/// unreserved characters and `!$&'()*+,;=:@`), and a field named in the path is sent there only,
/// never in the body (OpenAPI path parameters; issue 21).
package enum SubmitPath {
    /// The field names of the placeholders, in order (repeats kept once). Braces are found on
    /// the UTF-8 bytes (here and in `fill`): a Character search was a tenth of a replayed
    /// session with a server check.
    package static func fieldNames(in path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            let after = rest[rest.utf8.index(after: open)...]
            guard let close = after.utf8.firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = String(after[..<close])
            if !name.isEmpty, !names.contains(name) { names.append(name) }
            rest = after[after.utf8.index(after: close)...]
        }
        return names
    }

    /// The path with each `{name}` replaced by `values[name]`'s text, percent-encoded; a name with
    /// no value becomes the empty string (the reader makes path fields required, so a filled form
    /// has them all).
    ///
    /// A segment a value made only of dots (`{user_id}` = `..`, or `.{ext}` with `.`) has its dots
    /// percent-encoded (`%2E%2E`): sent as they are they would be a dot segment, which clients and
    /// servers resolve (RFC 3986 5.2.4), so `PUT /api/users/../notes` would reach `/api/notes`.
    /// The form's own literal segments are left as written.
    ///
    /// `placeholders` (name -> text) puts that text in, as it is, instead of the value: the
    /// transcript's and the log's copy of a path holding a private or secret value
    /// (`/patients/[mrn]`), made before encoding, so no encoded spelling of the value
    /// (`Ola%20Nordmann`) is left for a scrubber to miss (docs/privacy.md).
    package static func fill(_ path: String, values: [String: FieldValue], placeholders: [String: String] = [:]) -> String {
        var out = ""
        // The segment being built, and whether a value went into it.
        var segment = ""
        var segmentHasValue = false
        func flush() {
            if segmentHasValue, !segment.isEmpty, segment.utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) {
                out += String(repeating: "%2E", count: segment.utf8.count)
            } else {
                out += segment
            }
            segment = ""
            segmentHasValue = false
        }
        func literal(_ text: Substring) {
            var rest = text
            while let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) {
                segment += rest[..<slash]
                flush()
                out += "/"
                rest = rest[rest.utf8.index(after: slash)...]
            }
            segment += rest
        }
        var rest = Substring(path)
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            literal(rest[..<open])
            let after = rest[rest.utf8.index(after: open)...]
            guard let close = after.utf8.firstIndex(of: UInt8(ascii: "}")) else {
                literal(rest[open...])
                flush()
                return out
            }
            let name = String(after[..<close])
            // `encode` turns `/` into `%2F`: a value never spans segments.
            if let shown = placeholders[name] {
                segment += shown
            } else {
                segment += encode(values[name].map(text) ?? "")
            }
            segmentHasValue = true
            rest = after[after.utf8.index(after: close)...]
        }
        literal(rest)
        flush()
        return out
    }

    /// A value as it goes in a path: its JSON text for numbers and booleans, the string itself.
    private static func text(_ value: FieldValue) -> String {
        switch value.json {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null, .array, .object: return value.json.compactText
        }
    }

    static func encode(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            let c = Unicode.Scalar(byte)
            // ASCII letters are the ASCII bytes that are alphabetic: no Unicode property lookup.
            if byte < 0x80, (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || ("0"..."9").contains(c)
                || "-._~!$&'()*+,;=:@".unicodeScalars.contains(c) {
                out.unicodeScalars.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
