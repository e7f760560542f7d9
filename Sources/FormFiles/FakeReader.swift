import FormCore
import Yams

/// A `fake.reject` rule as read; the fields it names are checked by `FormReader`. `when` and
/// `message` may be missing (already reported): the names given are still looked up.
struct RejectionDraft {
    let when: ConditionDraft?
    let whenPosition: Position
    let field: (String, Position)?
    let code: String
    let message: String?
}

/// Reads `fake: {reject: [{when, field, code, message}]}`. `field` is optional (a non-field
/// error); `code` defaults to "invalid".
struct FakeReader {
    static let keys = ["reject"]
    static let rejectKeys = ["when", "field", "code", "message"]

    let reader: YAMLNodeReader

    func read(_ entry: Entry) -> [RejectionDraft] {
        guard let mapping = reader.mapping(entry.value, "fake") else { return [] }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "fake")
        guard let e = entries["reject"] else { return [] }
        guard case .sequence(let items) = e.value else {
            reader.diagnostics.error("reject must be a list, not \(YAMLNodeReader.describe(e.value))", at: e.valuePosition)
            return []
        }
        return items.compactMap(readRejection)
    }

    private func readRejection(_ node: Node) -> RejectionDraft? {
        guard let mapping = reader.mapping(node, "each reject rule") else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.rejectKeys, context: "a reject rule")
        if entries["when"] == nil { reader.missing("when", in: entries, ": the condition that rejects") }
        if entries["message"] == nil { reader.missing("message", in: entries, ": the error the fake server sends") }
        let when = entries["when"].flatMap { ConditionReader(reader: reader).read($0) }
        let field = entries["field"].flatMap { e in reader.string(e).map { ($0, e.valuePosition) } }
        let code = entries["code"].flatMap(reader.string)
        let message = entries["message"].flatMap { reader.text($0) }
        guard entries["code"] == nil || code != nil else { return nil }
        return RejectionDraft(
            when: when, whenPosition: entries["when"]?.valuePosition ?? entries.position,
            field: field, code: code ?? "invalid", message: message)
    }
}
