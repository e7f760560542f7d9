import FormCore
import Synchronization

/// The in-process server that answers when no `--endpoint` is given, so `formline fill` works out
/// of the box. It answers like a real server: 201 with an id, or its form's `fake.reject` rules
/// as a 422 in DRF's full-details shape, which then goes through the same dialect code as HTTP.
public final class FakeTransport: Transport {
    private let rules: [FakeSpec.Rejection]
    private let nextID = Mutex(1)

    public init(fake: FakeSpec) { self.rules = fake.reject }

    public func send(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure> {
        var errors: [String: [JSONValue]] = [:]
        for rule in rules {
            guard rule.when.holds({ request.payload.value(atDottedPath: $0)?.comparableStrings }) else { continue }
            let entry = JSONValue.object(["message": .string(rule.message), "code": .string(rule.code)])
            errors[rule.field ?? "non_field_errors", default: []].append(entry)
        }
        if !errors.isEmpty {
            let body = JSONValue.object(errors.mapValues(JSONValue.array)).compactText
            return .success(TransportResponse(status: 422, contentType: "application/json", body: Array(body.utf8)))
        }
        let id = nextID.withLock { n -> Int in
            defer { n += 1 }
            return n
        }
        return .success(TransportResponse(status: 201, contentType: "application/json", body: Array("{\"id\":\(id)}".utf8)))
    }
}
