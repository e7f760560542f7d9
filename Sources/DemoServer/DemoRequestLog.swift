import Hummingbird
import Synchronization

/// One request as the demo server received it.
public struct DemoRequest: Sendable, Equatable {
    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public var method: String
    /// The path with its query, as sent.
    public var path: String
    public var headers: [Header]
    public var body: [UInt8]

    /// The first value of a header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Every request the demo server received, in order.
public final class DemoRequestLog: Sendable {
    private let entries = Mutex<[DemoRequest]>([])

    public init() {}

    public var all: [DemoRequest] { entries.withLock { $0 } }

    public var last: DemoRequest? { entries.withLock { $0.last } }

    public func removeAll() { entries.withLock { $0.removeAll() } }

    func append(_ request: DemoRequest) { entries.withLock { $0.append(request) } }
}

/// Records each request, body included, before the routes see it.
struct RequestRecorder<Context: RequestContext>: RouterMiddleware {
    let log: DemoRequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        // collectBody keeps the bytes in the request, so the route can read them again.
        let body = try await request.collectBody(upTo: 1 << 20)
        log.append(DemoRequest(
            method: request.method.rawValue,
            path: request.uri.description,
            headers: request.headers.map { DemoRequest.Header(name: $0.name.rawName, value: $0.value) },
            body: Array(body.readableBytesView)))
        return try await next(request, context)
    }
}
