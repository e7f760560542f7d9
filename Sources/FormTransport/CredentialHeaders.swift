import FormCore

/// Which request headers carry credentials, and what of them must never be shown.
///
/// A credential header is treated like a password (issue 18, item 6): whatever a server repeats
/// of it is masked before anything leaves the transport (screen, `--output json`, transcripts),
/// and no error repeats it. Credentials are:
/// - `Authorization` and `Proxy-Authorization` (the whole value, and the credential after the
///   scheme: `Bearer tok-123` hides both `Bearer tok-123` and `tok-123`; for `Basic`, also the
///   decoded `user:password` and the password);
/// - `Cookie` (the whole value, and each cookie's value of 8 characters or more);
/// - any name ending in `-Key`, `-Token` or `-Secret` (`X-Api-Key`, `X-Auth-Token`), ignoring case;
/// - any header the operator marks: every `--header-from` header is one, whatever its name.
///
/// Masking follows `SecretMask`: values shorter than 4 characters cannot be masked without
/// corrupting ordinary text, so they are not.
package enum CredentialHeaders {
    /// A cookie's value shorter than this is not masked on its own (the whole header still is).
    package static let minimumCookieValueLength = 8

    /// Whether a header of this name is a credential by the rules above (not counting marks).
    package static func isCredential(name: String) -> Bool {
        let lower = name.lowercased()
        return ["authorization", "proxy-authorization", "cookie"].contains(lower)
            || lower.hasSuffix("-key") || lower.hasSuffix("-token") || lower.hasSuffix("-secret")
    }

    /// The texts to hide for one credential header: the value, plus its parts a server is likely
    /// to repeat on their own (the credential after an auth scheme, each cookie's value).
    package static func secrets(name: String, value: String) -> [String] {
        var out = [value]
        switch name.lowercased() {
        case "authorization", "proxy-authorization":
            if let space = value.firstIndex(of: " ") {
                let credential = String(value[value.index(after: space)...]).trimmedWhitespace
                out.append(credential)
                // Basic: a server that decodes `user:password` may repeat either form.
                if value[..<space].lowercased() == "basic", let pair = decodedBase64(credential),
                   let colon = pair.firstIndex(of: ":") {
                    out.append(pair)
                    out.append(String(pair[pair.index(after: colon)...]))
                }
            }
        case "cookie":
            // Only values long enough to be a session id: `theme=dark` and `lang=en` are not
            // secrets, and masking "dark" wherever a server writes it would garble its text.
            for pair in value.split(separator: ";") {
                if let eq = pair.firstIndex(of: "=") {
                    let part = String(pair[pair.index(after: eq)...]).trimmedWhitespace
                    if part.count >= minimumCookieValueLength { out.append(part) }
                }
            }
        default:
            break
        }
        return out.filter { $0.count >= SecretMask.minimumLength }
    }

    /// Standard base64 (with or without padding) as UTF-8 text, or nil.
    static func decodedBase64(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for c in text.utf8 where c != UInt8(ascii: "=") {
            let v: UInt8
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = c - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = c - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            default: return nil
            }
            buffer = (buffer << 6) | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Why this text cannot be a header value, or nil. RFC 9110 (and async-http-client) refuse
    /// control characters other than tab; the message never repeats the value.
    package static func valueProblem(_ value: String) -> String? {
        let bad = value.utf8.contains { b in (b < 0x20 && b != UInt8(ascii: "\t")) || b == 0x7F }
        return bad ? "the value contains a control character (not shown: it may be a secret)" : nil
    }
}
