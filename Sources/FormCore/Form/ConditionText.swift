/// A `when` condition in words, for messages that must say why a field is not asked
/// (`severity is critical`, `mode is not trunk and port is one of 1, 2`): the operator sees
/// which answer would show the field without reading the form file.
extension Condition {
    /// The longest text: a condition is the form author's, but a message stays one readable line.
    static let readableLimit = 200

    /// The condition in words, field names as in the form, at most `readableLimit` characters.
    package var readable: String {
        TextWrap.truncate(TextCleaning.withoutControlCharacters(words(nested: false)), to: Condition.readableLimit)
    }

    private func words(nested: Bool) -> String {
        switch node {
        case .compare(let field, let test):
            switch test {
            case .equals(let value): return "\(field) is \(Condition.quoted(value))"
            case .notEquals(let value): return "\(field) is not \(Condition.quoted(value))"
            case .isIn(let values): return "\(field) is one of \(values.map(Condition.quoted).joined(separator: ", "))"
            case .filled(let filled): return filled ? "\(field) is filled in" : "\(field) is empty"
            }
        case .all(let items):
            return Condition.joined(items, with: " and ", nested: nested)
        case .any(let items):
            return Condition.joined(items, with: " or ", nested: nested)
        case .not(let inner):
            return "not (\(inner.words(nested: false)))"
        }
    }

    private static func joined(_ items: [Condition], with separator: String, nested: Bool) -> String {
        let text = items.map { $0.words(nested: true) }.joined(separator: separator)
        return nested && items.count > 1 ? "(\(text))" : text
    }

    /// A value as written, quoted when it would not read as one word.
    private static func quoted(_ value: String) -> String {
        value.isEmpty || value.contains(where: { $0 == " " || $0 == "," || $0 == "\"" })
            ? JSONValue.string(value).compactText : value
    }
}
