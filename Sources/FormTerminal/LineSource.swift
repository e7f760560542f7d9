/// What the wizard asks for: the prompt text, and what an editing terminal can offer with it.
public struct LineRequest: Sendable, Equatable {
    public enum Completion: Sendable, Equatable {
        case none
        /// Tab completes the whole line from these words.
        case single([String])
        /// Tab completes each comma-separated item from these words.
        case list([String])
    }

    /// The prompt exactly as shown, e.g. "Country [Norway]: ".
    public var prompt: String
    /// Text put on the edit line for editing (a rejected answer, a value being revisited).
    public var prefill: String?
    /// Read without echo, never pre-filled, never in history.
    public var secret: Bool
    public var completion: Completion
    /// Whose history Up-arrow walks (the field name); nil: none.
    public var historyKey: String?

    public init(prompt: String, prefill: String? = nil, secret: Bool = false, completion: Completion = .none, historyKey: String? = nil) {
        self.prompt = prompt
        self.prefill = prefill
        self.secret = secret
        self.completion = completion
        self.historyKey = historyKey
    }
}

/// What came of asking for a line.
public enum LineResult: Sendable, Equatable {
    case line(String)
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
    /// A signal arrived while waiting (SIGINT, SIGTERM, SIGHUP): the number.
    case interrupted(Int32)
    /// The line could not be taken (over 64 KiB, invalid UTF-8): the reason for the operator.
    case unreadable(String)
}

/// Where operator lines come from: readline on a terminal, a byte reader on a pipe or serial line,
/// or a script during replay. A source shows the prompt itself (readline must draw it).
public protocol LineSource: AnyObject {
    func read(_ request: LineRequest) -> LineResult
    /// Whether this source edits lines (pre-fill, history, completion): decides what the wizard offers.
    var isInteractive: Bool { get }
}
