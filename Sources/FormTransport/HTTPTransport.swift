import AsyncHTTPClient
import Dispatch
import FormCore
/// Re-exported: code that uses the HTTP backend speaks in the API's types (`TransportRequest`, ...).
@_exported import FormRunner
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an endpoint cannot be used; `description` is one line for the operator, without the URL
/// itself (it may carry secrets) and without naming the option (the CLI adds `--endpoint: `).
package struct HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }
}

/// What an internal server's TLS needs, as the PEM files' contents (the CLI reads the files with
/// its bounded reader): a private CA bundle to trust instead of the system's store, and a client
/// certificate (with its chain) and key for servers that ask for one.
package struct TLSFiles: Sendable {
    package var caBundle: [UInt8]?
    package var clientCertificate: [UInt8]?
    package var clientKey: [UInt8]?

    package init(caBundle: [UInt8]? = nil, clientCertificate: [UInt8]? = nil, clientKey: [UInt8]? = nil) {
        self.caBundle = caBundle
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
    }

    /// The client TLS configuration, or nil for the default (system trust store, no client
    /// certificate). Throws `HTTPTransportError` naming the option whose file is not usable.
    func configuration() throws -> TLSConfiguration? {
        guard caBundle != nil || clientCertificate != nil || clientKey != nil else { return nil }
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caBundle {
            guard let roots = try? NIOSSLCertificate.fromPEMBytes(caBundle), !roots.isEmpty else {
                throw HTTPTransportError("--ca-file: no PEM certificate in the file")
            }
            tls.trustRoots = .certificates(roots)
        }
        switch (clientCertificate, clientKey) {
        case (nil, nil):
            break
        case (let certificate?, let key?):
            guard let chain = try? NIOSSLCertificate.fromPEMBytes(certificate), !chain.isEmpty else {
                throw HTTPTransportError("--client-cert: no PEM certificate in the file")
            }
            guard let privateKey = try? NIOSSLPrivateKey(bytes: key, format: .pem) else {
                throw HTTPTransportError("--client-key: no unencrypted PEM private key in the file")
            }
            tls.certificateChain = chain.map { .certificate($0) }
            tls.privateKey = .privateKey(privateKey)
        case (_?, nil), (nil, _?):
            throw HTTPTransportError("--client-cert and --client-key go together")
        }
        return tls
    }
}

