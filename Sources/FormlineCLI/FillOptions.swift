import FormCore

/// What `formline fill` was asked to do, however the command line was read: by
/// swift-argument-parser (`FillCommand`) or by the start-up fast path (`QuickFillArguments`).
public struct FillOptions: Equatable, Sendable {
    public enum Output: String, Sendable, CaseIterable { case text, json }

    public var form: String
    public var endpoint: String?
    public var headers: [String] = []
    public var timeout: Double = 30
    public var plain = false
    public var record: String?
    public var resume = false
    public var draft: String?
    public var output: Output = .text
    /// Ask again after a refused line even without a terminal (today's loop, for scripts that
    /// type their own corrections).
    public var keepAsking = false
    /// Stop at the first refused line even at a terminal (the default without one). A transcript
    /// of a run that stopped at refusals records this flag, so it replays the same way.
    public var stopAtRefusal = false
    /// `--answers FILE`: answers in YAML or JSON, with the payload's nesting.
    public var answers: String?
    /// `--set name=value`, in order (a later one for the same field wins).
    public var sets: [String] = []
    /// Ask nothing: report every missing or refused answer at once (exit 5), else submit.
    public var noInput = false

    public init(form: String) { self.form = form }

    /// Why these options can't run together, or nil. Shared by both readers of the command line,
    /// so they accept exactly the same things.
    public var problem: String? {
        if resume && record != nil {
            // A transcript starts from an empty form: a resumed session could not be replayed.
            return "--record can't be combined with --resume: a recording starts from an empty form"
        }
        if record != nil && (answers != nil || !sets.isEmpty) {
            // A transcript holds only what was typed: answers given up front could not be replayed.
            return "--record can't be combined with --answers or --set: a recording starts from an empty form"
        }
        if noInput && keepAsking {
            return "--keep-asking can't be combined with --no-input, which asks nothing"
        }
        for set in sets where Self.parseSet(set) == nil {
            return "--set must look like name=value (a dotted field path, then =)"
        }
        if keepAsking && stopAtRefusal {
            return "--keep-asking can't be combined with --stop-at-refusal"
        }
        // Whole milliseconds reach the HTTP client: less than one would become no timeout at all.
        guard timeout >= 0.001, timeout <= 3600 else { return "--timeout must be between 0.001 and 3600 seconds" }
        for header in headers where Self.parseHeader(header) == nil {
            // The text itself is not repeated: a malformed header may still hold a secret.
            return "--header must look like \"Name: value\" with a valid header name"
        }
        return nil
    }

    /// `name=value` split at the first `=`, or nil without a name.
    public static func parseSet(_ text: String) -> (name: String, value: String)? {
        guard let eq = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<eq]).trimmedWhitespace
        guard !name.isEmpty else { return nil }
        return (name, String(text[text.index(after: eq)...]))
    }

    /// `Name: value` with an RFC 9110 token as the name, or nil.
    static func parseHeader(_ text: String) -> (name: String, value: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = String(text[..<colon]).trimmedWhitespace
        let value = String(text[text.index(after: colon)...]).trimmedWhitespace
        let token = name.utf8.allSatisfy { b in
            (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
        guard !name.isEmpty, token else { return nil }
        return (name, value)
    }
}
