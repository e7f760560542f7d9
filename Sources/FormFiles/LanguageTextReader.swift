import FormCore
import Yams

extension YAMLNodeReader {
    /// A form text given once (`label: Name`) or per language (`label: {en: Name, nb: Navn}`):
    /// the text a language without its own shows (English, else the first written) and each
    /// language's own. A key that is not a language formline speaks is an error at its place,
    /// so a typo (`bn:`) never leaves a label silently unused.
    func textByLanguage(_ entry: Entry, multiline: Bool = false) -> (String, [MessageLanguage.Code: String])? {
        guard case .mapping(let mapping) = entry.value else {
            return text(entry, multiline: multiline).map { ($0, [:]) }
        }
        var byLanguage: [MessageLanguage.Code: String] = [:]
        var first: String?
        var ok = true
        for (keyNode, value) in mapping {
            let keyPosition = Position(keyNode.mark)
            guard case .scalar(let key) = keyNode, let code = MessageLanguage.Code(rawValue: key.string) else {
                // The list of languages is made only for this message: an unspecialized `joined`
                // at every label cost about 5% of the instructions to the first prompt.
                let spoken = MessageLanguage.Code.allCases.map(\.rawValue).joined(separator: ", ")
                diagnostics.error("\(entry.key): \(Self.describe(keyNode)) is not a language formline speaks (\(spoken))", at: keyPosition)
                ok = false
                continue
            }
            guard let text = text(Entry(key: "\(entry.key).\(key.string)", keyPosition: keyPosition, value: value), multiline: multiline) else {
                ok = false
                continue
            }
            byLanguage[code] = text
            if first == nil { first = text }
        }
        guard ok else { return nil }
        guard let first else {
            diagnostics.error("\(entry.key) must give a text, or a text per language ({en: ..., nb: ...})", at: entry.valuePosition)
            return nil
        }
        return (byLanguage[.en] ?? first, byLanguage)
    }
}
