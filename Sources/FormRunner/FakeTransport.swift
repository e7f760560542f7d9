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
        if let check = request.check { return .success(FakeCheckAnswers.answer(check)) }
        var errors: [String: [JSONValue]] = [:]
        /// Errors on the items of a group, by group path: one dict per item, `{}` for items
        /// without errors, as Django REST framework answers for a nested list serializer.
        var itemErrors: [String: [[String: [JSONValue]]]] = [:]
        let payload = request.payload
        for rule in rules {
            let entry = JSONValue.object(["message": .string(rule.message), "code": .string(rule.code)])
            let named = (rule.field.map { [$0] } ?? []) + rule.when.fields
            if let (prefix, items) = named.lazy.compactMap({ FakeTransport.itemArray($0, in: payload) }).first {
                // A rule naming a group's field (`lines.sku`) is tried on each item.
                for (k, item) in items.enumerated() {
                    let holds = rule.when.holds { name in
                        name.hasPrefix(prefix + ".")
                            ? item.value(atDottedPath: String(name.dropFirst(prefix.count + 1)))?.comparableStrings
                            : payload.value(atDottedPath: name)?.comparableStrings
                    }
                    guard holds else { continue }
                    if let field = rule.field, field.hasPrefix(prefix + ".") {
                        var list = itemErrors[prefix] ?? Array(repeating: [:], count: items.count)
                        list[k][String(field.dropFirst(prefix.count + 1)), default: []].append(entry)
                        itemErrors[prefix] = list
                    } else {
                        errors[rule.field ?? "non_field_errors", default: []].append(entry)
                    }
                }
                continue
            }
            guard rule.when.holds({ payload.value(atDottedPath: $0)?.comparableStrings }) else { continue }
            errors[rule.field ?? "non_field_errors", default: []].append(entry)
        }
        if !errors.isEmpty || !itemErrors.isEmpty {
            var body = errors.mapValues(JSONValue.array)
            for (prefix, list) in itemErrors {
                body[prefix] = .array(list.map { .object($0.mapValues(JSONValue.array)) })
            }
            let text = JSONValue.object(body).compactText
            return .success(TransportResponse(status: 422, contentType: "application/json", body: Array(text.utf8)))
        }
        let id = nextID.withLock { n -> Int in
            defer { n += 1 }
            return n
        }
        return .success(TransportResponse(status: 201, contentType: "application/json", body: Array("{\"id\":\(id)}".utf8)))
    }

    /// When `path` (`lines.sku`) goes through an array of objects in the payload (`lines`), that
    /// array's path and its items.
    static func itemArray(_ path: String, in payload: JSONValue) -> (String, [JSONValue])? {
        let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var current: JSONValue? = payload
        for (depth, key) in keys.enumerated().dropLast() {
            current = current?[key]
            if case .array(let items)? = current, items.allSatisfy({ $0.objectValue != nil }) {
                return (keys[...depth].joined(separator: "."), items)
            }
        }
        return nil
    }
}
