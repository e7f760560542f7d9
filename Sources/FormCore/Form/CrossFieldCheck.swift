/// A rule between two fields, run before review; a failure lands on `field` with `message`.
public struct CrossFieldCheck: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The two values must not be equal (a password that repeats the username).
        case differ
        /// The two values must be equal (a confirmation field).
        case same
        /// The first must come strictly before the second (an ordered type).
        case before
        /// The first must not come after the second: before or equal (resolved the same day).
        case notAfter = "not_after"

        /// Whether the check compares the order of its two values.
        public var isOrdering: Bool {
            switch self {
            case .differ, .same: return false
            case .before, .notAfter: return true
            }
        }
    }

    public var kind: Kind
    public var first: String
    public var second: String
    public var field: String
    public var message: String

    public init(kind: Kind, first: String, second: String, field: String, message: String) {
        self.kind = kind
        self.first = first
        self.second = second
        self.field = field
        self.message = message
    }

    /// True when the check passes. A check with either value missing passes: emptiness is the
    /// business of `required`, not of a comparison. An ordering check compares in the ordering
    /// that reads both canonical values (the orderings' texts never overlap: a number, a date, a
    /// time and a datetime each have their own shape; the form reader only builds checks between
    /// fields of one ordering); values that no ordering reads pass.
    public func passes(_ a: FieldValue?, _ b: FieldValue?) -> Bool {
        guard let a, let b else { return true }
        switch kind {
        case .differ: return a != b
        case .same: return a == b
        case .before, .notAfter:
            for ordering in FieldOrdering.allCases {
                guard let x = ordering.value(of: a), let y = ordering.value(of: b) else { continue }
                let strictlyBefore = x.precedes(y) ?? false
                return kind == .before ? strictlyBefore : !(y.precedes(x) ?? false)
            }
            return true
        }
    }
}
