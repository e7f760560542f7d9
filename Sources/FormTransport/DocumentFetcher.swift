import AsyncHTTPClient
import Dispatch
import FormCore
import NIOCore
import NIOHTTP1
import Synchronization

/// Fetches one document (an OpenAPI description) over HTTP(S) with a conditional GET.
///
/// ```swift
/// let fetcher = try DocumentFetcher(url: "http://127.0.0.1:8080/openapi.json", timeout: .seconds(30))
/// switch fetcher.fetch(validators: .init(etag: "\"v3\"", lastModified: nil)) {
/// case .success(.notModified): ...                      // the cached copy is still current
/// case .success(.fetched(let body, let validators)): ...
/// case .failure(let failure): ...                       // one line for the operator
/// }
/// ```
///
/// The same stack as `HTTPTransport` (async-http-client, the same TLS files and proxy, the same
/// failure wording), with a document's own bounds: the body is at most `maximumBodySize`
/// (16 MiB, far above any real API description, small enough to hold in memory), one deadline
/// covers connecting to the last byte, redirects are not followed (a 3xx is a failure naming
/// the Location, so an operator sees where the document moved and a server cannot bounce
/// formline elsewhere), and compressed bodies are never asked for.
package struct DocumentFetcher: Sendable {
    /// The largest document read; a bigger one is a failure.
    package static let maximumBodySize = 16 << 20

    /// What a cached copy carries to revalidate it.
    package struct Validators: Sendable, Equatable {
        package var etag: String?
        package var lastModified: String?

        package init(etag: String?, lastModified: String?) {
            self.etag = etag
            self.lastModified = lastModified
        }
    }

    package enum Answer: Sendable, Equatable {
        /// 304: the copy the validators came from is current.
        case notModified
        /// 200: the document and the validators to revalidate it with later.
        case fetched(body: [UInt8], validators: Validators)
    }

    package let url: String
    private let headers: [(name: String, value: String)]
    private let timeout: Duration
    private let tls: TLSFiles
    private let proxy: ProxySetting?

    /// - Throws: `HTTPTransportError` when `url` is not an absolute http(s) URL (a query is
    ///   allowed here: some servers publish `/openapi?format=json`), or a header is not valid.
    package init(url: String, headers: [(name: String, value: String)] = [], timeout: Duration,
                tls: TLSFiles = TLSFiles(), proxy: ProxySetting? = nil) throws {
        let withoutQuery = String(url.prefix { $0 != "?" && $0 != "#" })
        guard !url.contains("#") else { throw HTTPTransportError("the URL must not have a fragment") }
        try HTTPTransport.validate(endpoint: withoutQuery)
        _ = try HTTPTransport(endpoint: withoutQuery, headers: headers, timeout: timeout, tls: tls, proxy: proxy)
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.tls = tls
        self.proxy = proxy
    }

    /// Blocks until the document came, the server said it is unchanged, or the deadline passed.
    /// Call it from a plain thread (the CLI's main thread), never from a Swift concurrency one.
    package func fetch(validators: Validators? = nil) -> Result<Answer, TransportFailure> {
        let box = Mutex<Result<Answer, TransportFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let url = url, headers = headers, timeout = timeout, tls = tls, proxy = proxy
        Task {
            let answer = await Self.fetch(url: url, headers: headers, timeout: timeout, tls: tls, proxy: proxy,
                                          validators: validators)
            box.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return box.withLock { $0 } ?? .failure(.error("the request was cancelled"))
    }

    private static func fetch(
        url: String, headers: [(name: String, value: String)], timeout: Duration, tls: TLSFiles,
        proxy: ProxySetting?, validators: Validators?
    ) async -> Result<Answer, TransportFailure> {
        let configuration: HTTPClient.Configuration
        do {
            var built = HTTPClient.Configuration(
                tlsConfiguration: try tls.configuration(),
                redirectConfiguration: .disallow,
                timeout: .init(connect: timeAmount(timeout), read: timeAmount(timeout)),
                decompression: .disabled)
            built.connectionPool.retryConnectionEstablishment = false
            if let proxy {
                built.proxy = .server(host: proxy.host, port: proxy.port,
                                      authorization: proxy.credentials.map { .basic(username: $0.user, password: $0.password) })
            }
            configuration = built
        } catch {
            return .failure(.error("\(error)"))
        }
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let outcome = Mutex<Result<Answer, TransportFailure>>(.failure(.timeout))
        let raced = await HTTPTransport.withinDeadline(timeout) {
            let result = await perform(url: url, headers: headers, timeout: timeout, validators: validators, client: client)
            outcome.withLock { $0 = result }
            // The deadline helper speaks in submission answers; ours travels in `outcome`.
            return .success(TransportResponse(status: 0, contentType: nil, body: []))
        }
        try? await client.shutdown()
        switch raced {
        case .success: return outcome.withLock { $0 }
        case .failure(let failure): return .failure(failure)  // the deadline won
        }
    }

    private static func perform(
        url: String, headers: [(name: String, value: String)], timeout: Duration, validators: Validators?,
        client: HTTPClient
    ) async -> Result<Answer, TransportFailure> {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json, application/yaml;q=0.9, */*;q=0.1")
        if let etag = validators?.etag { request.headers.add(name: "If-None-Match", value: etag) }
        if let date = validators?.lastModified { request.headers.add(name: "If-Modified-Since", value: date) }
        for header in headers { request.headers.replaceOrAdd(name: header.name, value: header.value) }
        do {
            let response = try await client.execute(request, deadline: .now() + timeAmount(timeout))
            let status = Int(response.status.code)
            if status == 304 {
                return validators == nil ? .failure(.error("the server answered 304 to a plain GET")) : .success(.notModified)
            }
            guard status == 200 else {
                if (300...399).contains(status), let location = response.headers.first(name: "Location") {
                    return .failure(.error("the document moved (\(status)) to \(TextCleaning.oneLine(location, limit: 200)): give that URL"))
                }
                return .failure(.error("the server answered \(status) \(TextCleaning.oneLine(response.status.reasonPhrase, limit: 80)) instead of the document"))
            }
            let body: ByteBuffer
            do {
                body = try await response.body.collect(upTo: maximumBodySize)
            } catch is NIOTooManyBytesError {
                return .failure(.error("the document is larger than 16 MiB"))
            }
            return .success(.fetched(
                body: Array(body.readableBytesView),
                validators: Validators(etag: response.headers.first(name: "ETag"),
                                       lastModified: response.headers.first(name: "Last-Modified"))))
        } catch {
            return .failure(HTTPTransport.failure(for: error, url: url))
        }
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
