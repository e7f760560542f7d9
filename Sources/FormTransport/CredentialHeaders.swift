import FormCore

/// Which request headers carry credentials, and what of them must never be shown.
///
/// A credential header is treated like a password (issue 18, item 6): whatever a server repeats
/// of it is masked before anything leaves the transport (screen, `--output json`, transcripts),
/// and no error repeats it. Credentials are:
/// - `Authorization` and `Proxy-Authorization` (the whole value, and the credential after the
///   scheme: `Bearer tok-123` hides both `Bearer tok-123` and `tok-123`);
/// - `Cookie` (the whole value, and each cookie's value of 8 characters or more);
/// - any name ending in `-Key`, `-Token` or `-Secret` (`X-Api-Key`, `X-Auth-Token`), ignoring case;
/// - any header the operator marks: every `--header-from` header is one, whatever its name.
///
/// Masking follows `SecretMask`: values shorter than 4 characters cannot be masked without
/// corrupting ordinary text, so they are not.
public enum CredentialHeaders {
    /// A cookie's value shorter than this is not masked on its own (the whole header still is).
    public static let minimumCookieValueLength = 8

    /// Whether a header of this name is a credential by the rules above (not counting marks).
    public static func isCredential(name: String) -> Bool {
        let lower = name.lowercased()
        return ["authorization", "proxy-authorization", "cookie"].contains(lower)
            || lower.hasSuffix("-key") || lower.hasSuffix("-token") || lower.hasSuffix("-secret")
    }

    /// The texts to hide for one credential header: the value, plus its parts a server is likely
    /// to repeat on their own (the credential after an auth scheme, each cookie's value).
    public static func secrets(name: String, value: String) -> [String] {
        var out = [value]
        switch name.lowercased() {
        case "authorization", "proxy-authorization":
            if let space = value.firstIndex(of: " ") {
                out.append(String(value[value.index(after: space)...]).trimmedWhitespace)
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

    /// Why this text cannot be a header value, or nil. RFC 9110 (and async-http-client) refuse
    /// control characters other than tab; the message never repeats the value.
    public static func valueProblem(_ value: String) -> String? {
        let bad = value.utf8.contains { b in (b < 0x20 && b != UInt8(ascii: "\t")) || b == 0x7F }
        return bad ? "the value contains a control character (not shown: it may be a secret)" : nil
    }
}
