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
        // Without a placeholder the path is its own filling (most submit paths).
        guard path.anyByte({ $0 == UInt8(ascii: "{") }) else { return path }
        // Built on bytes: appending substrings to Strings was most of filling a check's path,
        // made at every Enter on a checked field.
        let bytes = Array(path.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        // The segment being built, and whether a value went into it.
        var segment: [UInt8] = []
        var segmentHasValue = false
        func flush() {
            if segmentHasValue, !segment.isEmpty, segment.allSatisfy({ $0 == UInt8(ascii: ".") }) {
                for _ in segment { out.append(contentsOf: [0x25, 0x32, 0x45]) }  // %2E
            } else {
                out.append(contentsOf: segment)
            }
            segment.removeAll(keepingCapacity: true)
            segmentHasValue = false
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                flush()
                out.append(byte)
                index += 1
                continue
            }
            // A `{` with no `}` after it is text, as is everything after it.
            if byte == UInt8(ascii: "{"), let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "}")) {
                let name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                // `encode` turns `/` into `%2F`: a value never spans segments.
                let filled = placeholders[name] ?? encode(values[name].map(text) ?? "")
                segment.append(contentsOf: filled.utf8)
                segmentHasValue = true
                index = close + 1
                continue
            }
            segment.append(byte)
            index += 1
        }
        flush()
        return String(decoding: out, as: UTF8.self)
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
        PercentEncoding.encode(segment, keeping: isSegmentByte)
    }

    /// The unreserved bytes and `!$&'()*+,;=:@`: what a path segment keeps as it is.
    private static func isSegmentByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || segmentMarks.contains(byte)
    }

    private static let segmentMarks: Set<UInt8> = Set("!$&'()*+,;=:@".utf8)
}
