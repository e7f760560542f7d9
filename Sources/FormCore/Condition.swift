/// A `when` condition: whether a field is shown, or whether a `fake.reject` rule fires.
/// It compares the other field's resolved value (the full choice name, canonical numbers,
/// booleans as "true"/"false"; a multichoice matches when any chosen item matches).
public struct Condition: Sendable, Equatable {
    public enum Test: Sendable, Equatable {
        case equals(String)
        case notEquals(String)
        case isIn([String])
        case filled(Bool)
    }

    public var field: String
    public var test: Test

    public init(field: String, test: Test) {
        self.field = field
        self.test = test
    }

    /// Evaluates against the strings the named field's value compares as (nil: no value).
    public func holds(for value: [String]?) -> Bool {
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
