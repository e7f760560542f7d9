import Yams

/// Composes a form file's YAML into nodes, turning Yams' errors into positioned form-file errors.
///
/// Yams stops at the first duplicate key of a mapping. So that one pass still reports everything,
/// each duplicate is reported at its second occurrence, renamed in a copy of the text (keeping every
/// column) and the text composed again; the reader then skips the renamed keys. Each round parses
/// the whole text again, so only the first `locatedDuplicates` are located this way (a 5 MB file
/// with 150 duplicates was parsed 100 times); the rest are one error naming them (bound 8d).
struct YAMLDocument {
    /// How many duplicate keys are located (and parsed past) before the rest are reported together.
    static let locatedDuplicates = 10

    let root: Node?
    let skippedKeys: Set<Position>

    static func compose(_ text: String, diagnostics: Diagnostics) -> YAMLDocument {
        // Split into lines only when there is a duplicate to rename (most files have none).
        var lines: [[Unicode.Scalar]] = []
        var skipped: Set<Position> = []
        var current = text
        let noConstructor = Constructor([:], [:], [:])
        for attempt in 0...locatedDuplicates {
            do {
                // The basic resolver: scalars are read as written (by style), so YAML 1.1 tag guessing, and
                // the regular expressions it compiles at start-up, are not needed. Nothing is constructed
                // from the nodes either (the readers do that), and the text is UTF-8: naming both spares
                // building Yams' default constructor tables and reading its encoding variable at start-up.
                let root = try Yams.compose(yaml: current, .basic, noConstructor, .utf8)
                return YAMLDocument(root: root, skippedKeys: skipped)
            } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
                if attempt == locatedDuplicates {
                    let named = duplicates.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
                    diagnostics.error(
                        "more duplicate keys (\(named)\(duplicates.count > 5 ? ", ..." : "") in this mapping): "
                            + "only the first \(locatedDuplicates) are located, fix them and check again",
                        at: Position(line: context.mark.line, column: context.mark.column))
                    return YAMLDocument(root: nil, skippedKeys: skipped)
                }
                if lines.isEmpty {
                    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
                }
                let key = duplicates.first ?? ""
                let first = Position(line: context.mark.line, column: context.mark.column)
                guard let second = secondOccurrence(of: key, after: first, in: lines) else {
                    diagnostics.error("duplicate key \"\(key)\"", at: first)
                    return YAMLDocument(root: nil, skippedKeys: skipped)
                }
                diagnostics.error("duplicate key \"\(key)\" (first on line \(first.line))", at: second)
                rename(key, at: second, in: &lines, attempt: attempt)
                skipped.insert(second)
                current = lines.map { line in
                    var s = ""
                    s.unicodeScalars.append(contentsOf: line)
                    return s
                }.joined(separator: "\n")
            } catch let error as YamlError {
                report(error, diagnostics: diagnostics)
                return YAMLDocument(root: nil, skippedKeys: skipped)
            } catch {
                diagnostics.error("invalid YAML: \(error)", at: .start)
                return YAMLDocument(root: nil, skippedKeys: skipped)
            }
        }
        return YAMLDocument(root: nil, skippedKeys: skipped)
    }

    /// A backslash in double quotes starts a YAML escape, so a pattern like `"^\d+$"` fails to
    /// load: say how to write it, since the YAML message alone does not.
    static func escapeAdvice(_ problem: String) -> String {
        guard problem.contains("unknown escape character") else { return "" }
        return #": in double quotes a backslash starts an escape; write a pattern in single quotes, like '^\d+$'"#
    }

    private static func report(_ error: YamlError, diagnostics: Diagnostics) {
        func context(_ c: YamlError.Context?) -> String {
            guard let c, !c.text.isEmpty else { return "" }
            return " (\(c.text) at line \(c.mark.line), column \(c.mark.column))"
        }
        switch error {
        case .scanner(let c, let problem, let mark, _), .parser(let c, let problem, let mark, _),
             .composer(let c, let problem, let mark, _):
            diagnostics.error("invalid YAML: \(problem)\(context(c))\(escapeAdvice(problem))", at: Position(mark))
        case .reader(let problem, let offset, _, let yaml):
            var position = Position.start
            if let offset {
                let before = yaml.prefix(offset)
                let line = before.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
                position = Position(
                    line: before.filter { $0 == "\n" }.count + 1, column: line.unicodeScalars.count + 1)
            }
            diagnostics.error("invalid YAML: \(problem)", at: position)
        default:
            diagnostics.error("invalid YAML: \(error)", at: .start)
        }
    }

    /// Where `key` is given again in the mapping whose earlier key is at `first`: later on the same
    /// line (a flow mapping), or on a later line at the same column before the mapping ends.
    static func secondOccurrence(of key: String, after first: Position, in lines: [[Unicode.Scalar]]) -> Position? {
        let keyScalars = Array(key.unicodeScalars)
        let forms = [keyScalars, ["\""] + keyScalars + ["\""], ["'"] + keyScalars + ["'"]]
        let lineIndex = first.line - 1
        guard lines.indices.contains(lineIndex) else { return nil }

        func isKey(at column: Int, in line: [Unicode.Scalar]) -> Bool {
            forms.contains { form in
                let end = column + form.count
                guard end <= line.count, Array(line[column..<end]) == form else { return false }
                let rest = line[end...].drop { $0 == " " || $0 == "\t" }
                return rest.first == ":"
            }
        }

        // A flow mapping on one line: `{a: 1, a: 2}`.
        let line = lines[lineIndex]
        let start = min(first.column - 1, line.count)
        let before = line[..<start].last { $0 != " " && $0 != "\t" }
        if before == "{" || before == "," {
            var c = start + 1
            while c < line.count {
                if line[c - 1] == "," || line[c - 1] == " " || line[c - 1] == "{", isKey(at: c, in: line) {
                    return Position(line: first.line, column: c + 1)
                }
                c += 1
            }
        }
        // A block mapping: later lines indented to the same column.
        for i in (lineIndex + 1)..<lines.count {
            let l = lines[i]
            guard let indent = l.firstIndex(where: { $0 != " " }), l[indent] != "#", l[indent] != "\r" else { continue }
            if indent + 1 < first.column { return nil }
            if indent + 1 == first.column, isKey(at: indent, in: l) {
                return Position(line: i + 1, column: first.column)
            }
        }
        return nil
    }

    /// Replaces the key at `position` by private-use characters, one per character of the key (so
    /// every column stays where it was), the first one distinct per attempt.
    private static func rename(_ key: String, at position: Position, in lines: inout [[Unicode.Scalar]], attempt: Int) {
        let i = position.line - 1
        var start = position.column - 1
        if lines[i][start] == "\"" || lines[i][start] == "'" { start += 1 }
        for (n, offset) in (start..<(start + key.unicodeScalars.count)).enumerated() {
            let value = UInt32(0xE000 + (n == 0 ? attempt + 1 : 0))
            if let scalar = Unicode.Scalar(value), offset < lines[i].count { lines[i][offset] = scalar }
        }
    }
}
