import Hummingbird
import Synchronization

/// One request as the demo server received it.
package struct DemoRequest: Sendable, Equatable {
    package struct Header: Sendable, Equatable {
        package var name: String
        package var value: String
    }

    package var method: String
    /// The path with its query, as sent.
    package var path: String
    package var headers: [Header]
    package var body: [UInt8]

    /// The first value of a header, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    package var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// The requests the demo server received, in order: the newest `limit` (10,000), so a load test
/// of millions of requests leaves the server's memory flat.
package final class DemoRequestLog: Sendable {
    private let entries = Mutex<[DemoRequest]>([])
    package static let limit = 10_000

    package init() {}

    package var all: [DemoRequest] { entries.withLock { Array($0.suffix(Self.limit)) } }

    package var last: DemoRequest? { entries.withLock { $0.last } }

    package func removeAll() { entries.withLock { $0.removeAll() } }

    func append(_ request: DemoRequest) {
        entries.withLock { entries in
            entries.append(request)
            // Dropped in chunks of a quarter: O(1) amortised per request.
            if entries.count > Self.limit + Self.limit / 4 { entries.removeFirst(entries.count - Self.limit) }
        }
    }
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