/// Sends the form to a real server with async-http-client.
///
/// ```swift
/// let transport = try HTTPTransport(endpoint: "https://api.example.net/v1",
///                                   headers: [("Authorization", "Bearer \(token)")],
///                                   timeout: .seconds(30))
/// defer { transport.shutdown() }
/// let result = await transport.send(request)    // POST https://api.example.net/v1/signup
/// ```
///
/// - The URL is the endpoint and the form's submit path joined as text, so a base path in the
///   endpoint is kept; one slash between them, never two.
/// - The body is `request.payload.compactText`; the headers are `Accept: application/json`,
///   `Content-Type: application/json`, `Idempotency-Key`, then the operator's own headers (which
///   replace ours of the same name, and are never printed).
/// - `timeout` bounds the whole exchange: connecting, sending, the headers and the last byte of
///   the body (one deadline, however slowly the server trickles). Redirects are not followed: a 3xx comes
///   back as a response, which `SubmissionClassifier` turns into a failure naming the Location.
/// - HTTPS uses the system's trust store. Bodies over 1 MiB are a failure.
/// - One `HTTPClient`, created at the first `send`; `shutdown()` must be called before exit.
/// - `send` honours Task cancellation: cancelling the task that awaits it (the driver does on
///   Ctrl-C) stops the request at once, and `send` returns `.error("the request was cancelled")`.
package final class HTTPTransport: Transport {
    /// The largest response body read; a bigger one is a failure.
    package static let maximumBodySize = 1 << 20

    package let endpoint: String
    let headers: [(name: String, value: String)]
    let timeout: Duration
    private let tls: TLSConfiguration?
    private let proxy: ProxySetting?
    /// What a server's answer must never show: credential values, longest first, each with the
    /// placeholder (`[Authorization]`) that replaces it.
    private let masks: [(value: String, placeholder: String)]
    /// Every operator header value: an error message never repeats one, credential or not.
    private let headerValues: [String]
    private let state = Mutex(ClientState.idle)

    private enum ClientState {
        case idle
        case running(HTTPClient)
        case shutDown
    }

    /// `credentials` names (any case) the headers the operator marked as credentials, on top of
    /// those `CredentialHeaders` recognises by name. `tls`: a private CA and a client certificate
    /// (`TLSFiles`); `proxy`: the forward proxy to reach the endpoint through
    /// (`ProxyEnvironment.proxy(for:environment:)` reads it).
    /// - Throws: `HTTPTransportError` when `endpoint` is not an absolute http or https URL, or a
    ///   header value is not valid (the message names the header, never its value), or a TLS file
    ///   holds no usable PEM.
    package init(
        endpoint: String, headers: [(name: String, value: String)], credentials: Set<String> = [], timeout: Duration,
        tls: TLSFiles = TLSFiles(), proxy: ProxySetting? = nil
    ) throws {
        try Self.validate(endpoint: endpoint)
        guard timeout > .zero else {
            throw HTTPTransportError("the timeout must be more than 0 seconds")
        }
        for header in headers {
            if let problem = CredentialHeaders.valueProblem(header.value) {
                throw HTTPTransportError("header \(header.name): \(problem)")
            }
        }
        self.tls = try tls.configuration()
        self.proxy = proxy
        self.endpoint = endpoint
        self.headers = headers
        self.timeout = timeout
        let marked = Set(credentials.map { $0.lowercased() })
        var masks: [(value: String, placeholder: String)] = []
        for header in headers where marked.contains(header.name.lowercased()) || CredentialHeaders.isCredential(name: header.name) {
            for secret in CredentialHeaders.secrets(name: header.name, value: header.value)
            where !masks.contains(where: { $0.value == secret }) {
                masks.append((secret, "[\(header.name)]"))
            }
        }
        self.masks = masks.sorted { $0.value.count > $1.value.count }
        self.headerValues = headers.map(\.value).filter { $0.count >= SecretMask.minimumLength }.sorted { $0.count > $1.count }
    }

    deinit {
        // Safety net: an HTTPClient released without shutdown traps. Shut it down without blocking
        // (this may run on any thread) and keep it alive until that completes.
        if case .running(let client) = state.withLock({ $0 }) {
            client.shutdown().whenComplete { _ in _ = client }
        }
    }

    /// The URL a request with this submit path goes to.
    package func url(for path: String) -> String {
        Self.join(endpoint, path)
    }

    package func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure> {
        guard let client = startedClient() else {
            return .failure(.error("the HTTP client was already shut down"))
        }
        // async-http-client's async `execute` cancels the request when this task is cancelled;
        // a task cancelled before it started fails at once too.
        if Task.isCancelled { return .failure(.error("the request was cancelled")) }
        let url = url(for: request.path), headers = headers, timeout = timeout
        let result = await Self.withinDeadline(timeout) {
            await Self.perform(request, url: url, headers: headers, timeout: timeout, client: client)
        }
        return masked(result)
    }

    // MARK: - Credentials never leave the transport

    /// The result with every credential masked: the one choke point between the server and the
    /// screen, `--output json` and transcripts (a careless server repeats the Authorization
    /// header in its body; an error may quote a header).
    func masked(_ result: Result<TransportResponse, TransportFailure>) -> Result<TransportResponse, TransportFailure> {
        switch result {
        case .success(var response):
            guard !masks.isEmpty else { return result }
            response.body = maskedBody(response.body)
            response.location = response.location.map(maskedText)
            return .success(response)
        case .failure(.error(let reason)):
            var text = maskedText(reason)
            for value in headerValues { text = SecretMask.mask(text, secret: value, with: "[header]") }
            return .failure(.error(text))
        case .failure(.timeout), .failure(.refused):
            return result
        }
    }

    func maskedText(_ text: String) -> String {
        masks.reduce(text) { SecretMask.mask($0, secret: $1.value, with: $1.placeholder) }
    }

    /// A JSON body is masked inside its strings (so an escaped copy, `tok\/1` or `\u0074ok`, is
    /// caught too) and re-encoded only when something was masked; any other body as text.
    func maskedBody(_ body: [UInt8]) -> [UInt8] {
        if let json = JSONValue.parse(body) {
            let masked = json.mapStrings(maskedText)
            return masked == json ? body : Array(masked.compactText.utf8)
        }
        let text = String(decoding: body, as: UTF8.self)
        let masked = maskedText(text)
        return masked == text ? body : Array(masked.utf8)
    }

    /// Runs `exchange` (connecting, sending, the status line, headers and the whole body) under
    /// one deadline. async-http-client's `deadline:` covers `execute` only: a server that sends
    /// its headers and then the body a byte a second was never cut off (issue 18, item 3). The
    /// exchange and a timer race in a task group; whichever ends first cancels the other, and a
    /// timer that wins makes the answer `.timeout`. Cancelling the caller's task (Ctrl-C) cancels
    /// both, and the exchange reports the cancellation as it always did.
    static func withinDeadline(
        _ timeout: Duration,
        _ exchange: @escaping @Sendable () async -> Result<TransportResponse, TransportFailure>
    ) async -> Result<TransportResponse, TransportFailure> {
        await withTaskGroup(of: Result<TransportResponse, TransportFailure>?.self) { group in
            group.addTask { await exchange() }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    return nil  // cancelled: the exchange finished first, or the caller gave up
                }
                return .failure(.timeout)
            }
            var answer: Result<TransportResponse, TransportFailure> = .failure(.error("the request was cancelled"))
            while let next = await group.next() {
                guard let result = next else { continue }
                answer = result
                break
            }
            group.cancelAll()
            return answer
        }
    }

    /// Shuts the HTTP client down, if one was started; later sends fail. Call it before exit.
    /// Blocks until the client has stopped; do not call it from a Swift concurrency thread.
    package func shutdown() {
        let client: HTTPClient? = state.withLock { state in
            defer { state = .shutDown }
            if case .running(let client) = state { return client }
            return nil
        }
        guard let client else { return }
        let done = DispatchSemaphore(value: 0)
        client.shutdown().whenComplete { _ in done.signal() }
        done.wait()
    }

    func startedClient() -> HTTPClient? {
        state.withLock { state in
            switch state {
            case .running(let client): return client
            case .shutDown: return nil
            case .idle:
                var configuration = HTTPClient.Configuration(
                    tlsConfiguration: tls,  // nil: system trust store; always full verification
                    redirectConfiguration: .disallow,
                    timeout: .init(connect: Self.timeAmount(timeout), read: Self.timeAmount(timeout)),
                    decompression: .disabled
                )
                // Fail a refused connection at once instead of retrying until the deadline.
                configuration.connectionPool.retryConnectionEstablishment = false
                if let proxy {
                    configuration.proxy = .server(
                        host: proxy.host, port: proxy.port,
                        authorization: proxy.credentials.map { .basic(username: $0.user, password: $0.password) })
                }
                let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
                state = .running(client)
                return client
            }
        }
    }

    /// One exchange, retried once when the connection was lost before any answer came
    /// (`isLostBeforeAnswer`): a kept-alive connection the server had closed (it answered with
    /// Content-Length and closed without `Connection: close`) is handed out by the pool and fails
    /// as the request goes out, "I/O on closed channel" (issue 33 item 5: a `--repeat` run ended
    /// with exit 3 on its next record). The retry goes out on a new connection (the lost one has
    /// left the pool) with the same Idempotency-Key, so a server that did get the first one can
    /// tell it is the same attempt. Once only: a server that keeps dropping it is a failure.
    private static func perform(
        _ request: TransportRequest, url: String, headers: [(name: String, value: String)],
        timeout: Duration, client: HTTPClient
    ) async -> Result<TransportResponse, TransportFailure> {
        switch await exchange(request, url: url, headers: headers, timeout: timeout, client: client) {
        case .finished(let result):
            return result
        case .lostBeforeAnswer(let error):
            if Task.isCancelled { return .failure(failure(for: error, url: url)) }
            switch await exchange(request, url: url, headers: headers, timeout: timeout, client: client) {
            case .finished(let result): return result
            case .lostBeforeAnswer(let again): return .failure(failure(for: again, url: url))
            }
        }
    }

    private enum Exchange {
        case finished(Result<TransportResponse, TransportFailure>)
        /// The connection went away before any byte of an answer: the request may be sent again.
        case lostBeforeAnswer(any Error)
    }

    private static func exchange(
        _ request: TransportRequest, url: String, headers: [(name: String, value: String)],
        timeout: Duration, client: HTTPClient
    ) async -> Exchange {
        var outgoing = HTTPClientRequest(url: url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        outgoing.headers.add(name: "Accept", value: request.body.accept)
        // A server check without a body (a GET) sends none, and says no content type.
        let sendsBody = request.check == nil || request.payload != .null
        if sendsBody { outgoing.headers.add(name: "Content-Type", value: request.body.contentType) }
        // A check changes nothing on the server: it has no attempt to recognise.
        if request.check == nil { outgoing.headers.add(name: "Idempotency-Key", value: request.idempotencyKey) }
        let ours: Set<String> = ["accept", "content-type", "idempotency-key"]
        for header in headers {
            if ours.contains(header.name.lowercased()) {
                outgoing.headers.replaceOrAdd(name: header.name, value: header.value)
            } else {
                outgoing.headers.add(name: header.name, value: header.value)
            }
        }
        if sendsBody { outgoing.body = .bytes(ByteBuffer(string: request.body.encode(request.payload))) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, deadline: .now() + timeAmount(timeout))
        } catch {
            // `execute` returns at the response head: an error here means no answer began.
            if isLostBeforeAnswer(error) { return .lostBeforeAnswer(error) }
            return .finished(.failure(failure(for: error, url: url)))
        }
        do {
            let body = try await response.body.collect(upTo: maximumBodySize)
            return .finished(.success(TransportResponse(
                status: Int(response.status.code),
                contentType: response.headers.first(name: "Content-Type").map(MediaType.of),
                body: Array(body.readableBytesView),
                location: response.headers.first(name: "Location"),
                retryAfter: response.headers.first(name: "Retry-After").map { String($0.prefix(100)) })))
        } catch is NIOTooManyBytesError {
            return .finished(.failure(.error("the response was larger than 1 MiB")))
        } catch {
            return .finished(.failure(failure(for: error, url: url)))
        }
    }

    /// The errors of a connection that closed under the request before an answer: a pooled
    /// connection the server had closed (I/O on a closed channel, its output closed, end of
    /// file, reset, broken pipe). Never a timeout, a refusal, a TLS failure or a cancellation.
    static func isLostBeforeAnswer(_ error: any Error) -> Bool {
        if let error = error as? ChannelError {
            switch error {
            case .ioOnClosedChannel, .outputClosed, .eof, .alreadyClosed: return true
            default: return false
            }
        }
        if let error = error as? HTTPClientError { return error == .remoteConnectionClosed }
        if let code = errno(of: error) { return code == ECONNRESET || code == EPIPE }
        return false
    }

    // MARK: - Failures

    /// Maps what async-http-client and NIO throw onto the wizard's three kinds of failure.
    static func failure(for error: any Error, url: String) -> TransportFailure {
        let host = hostAndPort(of: url)
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout, .tlsHandshakeTimeout,
                 .getConnectionFromPoolTimeout:
                return .timeout
            case .remoteConnectionClosed:
                return .error("\(host) closed the connection without a complete answer")
            case .cancelled:
                return .error("the request was cancelled")
            case .proxyAuthenticationRequired:
                // Said in words (issue 33 item 13): the type's name told the operator nothing.
                return .error("the proxy refused to connect to \(host): 407 Proxy Authentication Required "
                    + "(give or check the user and password in the proxy variable: http://user:password@proxy:port)")
            case .invalidProxyResponse:
                return .error("the proxy did not open a connection to \(host) (its answer to CONNECT was not 200)")
            default:
                return .error("the request to \(host) failed: \(described(error))")
            }
        }
        if error is NIOTooManyBytesError { return .error("the response was larger than 1 MiB") }
        if let error = error as? ChannelError, case .connectTimeout = error { return .timeout }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return .error("cannot resolve the host name \(error.host)")
            }
            let underlying = error.connectionErrors.map(\.error)
            if underlying.contains(where: { errno(of: $0) == ECONNREFUSED }) { return .refused }
            if underlying.contains(where: { ($0 as? ChannelError).map(isConnectTimeout) ?? false }) { return .timeout }
            if let first = underlying.first { return failure(for: first, url: url) }
            return .error("cannot connect to \(host)")
        }
        if let code = errno(of: error) {
            switch code {
            case ECONNREFUSED: return .refused
            case ETIMEDOUT: return .timeout
            case ENETUNREACH, EHOSTUNREACH: return .error("\(host) cannot be reached from this network")
            case ECONNRESET, EPIPE: return .error("\(host) reset the connection")
            default: break
            }
        }
        if error is CancellationError { return .error("the request was cancelled") }
        let text = described(error)
        let typeName = String(describing: type(of: error))
        if typeName.contains("SSL") || typeName.contains("TLS") || text.contains("handshake") {
            return .error("the TLS handshake with \(host) failed: \(tlsReason(text))")
        }
        return .error("the request to \(host) failed: \(text)")
    }

    /// An error on one line, never empty: a description with nothing printable in it is named by
    /// its type, so no failure ends in "failed:" and nothing.
    private static func described(_ error: any Error) -> String {
        let text = oneLine(String(describing: error))
        return text.trimmedWhitespace.isEmpty ? String(describing: type(of: error)) : text
    }

    /// BoringSSL's reason code (`...OPENSSL_internal:WRONG_VERSION_NUMBER at /path...`) in words,
    /// with a hint for the common ones; other TLS errors as NIO describes them.
    static func tlsReason(_ description: String) -> String {
        guard let marker = description.firstRange(of: "OPENSSL_internal:") else {
            if description.contains("failedToValidateHostname") { return "the certificate is not for this host name" }
            if description.contains("EOF during handshake") || description.contains("uncleanShutdown") {
                return "the server closed the connection during the handshake (does it speak TLS at this port, or is it plain http?)"
            }
            return description
        }
        let code = description[marker.upperBound...].prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
        switch code {
        case "WRONG_VERSION_NUMBER": return "the server does not speak TLS here (is it plain http?)"
        case "CERTIFICATE_VERIFY_FAILED": return "the server's certificate is not trusted"
        case "": return description
        default: return code.lowercased().replacingAll("_", with: " ")
        }
    }

    private static func errno(of error: any Error) -> Int32? {
        (error as? IOError)?.errnoCode
    }

    private static func isConnectTimeout(_ error: ChannelError) -> Bool {
        if case .connectTimeout = error { return true }
        return false
    }

    private static func oneLine(_ text: String) -> String {
        TextCleaning.oneLine(text, limit: 200)
    }

    // MARK: - URLs

    static func validate(endpoint: String) throws {
        let lower = endpoint.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            if endpoint.contains("://") {
                let scheme = endpoint.prefix { $0 != ":" }
                throw HTTPTransportError("the URL must start with http:// or https:// (not \(scheme)://)")
            }
            throw HTTPTransportError("the URL must start with http:// or https://")
        }
        let afterScheme = endpoint.drop { $0 != ":" }.dropFirst(3)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, authority.last != ":", !authority.hasPrefix(":") else {
            throw HTTPTransportError("the URL has no host")
        }
        guard !authority.contains("@") else {
            throw HTTPTransportError("credentials do not belong in the URL; pass them with --header")
        }
        guard !endpoint.contains(where: { $0.isWhitespace }) else {
            throw HTTPTransportError("the URL must not contain spaces")
        }
        guard !endpoint.contains("?"), !endpoint.contains("#") else {
            throw HTTPTransportError("the URL must not have a query or fragment (the form's submit path is appended to it)")
        }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            let port = authority[authority.index(after: colon)...]
            guard let number = Int(port), (1...65535).contains(number) else {
                throw HTTPTransportError("the port \(port) is not valid (1-65535)")
            }
        }
        do {
            _ = try HTTPClient.Request(url: endpoint)
        } catch {
            throw HTTPTransportError("not a valid URL")
        }
    }

    /// `http://h/base` + `/signup` -> `http://h/base/signup`; `http://h/` + `/signup` ->
    /// `http://h/signup`; `http://h/api` + `` -> `http://h/api`.
    static func join(_ endpoint: String, _ path: String) -> String {
        guard !path.isEmpty else { return endpoint }
        let base = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
        return path.hasPrefix("/") ? base + path : base + "/" + path
    }

    private static func hostAndPort(of url: String) -> String {
        let afterScheme = url.drop { $0 != ":" }.dropFirst(3)
        return String(afterScheme.prefix { $0 != "/" })
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
