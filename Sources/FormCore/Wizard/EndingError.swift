/// One error that ended a session without an operator to fix it (exit 5): a refused input line
/// or one error of a server rejection. `--output json` reports these.
public struct EndingError: Sendable, Equatable {
    /// The field's name; nil for a form-level error or a refusal at the review.
    public var field: String?
    public var message: String
    /// The input line refused (1-based), nil for a server error.
    public var line: Int?
    /// Where a scripted answer came from (`answers.yaml:4`, `--set age`), nil otherwise.
    public var origin: String?

    public init(field: String?, message: String, line: Int?, origin: String? = nil) {
        self.field = field
        self.message = message
        self.line = line
        self.origin = origin
    }
}
