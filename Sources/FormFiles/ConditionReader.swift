import FormCore
import Yams

/// A `when` as written, before the field it names is known.
struct ConditionDraft {
    enum Test {
        case equals(String, Position)
        case notEquals(String, Position)
        case isIn([(String, Position)])
        case filled(Bool)
    }

    let field: String
    let fieldPosition: Position
    let test: Test
}

/// Reads conditions: `{field: F, equals: V}`, `{field: F, not_equals: V}`, `{field: F, in: [..]}`,
/// `{field: F, filled: true|false}`.
struct ConditionReader {
    static let tests = ["equals", "not_equals", "in", "filled"]
    static let keys = ["field"] + tests

    let reader: YAMLNodeReader

    func read(_ entry: Entry) -> ConditionDraft? {
        guard let mapping = reader.mapping(entry.value, entry.key) else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "a condition")
        let field = entries["field"].flatMap { e in reader.string(e).map { ($0, e.valuePosition) } }
        if entries["field"] == nil { reader.missing("field", in: entries, ": the field this condition looks at") }
        let given = entries.ordered.filter { Self.tests.contains($0.key) }
        guard let testEntry = given.first else {
            reader.diagnostics.error("a condition needs one of equals, not_equals, in or filled", at: entries.position)
            return nil
        }
        for extra in given.dropFirst() {
            reader.diagnostics.error(
                "a condition takes only one of equals, not_equals, in or filled", at: extra.keyPosition)
        }
        let test: ConditionDraft.Test?
        switch testEntry.key {
        case "equals": test = reader.string(testEntry).map { .equals($0, testEntry.valuePosition) }
        case "not_equals": test = reader.string(testEntry).map { .notEquals($0, testEntry.valuePosition) }
        case "in": test = reader.stringList(testEntry).map { .isIn($0) }
        default: test = reader.bool(testEntry).map { .filled($0) }
        }
        guard let (name, position) = field, let test else { return nil }
        return ConditionDraft(field: name, fieldPosition: position, test: test)
    }

    /// The condition with its values in the compared form of `target` (booleans as true/false,
    /// canonical numbers and dates, exact choice names); nil after reporting a value that could
    /// never match.
    func resolve(_ draft: ConditionDraft, against target: Field) -> Condition? {
        func canonical(_ value: String, at position: Position, key: String) -> String? {
            if target.type == .choice || target.type == .multichoice {
                if target.choices.contains(value) { return value }
                reader.diagnostics.error(
                    "\(key) \"\(value)\" is not one of the choices of \"\(target.name)\""
                        + NameSuggestion.hint(for: value, in: target.choices),
                    at: position)
                return nil
            }
            // Only the type matters here: a condition compares whatever value the field holds.
            switch Field(name: target.name, type: target.type).parse(value) {
            case .success(let v): return v.comparableStrings.first ?? value
            case .failure(let e):
                reader.diagnostics.error(
                    "\(key) \"\(value)\" can never match \"\(target.name)\": \(e.message)", at: position)
                return nil
            }
        }
        switch draft.test {
        case .equals(let v, let p):
            return canonical(v, at: p, key: "equals").map { Condition(field: draft.field, test: .equals($0)) }
        case .notEquals(let v, let p):
            return canonical(v, at: p, key: "not_equals").map { Condition(field: draft.field, test: .notEquals($0)) }
        case .isIn(let items):
            let values = items.compactMap { canonical($0.0, at: $0.1, key: "in") }
            guard values.count == items.count else { return nil }
            return Condition(field: draft.field, test: .isIn(values))
        case .filled(let b):
            return Condition(field: draft.field, test: .filled(b))
        }
    }
}
