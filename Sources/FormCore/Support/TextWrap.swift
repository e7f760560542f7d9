/// Word-wraps formline's own text so it stays within 80 columns on any terminal or serial line.
package enum TextWrap {
    /// 79, not 80: a line of exactly 80 columns makes many terminals (and `dumb` lines, serial
    /// consoles) wrap at its last column and show a blank line after it.
    package static let width = 79
    /// The longest path or URL kept on one line unbroken (in columns); a longer word is cut.
    package static let unbrokenLimit = 4096

    /// Wraps `text` into lines of at most `width` characters; the first line starts with `indent`,
    /// the others with `continuation`. A word longer than a line is cut, except a path or URL
    /// (a word with a "/"), which gets a line of its own, whole.
    package static func wrap(_ text: String, indent: String = "", continuation: String? = nil, width: Int = TextWrap.width) -> [String] {
        // Printable ASCII with single spaces that fits after the indent (nearly every message):
        // the loop below would give indent + text; a tenth of a replayed session went to it.
        let bytes = text.utf8
        if bytes.first != 0x20, bytes.last != 0x20, columns(indent) + bytes.count <= width {
            var previous: UInt8 = 0
            let plain = bytes.allSatisfy { byte in
                defer { previous = byte }
                return byte >= 0x20 && byte < 0x7F && !(byte == 0x20 && previous == 0x20)
            }
            if plain { return [indent + text] }
        }
        let next = continuation ?? indent
        var lines: [String] = []
        var current = indent
        var used = columns(indent)
        var currentHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            let sep = currentHasWord ? 1 : 0
            let wordColumns = columns(String(word))
            if used + sep + wordColumns <= width {
                current += (currentHasWord ? " " : "") + word
                used += sep + wordColumns
                currentHasWord = true
                continue
            }
            if currentHasWord {
                lines.append(current)
                current = next
                used = columns(next)
                currentHasWord = false
            }
            // A path or URL (a word with a "/") is one token to copy and paste: cut, half of it
            // would be copied. It goes on a line of its own, whole, even past the width (up to a
            // bound: hostile text stays cut).
            if word.contains("/") && wordColumns <= TextWrap.unbrokenLimit {
                current += word
                used += wordColumns
                currentHasWord = true
                continue
            }
            // Any other word longer than a line (text without spaces) is cut by columns.
            while used + columns(String(word)) > width {
                var piece = ""
                var pieceColumns = 0
                for character in word {
                    let w = columns(character)
                    if used + pieceColumns + w > width && !piece.isEmpty { break }
                    piece.append(character)
                    pieceColumns += w
                }
                lines.append(current + piece)
                word = word.dropFirst(piece.count)
                current = next
                used = columns(next)
            }
            if !word.isEmpty {
                current += word
                used += columns(String(word))
                currentHasWord = true
            }
        }
        if currentHasWord || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// Shortens `text` to at most `limit` terminal columns, marking the cut with "...".
    package static func truncate(_ text: String, to limit: Int) -> String {
        guard columns(text) > limit else { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = columns(character)
            if used + w > max(0, limit - 3) { break }
            out.append(character)
            used += w
        }
        return out + "..."
    }

    /// How many terminal columns `text` takes: East Asian wide characters and most emoji take
    /// two, combining marks none (a small wcwidth, enough to keep lines within 80 columns).
    package static func columns(_ text: String) -> Int {
        // Printable ASCII, nearly every line formline writes: a column a byte, without splitting
        // into characters or looking up Unicode properties (most of a long review's cost).
        if text.allBytes({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + columns($1) }
    }

    static func columns(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return 0 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark { return 0 }
        let v = first.value
        let wide = (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
            || (0x1F680...0x1F6FF).contains(v) || (0x1F1E6...0x1F1FF).contains(v) || (0x1FA70...0x1FAFF).contains(v)
            || (0x231A...0x231B).contains(v) || (0x23E9...0x23EC).contains(v) || (0x25FD...0x25FE).contains(v)
            || (0x2614...0x2615).contains(v) || (0x2648...0x2653).contains(v) || (0x26AA...0x26AB).contains(v)
            || (0x26BD...0x26BE).contains(v) || (0x2705...0x2705).contains(v) || (0x270A...0x270B).contains(v)
            || (0x2753...0x2755).contains(v) || (0x2795...0x2797).contains(v) || (0x2B1B...0x2B1C).contains(v)
        return wide ? 2 : 1
    }
}
