import FormCore
import FormRunner

/// The line source of a replay: answers each prompt with the transcript's next operator line
/// (`> text`, `>* [name]`, `#! unreadable`, `#! eof`, `#! interrupt`), the way `EmbeddedChannel` feeds a real
/// pipeline. When the script runs out while the wizard still asks, it remembers the prompt (a
/// replay failure) and ends the input so the session finishes.
package final class ScriptedLineSource: LineSource {
    private var steps: [TranscriptLine]
    /// The value typed at each `>* [name]` and `>* [name: refused]`, by its transcript line
    /// number (`ReplayValues`).
    private let typed: [Int: String]
    /// The prompt that was asked after the last operator line was used, if any.
    package private(set) var promptWithNoInput: String?

    /// `steps` are the transcript's input lines in order; `typed` the value to type at each
    /// `>*` line, by its line number.
    package init(steps: [TranscriptLine], typed: [Int: String] = [:]) {
        self.steps = steps.filter {
            switch $0.kind {
            case .input, .secretInput, .refusedSecretInput, .unreadable, .endOfInput, .interrupt: return true
            default: return false
            }
        }
        self.typed = typed
    }

    /// Operator lines never asked for.
    package var leftOver: [TranscriptLine] { steps }

    package var isInteractive: Bool { false }

    package func read(_ request: Prompt) -> LineResult {
        guard !steps.isEmpty else {
            if promptWithNoInput == nil { promptWithNoInput = request.text }
            return .endOfInput
        }
        let step = steps.removeFirst()
        switch step.kind {
        case .input(let text): return .line(text)
        case .secretInput, .refusedSecretInput: return .line(typed[step.number] ?? "")
        case .unreadable(let reason): return .unreadable(reason)
        case .interrupt(let signal): return .interrupted(signal)
        default: return .endOfInput
        }
    }
}
