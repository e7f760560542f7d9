import FormCore

/// One submission as it goes out: the form's method and path, the payload, and the key that lets a
/// server recognise a retry of the same attempt.
public struct TransportRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var payload: JSONValue
    public var idempotencyKey: String
    /// How `payload` is encoded (JSON, a JSON:API document, a form body).
    public var body: RequestBody
    /// Set for a field's server check (docs/checks.md): a `.null` payload then sends no body, and
    /// the in-process fake answers from the check's `fake` rule.
    public var check: CheckRequest?

    public init(method: String, path: String, payload: JSONValue, idempotencyKey: String, body: RequestBody = RequestBody(),
                check: CheckRequest? = nil) {
        self.check = check
        self.body = body
        self.method = method
        self.path = path
        self.payload = payload
        self.idempotencyKey = idempotencyKey
    }
}

/// What came back, before it is classified as accepted, rejected or failed.
public struct TransportResponse: Sendable, Equatable {
    public var status: Int
    /// Without parameters or spaces (`application/json`); nil when the server sent none.
    public var contentType: String?
    public var body: [UInt8]
    /// The `Location` header of a redirect, which formline reports and never follows.
    public var location: String?
    /// The `Retry-After` header as sent (seconds or an HTTP-date), which `RetryingTransport`
    /// honours on 429 and 503.
    public var retryAfter: String?

    public init(status: Int, contentType: String?, body: [UInt8], location: String? = nil, retryAfter: String? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.location = location
        self.retryAfter = retryAfter
    }
}

/// Why nothing usable came back.
public enum TransportFailure: Error, Sendable, Equatable {
    case timeout
    case refused
    /// Any other failure, as a one-line reason ("TLS handshake failed: ...").
    case error(String)

    /// One line an operator understands.
    public var reason: String {
        switch self {
        case .timeout: return CLIMessage.transportTimeout.text
        case .refused: return CLIMessage.transportRefused.text
        case .error(let message): return message
        }
    }
}

/// Where a completed form goes. Like swift-log's LogHandler: a small protocol, a default that works
/// with no set-up (`FakeTransport`), real backends beside it, and callers that never know which.
///
/// `send` is `async`: a backend that does network I/O awaits it and honours Task cancellation
/// (Ctrl-C during a request cancels the task; the send then returns a failure at once). A backend
/// that answers at once may implement it as a plain synchronous function. The one place that
/// waits for it from the wizard's synchronous loop is `SessionDriver`.
public protocol Transport: Sendable {
    func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure>
}
