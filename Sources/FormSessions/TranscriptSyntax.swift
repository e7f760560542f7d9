import FormCore

/// The small pieces of transcript syntax that the recorder writes and the parser reads, kept in
/// one place so the two can never disagree (docs/sessions.md, "Format").
enum TranscriptSyntax {
    static let header = "#! formline-session 1"
    static let version = 1
    /// Version 2 (escape rule 10e): operator lines are escaped like response bodies, and every
    /// control character but a tab is written `\u{1B}`, so no raw ESC, BEL or NUL is ever in a
    /// file and the replay types exactly what was typed. The recorder writes version 2 only when a
    /// line needs it; version 1 files read as before.
    static let headerVersion2 = "#! formline-session 2"
    /// The highest `#! record N` a transcript may hold: a run recorded in one file (8 MiB at
    /// most) has far fewer records, and replay counts a private value on once a record.
    static let recordLimit = 1_000_000

    /// Whether `text` holds a control character a version 1 line cannot carry (tab can).
    static func needsVersion2(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\t" && $0 != "\n" && $0 != "\r" && TextCleaning.isControl($0) }
    }

    /// Whether an output line must be written with a leading `\` so it is not read as a sigil.
    static func needsEscape(_ line: String) -> Bool {
        // One byte answers for most lines (as the parser reads them: `markedLead`).
        guard let lead = line.utf8.first, TranscriptParser.markedLead(lead) else { return false }
        return line.hasPrefix(">") || line.hasPrefix("=>") || line.hasPrefix("<=") || line.hasPrefix("#") || line.hasPrefix("\\")
    }

    /// An output line as it goes in the file: escaped when it starts with a sigil.
    static func outputLine(_ text: String) -> String {
        needsEscape(text) ? "\\" + text : text
    }

    /// Output as it is recorded: escape sequences and control characters (except tab) removed,
    /// trailing white space trimmed.
    static func clean(_ text: String) -> String {
        // Printable ASCII and tabs (most output): nothing to remove.
        if text.allBytes({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) { return trimTrailing(text) }
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
        // An ASCII letter or sign at the end: nothing to trim (no Character walk from the end).
        if let last = text.utf8.last, last > 0x20 && last < 0x7F { return text }
        // ASCII spaces after a printable ASCII byte (a prompt's "Name: "): each is a whitespace
        // Character of its own, and the byte before them ends a Character that is not one.
        let bytes = text.utf8
        var end = bytes.endIndex
        while end != bytes.startIndex {
            let byte = bytes[bytes.index(before: end)]
            guard byte == 0x20 || byte == 0x09 || (0x0A...0x0D).contains(byte) else { break }
            end = bytes.index(before: end)
        }
        if end != bytes.startIndex, let last = bytes[..<end].last, last > 0x20 && last < 0x7F {
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
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
    /// `>* [name: refused]`: a secret line the wizard refused (docs/sessions.md, Secrets).
    static func refusedSecretLine(field: String) -> String { ">* [\(field)\(refusedMark)]" }

    /// The field of a refused secret's placeholder (`password: refused` -> `password`), else nil.
    static func refusedSecretField(_ inside: String) -> String? {
        guard inside.hasSuffix(refusedMark), inside.count > refusedMark.count else { return nil }
        return String(inside.dropLast(refusedMark.count))
    }

    private static let refusedMark = ": refused"

    static func unreadableLine(_ reason: String) -> String {
        let text = escapeText(trimTrailing(reason))
        return text.isEmpty ? "#! unreadable" : "#! unreadable " + text
    }

    // MARK: Response bodies

    /// A non-JSON body on one line: `\` doubled, newline as `\n`, carriage return as `\r`, any
    /// other control character but a tab as `\u{1B}` (which makes the file version 2).
    static func escapeText(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where ch != "\t" && TextCleaning.isControl(ch): out += "\\u{" + String(ch.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// The reverse of `escapeText`; `\u{...}` is an escape in version 2 files only.
    static func unescapeText(_ text: String, version: Int = 1) -> String {
        var out = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let ch = scalars.popFirst() {
            guard ch == "\\" else { out.unicodeScalars.append(ch); continue }
            switch scalars.first {
            case "n": scalars.removeFirst(); out += "\n"
            case "r": scalars.removeFirst(); out += "\r"
            case "\\": scalars.removeFirst(); out += "\\"
            case "u" where version >= 2 && scalars.dropFirst().first == "{":
                guard let close = scalars.firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(scalars[(scalars.startIndex + 2)..<close])), radix: 16),
                      let scalar = Unicode.Scalar(value)
                else { out += "\\"; continue }
                out.unicodeScalars.append(scalar)
                scalars = scalars[(close + 1)...]
            default: out += "\\"
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
