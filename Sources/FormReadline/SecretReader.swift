#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormRunner
import FormTerminal

/// Reads one secret line from a terminal without readline and without echo.
///
/// readline is not used for secrets on purpose: text killed with Ctrl-U lands in its kill ring and
/// Ctrl-Y would paste it into the next field (and its history).
///
/// The terminal is put in non-canonical mode with echo off (ECHO, ECHONL and ICANON off; ISIG and
/// ICRNL on; VMIN 1, VTIME 0), applied with TCSANOW so type-ahead survives, and the previous modes
/// come back in a `defer` on every path, signals included. Bytes are read one at a time with
/// `read(2)` (so type-ahead for the next prompt stays in the kernel), waiting in `poll()` on the
/// terminal and the signal pipe together. The line ends at CR or LF, whatever ICRNL said when the
/// byte arrived (canonical mode would wait for a LF that a CR-only terminal never sends when
/// the CR was typed ahead). Editing: the terminal's erase character, Backspace and DEL remove the
/// last character; its kill character (Ctrl-U) and word-erase (Ctrl-W) work too. The terminal's
/// EOF character (Ctrl-D) on an empty line is the end of input. Ctrl-C stays a signal (ISIG).
package enum SecretReader {
    package enum Outcome: Equatable {
        case line([UInt8])
        case endOfInput
        case signal(Int32)
        case tooLong
    }

    /// The control characters the line editor honours.
    package struct Keys: Sendable, Equatable {
        package var erase: UInt8 = 0x7F
        package var kill: UInt8 = 0x15
        package var wordErase: UInt8 = 0x17
        package var endOfFile: UInt8 = 0x04

        package init() {}

        init(_ modes: termios) {
            withUnsafeBytes(of: modes.c_cc) { cc in
                func key(_ index: Int32, _ fallback: UInt8) -> UInt8 {
                    let i = Int(index)
                    guard i < cc.count, cc[i] != 0 else { return fallback }  // 0 is _POSIX_VDISABLE
                    return cc[i]
                }
                erase = key(VERASE, 0x7F)
                kill = key(VKILL, 0x15)
                wordErase = key(VWERASE, 0x17)
                endOfFile = key(VEOF, 0x04)
            }
        }
    }

    /// What one byte does to the line being typed: pure, tested without a terminal.
    package struct LineEditor: Sendable {
        package enum Step: Equatable { case more, done, endOfInput }

        package let keys: Keys
        package let limit: Int
        package private(set) var bytes: [UInt8] = []
        package private(set) var overflowed = false
        /// Inside an escape sequence (an arrow or function key): 1 after ESC, 2 after ESC [ or ESC O.
        private var escape = 0

        package init(keys: Keys = Keys(), limit: Int = LineSplitter.defaultLimit) {
            self.keys = keys
            self.limit = limit
        }

        package mutating func feed(_ byte: UInt8) -> Step {
            // Keys that send escape sequences (arrows, Home, F1...) mean nothing here: skip them whole.
            if escape == 1 {
                escape = byte == 0x5B || byte == 0x4F ? 2 : 0
                return .more
            }
            if escape == 2 {
                if (0x40...0x7E).contains(byte) { escape = 0 }
                return .more
            }
            switch byte {
            case 0x1B:
                escape = 1
            case 0x0A, 0x0D:
                return .done
            case keys.endOfFile:
                return bytes.isEmpty && !overflowed ? .endOfInput : .more
            case keys.erase, 0x7F, 0x08:
                // One character: drop UTF-8 continuation bytes, then the lead byte.
                while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
                if !bytes.isEmpty { bytes.removeLast() }
            case keys.kill:
                wipe()
                overflowed = false
            case keys.wordErase:
                while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
                while let last = bytes.last, last != 0x20 && last != 0x09 { bytes.removeLast() }
            default:
                if byte < 0x20 && byte != 0x09 { return .more }  // other control keys: ignored
                if bytes.count >= limit { overflowed = true } else { bytes.append(byte) }
            }
            return .more
        }

        /// Overwrites the typed bytes before letting go of them.
        package mutating func wipe() {
            for i in bytes.indices { bytes[i] = 0 }
            bytes.removeAll()
        }
    }

    /// Reads up to a CR or LF from the terminal `fd`. `prompt` is called once the terminal modes
    /// are set, so whatever the operator types after seeing it is read hidden and unprocessed.
    package static func read(
        fd: Int32, interrupts: any InterruptEdge, limit: Int = UnreadableLine.lengthLimit, prompt: () -> Void = {}
    ) -> Outcome {
        var saved = termios()
        let haveTerminal = tcgetattr(fd, &saved) == 0
        var editor = LineEditor(keys: haveTerminal ? Keys(saved) : Keys(), limit: limit)
        var quiet = saved
        if haveTerminal {
            quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON)
            quiet.c_lflag |= tcflag_t(ISIG)
            quiet.c_iflag |= tcflag_t(ICRNL)
            withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            _ = tcsetattr(fd, TCSANOW, &quiet)
        }
        prompt()
        defer {
            if haveTerminal { _ = tcsetattr(fd, TCSANOW, &saved) }
            editor.wipe()
        }

        var byte: UInt8 = 0
        while true {
            if let signal = interrupts.takeSignal() { return .signal(signal) }
            guard let wake = TerminalWait.next(input: fd, interrupts: interrupts) else { return .endOfInput }
            if wake.interrupted { continue }
            if wake.terminalSignal, TerminalSignals.drain().continued, haveTerminal {
                // Back from Ctrl-Z: the shell put its own modes back; hide the input again.
                _ = tcsetattr(fd, TCSANOW, &quiet)
            }
            if wake.input == 0 { continue }
            let count = systemRead(fd, &byte, 1)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .endOfInput
            }
            if count == 0 {
                // The terminal (or pipe) is gone: what was typed is the answer, as at any end of input.
                if editor.bytes.isEmpty { return editor.overflowed ? .tooLong : .endOfInput }
                return editor.overflowed ? .tooLong : .line(editor.bytes)
            }
            switch editor.feed(byte) {
            case .more: continue
            case .endOfInput: return .endOfInput
            case .done: return editor.overflowed ? .tooLong : .line(editor.bytes)
            }
        }
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
