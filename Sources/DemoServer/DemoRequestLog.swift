import Foundation
import Hummingbird
import Synchronization

/// One request as the demo server received it.
package struct DemoRequest: Sendable, Equatable, Codable {
    package struct Header: Sendable, Equatable, Codable {
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
/// of millions of requests leaves the server's memory flat. With a file (`--request-log`), each
/// request is also appended to it as one JSON line as it arrives, so a test that runs the server
/// as a process of its own can read what it received.
package final class DemoRequestLog: Sendable {
    /// The requests, and the open log file (written under the same lock, so its lines are in the
    /// list's order and never interleave).
    private let state = Mutex<(entries: [DemoRequest], file: FileHandle?)>(([], nil))
    package static let limit = 10_000

    /// Why the log file could not be opened.
    package struct OpenFailure: Error, CustomStringConvertible {
        package let description: String
    }

    package init() {}

    /// Logs to `path` as well: emptied, or created, and made mode 0600 either way, since the
    /// requests hold whatever credentials their senders put in headers.
    package init(writingTo path: String) throws(OpenFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw OpenFailure(description: "cannot open \(path) for writing: \(String(cString: strerror(errno)))")
        }
        guard fchmod(descriptor, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw OpenFailure(description: "cannot make \(path) private (mode 0600): \(reason)")
        }
        state.withLock { $0.file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) }
    }

    package var all: [DemoRequest] { state.withLock { Array($0.entries.suffix(Self.limit)) } }

    package var last: DemoRequest? { state.withLock { $0.entries.last } }

    package func removeAll() { state.withLock { $0.entries.removeAll() } }

    func append(_ request: DemoRequest) {
        state.withLock { state in
            state.entries.append(request)
            // Dropped in chunks of a quarter: O(1) amortised per request.
            if state.entries.count > Self.limit + Self.limit / 4 { state.entries.removeFirst(state.entries.count - Self.limit) }
            guard let handle = state.file, let line = try? JSONEncoder().encode(request) else { return }
            try? handle.write(contentsOf: line + [UInt8(ascii: "\n")])
        }
    }

    /// Reads a file written by `init(writingTo:)`: the requests it holds, oldest first.
    package static func read(_ path: String) throws -> [DemoRequest] {
        let text = try Data(contentsOf: URL(fileURLWithPath: path))
        return try text.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(DemoRequest.self, from: Data($0)) }
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
