import FormCore
import Yams

/// A `when` as written, before the fields it names are known.
indirect enum ConditionDraft {
    enum Test {
        case equals(String, Position)
        case notEquals(String, Position)
        case isIn([(String, Position)])
        case filled(Bool)
    }

    case compare(field: String, position: Position, test: Test)
    case all([ConditionDraft])
    case any([ConditionDraft])
    case not(ConditionDraft)

    /// Every field name the condition uses, with where it is written.
    var names: [(String, Position)] {
        switch self {
        case .compare(let field, let position, _): return [(field, position)]
        case .all(let items), .any(let items): return items.flatMap(\.names)
        case .not(let inner): return inner.names
        }
    }
}

/// Reads conditions: `{field: F, equals: V}`, `{field: F, not_equals: V}`, `{field: F, in: [..]}`,
/// `{field: F, filled: true|false}`, and their combinations `{all: [..]}`, `{any: [..]}`,
/// `{not: {..}}`, nested at most `maxDepth` deep.
struct ConditionReader {
    static let tests = ["equals", "not_equals", "in", "filled"]
    static let combinators = ["all", "any", "not"]
    static let keys = ["field"] + tests + combinators
    /// How deep combinations may nest: deeper is a mistake, and bounds the work of reading them.
    static let maxDepth = 8

    let reader: YAMLNodeReader

    func read(_ entry: Entry) -> ConditionDraft? { read(entry.value, what: entry.key, depth: 1) }

    private func read(_ node: Node, what: String, depth: Int) -> ConditionDraft? {
        guard let mapping = reader.mapping(node, what) else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "a condition")
        let combining = entries.ordered.filter { Self.combinators.contains($0.key) }
        guard let combinator = combining.first else { return readComparison(entries) }
        if depth > Self.maxDepth {
            reader.diagnostics.error(
                "conditions nest at most \(Self.maxDepth) deep", at: combinator.keyPosition)
            return nil
        }
        for extra in combining.dropFirst() {
            reader.diagnostics.error("a condition takes only one of all, any or not", at: extra.keyPosition)
        }
        for other in entries.ordered where !Self.combinators.contains(other.key) {
            reader.diagnostics.error(
                "\(other.key) can't be beside \(combinator.key): put the comparison inside it", at: other.keyPosition)
        }
        switch combinator.key {
        case "not":
            return read(combinator.value, what: "not", depth: depth + 1).map(ConditionDraft.not)
        default:
            guard case .sequence(let items) = combinator.value else {
                reader.diagnostics.error(
                    "\(combinator.key) must be a list of conditions, not \(YAMLNodeReader.describe(combinator.value))",
                    at: combinator.valuePosition)
                return nil
            }
            if items.isEmpty {
                reader.diagnostics.error(
                    "\(combinator.key) must list at least one condition", at: combinator.valuePosition)
                return nil
            }
            // The conditions that were read are kept even when one was not, so the fields they
            // name are still checked in this pass (the form does not load either way).
            let conditions = items.compactMap { self.read($0, what: "each condition of \(combinator.key)", depth: depth + 1) }
            guard !conditions.isEmpty else { return nil }
            return combinator.key == "all" ? .all(conditions) : .any(conditions)
        }
    }

    private func readComparison(_ entries: Entries) -> ConditionDraft? {
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
        return .compare(field: name, position: position, test: test)
    }

    /// The condition with each field it names found by `lookUp` (which reports a name it can't
    /// use) and its values in the compared form of that field; nil after reporting a mistake.
    /// Every part is resolved, so one pass reports every mistake.
    func resolve(_ draft: ConditionDraft, lookUp: (String, Position) -> Field?) -> Condition? {
        switch draft {
        case .compare(let name, let position, let test):
            guard let target = lookUp(name, position) else { return nil }
            return resolve(test, of: target.name, against: target)
        case .all(let items), .any(let items):
            let resolved = items.map { resolve($0, lookUp: lookUp) }
            let conditions = resolved.compactMap { $0 }
            guard conditions.count == items.count else { return nil }
            if case .all = draft { return .all(conditions) }
            return .any(conditions)
        case .not(let inner):
            return resolve(inner, lookUp: lookUp).map(Condition.not)
        }
    }

    /// The comparison with its values in the compared form of `target` (booleans as true/false,
    /// canonical numbers and dates, exact choice names); nil after reporting a value that could
    /// never match.
    private func resolve(_ test: ConditionDraft.Test, of name: String, against target: Field) -> Condition? {
        func canonical(_ value: String, at position: Position, key: String) -> String? {
            if target.kind.takesChoices {
                // A fetched list is not known when the form is read: the condition compares the
                // choice taken (or the free text a failed fetch took) as written.
                if target.choices.contains(value) || target.choicesFrom != nil { return value }
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
        switch test {
        case .equals(let v, let p):
            return canonical(v, at: p, key: "equals").map { Condition(field: name, test: .equals($0)) }
        case .notEquals(let v, let p):
            return canonical(v, at: p, key: "not_equals").map { Condition(field: name, test: .notEquals($0)) }
        case .isIn(let items):
            let values = items.compactMap { canonical($0.0, at: $0.1, key: "in") }
            guard values.count == items.count else { return nil }
            return Condition(field: name, test: .isIn(values))
        case .filled(let b):
            return Condition(field: name, test: .filled(b))
        }
    }
}
