import FormCore

/// What one expected transcript line accepts, compiled once per line (the alignment asks each
/// expected line about many recorded ones).
///
/// - A line ending in ` (re)` is a regular expression over the whole line (without the marker),
///   run by the same PCRE2 engine and work limits as form `pattern:`s; a pattern that does not
///   compile, or a match the limits cannot decide, is no match (the line is then compared as text).
/// - Otherwise `[..]` matches any text within the line, and the rest is exact.
/// - A line holding only `...` (an elision) is handled by `TranscriptMatcher`, not here.
struct LinePattern {
    static let regexMarker = " (re)"
    static let elision = "..."

    private enum Kind {
        case exact
        case wildcard([Substring])
        case regex(FieldPattern)
    }

    let text: String
    private let kind: Kind

    init(_ expected: String) {
        text = expected
        if expected.hasSuffix(LinePattern.regexMarker),
           let pattern = try? FieldPattern(String(expected.dropLast(LinePattern.regexMarker.count))) {
            kind = .regex(pattern)
        } else if expected.contains(TranscriptMatcher.wildcard) {
            kind = .wildcard(expected.split(separator: TranscriptMatcher.wildcard, omittingEmptySubsequences: false))
        } else {
            kind = .exact
        }
    }

    func matches(_ actual: String) -> Bool {
        if actual == text { return true }
        switch kind {
        case .exact:
            return false
        case .regex(let pattern):
            return pattern.match(actual) == .match
        case .wildcard(let parts):
            guard let first = parts.first, let last = parts.last, actual.hasPrefix(first) else { return false }
            var rest = Substring(actual.dropFirst(first.count))
            for part in parts.dropFirst().dropLast() where !part.isEmpty {
                guard let found = rest.firstRange(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            return rest.count >= last.count && rest.hasSuffix(last)
        }
    }
}
