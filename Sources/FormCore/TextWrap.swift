/// Word-wraps formline's own text so it stays within 80 columns on any terminal or serial line.
public enum TextWrap {
    public static let width = 80

    /// Wraps `text` into lines of at most `width` characters; the first line starts with `indent`,
    /// the others with `continuation`. A word longer than a line is cut.
    public static func wrap(_ text: String, indent: String = "", continuation: String? = nil, width: Int = TextWrap.width) -> [String] {
        let next = continuation ?? indent
        var lines: [String] = []
        var current = indent
        var currentHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            let sep = currentHasWord ? 1 : 0
            if current.count + sep + word.count <= width {
                current += (currentHasWord ? " " : "") + word
                currentHasWord = true
                continue
            }
            if currentHasWord {
                lines.append(current)
                current = next
                currentHasWord = false
            }
            while current.count + word.count > width {
                let room = max(1, width - current.count)
                lines.append(current + word.prefix(room))
                word = word.dropFirst(room)
                current = next
            }
            if !word.isEmpty {
                current += word
                currentHasWord = true
            }
        }
        if currentHasWord || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// Shortens `text` to at most `limit` characters, marking the cut with "...".
    public static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(max(0, limit - 3))) + "..."
    }
}
