import FormCore

/// How one transcript replayed.
public struct ReplayResult: Sendable, Equatable {
    /// The transcript file.
    public var path: String
    /// Why it failed, one reason each (empty when it passed).
    package var problems: [ReplayFailure]
    /// A unified diff from the transcript to what the replay recorded (empty when they match).
    public var diff: String
    /// The transcript as the replay would write it: the expected file's operator lines, comments
    /// and directives with the output the session produced.
    public var actualLines: [String]
    /// True when `--update` rewrote the file.
    public var updated: Bool

    package init(path: String, problems: [ReplayFailure], diff: String = "", actualLines: [String] = [], updated: Bool = false) {
        self.path = path
        self.problems = problems
        self.diff = diff
        self.actualLines = actualLines
        self.updated = updated
    }

    public var passed: Bool { problems.isEmpty }

    /// The failures in words meant for the person reading the test log.
    public var failures: [String] { problems.map(\.description) }

    /// The failures on one line: `prompt "Email:" with no input left; output differs ...`.
    public var reason: String { failures.joined(separator: "; ") }

    /// `PASS path`, or `FAIL path: reason` followed by the diff: what `formline replay` prints.
    /// The reason may quote the transcript (a left-over input, a prompt): shown escaped, like the
    /// diff's lines, so a hostile transcript sends nothing raw to the CI log (rule 10e).
    public var report: String {
        if passed { return TextCleaning.visible(CLIMessage.replayPassed(path: path, updated: updated).text) }
        return TextCleaning.visible(CLIMessage.replayFailed(path: path, reason: reason).text, keepingTabs: true) + (diff.isEmpty ? "" : "\n" + diff.dropLastNewline)
    }
}

extension String {
    fileprivate var dropLastNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
