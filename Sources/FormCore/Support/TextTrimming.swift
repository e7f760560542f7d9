extension String {
    /// The string without white space at either end (values are trimmed, except secrets and the
    /// lines of a multiline value).
    package var trimmedWhitespace: String {
        // Printable ASCII at both ends (nearly every answer): nothing to trim, whatever is
        // between. Such a byte starts and ends a Character that is not white space (no rule of
        // grapheme breaking joins it to white space).
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        if let trimmed = asciiTrimmedWhitespace { return trimmed }
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }

    /// `trimmedWhitespace` on bytes when the text is ASCII (nil otherwise): there every Character
    /// is one byte but CR LF, whose two bytes are white space as it is, and white space is the six
    /// bytes below. Looking up each Character's Unicode properties was 1% of a replay.
    private var asciiTrimmedWhitespace: String? {
        let bytes = utf8
        guard allBytes({ $0 < 0x80 }) else { return nil }
        guard let first = bytes.firstIndex(where: { !String.isASCIIWhitespace($0) }),
              let last = bytes.lastIndex(where: { !String.isASCIIWhitespace($0) }) else { return "" }
        if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return self }
        return String(self[first...last])
    }

    /// Whether the text holds white space (`Character.isWhitespace`), on bytes for ASCII text.
    package var containsWhitespace: Bool {
        if allBytes({ $0 < 0x80 }) { return anyByte(String.isASCIIWhitespace) }
        return contains(where: \.isWhitespace)
    }

    /// The ASCII bytes that are white space as Characters: tab, LF, VT, FF, CR and space.
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// True when the text holds a control character other than tab: such bytes come from a stray
    /// key or line noise on a serial line, never from a value someone meant to submit.
    package var containsControlCharacters: Bool {
        // On the string's bytes where it has them: C0 and DEL are one byte each, and a C1
        // control (U+0080-U+009F) is C2 followed by 80-9F (C2 is only ever a lead byte). Every
        // typed and scripted value is checked, and stepping its scalars cost several times as much.
        utf8.withContiguousStorageIfAvailable { bytes in
            var afterC2 = false
            for byte in bytes {
                if (byte < 0x20 && byte != 0x09) || byte == 0x7F || (afterC2 && byte < 0xA0) { return true }
                afterC2 = byte == 0xC2
            }
            return false
        } ?? containsControlScalars
    }

    /// `containsControlCharacters` by Unicode scalars: a string without contiguous bytes, and the
    /// reference its byte reading is tested against.
    package var containsControlScalars: Bool {
        unicodeScalars.contains { s in
            s != "\t" && (s.value < 0x20 || (0x7F...0x9F).contains(s.value))
        }
    }
}

extension String {
    /// Whether every UTF-8 byte passes `test`, read from the string's contiguous bytes when it has
    /// them (a native string does): stepping the UTF-8 view byte by byte cost several times as
    /// much in the checks run on every line a session writes.
    @inlinable package func allBytes(_ test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? utf8.allSatisfy(test)
    }

    /// `count`, without grapheme breaking where every byte is a character: ASCII without a
    /// carriage return (CR LF is one character).
    package var characterCount: Int {
        allBytes({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) ? utf8.count : count
    }

    /// Whether some UTF-8 byte passes `test` (as `allBytes`).
    @inlinable package func anyByte(_ test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: test) } ?? utf8.contains(where: test)
    }
}
