/// A rule between two fields, run before review; a failure lands on `field` with `message`.
public struct CrossFieldCheck: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The two values must not be equal (a password that repeats the username).
        case differ
        /// The two values must be equal (a confirmation field).
        case same
        /// The first must come strictly before the second (dates or numbers).
        case before
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
    /// business of `required`, not of a comparison.
    public func passes(_ a: FieldValue?, _ b: FieldValue?) -> Bool {
        guard let a, let b else { return true }
        switch kind {
        case .differ: return a != b
        case .same: return a == b
        case .before:
            switch (a, b) {
            case (.number(let x), .number(let y)):
                guard let dx = DecimalText(x), let dy = DecimalText(y) else { return true }
                return dx < dy
            case (.text(let x), .text(let y)):
                guard let dx = CalendarDate(x), let dy = CalendarDate(y) else { return true }
                return dx < dy
            default:
                return true
            }
        }
    }
}
