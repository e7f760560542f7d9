@preconcurrency import CReadline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormRunner
import FormSystem
import FormTerminal
import Synchronization

/// The line source on a terminal: GNU readline through its callback interface.
///
/// The wait is a `poll()` on the terminal, the signal pipe (SIGINT/SIGTERM/SIGHUP) and a second
/// pipe (SIGWINCH, SIGCONT) together, feeding readline one key at a time with `rl_callback_read_char()`, so
/// a signal ends the wait at once whichever thread it hit: readline is cleaned up, the terminal
/// restored and the signal returned. readline never installs signal handlers of its own.
///
/// Offers: the rejected or revisited value pre-filled for editing, Up arrow through the field's
/// own earlier answers (`FieldHistory`, kept across runs), Tab completion of choices. Secrets are
/// read by `SecretReader`, never by readline.
package final class ReadlineLineSource: LineSource {
    private let inputFD: Int32
    private let output: TerminalOutput
    private let history: FieldHistory?
    private let interrupts: any InterruptEdge
    /// The last answer added to history: taken back if the same field is asked again with it
    /// pre-filled, which is how the wizard re-asks after rejecting a line.
    private var lastAnswer: (key: String, field: String?, line: String)?
    /// Whether readline edits on one row that scrolls sideways (a dumb terminal, or `--plain`):
    /// a long pre-filled value would then push the prompt, and the field's name, off the row.
    private let scrollsSideways: Bool

    /// - Parameters:
    ///   - terminalName: "dumb" for `--plain` (readline then writes no escape sequences);
    ///     nil: readline reads TERM.
    ///   - scrollsSideways: the terminal is dumb (or `--plain`): see `promptText(for:)`.
    package init(
        inputFD: Int32 = 0, output: TerminalOutput, history: FieldHistory?, interrupts: any InterruptEdge,
        terminalName: String? = nil, scrollsSideways: Bool = false
    ) {
        self.inputFD = inputFD
        self.interrupts = interrupts
        self.output = output
        self.history = history
        self.scrollsSideways = scrollsSideways || terminalName == "dumb"
        ReadlineSetup.prepare(inputFD: inputFD, outputFD: output.fd, terminalName: terminalName)
    }

    package var isInteractive: Bool { true }

    /// Keys pressed while a server check ran are dropped (issue 30 item 3): the operator typed
    /// them without a prompt, and they must not become the next field's answer.
    package func discardTypeAhead() {
        _ = tcflush(inputFD, TCIFLUSH)
    }

    /// Whether the Ctrl-U hint was shown: once a run (a process has one source).
    private var clearHintShown = false

    /// Under the first refusal whose answer comes back pre-filled: newcomers from other prompt
    /// tools type the whole value again after the kept text (`4211MRN-004211`).
    package func hint(after refusal: Refusal, reasking prompt: Prompt) -> OutputLine? {
        guard !clearHintShown, !prompt.secret, let prefill = prompt.prefill, !prefill.isEmpty else { return nil }
        clearHintShown = true
        return OutputLine(Self.clearHint, style: .notice)
    }

    /// Within 79 columns, in the style of the wizard's other one-time hints.
    static var clearHint: String { "  " + CLIMessage.clearLineHint.text }

    package func read(_ request: Prompt) -> LineResult {
        if request.secret { return readSecret(request) }

        if let last = lastAnswer, last.key == request.historyKey, last.field == request.field, let prefill = request.prefill, prefill == last.line {
            history?.retract(last.line, for: last.key)
        }
        lastAnswer = nil

        clear_history()

        var completer: ChoiceCompleter?
        switch request.completion {
        case .none: completer = nil
        case .single(let words): completer = ChoiceCompleter(words: words, list: false)
        case .list(let words): completer = ChoiceCompleter(words: words, list: true)
        }
        readlinePromptState.withLock { state in
            state = ReadlinePromptState(prefill: request.prefill, completer: completer)
        }
        rl_completer_word_break_characters = UnsafePointer(completer?.list == true ? ReadlineSetup.commaBreak : ReadlineSetup.noBreak)

        if TerminalSignals.takeResize() { rl_reset_screen_size() }
        rl_callback_handler_install(promptText(for: request), ReadlineCallbacks.lineHandler)
        // This field's history only once the prompt is on screen: the first read of the history
        // file decodes JSON, which costs about as much as everything else before the first
        // prompt (docs/PERFORMANCE.md), and no key is read before this is done.
        if let key = request.historyKey, let history {
            for entry in history.entries(for: key) { add_history(entry) }
            using_history()  // readline began this line with an empty list: start after the entries
        }
        let outcome = waitForLine()
        flushReadlineOutput()

        switch outcome {
        case .interrupted(let signal):
            return .interrupted(signal)
        case .endOfInput:
            // readline leaves the cursor after the prompt on Ctrl-D.
            output.write("\n")
            return .endOfInput
        case .line(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .unreadable(UnreadableLine.notUTF8)
            }
            if bytes.count > UnreadableLine.lengthLimit {
                return .unreadable(UnreadableLine.tooLong)
            }
            if let key = request.historyKey, let history, FieldHistory.isRememberable(text) {
                history.add(text, for: key)
                lastAnswer = (key, request.field, text)
            }
            return .line(text)
        }
    }

    /// The prompt readline shows on the edit line. On a terminal that scrolls the line sideways,
    /// a pre-filled value that does not fit beside the prompt would scroll the prompt away (the
    /// row then shows `<` and the value's tail, no label): the prompt goes on a line of its own
    /// first, and the value is edited after a short `> `, pre-fill kept.
    private func promptText(for request: Prompt) -> String {
        guard scrollsSideways, let prefill = request.prefill, !prefill.isEmpty else { return request.text }
        var rows: Int32 = 0, columns: Int32 = 0
        rl_get_screen_size(&rows, &columns)
        let width = columns > 0 ? Int(columns) : TextWrap.width
        guard TextWrap.columns(request.text) + TextWrap.columns(prefill) + 1 >= width else { return request.text }
        output.write(String(request.text.reversed().drop { $0 == " " }.reversed()) + "\n")
        return Self.longValuePrompt
    }

    /// The edit line's prompt under a label shown on its own line.
    static let longValuePrompt = "> "

    private enum Wait {
        case line([UInt8])
        case endOfInput
        case interrupted(Int32)
    }

    private func waitForLine() -> Wait {
        var hangups = 0
        while true {
            if let outcome = readlinePromptState.withLock({ $0.outcome }) {
                readlinePromptState.withLock { $0 = ReadlinePromptState() }
                switch outcome {
                case .line(let bytes): return .line(bytes)
                case .endOfInput: return .endOfInput
                }
            }
            if let signal = interrupts.takeSignal() {
                abandonLine()
                return .interrupted(signal)
            }
            guard let wake = TerminalWait.next(input: inputFD, interrupts: interrupts) else {
                abandonLine()
                return .endOfInput
            }
            if wake.interrupted { continue }  // interrupts.takeSignal() above handles it
            if wake.terminalSignal {
                let caught = TerminalSignals.drain()
                if caught.continued {
                    // Back from Ctrl-Z: the shell restored its own modes meanwhile.
                    rl_deprep_terminal()
                    rl_prep_terminal(1)
                }
                if caught.resized || caught.continued {
                    _ = TerminalSignals.takeResize()
                    rl_resize_terminal()
                }
            }
            let input = wake.input
            if input & Int16(POLLNVAL | POLLERR) != 0 && input & Int16(POLLIN) == 0 {
                abandonLine()
                return .endOfInput
            }
            if input & Int16(POLLHUP) != 0 {
                // The terminal went away: readline sees EOF, but don't spin if it does not.
                hangups += 1
                if hangups > 64 {
                    abandonLine()
                    return .endOfInput
                }
            }
            if input & Int16(POLLIN | POLLHUP) != 0 {
                rl_callback_read_char()
            }
        }
    }

    /// After a signal (or a dead terminal): drop the half-typed line, restore the terminal, and
    /// move to a fresh line so what follows starts in column 0.
    private func abandonLine() {
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_cleanup_after_signal()
        rl_callback_handler_remove()
        readlinePromptState.withLock { $0 = ReadlinePromptState() }
        flushReadlineOutput()
        output.write("\n")
    }

    private func flushReadlineOutput() {
        if let stream = rl_outstream { fflush(stream) }
    }

    private func readSecret(_ request: Prompt) -> LineResult {
        lastAnswer = nil
        flushReadlineOutput()
        let outcome = SecretReader.read(fd: inputFD, interrupts: interrupts) { output.write(request.text) }
        // The Enter that ended the hidden line was not echoed either.
        output.write("\n")
        switch outcome {
        case .line(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .unreadable(UnreadableLine.notUTF8)
            }
            return .line(text)
        case .tooLong:
            return .unreadable(UnreadableLine.tooLong)
        case .endOfInput:
            return .endOfInput
        case .signal(let signal):
            return .interrupted(signal)
        }
    }
}

