import FormCore

/// Keeps secret values out of a transcript. The driver never hands the recorder a secret, but a
/// submission carries both the real payload and the transcript payload (secrets as `[name]`):
/// comparing the two tells which values are secret, and under which placeholder. From then on,
/// every occurrence of such a value is replaced wherever it would be written: a server that
/// echoes a password back in an error, or a response body that repeats it.
struct SecretScrubber {
    /// Value -> placeholder, longest values first so a secret inside another is not half-replaced.
    private(set) var secrets: [(value: String, placeholder: String)] = []

    /// Learns the secrets of one submission.
    mutating func learn(payload: JSONValue, transcriptPayload: JSONValue) {
        collect(payload, transcriptPayload)
        secrets.sort { $0.value.count > $1.value.count }
    }

    private mutating func collect(_ real: JSONValue, _ shown: JSONValue) {
        switch (real, shown) {
        case (.string(let value), .string(let placeholder)):
            if value != placeholder, !value.isEmpty, placeholder.hasPrefix("["), placeholder.hasSuffix("]"),
               !secrets.contains(where: { $0.value == value }) {
                secrets.append((value, placeholder))
            }
        case (.object(let a), .object(let b)):
            for (key, value) in a { if let other = b[key] { collect(value, other) } }
        case (.array(let a), .array(let b)):
            for (x, y) in zip(a, b) { collect(x, y) }
        default:
            break
        }
    }

    /// The text with every known secret replaced by its placeholder.
    func scrub(_ text: String) -> String {
        var out = text
        for secret in secrets where out.contains(secret.value) {
            out = out.replacing(secret.value, with: secret.placeholder)
        }
        return out
    }

    /// The JSON with every string (keys too) scrubbed: catches secrets the server escaped.
    func scrub(_ json: JSONValue) -> JSONValue {
        guard !secrets.isEmpty else { return json }
        switch json {
        case .string(let s): return .string(scrub(s))
        case .array(let items): return .array(items.map(scrub))
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (key, value) in members { out[scrub(key)] = scrub(value) }
            return .object(out)
        case .null, .bool, .number: return json
        }
    }
}
