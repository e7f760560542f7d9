import FormCore
import FormRunner
import Synchronization
import Testing

/// Issue 31, item 4: the retries of `formline batch` and `formline outbox send` (RetryingTransport).
@Suite struct BatchRetryPolicyTests {
    private static func answer(_ status: Int, retryAfter: String? = nil) -> Result<TransportResponse, TransportFailure> {
        .success(TransportResponse(status: status, contentType: "application/json", body: [], retryAfter: retryAfter))
    }

    @Test("Retry-After as seconds, as an HTTP-date (past: no wait), and unreadable")
    func retryAfter() {
        #expect(RetryAfter.seconds("120", now: 0) == 120)
        #expect(RetryAfter.seconds(" 3 ", now: 0) == 3)
        // 784111777 is Sun, 06 Nov 1994 08:49:37 GMT (RFC 9110's example).
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_777 - 30) == 30)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_777 + 500) == 0)
        #expect(RetryAfter.seconds("soon", now: 0) == nil)
        #expect(RetryAfter.seconds("-5", now: 0) == nil)
        #expect(RetryAfter.seconds("99999999999", now: 0) == nil)
        #expect(RetryAfter.seconds("Sun, 06 Foo 1994 08:49:37 GMT", now: 0) == nil)
    }

    @Test("which outcomes are tried again, and after how long")
    func waits() {
        let policy = RetryPolicy(retries: 3, firstWait: 0.5)
        #expect(policy.wait(after: .failure(.timeout), retry: 0, now: 0) == 0.5)
        #expect(policy.wait(after: .failure(.refused), retry: 2, now: 0) == 2.0)
        #expect(policy.wait(after: Self.answer(503, retryAfter: "7"), retry: 0, now: 0) == 7)
        #expect(policy.wait(after: Self.answer(429, retryAfter: "3600"), retry: 0, now: 0) == RetryPolicy.longestWait)
        #expect(policy.wait(after: Self.answer(429), retry: 1, now: 0) == 1.0)
        #expect(policy.wait(after: Self.answer(502, retryAfter: "9"), retry: 0, now: 0) == 0.5, "Retry-After is read on 429 and 503")
        #expect(policy.wait(after: Self.answer(500), retry: 0, now: 0) == nil)
        #expect(policy.wait(after: Self.answer(201), retry: 0, now: 0) == nil)
        #expect(policy.wait(after: Self.answer(422), retry: 0, now: 0) == nil)
    }

    /// Answers from a list, one per send, and keeps each request's key.
    private final class Scripted: Transport {
        let answers: [Result<TransportResponse, TransportFailure>]
        let keys = Mutex<[String]>([])
        init(_ answers: [Result<TransportResponse, TransportFailure>]) { self.answers = answers }
        func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure> {
            let count = keys.withLock { $0.append(request.idempotencyKey); return $0.count }
            return answers[min(count, answers.count) - 1]
        }
    }

    private static let request = TransportRequest(method: "POST", path: "/api/signup", payload: .object([:]), idempotencyKey: "k-1")

    @Test("503 then 201: sent twice under the same key, the 201 stands")
    func retriedUnderTheSameKey() async {
        let base = Scripted([Self.answer(503, retryAfter: "0"), .failure(.timeout), Self.answer(201)])
        let transport = RetryingTransport(base: base, policy: RetryPolicy(retries: 3, firstWait: 0.01), now: { 0 })
        let outcome = await transport.send(Self.request)
        #expect(outcome == Self.answer(201))
        #expect(base.keys.withLock { $0 } == ["k-1", "k-1", "k-1"])
    }

    @Test("bounded: after the last retry the failure stands; a stopping run starts no retry")
    func bounded() async {
        let base = Scripted([.failure(.refused)])
        let transport = RetryingTransport(base: base, policy: RetryPolicy(retries: 2, firstWait: 0.01), now: { 0 })
        #expect(await transport.send(Self.request) == .failure(.refused))
        #expect(base.keys.withLock { $0.count } == 3)
        let stopped = Scripted([.failure(.refused)])
        let stopping = RetryingTransport(base: stopped, policy: RetryPolicy(retries: 2, firstWait: 0.01), stopping: { true }, now: { 0 })
        #expect(await stopping.send(Self.request) == .failure(.refused))
        #expect(stopped.keys.withLock { $0.count } == 1)
    }
}
