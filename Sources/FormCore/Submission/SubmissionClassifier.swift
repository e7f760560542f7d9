/// Sorts a server's answer into accepted, rejected or failed (docs/server-errors.md,
/// "Classification").
///
/// - 2xx: accepted. The summary is `id=N` when the body is a JSON object with an `id` (or
///   JSON:API's `data.id`), else nil. A 2xx whose body is not JSON is still accepted: the server
///   said it took the form, and calling that a failure would invite a duplicate resubmission.
/// - 400/409/422 whose body parses into at least one error (in `dialect`, or the form's own
///   `shape`): rejected.
/// - 400/409/422 with `auto` whose JSON body no dialect reads but holds some text: rejected, with
///   every message in the body as a non-field error `key.path: text` (`UnreadBody`), so nothing
///   the server said is lost and the review comes back.
/// - Anything else is a failure with one line an operator can act on:
///   - 3xx: `the server redirected to https://... (redirects are not followed)`;
///   - 400/409/422 with a body that is not JSON, holds no text at all, or does not fit a dialect
///     (or shape) the form named: the form's author asked for that shape, and the mismatch is
///     theirs to fix;
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
            if let shape {
                if let json, let errors = shape.parse(json), !errors.isEmpty { return .rejected(status: status, errors: errors) }
                return .failed(reason: "the server answered \(statusText(status)) but the body holds no errors in the form's error shape")
            }
            if let errors = ServerErrorParser.parse(contentType: contentType, body: body, dialect: dialect, preferring: preferred), !errors.isEmpty {
                return .rejected(status: status, errors: errors)
            }
            if dialect == .auto, let json {
                let unread = UnreadBody.messages(in: json)
                if !unread.isEmpty { return .rejected(status: status, errors: unread) }
            }
            let format = dialect == .auto ? "any known error format" : "the \(dialect.rawValue) error format"
            return .failed(reason: "the server answered \(statusText(status)) but the body holds no errors in \(format)")
        default:
            if let message = json.flatMap(serverMessage) {
                return .failed(reason: "the server answered \(statusText(status)): \(message)")
            }
            return .failed(reason: "the server answered \(statusText(status)) (\(bodyKind(contentType, body)))")
        }
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
