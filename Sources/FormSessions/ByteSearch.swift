/// Whether one string holds another, compared as UTF-8 bytes. Replay asks it of every expected
/// line (does it hold `[..]`?): `String.contains` resolves to Foundation's version wherever a
/// module imports Foundation, which goes through CFString, and the generic `firstRange(of:)`
/// costs more than the line it searches. Only where bytes and Characters agree: ASCII markers,
/// and secrets only when both texts are ASCII (`SecretScrubber.mayContain`: to `String`
/// comparison a KELVIN SIGN is a K).
enum ByteSearch {
    static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text, needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { wanted in
                guard let first = wanted.first else { return true }
                guard wanted.count <= haystack.count else { return false }
                var start = 0
                while start <= haystack.count - wanted.count {
                    if haystack[start] == first {
                        var matched = 1
                        while matched < wanted.count && haystack[start + matched] == wanted[matched] { matched += 1 }
                        if matched == wanted.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
