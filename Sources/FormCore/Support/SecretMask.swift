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
}
