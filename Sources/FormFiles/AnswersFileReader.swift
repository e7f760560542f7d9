#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormSystem
import Yams

/// Reads `fill --answers FILE`: YAML or JSON (JSON is YAML), a mapping with the payload's nesting
/// (`address: {city: Oslo}` answers `address.city`). Each scalar becomes the text an operator
/// would type, exactly as written (`042` stays `042`); a list of scalars becomes `a, b` (a
/// multichoice); an empty value (`age:`) is no answer. A byte-order mark and CRLF line ends are
/// fine. The file is bounded (1 MiB, 10,000 answers, 32 levels), and so is the work of reading
/// it: YAML aliases let a 1 KiB file name a billion keys, so at most 100,000 keys and list items
/// are looked at, and at most 100 problems are reported (one line each, then a count).
package enum AnswersFileReader {
    package struct Answers: Sendable {
        package var answers: [ScriptedAnswer]
        /// Why the file may not hold a secret (`PrivateFileRule`: others may read or write it, or
        /// another user owns it), worded to follow the file's name; nil when it is private.
        package var notPrivate: String?
    }

    static let byteLimit = 1 << 20
    static let answerLimit = 10_000
    static let depthLimit = 32
    /// Keys and list items looked at, aliases expanded: far above any real form's answers.
    static let nodeLimit = 100_000
    /// Problems listed before the rest are only counted: a few screens, never megabytes.
    package static let problemLimit = 100

    /// The answers in `path`, or one message per problem (`FILE:LINE: ...`). `name` is how
    /// origins and messages name the file (default: `path`); a recorded session names it as its
    /// transcript does, so the replay shows the same text from any folder.
    package static func read(path: String, name: String? = nil) -> Result<Answers, FormLoadErrors> {
        let shown = name ?? path
        let file: (bytes: [UInt8], info: stat)
        do {
            file = try WholeFile.readWithInfo(path, limit: byteLimit)
        } catch {
            return .failure(FormLoadErrors(messages: ["\(shown): cannot read: \(error.reason)"]))
        }
        // Judged on the file that was read (fstat), by the rule `--secret file:` follows.
        let notPrivate = PrivateFileRule.problem(file.info).map(\.description)
        return parse(bytes: file.bytes, path: shown).map { Answers(answers: $0, notPrivate: notPrivate) }
    }

    package static func parse(bytes: [UInt8], path: String) -> Result<[ScriptedAnswer], FormLoadErrors> {
        // Left in, a byte-order mark makes Yams refuse a block mapping ("did not find expected
        // <document start>"). CRLF needs nothing of ours: Yams reads it as one line break
        // everywhere, block scalars included (AnswersFileBoundsTests checks both).
        // Without a mark (nearly always) the bytes are read as they are, not copied.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let answers = AnswersJSONLine.answers(body, path: path) { return .success(answers) }
        return parseYAML(body[...], path: path)
    }

    /// The YAML road: every answers file and record the JSON line road does not take.
    package static func parseYAML(_ body: ArraySlice<UInt8>, path: String) -> Result<[ScriptedAnswer], FormLoadErrors> {
        guard let text = String(validating: body, as: UTF8.self) else {
            return .failure(FormLoadErrors(messages: ["\(path): not UTF-8 text"]))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8)
        } catch let error as YamlError {
            return .failure(FormLoadErrors(messages: ["\(path): invalid YAML or JSON: \(error)"]))
        } catch {
            return .failure(FormLoadErrors(messages: ["\(path): invalid YAML or JSON"]))
        }
        guard let root else { return .success([]) }
        guard case .mapping(let mapping) = root else {
            return .failure(FormLoadErrors(messages: ["\(path):\(root.mark?.line ?? 1): the answers must be a mapping of field names to values"]))
        }
        // Split once, and only when a block scalar needs its header read.
        var splitLines: [Substring]?
        func fileLines() -> [Substring] {
            if let splitLines { return splitLines }
            // The line breaks YAML counts (CRLF is one Character in Swift).
            let made = text.split(omittingEmptySubsequences: false) { c in
                c == "\n" || c == "\r\n" || c == "\r" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}"
            }
            splitLines = made
            return made
        }
        var answers: [ScriptedAnswer] = []
        var problems: [String] = []
        var problemCount = 0
        var nodesSeen = 0
        var stopped = false
        func report(_ problem: String) {
            problemCount += 1
            if problemCount <= problemLimit { problems.append(problem) }
        }
        /// Counts one key or list item; false (once reported) when the file names too many.
        func visit(line: Int) -> Bool {
            nodesSeen += 1
            guard nodesSeen > nodeLimit else { return true }
            if !stopped { report("\(path):\(line): more than \(nodeLimit) keys and list items (aliases included)") }
            stopped = true
            return false
        }
        func walk(_ mapping: Node.Mapping, prefix: String, depth: Int) {
            guard depth < depthLimit else {
                report("\(path):\(mapping.mark?.line ?? 1): nested too deeply")
                return
            }
            for (keyNode, value) in mapping {
                let line = keyNode.mark?.line ?? 1
                guard !stopped, visit(line: line) else { return }
                guard case .scalar(let key) = keyNode, !key.string.isEmpty else {
                    report("\(path):\(line): a key must be a field name")
                    continue
                }
                let name = prefix.isEmpty ? key.string : prefix + "." + key.string
                guard answers.count < answerLimit else {
                    report("\(path):\(line): more than \(answerLimit) answers")
                    stopped = true
                    return
                }
                let origin = "\(path):\(line)"
                switch value {
                case .scalar(let s):
                    if isNull(s) { continue }
                    answers.append(ScriptedAnswer(path: name, text: typedText(s, lines: fileLines), origin: origin, fromCommandLine: false))
                case .mapping(let inner):
                    walk(inner, prefix: name, depth: depth + 1)
                case .sequence(let elements):
                    sequence(elements, name: name, line: line, depth: depth)
                case .alias:
                    report("\(path):\(line): \(name): aliases are not answers")
                }
            }
        }
        /// A list: plain values are a list field's items or a multichoice's choices (the wizard
        /// knows which); mappings are a group's items (`lines: [{sku: A-1}]` -> `lines.1.sku`).
        /// Item numbers are 1-based, as the operator sees them.
        func sequence(_ elements: Node.Sequence, name: String, line: Int, depth: Int) {
            var items: [ScriptedAnswer] = []
            var allPlain = true
            for (k, element) in elements.enumerated() {
                let itemName = name + "." + String(k + 1)
                let itemLine = element.mark?.line ?? line
                guard !stopped, visit(line: itemLine) else { return }
                guard answers.count + items.count < answerLimit else {
                    report("\(path):\(itemLine): more than \(answerLimit) answers")
                    stopped = true
                    return
                }
                switch element {
                case .scalar(let s):
                    // A null element still takes its place: `[10, ~, 30]` leaves item 2 unanswered.
                    items.append(ScriptedAnswer(path: itemName, text: isNull(s) ? "" : typedText(s, lines: fileLines),
                                                origin: "\(path):\(itemLine)", fromCommandLine: false))
                case .mapping(let inner):
                    allPlain = false
                    walk(inner, prefix: itemName, depth: depth + 1)
                case .sequence:
                    report("\(path):\(itemLine): \(itemName): a list inside a list is not an answer (an item is a value, or a mapping of a group's fields)")
                case .alias:
                    report("\(path):\(itemLine): \(itemName): aliases are not answers")
                }
            }
            if allPlain {
                answers.append(ScriptedAnswer(path: name, text: items.map(\.text).filter { !$0.isEmpty }.joined(separator: ", "),
                                              origin: "\(path):\(line)", fromCommandLine: false, items: items))
            } else {
                answers.append(contentsOf: items.filter { !$0.text.isEmpty })
            }
        }
        walk(mapping, prefix: "", depth: 0)
        if problemCount > problemLimit {
            problems.append("\(path): and \(problemCount - problemLimit) more problems")
        }
        return problems.isEmpty ? .success(answers) : .failure(FormLoadErrors(messages: problems))
    }

    /// A scalar as the operator would type it. A block scalar (`fault: |`) ends with the one
    /// line break YAML's default "clip" keeps, which a typed value never has: it goes. `|+` or
    /// `>+` ("keep") asks for the final line breaks, so they stay as written; `|-` has none.
    /// `lines`: the file's lines, to read the header at the scalar's mark.
    static func typedText(_ s: Node.Scalar, lines: () -> [Substring]) -> String {
        guard s.style == .literal || s.style == .folded, s.string.hasSuffix("\n"),
              !keepsFinalBreaks(s.mark, lines: lines()) else { return s.string }
        return String(s.string.dropLast())
    }

    /// Whether the block scalar header at `mark` (`|`, `|+`, `>2+`, `|+2`) has the keep
    /// indicator `+`: only the header's own few characters are looked at.
    static func keepsFinalBreaks(_ mark: Mark?, lines: [Substring]) -> Bool {
        guard let mark, mark.line >= 1, mark.line <= lines.count, mark.column >= 1 else { return false }
        // Yams counts columns in characters (Unicode scalars) from 1; the header starts at its
        // `|` or `>`.
        let header = lines[mark.line - 1].unicodeScalars.dropFirst(mark.column - 1).prefix(4)
        guard let indicator = header.first, indicator == "|" || indicator == ">" else { return false }
        for c in header.dropFirst() {
            if c == "+" { return true }
            guard c == "-" || (c >= "0" && c <= "9") else { return false }
        }
        return false
    }

    static func isNull(_ s: Node.Scalar) -> Bool {
        s.style == .plain && ["", "~", "null", "Null", "NULL"].contains(s.string)
    }
}

/// Messages for the operator, one per problem.
package struct FormLoadErrors: Error, Sendable {
    package var messages: [String]
    package init(messages: [String]) { self.messages = messages }
}
