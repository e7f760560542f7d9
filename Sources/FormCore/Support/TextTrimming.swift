extension String {
    /// The string without white space at either end (values are trimmed, except secrets and the
    /// lines of a multiline value).
    package var trimmedWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }

    /// True when the text holds a control character other than tab: such bytes come from a stray
    /// key or line noise on a serial line, never from a value someone meant to submit.
    package var containsControlCharacters: Bool {
        unicodeScalars.contains { s in
            s != "\t" && (s.value < 0x20 || (0x7F...0x9F).contains(s.value))
        }
    }
}
