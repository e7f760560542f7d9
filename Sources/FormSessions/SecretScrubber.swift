import FormCore

/// Keeps secret values out of a transcript. The driver never hands the recorder a secret, but a
/// submission carries both the real payload and the transcript payload (secrets as `[name]`):
/// comparing the two tells which values are secret, and under which placeholder. From then on,
/// every occurrence of such a value is replaced wherever it would be written: a server that
/// echoes a password back in an error, or a response body that repeats it.
///
/// Two limits keep the transcript true (docs/sessions.md, "Secrets"):
/// - a value shorter than `minimumLength` is not learned: `bob`, `1`, `no` occur in ordinary
///   words, JSON and messages, and replacing them there would corrupt the file;
/// - the recorder never scrubs operator lines, and `sparing(secretsIn:)` drops a secret the
///   operator also typed at a non-secret prompt: it is in the file already, in that line.
struct SecretScrubber {
    /// Secrets shorter than this (in characters) are never replaced (the rule the screen uses too).
    static let minimumLength = SecretMask.minimumLength

    /// Value -> placeholder, longest values first so a secret inside another is not half-replaced.
    private(set) var secrets: [(value: String, placeholder: String)] = []
    /// The form's own text a private value may equal (a private field's choices, their labels
    /// and its bounds, lower-cased): never learned, since replacing it would turn the choice list
    /// into a list without the chosen one, which gives the value away, and the rules `?` shows
    /// would differ between a run and its replay. The answer's
    /// own copies are written `[name]` where they stand (the `>*` line, review, prompt, request).
    private var formText: Set<String> = []

    /// Takes `texts` as form text (see `formText`), and forgets any value learned that is one.
    mutating func spare(formText texts: [String]) {
        for text in texts { formText.insert(text.trimmedWhitespace.lowercased()) }
        let spared = self
        secrets.removeAll { spared.isFormText($0.value) }
    }

    /// Whether `value` is form text: a choice or label, or a list of them (`alpha, beta`).
    private func isFormText(_ value: String) -> Bool {
        guard !formText.isEmpty else { return false }
        let whole = value.trimmedWhitespace.lowercased()
        if formText.contains(whole) { return true }
        let parts = whole.split(separator: ",").map { String($0).trimmedWhitespace }
        return parts.count > 1 && parts.allSatisfy { formText.contains($0) }
    }

    /// Learns the secrets of one submission (those of at least `minimumLength` characters).
    mutating func learn(payload: JSONValue, transcriptPayload: JSONValue) {
        collect(payload, transcriptPayload)
        secrets.sort { $0.value.count > $1.value.count }
    }

    /// Learns one value under its placeholder: a private field's, as typed (docs/privacy.md).
    mutating func learn(value: String, placeholder: String) {
        guard value.count >= SecretScrubber.minimumLength, !isFormText(value),
              !secrets.contains(where: { $0.value == value }) else { return }
        secrets.append((value, placeholder))
        secrets.sort { $0.value.count > $1.value.count }
    }

    /// The placeholder `value` is written as (nil: not learned).
    func placeholder(of value: String) -> String? {
        secrets.first { $0.value == value }?.placeholder
    }

    /// This scrubber with `value` written as `placeholder` instead of as it was learned: a
    /// private value typed again at another private field is that field's from there on.
    func writing(_ value: String, as placeholder: String) -> SecretScrubber {
        var copy = self
        for i in copy.secrets.indices where copy.secrets[i].value == value { copy.secrets[i].placeholder = placeholder }
        return copy
    }

    private mutating func collect(_ real: JSONValue, _ shown: JSONValue) {
        switch (real, shown) {
        case (.string(let value), .string(let placeholder)):
            if value != placeholder, value.count >= SecretScrubber.minimumLength,
               placeholder.hasPrefix("["), placeholder.hasSuffix("]"), !isFormText(value),
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

    /// This scrubber without the secrets that occur in any of `typed` (operator lines): scrubbing
    /// their other copies would hide nothing, and would make output that repeats the operator's
    /// line (the review, an error quoting it) differ from what the replay shows.
    ///
    /// Only a whole occurrence spares (the rule `SecretMask` replaces by): `Annabelle Clinic`
    /// typed in an ordinary field does not hold the private `Anna`, and sparing it would show
    /// `Anna` in every copy the review and the request make (docs/privacy.md).
    func sparing(secretsIn typed: [String]) -> SecretScrubber {
        var copy = self
        copy.secrets.removeAll { secret in
            typed.contains { line in
                SecretScrubber.mayContain(line, secret.value)
                    && SecretMask.mask(line, secret: secret.value, with: "") != line
            }
        }
        return copy
    }

    /// The text with every known secret replaced by its placeholder.
    func scrub(_ text: String) -> String {
        var out = text
        // Whether the text is plain is asked once, not once a secret (it was most of the cost).
        var outIsPlain: Bool?
        for secret in secrets {
            let plain = outIsPlain ?? SecretScrubber.isPlain(out)
            outIsPlain = plain
            let holds = plain && SecretScrubber.isPlain(secret.value) ? ByteSearch.contains(out, secret.value) : out.contains(secret.value)
            guard holds else { continue }
            out = SecretMask.mask(out, secret: secret.value, with: secret.placeholder)
            outIsPlain = nil
        }
        return out
    }

    /// ASCII without a carriage return: where a byte search answers as `String.contains` does.
    static func isPlain(_ s: String) -> Bool {
        s.allBytes { $0 < 0x80 && $0 != 0x0D }
    }

    /// Whether `text` holds `secret`, as `String.contains` answers: a byte search when both are
    /// ASCII without a carriage return (the same answer there: every such character is one byte,
    /// and the characters canonically equivalent to ASCII ones, like the KELVIN SIGN, are not
    /// ASCII), else `String.contains` itself, which goes through Foundation and cost a replay of
    /// thousands of transcripts 5% (docs/PERFORMANCE.md, "Replaying transcripts").
    static func mayContain(_ text: String, _ secret: String) -> Bool {
        if isPlain(text) && isPlain(secret) {
            return ByteSearch.contains(text, secret)
        }
        return text.contains(secret)
    }

    /// The JSON with every string (keys too) scrubbed: catches secrets the server escaped.
    func scrub(_ json: JSONValue) -> JSONValue {
        guard !secrets.isEmpty else { return json }
        return json.mapStrings(scrub)
    }
}
