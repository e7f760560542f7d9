import FormCore
import Yams

/// A key of a mapping with its value, positions kept for error messages.
struct Entry {
    let key: String
    let keyPosition: Position
    let value: Node

    var valuePosition: Position { Position(value.mark) }
}

/// The keys of one mapping after unknown and duplicate keys were reported.
struct Entries {
    let position: Position
    private(set) var byKey: [String: Entry] = [:]
    /// In the order written.
    private(set) var ordered: [Entry] = []

    init(position: Position) { self.position = position }

    subscript(key: String) -> Entry? { byKey[key] }

    mutating func add(_ entry: Entry) {
        byKey[entry.key] = entry
        ordered.append(entry)
    }
}

/// Reads raw YAML nodes as written: scalars are taken from the text, never through YAML 1.1's
/// resolution (`NO` stays the string "NO"); numbers and booleans must be plain scalars.
struct YAMLNodeReader {
    let diagnostics: Diagnostics
    /// Keys renamed while recovering from duplicate keys (already reported): skipped silently.
    let skippedKeys: Set<Position>

    // MARK: Describing nodes

    /// How a node reads in a message: `"text"`, `a list`, `a mapping`.
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let s): return isNull(s) ? "empty" : "\"\(s.string)\""
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .alias: return "an alias"
        }
    }

    /// A plain `~`, `null` or nothing at all.
    static func isNull(_ s: Node.Scalar) -> Bool {
        s.style == .plain && ["", "~", "null", "Null", "NULL"].contains(s.string)
    }

    // MARK: Mappings

    /// The node as a mapping, or an error saying what it should have been.
    func mapping(_ node: Node, _ what: String) -> Node.Mapping? {
        if case .mapping(let m) = node { return m }
        diagnostics.error("\(what) must be a mapping, not \(Self.describe(node))", at: Position(node.mark))
        return nil
    }

    /// `unknown key "lable" in a field (did you mean "label"?)`.
    static func unknownKey(_ key: String, in context: String, allowed: [String]) -> String {
        "unknown key \"\(key)\" in \(context)" + NameSuggestion.hint(for: key, in: allowed)
    }

    /// The entries of `mapping`, reporting keys given twice and keys that are not in `allowed`
    /// (nil: any key), phrased by `unknown`.
    func entries(of mapping: Node.Mapping, allowed: [String]?, context: String) -> Entries {
        entries(of: mapping, allowed: allowed) { Self.unknownKey($0, in: context, allowed: allowed ?? []) }
    }

    func entries(
        of mapping: Node.Mapping, allowed: [String]?,
        unknown: (String) -> String
    ) -> Entries {
        var result = Entries(position: Position(mapping.mark))
        for (keyNode, value) in mapping {
            let keyPosition = Position(keyNode.mark)
            if skippedKeys.contains(keyPosition) { continue }
            guard case .scalar(let k) = keyNode, !Self.isNull(k) else {
                diagnostics.error("a key must be a name, not \(Self.describe(keyNode))", at: keyPosition)
                continue
            }
            let key = k.string
            if let first = result[key] {
                diagnostics.error("duplicate key \"\(key)\" (first on line \(first.keyPosition.line))", at: keyPosition)
                continue
            }
            if let allowed, !allowed.contains(key) {
                diagnostics.error(unknown(key), at: keyPosition)
                continue
            }
            result.add(Entry(key: key, keyPosition: keyPosition, value: value))
        }
        return result
    }

    /// Reports a key that must be present; `why` finishes the sentence.
    func missing(_ key: String, in entries: Entries, _ why: String = "") {
        diagnostics.error("missing \"\(key)\"\(why)", at: entries.position)
    }

    // MARK: Scalars

    /// Any scalar, as written; an error for a list, a mapping or an empty value.
    func string(_ entry: Entry) -> String? {
        guard case .scalar(let s) = entry.value, !Self.isNull(s) else {
            if case .scalar = entry.value {
                diagnostics.error("\(entry.key) needs a value", at: entry.keyPosition)
            } else {
                diagnostics.error("\(entry.key) must be text, not \(Self.describe(entry.value))", at: entry.valuePosition)
            }
            return nil
        }
        return s.string
    }

    /// Text the form shows the operator (a title, a label, help, a message): `string`, refused
    /// with its position when it holds what `FormTextRule` refuses. Line breaks and tabs only
    /// where `multiline` (help).
    func text(_ entry: Entry, multiline: Bool = false) -> String? {
        guard let s = string(entry) else { return nil }
        return checkedText(s, named: entry.key, at: entry.valuePosition, multiline: multiline) ? s : nil
    }

    /// Reports `s` when `FormTextRule` refuses it; true when it is fine.
    func checkedText(_ s: String, named what: String, at position: Position, multiline: Bool = false) -> Bool {
        guard let problem = FormTextRule.problem(s, multiline: multiline) else { return true }
        diagnostics.error("\(what) holds \(problem): form text can't hold control characters, bidi controls or stacked combining marks", at: position)
        return false
    }

    /// `true` or `false` (any case), unquoted: `yes`/`no`/`on`/`off` are rejected as ambiguous.
    func bool(_ entry: Entry) -> Bool? {
        if case .scalar(let s) = entry.value, s.style == .plain {
            switch s.string.lowercased() {
            case "true": return true
            case "false": return false
            default: break
            }
        }
        diagnostics.error("\(entry.key) must be true or false, not \(Self.describe(entry.value))", at: entry.valuePosition)
        return nil
    }

    /// A whole number of at least 0, written as a number.
    func count(_ entry: Entry) -> Int? {
        if case .scalar(let s) = entry.value, s.style == .plain, !s.string.isEmpty, s.string.count <= 9,
           s.string.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(s.string) {
            return n
        }
        diagnostics.error(
            "\(entry.key) must be a whole number of 0 or more, not \(Self.describe(entry.value))",
            at: entry.valuePosition)
        return nil
    }

    /// A scalar written without quotes (numbers and dates), or nil after an error.
    func plainScalar(_ entry: Entry, expected: String) -> String? {
        if case .scalar(let s) = entry.value, s.style == .plain, !Self.isNull(s) { return s.string }
        diagnostics.error("\(entry.key) must be \(expected), not \(Self.describe(entry.value))", at: entry.valuePosition)
        return nil
    }

    /// A list of non-empty scalars with their positions; a single scalar is not taken as a list.
    func stringList(_ entry: Entry) -> [(String, Position)]? {
        guard case .sequence(let items) = entry.value else {
            diagnostics.error("\(entry.key) must be a list, not \(Self.describe(entry.value))", at: entry.valuePosition)
            return nil
        }
        var result: [(String, Position)] = []
        var ok = true
        for item in items {
            guard case .scalar(let s) = item, !Self.isNull(s) else {
                diagnostics.error(
                    "each item of \(entry.key) must be text, not \(Self.describe(item))", at: Position(item.mark))
                ok = false
                continue
            }
            result.append((s.string, Position(item.mark)))
        }
        return ok ? result : nil
    }
}