/// readline's process-wide settings, made once.
enum ReadlineSetup {
    private static let done = Atomic<Bool>(false)
    /// Word-break sets for completion: none (a choice is the whole line, "Light Blue" one word),
    /// or the comma between multichoice items. Allocated once, never freed (readline keeps them).
    nonisolated(unsafe) static var noBreak: UnsafeMutablePointer<CChar>? = nil
    nonisolated(unsafe) static var commaBreak: UnsafeMutablePointer<CChar>? = nil

    static func prepare(inputFD: Int32, outputFD: Int32, terminalName: String?) {
        guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return }
        noBreak = strdup("")
        commaBreak = strdup(",")
        rl_readline_name = UnsafePointer(strdup("formline"))
        if let terminalName { rl_terminal_name = UnsafePointer(strdup(terminalName)) }
        rl_instream = fdopen(inputFD, "r")
        rl_outstream = fdopen(outputFD, "w")
        // formline's own SignalTrap and ResizeTrap handle signals; readline must not.
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        rl_change_environment = 0
        _ = rl_initialize()
        // Otherwise every prompt is wrapped in ESC[?2004h ... ESC[?2004l, even on TERM=vt100.
        _ = rl_variable_bind("enable-bracketed-paste", "off")
        _ = rl_variable_bind("completion-ignore-case", "on")
        rl_sort_completion_matches = 0
        rl_startup_hook = ReadlineCallbacks.startupHook
        rl_attempted_completion_function = ReadlineCallbacks.attemptedCompletion
        TerminalSignals.install()
    }
}

