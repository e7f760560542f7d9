/// One error that ended a session without an operator to fix it (exit 5): a refused input line
/// or one error of a server rejection. `--output json` reports these.
public struct EndingError: Sendable, Equatable {
    /// The field's name; nil for a form-level error or a refusal at the review.
    public var field: String?
    public var message: String
    /// The input line refused (1-based), nil for a server error.
    public var line: Int?

    public init(field: String?, message: String, line: Int?) {
        self.field = field
        self.message = message
        self.line = line
    }
}
