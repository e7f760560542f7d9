/// Sorts a server's answer into accepted, rejected or failed (docs/server-errors.md,
/// "Classification").
///
/// - 2xx: accepted. The summary is `id=N` when the body is a JSON object with an `id` (or
///   JSON:API's `data.id`), else nil. A 2xx whose body is not JSON is still accepted: the server
///   said it took the form, and calling that a failure would invite a duplicate resubmission.
/// - 400/409/422 whose JSON body holds at least one error: rejected (`readErrors`: the form's
///   shape or dialect, then what `auto` reads, then the body's structure, then every text in it;
///   beside a dialect's errors, any message the structure finds that the dialect left out),
///   so nothing the server said is lost and the review comes back, whatever shape the form declared.
/// - Anything else is a failure with one line an operator can act on:
///   - 3xx: `the server redirected to https://... (redirects are not followed)`;
///   - 400/409/422 with a body that is not JSON or holds no text at all;
///   - any other status: `the server answered 500 Internal Server Error (text/html)`, with the
///     server's own message when its JSON body carries one.
package enum SubmissionClassifier {
    package static func classify(
        status: Int, contentType: String?, body: [UInt8], location: String? = nil,
        dialect: ErrorDialect
    ) -> SubmissionResult {
        classify(status: status, contentType: contentType, body: body, location: location, dialect: dialect, preferred: nil, shape: nil)
    }

    /// The same, reading errors as the form's `submit` says: its own `errorShape` when it has
    /// one, else its `errors` dialect.
    package static func classify(
        status: Int, contentType: String?, body: [UInt8], location: String? = nil,
        submit: SubmitSpec
    ) -> SubmissionResult {
        classify(status: status, contentType: contentType, body: body, location: location, dialect: submit.errors,
                 preferred: submit.preferredErrors, shape: submit.errorShape)
    }

    /// Whether `classify` reads the answer as a failure (not accepted, not rejected), without
    /// reading a 2xx answer's body: 2xx is always accepted. Replay asks it of every recorded
    /// answer before the session starts (`Replayer.recordedAtTerminal`).
    package static func isFailure(
        status: Int, contentType: String?, body: [UInt8], location: String? = nil,
        submit: SubmitSpec
    ) -> Bool {
        if (200..<300).contains(status) { return false }
        if case .failed = classify(status: status, contentType: contentType, body: body, location: location, submit: submit) { return true }
        return false
    }

    private static func classify(
        status: Int, contentType: String?, body: [UInt8], location: String?,
        dialect: ErrorDialect, preferred: ErrorDialect?, shape: ErrorShape?
    ) -> SubmissionResult {
        let json = JSONValue.parse(body)
        switch status {
        case 200..<300:
            return .accepted(status: status, summary: json.flatMap(summary))
        case 300..<400:
            if let location, !location.isEmpty {
                return .failed(reason: "the server redirected to \(oneLine(location, limit: 200)) (redirects are not followed)")
            }
            return .failed(reason: "the server answered \(statusText(status)) without a Location (redirects are not followed)")
        case 400, 409, 422:
            guard json != nil else {
                return .failed(reason: "the server answered \(statusText(status)) but the body is not JSON (\(bodyKind(contentType, body)))")
            }
            if let json, let read = readErrors(contentType: contentType, json: json, dialect: dialect, preferred: preferred, shape: shape) {
                return .rejected(status: status, errors: read.errors)
            }
            let format = shape != nil ? "the form's error shape" : dialect == .auto ? "any known error format" : "the \(dialect.rawValue) error format"
            return .failed(reason: "the server answered \(statusText(status)) but the body holds no errors in \(format)")
        default:
            if let message = json.flatMap(serverMessage) {
                return .failed(reason: "the server answered \(statusText(status)): \(message)")
            }
            return .failed(reason: "the server answered \(statusText(status)) (\(bodyKind(contentType, body)))")
        }
    }

    /// Who read a rejection's errors (`formline explain` says it).
    package enum ErrorSource: Sendable, Equatable {
        /// The form's own `submit.errors` shape.
        case shape
        /// The dialect the form's `submit.errors` names.
        case namedDialect(ErrorDialect)
        /// `auto` (with the form's preference, if any): the dialects, by their claims.
        case auto
        /// No dialect (nor the form's shape) read any error: the body's structure (`StructuralReader`).
        case structure
        /// Not even the structure held an error: every text in the body (`UnreadBody`).
        case unread
    }

    /// The errors in a 400/409/422 JSON body, trying in order: the form's shape, else its named
    /// dialect, else `auto` with its preference; when what the form declared reads nothing, `auto`
    /// (a declared shape never hides what `auto` shows: a 409 `{"detail": ..}` outside it is still
    /// shown); then the body's structure; then every text in it. nil when nothing holds an error.
    /// `byStructureFrom`: the index of the first error the structure added beside a dialect's.
    package static func readErrors(contentType: String?, json: JSONValue, dialect: ErrorDialect, preferred: ErrorDialect?, shape: ErrorShape?) -> (errors: [ServerError], source: ErrorSource, byStructureFrom: Int?)? {
        if let shape {
            if let errors = shape.parse(json), !errors.isEmpty { return (errors, .shape, nil) }
        } else if dialect != .auto {
            if let errors = ServerErrorParser.parse(json, as: dialect), !errors.isEmpty {
                return (errors + StructuralReader.unread(by: errors, in: json), .namedDialect(dialect), errors.count)
            }
        }
        if let errors = ServerErrorParser.parse(json, contentType: contentType, preferring: preferred), !errors.isEmpty {
            return (errors + StructuralReader.unread(by: errors, in: json), .auto, errors.count)
        }
        let structural = StructuralReader.read(json)
        if !structural.isEmpty { return (structural, .structure, 0) }
        let unread = UnreadBody.messages(in: json)
        if !unread.isEmpty { return (unread, .unread, nil) }
        return nil
    }

    private static func summary(_ json: JSONValue) -> String? {
        guard let id = json["id"] ?? json["data"]?["id"], let text = id.scalarText else { return nil }
        return "id=" + oneLine(text, limit: 80)
    }

    /// A message a server put in its error body, for statuses that are not rejections.
    private static func serverMessage(_ json: JSONValue) -> String? {
        for key in ["detail", "message", "title", "error"] {
            if let text = json[key]?.stringValue, !text.trimmedWhitespace.isEmpty { return oneLine(text, limit: 160) }
        }
        return nil
    }

    private static func bodyKind(_ contentType: String?, _ body: [UInt8]) -> String {
        if body.isEmpty { return "empty body" }
        return contentType.map(MediaType.of) ?? "no content type"
    }

    /// `500 Internal Server Error`; the number alone for statuses without a common phrase.
    static func statusText(_ status: Int) -> String {
        guard let phrase = reasonPhrases[status] else { return String(status) }
        return "\(status) \(phrase)"
    }

    private static func oneLine(_ text: String, limit: Int) -> String {
        TextCleaning.oneLine(text, limit: limit)
    }

    private static let reasonPhrases: [Int: String] = [
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
        304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout",
        409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
        422: "Unprocessable Content", 425: "Too Early", 428: "Precondition Required",
        429: "Too Many Requests", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]
}
