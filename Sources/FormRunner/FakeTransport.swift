import FormCore
import Synchronization

/// The in-process server that answers when no `--endpoint` is given, so `formline fill` works out
/// of the box. It answers like a real server: 201 with an id, or its form's `fake.reject` rules
/// as a rejection in the form's declared error format (`submit.errors`: a dialect or a described
/// shape, written by `RejectionWriter`; DRF's full-details shape with 422 for `auto`), which then
/// goes through the same dialect code as HTTP.
public final class FakeTransport: Transport {
    private let rules: [FakeSpec.Rejection]
    private let format: RejectionWriter.Format
    /// 422 for `auto`, the status the fake has always answered with; else the framework's own.
    private let status: Int?
    private let nextID = Mutex(1)

    /// A fake answering in the shape of `submit`'s `errors`: use this one for a form's fake.
    public init(fake: FakeSpec, submit: SubmitSpec) {
        self.rules = fake.reject
        self.format = RejectionWriter.Format(submit)
        self.status = submit.errorShape == nil && submit.errors == .auto ? 422 : nil
    }

    /// A fake answering as for `errors: auto` (DRF's shape).
    public convenience init(fake: FakeSpec) { self.init(fake: fake, submit: SubmitSpec()) }

    /// The fake of a form: its `fake:` rules, answered in its `submit.errors` format.
    public convenience init(form spec: FormSpec) { self.init(fake: spec.fake, submit: spec.submit) }

    public func send(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure> {
        if let check = request.check { return .success(FakeCheckAnswers.answer(check)) }
        let (errors, lengths) = self.errors(in: request.payload)
        if !errors.isEmpty {
            let written = RejectionWriter.write(errors, as: format, status: status, extras: RejectionExtras(listLengths: lengths))
            return .success(TransportResponse(status: written.status, contentType: written.contentType, body: written.body))
        }
        let id = nextID.withLock { n -> Int in
            defer { n += 1 }
            return n
        }
        return .success(TransportResponse(status: 201, contentType: "application/json", body: Array("{\"id\":\(id)}".utf8)))
    }

    /// The errors the rules find in `payload`, in rule order: a rule naming a group's field
    /// (`lines.sku`) is tried on each item and reports on that item (`lines.1.sku`, the wire's
    /// 0-based index), with the length of each list it went through.
    func errors(in payload: JSONValue) -> ([ServerError], [[ServerError.PathComponent]: Int]) {
        var errors: [ServerError] = []
        var lengths: [[ServerError.PathComponent]: Int] = [:]
        for rule in rules {
            let named = (rule.field.map { [$0] } ?? []) + rule.when.fields
            if let (prefix, items) = named.lazy.compactMap({ FakeTransport.itemArray($0, in: payload) }).first {
                lengths[FakeTransport.path(prefix)] = items.count
                for (k, item) in items.enumerated() {
                    let holds = rule.when.holds { name in
                        name.hasPrefix(prefix + ".")
                            ? item.value(atDottedPath: String(name.dropFirst(prefix.count + 1)))?.comparableStrings
                            : payload.value(atDottedPath: name)?.comparableStrings
                    }
                    guard holds else { continue }
                    if let field = rule.field, field.hasPrefix(prefix + ".") {
                        let path = FakeTransport.path(prefix) + [.index(k)] + FakeTransport.path(String(field.dropFirst(prefix.count + 1)))
                        errors.append(ServerError(path: path, message: rule.message, code: rule.code))
                    } else {
                        errors.append(ServerError(path: rule.field.map(FakeTransport.path), message: rule.message, code: rule.code))
                    }
                }
                continue
            }
            guard rule.when.holds({ payload.value(atDottedPath: $0)?.comparableStrings }) else { continue }
            errors.append(ServerError(path: rule.field.map(FakeTransport.path), message: rule.message, code: rule.code))
        }
        return (errors, lengths)
    }

    /// A field's dotted name (`address.city`) as a path of keys.
    static func path(_ name: String) -> [ServerError.PathComponent] {
        name.split(separator: ".", omittingEmptySubsequences: false).map { .key(String($0)) }
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
