/// A field's `server_check:` (docs/checks.md): the request made when Enter is pressed after the
/// field's own rules pass, what a transport failure means, and what of the answer is shown
/// (`lookup`) or becomes other fields' defaults.
///
/// Placeholders: `{value}` is this field's answer, `{name}` an earlier field's. The form-file
/// reader allows only earlier, non-secret, single-value fields, so every placeholder has a value
/// when the check runs.
public struct ServerCheck: Sendable, Equatable {
    public enum Method: String, Sendable, CaseIterable { case GET, POST }
    /// What a transport failure (timeout, refused connection, a 5xx) does to the answer.
    public enum OnFailure: String, Sendable, CaseIterable {
        /// Keep the answer with a one-line notice: the server decides at submit.
        case accept
        /// Refuse the answer as if the server had: the operator may retry or change it.
        case refuse
    }

    /// One query parameter or body member: its name and its text with placeholders.
    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var template: String

        public init(name: String, template: String) {
            self.name = name
            self.template = template
        }
    }

    /// A pointer into the check's answer whose text becomes `field`'s default.
    public struct LookupDefault: Sendable, Equatable {
        public var field: String
        public var pointer: JSONPointer

        public init(field: String, pointer: JSONPointer) {
            self.field = field
            self.pointer = pointer
        }
    }

    public var method: Method
    /// Starts with `/`; joined to `--endpoint` like the submit path.
    public var path: String { didSet { placeholderNames = Self.placeholderNames(path, query, body) } }
    public var query: [Parameter] { didSet { placeholderNames = Self.placeholderNames(path, query, body) } }
    /// A JSON object body (POST); nil sends none.
    public var body: [Parameter]? { didSet { placeholderNames = Self.placeholderNames(path, query, body) } }
    /// Every placeholder name in the path, the query and the body, `value` included, in order:
    /// kept with them (a check's request is made several times an answer, and reading the
    /// templates again each time was a fifth of its cost).
    public private(set) var placeholderNames: [String] = []
    public var onFailure: OnFailure
    /// Seconds; `--timeout` caps it.
    public var timeoutSeconds: Int
    /// Whose text is shown after the value: `SKU: ABC-1  = Widget, blue, 12-pack`.
    public var lookup: JSONPointer?
    public var defaults: [LookupDefault]
    /// What the in-process fake answers (`fake:` inside `server_check`), for running a form
    /// with no server.
    public var fake: FakeCheckRule?

    /// A few seconds: a check is a question asked while the operator waits.
    public static let defaultTimeoutSeconds = 3
    public static let maximumTimeoutSeconds = 60

    public init(
        method: Method = .GET, path: String, query: [Parameter] = [], body: [Parameter]? = nil,
        onFailure: OnFailure = .accept, timeoutSeconds: Int = ServerCheck.defaultTimeoutSeconds,
        lookup: JSONPointer? = nil, defaults: [LookupDefault] = [], fake: FakeCheckRule? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.onFailure = onFailure
        self.timeoutSeconds = timeoutSeconds
        self.lookup = lookup
        self.defaults = defaults
        self.fake = fake
        placeholderNames = Self.placeholderNames(path, query, body)
    }

    /// The placeholder standing for the field's own answer.
    public static let valuePlaceholder = "value"

    static func placeholderNames(_ path: String, _ query: [Parameter], _ body: [Parameter]?) -> [String] {
        var names: [String] = []
        for text in [path] + query.map(\.template) + (body ?? []).map(\.template) {
            for name in SubmitPath.fieldNames(in: text) where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The request for `value` given at field `field`, with the other answers as they are now.
    /// The path's placeholders are percent-encoded as path segments, the query's as query
    /// components; a body member that is exactly one placeholder takes that value's JSON (a
    /// number stays a number), any other text is a string.
    ///
    /// `withheld` names the private and secret fields: the request's transcript copy has each of
    /// their values (and `{value}` when `field` is one) as `[name]`, put in before encoding.
    public func request(field: String, value: FieldValue, values: [String: FieldValue],
                        withheld: Set<String> = []) -> CheckRequest {
        var all = values
        all[Self.valuePlaceholder] = value
        var placeholders: [String: String] = [:]
        for name in placeholderNames {
            let owner = name == Self.valuePlaceholder ? field : name
            if withheld.contains(owner) { placeholders[name] = "[\(owner)]" }
        }
        func build(_ shown: [String: String]) -> (path: String, payload: JSONValue) {
            var path = SubmitPath.fill(self.path, values: all, placeholders: shown)
            if !query.isEmpty {
                let pairs = query.map { Self.queryEncoded($0.name) + "=" + Self.filledEncoded($0.template, all, shown) }
                path += (path.contains("?") ? "&" : "?") + pairs.joined(separator: "&")
            }
            var payload = JSONValue.null
            if let body {
                var members: [String: JSONValue] = [:]
                for member in body {
                    let names = SubmitPath.fieldNames(in: member.template)
                    if names.count == 1, member.template == "{\(names[0])}", let placeholder = shown[names[0]] {
                        members[member.name] = .string(placeholder)
                    } else if names.count == 1, member.template == "{\(names[0])}", let whole = all[names[0]] {
                        members[member.name] = whole.json
                    } else {
                        members[member.name] = .string(Self.filled(member.template, all, shown))
                    }
                }
                payload = .object(members)
            }
            return (path, payload)
        }
        let sent = build([:])
        let recorded = placeholders.isEmpty ? nil : build(placeholders)
        var request = CheckRequest(
            field: field, method: method.rawValue, path: sent.path, payload: sent.payload,
            timeoutSeconds: timeoutSeconds, fake: fake, value: value)
        request.transcriptPath = recorded?.path
        request.transcriptPayload = recorded?.payload
        return request
    }

    /// A query template percent-encoded piece by piece, each `placeholders` text put in as it is.
    static func filledEncoded(_ template: String, _ values: [String: FieldValue], _ placeholders: [String: String]) -> String {
        guard !placeholders.isEmpty else { return queryEncoded(filled(template, values)) }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += queryEncoded(String(rest[..<open]))
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else {
                return out + queryEncoded(String(rest[open...]))
            }
            let name = String(after[..<close])
            out += placeholders[name] ?? queryEncoded(values[name].map(Self.text) ?? "")
            rest = after[after.index(after: close)...]
        }
        return out + queryEncoded(String(rest))
    }

    /// `template` with each `{name}` replaced by that value's text (empty when it has none).
    static func filled(_ template: String, _ values: [String: FieldValue], _ placeholders: [String: String] = [:]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else {
                out += rest[open...]
                return out
            }
            let name = String(after[..<close])
            out += placeholders[name] ?? values[name].map(Self.text) ?? ""
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    /// A value as text in a query or a body string: a list's items joined with commas.
    package static func text(_ value: FieldValue) -> String {
        switch value {
        case .text(let s), .number(let s): return s
        case .boolean(let b): return b ? "true" : "false"
        case .list(let items): return items.joined(separator: ",")
        }
    }

    /// RFC 3986 query component: everything but unreserved characters percent-encoded, so a
    /// value holding `&`, `=` or `+` stays one value.
    static func queryEncoded(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
    }
}
