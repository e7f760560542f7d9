/// How one transcript replayed.
public struct ReplayResult: Sendable, Equatable {
    /// The transcript file.
    public var path: String
    /// Why it failed, one reason each, in words meant for the person reading the test log
    /// (empty when it passed).
    public var failures: [String]
    /// A unified diff from the transcript to what the replay recorded (empty when they match).
    public var diff: String
    /// The transcript as the replay would write it: the expected file's operator lines, comments
    /// and directives with the output the session produced.
    public var actualLines: [String]
    /// True when `--update` rewrote the file.
    public var updated: Bool

    public init(path: String, failures: [String], diff: String = "", actualLines: [String] = [], updated: Bool = false) {
        self.path = path
        self.failures = failures
        self.diff = diff
        self.actualLines = actualLines
        self.updated = updated
    }

    public var passed: Bool { failures.isEmpty }

    /// The failures on one line: `prompt "Email:" with no input left; output differs ...`.
    public var reason: String { failures.joined(separator: "; ") }

    /// `PASS path`, or `FAIL path: reason` followed by the diff: what `formline replay` prints.
    public var report: String {
        if passed { return updated ? "PASS \(path) (updated)" : "PASS \(path)" }
        return "FAIL \(path): \(reason)" + (diff.isEmpty ? "" : "\n" + diff.dropLastNewline)
    }
}

extension String {
    fileprivate var dropLastNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