/// SIGWINCH and SIGCONT as bytes on a pipe, so the poll wakes: readline learns the new width,
/// and after a stop (Ctrl-Z) and `fg` the terminal modes are put back (the shell reset them).
enum TerminalSignals {
    private static let readEnd = Atomic<Int32>(-1)
    private static let writeEnd = Atomic<Int32>(-1)
    private static let installed = Atomic<Bool>(false)
    /// A resize seen while no readline line was active (during a secret): applied at the next prompt.
    private static let resizeSeen = Atomic<Bool>(false)

    struct Caught: Equatable {
        var resized = false
        var continued = false
    }

    static var wakeFD: Int32 { readEnd.load(ordering: .acquiring) }

    static func install() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        guard let (read, write) = SelfPipe.make() else { return }
        readEnd.store(read, ordering: .releasing)
        writeEnd.store(write, ordering: .releasing)
        SignalHandler.install([SIGWINCH, SIGCONT], terminalSignalHandler, flags: SA_RESTART)
    }

    /// Empties the pipe; what arrived since the last call.
    static func drain() -> Caught {
        var caught = Caught()
        let fd = readEnd.load(ordering: .acquiring)
        guard fd >= 0 else { return caught }
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            for byte in buffer[0..<n] {
                if Int32(byte) == SIGWINCH { caught.resized = true; resizeSeen.store(true, ordering: .releasing) }
                if Int32(byte) == SIGCONT { caught.continued = true }
            }
        }
        return caught
    }

    /// Whether the terminal was resized since the last call.
    static func takeResize() -> Bool {
        resizeSeen.exchange(false, ordering: .acquiringAndReleasing)
    }

    fileprivate static func caught(_ signal: Int32) {
        var byte = UInt8(truncatingIfNeeded: signal)
        let fd = writeEnd.load(ordering: .acquiring)
        if fd >= 0 { _ = write(fd, &byte, 1) }
    }
}

private func terminalSignalHandler(_ signal: Int32) {
    TerminalSignals.caught(signal)
}
