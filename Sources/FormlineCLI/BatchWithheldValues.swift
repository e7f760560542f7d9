import FormCore

/// One record's private and secret values (docs/privacy.md), as its input gave them and as the
/// wizard kept them: `formline batch --report` writes each as `[name]` in the record's error
/// messages (`[birth] is not a real date`), since a report is kept and passed on. The rejects
/// file is not scrubbed: it is the input as given, the operator's own data to fix.
struct BatchWithheldValues: Sendable {
    private var values: [Value] = []

    private struct Value: Sendable {
        var text: String
        var name: String
    }

    init() {}

    /// The withheld fields' answers in `answers` (list items included) and their values in `wizard`.
    init(answers: [ScriptedAnswer], wizard: Wizard) {
        func add(_ text: String, _ name: String) {
            let trimmed = text.trimmedWhitespace
            guard !trimmed.isEmpty, trimmed.count <= 4_096, !values.contains(where: { $0.text == trimmed }) else { return }
            values.append(Value(text: trimmed, name: name))
        }
        func withheld(_ path: String) -> Bool {
            if let field = wizard.field(named: path) { return field.isWithheld }
            // An item not made yet (`lines.3.name`): its declaration (`lines.name`) says.
            let declaration = path.split(separator: ".").filter { !$0.allSatisfy(\.isNumber) }.joined(separator: ".")
            return wizard.spec.fields.first { $0.name == declaration }?.isWithheld ?? false
        }
        func visit(_ answer: ScriptedAnswer) {
            if withheld(answer.path) { add(answer.text, answer.path) }
            for item in answer.items ?? [] { visit(item) }
        }
        answers.prefix(10_000).forEach(visit)
        for field in wizard.fields where field.isWithheld {
            guard let value = wizard.values[field.name] else { continue }
            add(value.editableText, field.name)
            add(field.kind.shortDisplay(value), field.name)
        }
        values.sort { $0.text.count > $1.text.count }
    }

    /// These values joined with `other`'s (a repaired record keeps what its first run knew).
    func merged(_ other: BatchWithheldValues) -> BatchWithheldValues {
        var copy = self
        for value in other.values where !copy.values.contains(where: { $0.text == value.text }) { copy.values.append(value) }
        copy.values.sort { $0.text.count > $1.text.count }
        return copy
    }

    /// `message` with each value as `[name]`: a whole occurrence of one of 4 characters or more
    /// (the rule the transcripts follow), and a quoted one of any length (`'f' matches ...`).
    func scrub(_ message: String) -> String {
        var out = message
        for value in values {
            out = SecretMask.mask(out, secret: value.text, with: "[\(value.name)]")
            out = PrivateQuote.masked(out, typed: value.text, name: value.name)
        }
        return out
    }
}
