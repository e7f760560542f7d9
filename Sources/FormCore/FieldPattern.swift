/// A field's `pattern`, compiled once at load. Swift Regex syntax; it must match the whole value,
/// like HTML's `pattern` attribute. `\d` matches any Unicode decimal digit: write `[0-9]` for ASCII.
public struct FieldPattern: @unchecked Sendable {
    // Regex is immutable once built; it is only ever read.
    public let source: String
    private let regex: Regex<AnyRegexOutput>

    /// Throws the regex compiler's message when `source` is not a valid pattern.
    public init(_ source: String) throws {
        self.source = source
        self.regex = try Regex(source)
    }

    public func matchesWhole(_ value: String) -> Bool {
        (try? regex.wholeMatch(in: value)) != nil
    }
}

extension FieldPattern: Equatable {
    public static func == (a: FieldPattern, b: FieldPattern) -> Bool { a.source == b.source }
}
