import FormCore

// TEMPORARY STUB: replaced by the HTTP work (issue 5).
public final class HTTPTransport: Transport {
    public init(endpoint: String, headers: [(name: String, value: String)], timeout: Duration) throws {}
    public func send(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure> { .failure(.error("HTTP not implemented")) }
    public func shutdown() {}
}
