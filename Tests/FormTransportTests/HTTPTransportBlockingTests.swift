import DemoServer
import FormCore
import Testing
import FormRunner
@testable import FormTransport

/// The send a synchronous caller waits for on its own thread (`BlockingTransport`): what
/// `formline batch`'s workers and the session driver use. Same answers as the async `send`.
@Suite(.serialized, .timeLimit(.minutes(1))) struct HTTPTransportBlockingTests {
    @Test func acceptedWithOurHeadersAndBody() async throws {
        try await withDemoServer { port, server in
            let request = signupRequest("alice", key: "blocking-1")
            let result = try await withTransport("http://127.0.0.1:\(port)/drf", headers: [("Authorization", "Bearer s3cr3t")]) {
                $0.sendBlocking(request, every: 20) { .wait }
            }
            #expect(result.classified() == .accepted(status: 201, summary: "id=1"))
            let received = try #require(server.requests.last)
            #expect(received.path == "/drf/signup")
            #expect(received.header("Content-Type") == "application/json")
            #expect(received.header("Idempotency-Key") == "blocking-1")
            #expect(received.header("Authorization") == "Bearer s3cr3t")
            #expect(received.bodyText == #"{"email":"alice@example.net","password":"correct horse","username":"alice"}"#)
        }
    }

    /// The one deadline covers the body too: headers at once, then a byte every 100 ms.
    @Test func trickledBodyTimesOut() async throws {
        try await withDemoServer { port, _ in
            let started = ContinuousClock.now
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/trickle", timeout: .milliseconds(800)) {
                $0.sendBlocking(signupRequest("x"), every: 20) { .wait }
            }
            #expect(result == .failure(.timeout))
            let elapsed = ContinuousClock.now - started
            #expect(elapsed >= .milliseconds(800) && elapsed < .seconds(4), "took \(elapsed); the whole body takes 40 s")
        }
    }

    @Test(arguments: ["oversized", "oversized-chunked"])
    func oversizedBody(_ route: String) async throws {
        try await withDemoServer { port, _ in
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/\(route)") {
                $0.sendBlocking(signupRequest("x"), every: 20) { .wait }
            }
            #expect(result == .failure(.error("the response was larger than 1 MiB")))
        }
    }

    @Test func redirectIsNotFollowed() async throws {
        try await withDemoServer { port, server in
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/redirect") {
                $0.sendBlocking(signupRequest("x"), every: 20) { .wait }
            }
            #expect(try result.get().status == 302)
            #expect(server.requests.all.count == 1)
        }
    }

    /// Ctrl-C: the waiting side cancels, and the send answers at once, long before the timeout.
    @Test func cancellingStopsAWaitingSend() async throws {
        try await withDemoServer(slowDelay: .seconds(20)) { port, _ in
            let started = ContinuousClock.now
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/slow", timeout: .seconds(30)) {
                $0.sendBlocking(signupRequest("x"), every: 20) {
                    ContinuousClock.now - started > .milliseconds(300) ? .cancel : .wait
                }
            }
            #expect(result == .failure(.error("the request was cancelled")))
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }

    @Test func refusedConnection() async throws {
        try await withRefusingPort { closedPort in
            let result = try await withTransport("http://127.0.0.1:\(closedPort)/drf", timeout: .seconds(10)) {
                $0.sendBlocking(signupRequest("x"), every: 20) { .wait }
            }
            #expect(result == .failure(.refused))
        }
    }
}
