/// `joined(separator:)` for the code that runs before the first prompt.
///
/// Why not the standard library's: its `joined(separator:)` on a collection of strings is generic
/// code that is not specialised into formline, and its first call on each collection type looks
/// up an associated type by mangled name, which scans every protocol-conformance record in the
/// binary (about 8,700 here): 0.25 ms each, measured, the only such scans left on the way to the
/// first prompt (docs/PERFORMANCE.md). These concrete versions compile to a plain loop.
extension ArraySlice where Element == String {
    package func joinedText(separator: String) -> String {
        var text = ""
        var first = true
        for part in self {
            if !first { text += separator }
            first = false
            text += part
        }
        return text
    }
}

extension Array where Element == String {
    package func joinedText(separator: String) -> String { self[...].joinedText(separator: separator) }
}
