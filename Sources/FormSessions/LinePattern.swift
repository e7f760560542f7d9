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
        } else if ByteSearch.contains(expected, TranscriptMatcher.wildcard) {
            kind = .wildcard(expected.split(separator: TranscriptMatcher.wildcard, omittingEmptySubsequences: false))
        } else {
            kind = .exact
        }
    }

    func matches(_ actual: String, budget: PatternBudget? = nil) -> Bool {
        if actual == text { return true }
        switch kind {
        case .exact:
            return false
        case .regex(let pattern):
            // Past the transcript's budget a pattern line is compared as text (done above).
            if let budget, !budget.take() { return false }
            return pattern.match(actual) == .match
        case .wildcard(let parts):
            return LinePattern.matches(parts, actual)
        }
    }

    /// Whether `actual` matches `expected` with its `[..]` wildcards and nothing else (no ` (re)`):
    /// the rule for the strings of a JSON body in a live replay (`ResponseMatch`).
    static func wildcardMatches(_ expected: String, _ actual: String) -> Bool {
        if actual == expected { return true }
        guard ByteSearch.contains(expected, TranscriptMatcher.wildcard) else { return false }
        return matches(expected.split(separator: TranscriptMatcher.wildcard, omittingEmptySubsequences: false), actual)
    }

    /// `actual` against the parts of an expected line between its wildcards.
    private static func matches(_ parts: [Substring], _ actual: String) -> Bool {
        guard let first = parts.first, let last = parts.last, actual.hasPrefix(first) else { return false }
        var rest = Substring(actual.dropFirst(first.count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.firstRange(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}

/// The work one transcript's `(re)` lines may cost, shared by every comparison of one merge.
///
/// A transcript may come from an untrusted pull request (docs/SECURITY.md), and the alignment asks
/// each expected line about many recorded ones: each PCRE2 match is bounded (`PatternLimits`, up
/// to tens of milliseconds for a hostile pattern), but their number is not. So a merge takes at
/// most `maxMatches` pattern matches, within `maxTime` of its first one; past either, `(re)` lines
/// are compared as text (a replay that needed them then fails and shows its diff, it never hangs).
final class PatternBudget {
    static let maxMatches = 100_000
    static let maxTime = Duration.seconds(2)

    private var matchesLeft: Int
    private let maxTime: Duration
    private var spent = Duration.zero
    private var started: ContinuousClock.Instant?

    init(maxMatches: Int = PatternBudget.maxMatches, maxTime: Duration = PatternBudget.maxTime) {
        matchesLeft = maxMatches
        self.maxTime = maxTime
    }

    /// One more match, if the budget has it. Time is charged from the first match of the merge
    /// (a merge is single-threaded: one transcript's replay).
    func take() -> Bool {
        let now = ContinuousClock.now
        if let started { spent = now - started } else { started = now }
        guard matchesLeft > 0, spent < maxTime else { return false }
        matchesLeft -= 1
        return true
    }
}
