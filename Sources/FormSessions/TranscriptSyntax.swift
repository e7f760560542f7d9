/// The small pieces of transcript syntax that the recorder writes and the parser reads, kept in
/// one place so the two can never disagree (design.md section 6).
enum TranscriptSyntax {
    static let header = "#! formline-session 1"
    static let version = 1

    /// Whether an output line must be written with a leading `\` so it is not read as a sigil.
    static func needsEscape(_ line: String) -> Bool {
        line.hasPrefix(">") || line.hasPrefix("=>") || line.hasPrefix("<=") || line.hasPrefix("#") || line.hasPrefix("\\")
    }

    /// An output line as it goes in the file: escaped when it starts with a sigil.
    static func outputLine(_ text: String) -> String {
        needsEscape(text) ? "\\" + text : text
    }

    /// Output as it is recorded: escape sequences and control characters (except tab) removed,
    /// trailing white space trimmed.
    static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let s = scalars.next() {
            if s == "\u{1B}" {
                skipEscape(&scalars)
            } else if s == "\t" || !(s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value)) {
                out.append(s)
            }
        }
        return trimTrailing(String(out))
    }

    static func trimTrailing(_ text: String) -> String {
        var s = Substring(text)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    /// Skips the rest of an escape sequence: CSI (`ESC [ ... final`), OSC (`ESC ] ... BEL|ST`),
    /// or a two-character escape.
    private static func skipEscape(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let next = scalars.next() else { return }
        switch next {
        case "[":
            while let s = scalars.next(), !(0x40...0x7E).contains(s.value) {}
        case "]":
            var previous: Unicode.Scalar?
            while let s = scalars.next() {
                if s == "\u{07}" || (previous == "\u{1B}" && s == "\\") { break }
                previous = s
            }
        default:
            break
        }
    }

    /// `#! unreadable REASON`: the line source's reason on one line (`\n`, `\r`, `\\` escaped).
    static func unreadableLine(_ reason: String) -> String {
        let text = escapeText(trimTrailing(reason))
        return text.isEmpty ? "#! unreadable" : "#! unreadable " + text
    }

    // MARK: Response bodies

    /// A non-JSON body on one line: `\` doubled, newline as `\n`, carriage return as `\r`.
    static func escapeText(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    static func unescapeText(_ text: String) -> String {
        var out = ""
        var iterator = text.makeIterator()
        while let ch = iterator.next() {
            guard ch == "\\" else { out.append(ch); continue }
            switch iterator.next() {
            case "n": out += "\n"
            case "r": out += "\r"
            case "\\": out += "\\"
            case let other?: out += "\\" + String(other)
            case nil: out += "\\"
            }
        }
        return out
    }

    // MARK: Signals

    static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case 2: return nil
        case 1: return "SIGHUP"
        case 3: return "SIGQUIT"
        case 15: return "SIGTERM"
        default: return String(signal)
        }
    }

    static func signalNumber(_ name: String) -> Int32? {
        switch name {
        case "", "SIGINT": return 2
        case "SIGHUP": return 1
        case "SIGQUIT": return 3
        case "SIGTERM": return 15
        default: return Int32(name)
        }
    }
}
