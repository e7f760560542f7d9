import DemoServer
import Foundation
import FormCore
@testable import FormTransport

/// Runs a DemoServer in-process on 127.0.0.1, port 0, for the length of `body`.
func withDemoServer<T>(
    slowDelay: Duration = .seconds(2),
    _ body: (_ port: Int, _ server: DemoServer) async throws -> T
) async throws -> T {
    let server = DemoServer(host: "127.0.0.1", port: 0, slowDelay: slowDelay)
    let (ports, portSink) = AsyncStream<Int>.makeStream()
    let running = Task {
        try await server.run { port in
            portSink.yield(port)
            portSink.finish()
        }
    }
    defer { running.cancel() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next(), port > 0 else {
        running.cancel()
        throw HarnessError("the demo server did not start")
    }
    do {
        let result = try await body(port, server)
        running.cancel()
        _ = await running.result
        return result
    } catch {
        running.cancel()
        _ = await running.result
        throw error
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs blocking work (HTTPTransport.send / shutdown) on its own thread, never on the
/// cooperative pool, the way the wizard's synchronous loop calls it.
func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.start()
    }
}

/// A transport to the demo server, shut down when `body` ends.
func withTransport<T: Sendable>(
    _ endpoint: String, headers: [(name: String, value: String)] = [], timeout: Duration = .seconds(5),
    _ body: @escaping @Sendable (HTTPTransport) -> T
) async throws -> T {
    let transport = try HTTPTransport(endpoint: endpoint, headers: headers, timeout: timeout)
    return await offPool {
        defer { transport.shutdown() }
        return body(transport)
    }
}

func signupRequest(_ username: String, password: String = "correct horse", key: String = "key-1", path: String = "/signup") -> TransportRequest {
    TransportRequest(
        method: "POST", path: path,
        payload: .object(["username": .string(username), "password": .string(password), "email": .string("\(username)@example.net")]),
        idempotencyKey: key)
}

extension Result where Success == TransportResponse, Failure == TransportFailure {
    /// What the wizard would make of it.
    func classified(dialect: ErrorDialect = .auto) -> SubmissionResult {
        switch self {
        case .success(let response):
            return SubmissionClassifier.classify(
                status: response.status, contentType: response.contentType, body: response.body,
                location: response.location, dialect: dialect)
        case .failure(let failure):
            return .failed(reason: failure.reason)
        }
    }
}

