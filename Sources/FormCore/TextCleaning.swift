/// Server and library text made safe to show on one line of a terminal: the one place formline
/// cleans text it did not write (an error body's message, a transport error's description).
package enum TextCleaning {
    /// Control characters (escape sequences, bells, newlines, tabs, C1 controls) replaced by
    /// spaces, so a server cannot move the cursor, recolour the screen or break a line.
    package static func withoutControlCharacters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { s in
            (s.value < 0x20 || (0x7F...0x9F).contains(s.value)) ? " " : s
        }))
    }

    /// `withoutControlCharacters`, trimmed, cut to `limit` characters with "..." when longer.
    package static func oneLine(_ text: String, limit: Int) -> String {
        let flat = withoutControlCharacters(text).trimmedWhitespace
        return flat.count > limit ? String(flat.prefix(max(0, limit - 3))) + "..." : flat
    }
}
