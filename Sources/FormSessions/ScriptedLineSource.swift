import FormCore
import FormRunner

/// The line source of a replay: answers each prompt with the transcript's next operator line
/// (`> text`, `>* [name]`, `#! unreadable`, `#! eof`, `#! interrupt`), the way `EmbeddedChannel` feeds a real
/// pipeline. When the script runs out while the wizard still asks, it remembers the prompt (a
/// replay failure) and ends the input so the session finishes.
package final class ScriptedLineSource: LineSource {
    private var steps: [TranscriptLine]
    private let secrets: [String: String]
    /// The value typed at each `>* [name: refused]`, by its transcript line number.
    private let refusedSecrets: [Int: String]
    /// The prompt that was asked after the last operator line was used, if any.
    package private(set) var promptWithNoInput: String?

    /// `steps` are the transcript's input lines in order; `secrets` the value to type at each
    /// `>* [name]`.
    package init(steps: [TranscriptLine], secrets: [String: String], refusedSecrets: [Int: String] = [:]) {
        self.steps = steps.filter {
            switch $0.kind {
            case .input, .secretInput, .refusedSecretInput, .unreadable, .endOfInput, .interrupt: return true
            default: return false
            }
        }
        self.secrets = secrets
        self.refusedSecrets = refusedSecrets
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
        case .secretInput(let field): return .line(secrets[field] ?? "")
        case .refusedSecretInput: return .line(refusedSecrets[step.number] ?? "")
        case .unreadable(let reason): return .unreadable(reason)
        case .interrupt(let signal): return .interrupted(signal)
        default: return .endOfInput
        }
    }
}
