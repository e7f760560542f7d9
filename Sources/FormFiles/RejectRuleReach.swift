import FormCore

/// Whether a `fake.reject` rule can ever fire. A rule whose comparison only matches values that
/// the field's own rules refuse (`title in [test, TEST]` on a field with `min_length: 5`) never
/// sees those values: the wizard rejects them first, so the fake server's rejection the author
/// meant to show never happens. `formline check` warns about it.
enum RejectRuleReach {
    /// Why `condition` can never hold for values the fields accept, or nil when it may hold (or
    /// this cannot tell: only `equals` and `in` comparisons are judged).
    static func neverFires(_ condition: Condition, fields: [Field]) -> String? {
        switch condition.node {
        case .compare(let name, let test):
            guard let field = fields.first(where: { $0.name == name }) else { return nil }
            let compared: [String]
            switch test {
            case .equals(let value): compared = [value]
            case .isIn(let values): compared = values
            case .notEquals, .filled: return nil
            }
            var problems: [String] = []
            for value in compared {
                switch field.parse(value) {
                case .success: return nil
                case .failure(let problem): problems.append(problem.message)
                }
            }
            guard let first = problems.first else { return nil }
            let quoted = compared.map { "\"\($0)\"" }
            let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " and " + (quoted.last ?? "")
            let verb = quoted.count == 1 ? "breaks" : "break"
            return "\(list) \(verb) \(name)'s own rules (\(first)), so the form never sends \(quoted.count == 1 ? "it" : "them")"
        case .all(let items):
            return items.lazy.compactMap { neverFires($0, fields: fields) }.first
        case .any(let items):
            let reasons = items.map { neverFires($0, fields: fields) }
            guard !items.isEmpty, reasons.allSatisfy({ $0 != nil }) else { return nil }
            return reasons.compactMap { $0 }.joined(separator: "; ")
        case .not:
            return nil
        }
    }
}
