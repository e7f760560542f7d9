/// A `when` condition: whether a field is shown, or whether a `fake.reject` rule fires.
///
/// A comparison looks at another field's resolved value (the full choice name, canonical
/// numbers, booleans as "true"/"false"; a multichoice matches when any chosen item matches).
/// Comparisons combine with `all`, `any` and `not`.
public struct Condition: Sendable, Equatable {
    public enum Test: Sendable, Equatable {
        case equals(String)
        case notEquals(String)
        case isIn([String])
        case filled(Bool)
    }

    public indirect enum Node: Sendable, Equatable {
        case compare(field: String, test: Test)
        /// Holds when every condition holds (an empty list holds).
        case all([Condition])
        /// Holds when at least one holds (an empty list does not).
        case any([Condition])
        case not(Condition)
    }

    public var node: Node

    public init(_ node: Node) { self.node = node }

    /// A comparison of one field's value.
    public init(field: String, test: Test) { self.node = .compare(field: field, test: test) }

    public static func all(_ conditions: [Condition]) -> Condition { Condition(.all(conditions)) }
    public static func any(_ conditions: [Condition]) -> Condition { Condition(.any(conditions)) }
    public static func not(_ condition: Condition) -> Condition { Condition(.not(condition)) }

    /// The field a single comparison looks at; nil for a combination.
    public var field: String? {
        if case .compare(let field, _) = node { return field }
        return nil
    }

    /// The test of a single comparison; nil for a combination.
    public var test: Test? {
        if case .compare(_, let test) = node { return test }
        return nil
    }

    /// Every field the condition looks at, in the order written.
    public var fields: [String] {
        switch node {
        case .compare(let field, _): return [field]
        case .all(let items), .any(let items): return items.flatMap(\.fields)
        case .not(let inner): return inner.fields
        }
    }

    /// The same condition looking at other fields: each name through `rename` (an item's member
    /// `lines.sku` becomes `lines.2.sku` for item 2).
    public func renamingFields(_ rename: (String) -> String) -> Condition {
        switch node {
        case .compare(let field, let test): return Condition(field: rename(field), test: test)
        case .all(let items): return .all(items.map { $0.renamingFields(rename) })
        case .any(let items): return .any(items.map { $0.renamingFields(rename) })
        case .not(let inner): return .not(inner.renamingFields(rename))
        }
    }

    /// Evaluates with `value(name)` giving the strings a field's value compares as (nil: no value,
    /// or a hidden field).
    public func holds(_ value: (String) -> [String]?) -> Bool {
        switch node {
        case .compare(let field, let test): return Condition.test(test, value(field))
        case .all(let items): return items.allSatisfy { $0.holds(value) }
        case .any(let items): return items.contains { $0.holds(value) }
        case .not(let inner): return !inner.holds(value)
        }
    }

    /// Evaluates against answers as they are (the wizard's `when`): `answer(name)` is a field's
    /// value, nil when it has none or is hidden. The same result as `holds(_:)` over each value's
    /// `comparableStrings`, without building those strings for every condition of a long form (a
    /// 200-item receipt asks 200 of them at each review).
    func holds(answers answer: (String) -> FieldValue?) -> Bool {
        switch node {
        case .compare(let field, let test): return Condition.test(test, answer(field))
        case .all(let items): return items.allSatisfy { $0.holds(answers: answer) }
        case .any(let items): return items.contains { $0.holds(answers: answer) }
        case .not(let inner): return !inner.holds(answers: answer)
        }
    }

    private static func test(_ test: Test, _ answer: FieldValue?) -> Bool {
        switch test {
        case .filled(let wanted):
            return (answer?.comparesAsFilled ?? false) == wanted
        case .equals(let v):
            return answer?.compares(equalTo: v) ?? false
        case .notEquals(let v):
            return !(answer?.compares(equalTo: v) ?? false)
        case .isIn(let options):
            guard let answer else { return false }
            return options.contains { answer.compares(equalTo: $0) }
        }
    }

    /// Evaluates against one value: every comparison in the condition sees `value`.
    public func holds(for value: [String]?) -> Bool { holds { _ in value } }

    private static func test(_ test: Test, _ value: [String]?) -> Bool {
        switch test {
        case .filled(let wanted):
            return (value.map { !$0.isEmpty } ?? false) == wanted
        case .equals(let v):
            return value?.contains(v) ?? false
        case .notEquals(let v):
            return !(value?.contains(v) ?? false)
        case .isIn(let options):
            return value?.contains(where: options.contains) ?? false
        }
    }
}
