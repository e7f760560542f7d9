import FormCore
import FormRunner

/// A `LineSource` for an embedder's tests: answers each prompt with the next of `lines`, then
/// ends the input (the session finishes as on Ctrl-D), and keeps the prompts it was asked, so a
/// test can drive a whole `SessionDriver` run without a terminal.
public final class ScriptedLines: LineSource {
    private var lines: [String]
    /// The prompts asked, in order (the one answered with end of input included).
    public private(set) var prompts: [Prompt] = []

    public init(_ lines: [String]) { self.lines = lines }

    /// The lines never asked for.
    public var leftOver: [String] { lines }

    public var isInteractive: Bool { false }

    public func read(_ prompt: Prompt) -> LineResult {
        prompts.append(prompt)
        guard !lines.isEmpty else { return .endOfInput }
        return .line(lines.removeFirst())
    }
}
