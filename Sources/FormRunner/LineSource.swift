import FormCore

/// What came of asking for a line.
public enum LineResult: Sendable, Equatable {
    case line(String)
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
    /// A signal arrived while waiting (SIGINT, SIGTERM, SIGHUP): the number.
    case interrupted(Int32)
    /// The line could not be taken (over 64 KiB, invalid UTF-8): the reason for the operator.
    /// Sources spell it with `UnreadableLine`; a replayed transcript carries the recorded words.
    case unreadable(String)

    /// The result for a line a source could not take.
    public static func unreadable(_ why: UnreadableLine) -> LineResult { .unreadable(why.reason) }
}

/// Why a source could not take a line. Every line source (plain, readline, secret) says it in
/// these words, so a transcript reads the same whichever source recorded it.
public enum UnreadableLine: Sendable, Equatable {
    /// Longer than `UnreadableLine.lengthLimit` bytes.
    case tooLong
    case notUTF8

    /// The longest line a source takes: 64 KiB.
    public static let lengthLimit = 64 * 1024

    public var reason: String {
        switch self {
        case .tooLong: return CLIMessage.lineTooLong.text
        case .notUTF8: return CLIMessage.lineNotUTF8.text
        }
    }
}

/// Where operator lines come from: readline on a terminal, a byte reader on a pipe or serial line,
/// or a script during replay. A source shows the prompt itself (readline must draw it).
///
/// The wizard's `Prompt` is the request: its text, pre-fill, whether it is secret, completion
/// words, and the field whose history Up-arrow walks (`historyKey`).
public protocol LineSource: AnyObject {
    func read(_ prompt: Prompt) -> LineResult
    /// Whether this source edits lines (pre-fill, history, completion): decides what the wizard offers.
    var isInteractive: Bool { get }
    /// A line to show under a refusal's error, before `prompt` asks again: how this source's
    /// editing works (readline: Ctrl-U clears the pre-filled line). Shown at the terminal only,
    /// never recorded, so a transcript stays the same whichever source typed it.
    func hint(after refusal: Refusal, reasking prompt: Prompt) -> OutputLine?
    /// After a server check: drop what the operator typed while it ran, so it is not taken as
    /// the next prompt's answer (a terminal flushes its input; other sources keep everything).
    func discardTypeAhead()
}

extension LineSource {
    /// Pipes, scripts and replays keep what follows: it is the next answer, written ahead.
    public func discardTypeAhead() {}

    /// Pipes, scripts and replays have nothing to add under a refusal.
    public func hint(after refusal: Refusal, reasking prompt: Prompt) -> OutputLine? { nil }
}
