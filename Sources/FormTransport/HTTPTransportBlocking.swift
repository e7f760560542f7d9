import AsyncHTTPClient
import Dispatch
import FormCore
import FormRunner
import NIOCore
import NIOHTTP1
import Synchronization

/// `HTTPTransport` waited for on the caller's thread (`BlockingTransport`): `formline batch`'s
/// workers and every session driver. The request goes out through async-http-client's
/// future-based API and the answer comes back through one semaphore, with no Swift task, task
/// group or timer task per request (the async `send` keeps them for async callers). The same
/// rules as `send`: one deadline over the whole exchange (enforced here, by the waiting thread),
/// one retry on a connection lost before any answer, bodies over 1 MiB refused, credentials
/// masked.
extension HTTPTransport: BlockingTransport {
    package func sendBlocking(_ request: TransportRequest, every interval: Int,
                              watch: () -> TransportWaitStep) -> Result<TransportResponse, TransportFailure> {
        guard let client = startedClient() else {
            return .failure(.error("the HTTP client was already shut down"))
        }
        let url = url(for: request.path)
        let outgoing: HTTPClient.Request
        do {
            outgoing = try Self.blockingRequest(request, url: url, headers: headers)
        } catch {
            return masked(.failure(Self.failure(for: error, url: url)))
        }
        let deadline = DispatchTime.now() + .nanoseconds(Int(Self.timeAmount(timeout).nanoseconds))
        for attempt in 0..<2 {
            let collector = BodyCollector(limit: Self.maximumBodySize)
            let done = DispatchSemaphore(value: 0)
            let outcome = ExchangeOutcome()
            let task = client.execute(request: outgoing, delegate: collector)
            task.futureResult.whenComplete { result in
                outcome.value.withLock { $0 = result }
                done.signal()
            }
            let waited = TransportWaiting.wait(for: done, every: interval, deadline: deadline, cancel: { task.cancel() }, watch: watch)
            switch waited.end {
            case .answered: break
            case .stopped(let own): return own
            case .pastDeadline: return .failure(.timeout)
            }
            let cancelled = waited.cancelled
            switch outcome.value.withLock({ $0 }) {
            case .success(let response)?:
                return masked(.success(response))
            case .failure(let error)?:
                if cancelled { return .failure(.error("the request was cancelled")) }
                if error is BodyCollector.TooLarge { return .failure(.error("the response was larger than 1 MiB")) }
                if attempt == 0, !collector.answerBegan, Self.isLostBeforeAnswer(error) { continue }
                return masked(.failure(Self.failure(for: error, url: url)))
            case nil:
                return .failure(.error("the request was cancelled"))
            }
        }
        return .failure(.error("the request was cancelled"))
    }

    /// The request as `exchange` builds it, for the future-based API.
    private static func blockingRequest(
        _ request: TransportRequest, url: String, headers: [(name: String, value: String)]
    ) throws -> HTTPClient.Request {
        var fields = HTTPHeaders()
        fields.add(name: "Accept", value: request.body.accept)
        let sendsBody = request.check == nil || request.payload != .null
        if sendsBody { fields.add(name: "Content-Type", value: request.body.contentType) }
        if request.check == nil { fields.add(name: "Idempotency-Key", value: request.idempotencyKey) }
        let ours: Set<String> = ["accept", "content-type", "idempotency-key"]
        for header in headers {
            if ours.contains(header.name.lowercased()) {
                fields.replaceOrAdd(name: header.name, value: header.value)
            } else {
                fields.add(name: header.name, value: header.value)
            }
        }
        let body: HTTPClient.Body? = sendsBody ? .byteBuffer(ByteBuffer(string: request.body.encode(request.payload))) : nil
        return try HTTPClient.Request(url: url, method: HTTPMethod(rawValue: request.method), headers: fields, body: body)
    }
}

/// Collects a response of at most `limit` body bytes into a `TransportResponse`, and says whether
/// any answer began (a head came): only a connection lost before that is tried again.
private final class BodyCollector: HTTPClientResponseDelegate, Sendable {
    typealias Response = TransportResponse

    struct TooLarge: Error {}

    private struct State {
        var head: HTTPResponseHead?
        var body = ByteBuffer()
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    var answerBegan: Bool { state.withLock { $0.head != nil } }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
            state.withLock { $0.head = head }
            return task.eventLoop.makeFailedFuture(TooLarge())
        }
        state.withLock { $0.head = head }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let fits = state.withLock { state -> Bool in
            guard state.body.readableBytes + buffer.readableBytes <= limit else { return false }
            var buffer = buffer
            state.body.writeBuffer(&buffer)
            return true
        }
        return fits ? task.eventLoop.makeSucceededVoidFuture() : task.eventLoop.makeFailedFuture(TooLarge())
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        try state.withLock { state in
            guard let head = state.head else { throw HTTPClientError.remoteConnectionClosed }
            return TransportResponse(
                status: Int(head.status.code),
                contentType: head.headers.first(name: "Content-Type").map(MediaType.of),
                body: Array(state.body.readableBytesView),
                location: head.headers.first(name: "Location"),
                retryAfter: head.headers.first(name: "Retry-After").map { String($0.prefix(100)) })
        }
    }
}

/// The outcome of one exchange, from the event loop to the waiting thread.
private final class ExchangeOutcome: Sendable {
    let value = Mutex<Result<TransportResponse, any Error>?>(nil)
}
