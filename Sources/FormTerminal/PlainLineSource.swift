#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormRunner

/// The line source for pipes, serial consoles and dumb terminals: bytes in, lines out, no
/// editing. Without a terminal there is no echo, so it writes each answer after its prompt
/// (secrets: nothing) and the output reads like the terminal session would.
package final class PlainLineSource: LineSource {
    private let reader: ByteLineReader
    private let output: TerminalOutput
    private let inputFD: Int32
    /// True when the input is not a terminal (nothing echoes what is typed).
    private let echoAnswers: Bool

    package init(inputFD: Int32 = 0, output: TerminalOutput, interrupts: any InterruptEdge) {
        self.inputFD = inputFD
        self.reader = ByteLineReader(fd: inputFD, interrupts: interrupts)
        self.output = output
        self.echoAnswers = isatty(inputFD) == 0
    }

    package var isInteractive: Bool { false }

    package func read(_ request: Prompt) -> LineResult {
        // Terminal modes first, then the prompt: an answer typed right after the prompt appears
        // is already read with them (no echo of a secret, a bare CR ends the line).
        let modes = LineInputModes.set(inputFD, secret: request.secret)
        output.write(request.text)
        let event = reader.next()
        modes?.restore()
        if request.secret && !echoAnswers {
            // The Enter that ended a hidden line was not echoed either.
            output.write("\n")
        }
        switch event {
        case .line(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                if echoAnswers { output.write("\n") }
                return .unreadable(UnreadableLine.notUTF8)
            }
            // Escape rule 10b: the echo shows a typed ESC, BEL or NUL as <U+001B>, never sends it.
            if echoAnswers { output.write(request.secret ? "\n" : TextCleaning.visible(text, keepingTabs: true) + "\n") }
            return .line(text)
        case .tooLong:
            if echoAnswers { output.write("\n") }
            return .unreadable(UnreadableLine.tooLong)
        case .endOfInput:
            output.write("\n")
            return .endOfInput
        case .signal(let signal):
            output.write("\n")
            return .interrupted(signal)
        }
    }
}
