/// Wrapping a list of entries (`14 id=116, 15 id=117`) so that a line never breaks inside one
/// entry: split between a record's number and its id, the id reads as the next record's.
extension TextWrap {
    /// `lead` then `entries` joined by `separator` (", "), within `width` columns; a line breaks
    /// only after a separator, and the lines after the first start with `continuation`. An entry
    /// wider than a whole line is word-wrapped on its own (nothing else fits beside it anyway).
    package static func wrapEntries(_ entries: [String], lead: String, continuation: String,
                                    separator: String = ", ", width: Int = TextWrap.width) -> [String] {
        var lines: [String] = []
        var current = lead
        var used = columns(lead)
        var empty = true
        for (k, entry) in entries.enumerated() {
            let piece = entry + (k < entries.count - 1 ? separator.trimmingTrailingSpaces : "")
            let pieceColumns = columns(piece)
            let gap = empty ? 0 : 1
            if used + gap + pieceColumns <= width {
                current += (empty ? "" : " ") + piece
                used += gap + pieceColumns
                empty = false
                continue
            }
            if !empty {
                lines.append(current)
                current = continuation
                used = columns(continuation)
            }
            if used + pieceColumns <= width {
                current += piece
                used += pieceColumns
                empty = false
            } else {
                // Too wide for any line: its words wrap, and the next entry starts a line.
                lines += wrap(piece, indent: current, continuation: continuation, width: width)
                current = continuation
                used = columns(continuation)
                empty = true
            }
        }
        if !empty || lines.isEmpty { lines.append(current) }
        return lines
    }
}

private extension String {
    /// The separator as it ends a line (", " -> ","): the space becomes the line break.
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
