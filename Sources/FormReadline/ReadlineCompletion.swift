@preconcurrency import CReadline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What Tab offers at a prompt: choice words, for the whole line or for each comma-separated item.
/// Pure matching, tested without a terminal; `ReadlineCompletion` hands the results to readline.
package struct ChoiceCompleter: Sendable, Equatable {
    package var words: [String]
    /// True: complete the item after the last comma (multichoice); false: the whole line.
    package var list: Bool

    package init(words: [String], list: Bool) {
        self.words = words
        self.list = list
    }

    /// Candidates for `text` (what readline passes: the line, or the text after the last comma,
    /// up to the cursor). Case-insensitive prefix match; leading blanks of a list item are kept so
    /// "Norway, den" becomes "Norway, Denmark". Choice order is kept.
    package func matches(for text: String) -> [String] {
        var lead = ""
        var rest = Substring(text)
        while let first = rest.first, first == " " || first == "\t" {
            lead.append(first)
            rest.removeFirst()
        }
        let prefix = rest.lowercased()
        var seen = Set<String>()
        var result: [String] = []
        for word in words where word.lowercased().hasPrefix(prefix) && seen.insert(word).inserted {
            result.append(lead + word)
        }
        return result
    }
}

/// The per-prompt context readline's C callbacks read. They are `@convention(c)` and cannot
/// capture, so it lives in one global, behind a lock.
struct ReadlinePromptState: Sendable {
    enum Outcome: Sendable, Equatable {
        case line([UInt8])
        case endOfInput
    }

    var prefill: String?
    var completer: ChoiceCompleter?
    var pendingMatches: [String] = []
    /// Set by the line handler: the prompt is answered.
    var outcome: Outcome?
}

let readlinePromptState = Mutex(ReadlinePromptState())

/// The C callbacks, as plain functions so they convert to C function pointers.
enum ReadlineCallbacks {
    /// rl_callback_handler_install's line handler: NULL is Ctrl-D on an empty line.
    static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { pointer in
        let outcome: ReadlinePromptState.Outcome
        if let pointer {
            let length = strlen(pointer)
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length))
            free(pointer)
            outcome = .line(bytes)
        } else {
            outcome = .endOfInput
        }
        readlinePromptState.withLock { $0.outcome = outcome }
        // Removing the handler here keeps readline from re-preparing the terminal and drawing
        // the prompt again once this returns (the CPython pattern).
        rl_callback_handler_remove()
    }

    /// rl_startup_hook: puts the text to edit on the line, once.
    static let startupHook: @convention(c) () -> Int32 = {
        let text = readlinePromptState.withLock { state -> String? in
            defer { state.prefill = nil }
            return state.prefill
        }
        if let text, !text.isEmpty { rl_insert_text(text) }
        return 0
    }

    /// rl_attempted_completion_function: choices only, never file names.
    static let attemptedCompletion: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, _, _ in
        rl_attempted_completion_over = 1
        rl_completion_append_character = 0
        guard let text else { return nil }
        let found = readlinePromptState.withLock { state -> Bool in
            guard let completer = state.completer else { state.pendingMatches = []; return false }
            state.pendingMatches = completer.matches(for: String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self))
            return !state.pendingMatches.isEmpty
        }
        guard found else { return nil }
        return rl_completion_matches(text, ReadlineCallbacks.generator)
    }

    /// The generator rl_completion_matches calls with state 0, 1, 2... until NULL; strdup'ed
    /// strings, which readline frees.
    static let generator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, index in
        let next = readlinePromptState.withLock { state -> String? in
            let i = Int(index)
            return i >= 0 && i < state.pendingMatches.count ? state.pendingMatches[i] : nil
        }
        guard let next else { return nil }
        return strdup(next)
    }
}
