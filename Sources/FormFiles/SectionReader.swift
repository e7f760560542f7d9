import FormCore
import Yams

/// A `- section: NAME` item of `fields` as read: its condition and where its fields start.
struct SectionDraft {
    let name: String
    let when: ConditionDraft?
    /// The index, in the flattened fields, of the section's first field.
    let start: Int
}

/// Reads a section: `{section: NAME, when: CONDITION, fields: [...]}`. Its fields are flattened
/// into the form's by `FormReader`, each shown only while the section's `when` (and its own) holds.
/// Sections may nest, at most `maxDepth` deep.
struct SectionReader {
    static let keys = ["section", "when", "fields"]
    static let maxDepth = 8

    let reader: YAMLNodeReader

    /// True for an item of `fields` that is a section rather than a field.
    static func isSection(_ node: Node) -> Bool {
        guard case .mapping(let mapping) = node else { return false }
        return mapping.keys.contains { $0.scalar?.string == "section" }
    }

    /// The section's name and condition, and the items of its `fields`; nil after an error that
    /// leaves nothing to read.
    func read(_ node: Node, depth: Int) -> (name: String, when: ConditionDraft?, items: [Node])? {
        guard case .mapping(let mapping) = node else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "a section")
        if depth > Self.maxDepth, let e = entries["section"] {
            reader.diagnostics.error("sections nest at most \(Self.maxDepth) deep", at: e.keyPosition)
            return nil
        }
        let name = entries["section"].flatMap(reader.string)
        if entries["when"] == nil {
            reader.missing("when", in: entries, ": the condition every field of the section shares")
        }
        let when = entries["when"].flatMap { ConditionReader(reader: reader).read($0) }
        guard let e = entries["fields"] else {
            reader.missing("fields", in: entries, ": the fields the section holds")
            return nil
        }
        guard case .sequence(let items) = e.value else {
            reader.diagnostics.error("fields must be a list, not \(YAMLNodeReader.describe(e.value))", at: e.valuePosition)
            return nil
        }
        if items.isEmpty { reader.diagnostics.error("a section must list at least one field", at: e.valuePosition) }
        return (name ?? "", when, Array(items))
    }
}
