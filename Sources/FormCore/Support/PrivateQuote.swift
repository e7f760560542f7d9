/// A private (or secret) answer quoted in a refusal (`'f' matches female and fuzzy`, `'zz':
/// Choose one of: ...`, `No choice starts with 'q'`) is written `[name]` in the transcript's
/// copy, whatever its length: the scrubber leaves values under 4 characters alone, and the `>*`
/// line would otherwise be undone by the message after it (docs/privacy.md). One rule, used where
/// the wizard emits a refusal and where replay picks the value it types for `>* [name: refused]`,
/// so the two copies agree.
package enum PrivateQuote {
    /// `message` with each quoted copy (`'…'` or `"…"`) of the typed line, or of one of its
    /// comma-separated items, replaced by `[name]` in the same quotes; the longest first, so an
    /// item inside the whole line is not half-replaced.
    package static func masked(_ message: String, typed: String, name: String) -> String {
        var pieces = [typed.trimmedWhitespace]
        if typed.contains(",") {
            pieces += typed.split(separator: ",").map { String($0).trimmedWhitespace }
        }
        // `abc?` asks a long list for its matches: the message quotes `abc`.
        pieces += pieces.filter { $0.hasSuffix("?") }.map { String($0.dropLast()).trimmedWhitespace }
        pieces = pieces.filter { !$0.isEmpty && $0.count <= 4_096 }.sorted { $0.count > $1.count }
        var out = message
        for piece in pieces {
            for quote in ["'", "\""] where out.contains(quote + piece + quote) {
                out = out.replacing(quote + piece + quote, with: quote + "[\(name)]" + quote)
            }
        }
        return out
    }
}
