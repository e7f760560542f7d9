/// The one rule for hiding a secret value in text that formline shows (server messages) or
/// records (transcripts), so the screen and the transcript always agree.
///
/// - A value shorter than `minimumLength` is never masked: `bob`, `1`, `no` occur in ordinary
///   words and messages, and masking them there would corrupt the text.
/// - Only whole occurrences are masked: where the value begins or ends with a letter or digit,
///   the character beside it must not be one. Masking "name" inside "username" would show the
///   operator (and anyone reading the transcript) what the secret is.
package enum SecretMask {
    package static let minimumLength = 4

    /// `text` with every whole occurrence of `secret` replaced by `placeholder`.
    package static func mask(_ text: String, secret: String, with placeholder: String) -> String {
        guard secret.count >= minimumLength, let first = secret.first, let last = secret.last else { return text }
        if isPlainASCII(text) && isPlainASCII(secret) { return maskBytes(text, secret: secret, with: placeholder) }
        let needsStart = isWordCharacter(first), needsEnd = isWordCharacter(last)
        var out = ""
        var position = text.startIndex
        var searchFrom = text.startIndex
        while let range = text[searchFrom...].firstRange(of: secret) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
            let whole = !(needsStart && before.map(isWordCharacter) == true)
                && !(needsEnd && after.map(isWordCharacter) == true)
            if whole {
                out += text[position..<range.lowerBound] + placeholder
                position = range.upperBound
                searchFrom = range.upperBound
            } else {
                searchFrom = text.index(after: range.lowerBound)
            }
        }
        return out + text[position...]
    }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    /// Whether `text` holds `value`, as `text.contains(value)` says. That resolves to
    /// Foundation's version (CFString) in this module, and a server's answer is checked against
    /// every visible answer at each submission; for ASCII without a CR, where a byte is a
    /// Character, the answer is a byte search.
    package static func contains(_ text: String, _ value: String) -> Bool {
        guard !value.isEmpty, isPlainASCII(text), isPlainASCII(value) else { return text.contains(value) }
        return firstByteIndex(of: Array(value.utf8), in: Array(text.utf8), from: 0) != nil
    }

    /// ASCII without a CR: each byte is one Character (a CR followed by LF is one Character).
    static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// `mask` for plain ASCII text and secret, on bytes: the same occurrences, the same word
    /// test (an ASCII letter or digit is what `isLetter || isNumber` says of an ASCII Character).
    private static func maskBytes(_ text: String, secret: String, with placeholder: String) -> String {
        let bytes = Array(text.utf8), wanted = Array(secret.utf8)
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
        let needsStart = isWord(wanted[0]), needsEnd = isWord(wanted[wanted.count - 1])
        var out: [UInt8] = []
        var position = 0, searchFrom = 0
        while let found = firstByteIndex(of: wanted, in: bytes, from: searchFrom) {
            let end = found + wanted.count
            let whole = !(needsStart && found > 0 && isWord(bytes[found - 1]))
                && !(needsEnd && end < bytes.count && isWord(bytes[end]))
            if whole {
                out += bytes[position..<found]
                out += placeholder.utf8
                position = end
                searchFrom = end
            } else {
                searchFrom = found + 1
            }
        }
        if position == 0 { return text }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Where `wanted` (not empty) first occurs in `bytes` at or after `start`.
    private static func firstByteIndex(of wanted: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = wanted.first, wanted.count <= bytes.count else { return nil }
        var index = start
        while index <= bytes.count - wanted.count {
            if bytes[index] == first {
                var matched = 1
                while matched < wanted.count && bytes[index + matched] == wanted[matched] { matched += 1 }
                if matched == wanted.count { return index }
            }
            index += 1
        }
        return nil
    }
}
