import FormCore

/// The quick road for a one-line JSON object of answers (a `batch` NDJSON record, a one-line
/// `--answers` file): read by FormCore's JSON reader instead of composing a YAML document, which
/// was a quarter of a dry run's time per record. It gives exactly the answers the YAML road gives
/// (the same names, texts, list items and origins), and it takes only what it is sure of: any
/// other input (more than one line, a tab, a byte YAML refuses or reads differently, a surrogate
/// escape, a duplicate or empty key, a limit reached, anything but an object) returns nil and is
/// read by the YAML road, which has the messages. AnswersJSONLineTests holds the two roads to the
/// same answers over generated records.
package enum AnswersJSONLine {
    /// The answers of `bytes` (no byte-order mark), or nil to take the YAML road.
    package static func answers(_ bytes: [UInt8], path: String) -> [ScriptedAnswer]? {
        let asciiWithoutEscapes = isASCIIWithoutEscapes(bytes)
        guard asciiWithoutEscapes || isPlainLine(bytes[...]), let root = JSONParser.parseOrdered(bytes),
              case .object(let members) = root else { return nil }
        var reading = Reading(origin: path + ":1", mayHoldByteOrderMark: !asciiWithoutEscapes)
        guard reading.walk(members, prefix: "", depth: 0) else { return nil }
        return reading.answers
    }

    /// Printable ASCII with no backslash and no long run of spaces (nearly every record): a
    /// plain line (`isPlainLine` says so too) whose strings cannot hold a U+FEFF, looked at in
    /// one tight pass over its bytes.
    static func isASCIIWithoutEscapes(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { line in
            var spaces = 0
            for byte in line {
                if byte == 0x20 {
                    spaces += 1
                    if spaces >= 64 { return false }
                    continue
                }
                spaces = 0
                if byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "\\") { return false }
            }
            return true
        }
    }

    /// One line of printable text YAML reads as JSON reads it: printable ASCII, and UTF-8 beyond
    /// it except what YAML calls non-printable (C1 controls, U+FEFF, U+FFFE, U+FFFF) or a line
    /// break (NEL, U+2028, U+2029: YAML folds them); no escape of a UTF-16 surrogate (YAML takes
    /// no pairs).
    static func isPlainLine(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        var spaces = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            spaces = byte == 0x20 ? spaces + 1 : 0
            switch byte {
            case 0x20 where spaces >= 64:
                // A long run of spaces may sit between a key and its `:` (YAML's simple-key limit).
                return false
            case 0x20...0x7E:
                // `\u` then `d` or `D`: a surrogate's escape (the reader refuses a lone one anyway).
                if previous == UInt8(ascii: "\\"), byte == UInt8(ascii: "u"), index + 1 < bytes.endIndex,
                   bytes[index + 1] | 0x20 == UInt8(ascii: "d") { return false }
                // `\\u` is an escaped backslash then `u`: no escape follows it.
                previous = previous == UInt8(ascii: "\\") && byte == UInt8(ascii: "\\") ? 0 : byte
            case 0xC2:
                guard index + 1 < bytes.endIndex else { return false }
                let next = bytes[index + 1]
                if next < 0xA0 { return false }
                previous = 0
            case 0xE2:
                guard index + 2 < bytes.endIndex else { return false }
                if bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) { return false }
                previous = 0
            case 0xEF:
                guard index + 2 < bytes.endIndex else { return false }
                let (b1, b2) = (bytes[index + 1], bytes[index + 2])
                if (b1 == 0xBB && b2 == 0xBF) || (b1 == 0xBF && (b2 == 0xBE || b2 == 0xBF)) { return false }
                previous = 0
            case 0x80...0xFF:
                // Other lead and continuation bytes: the JSON reader checks the UTF-8 itself.
                previous = 0
            default:
                return false
            }
            index += 1
        }
        return true
    }

    /// A JSON value with its object's members in the order written (answers apply in file order).
    typealias Ordered = OrderedJSON

    /// The walk of `AnswersFileReader.parse`, on a JSON tree: false where that walk would report
    /// a problem (the YAML road then reports it).
    private struct Reading {
        let origin: String
        /// False for a line of printable ASCII without escapes: no string of it holds a U+FEFF.
        let mayHoldByteOrderMark: Bool
        var answers: [ScriptedAnswer] = []
        var nodesSeen = 0

        init(origin: String, mayHoldByteOrderMark: Bool = true) {
            self.origin = origin
            self.mayHoldByteOrderMark = mayHoldByteOrderMark
        }

        /// A scalar as the YAML road's text: nil for null (no answer).
        func scalarText(_ value: Ordered) -> String?? {
            switch value {
            case .null: return .some(nil)
            case .bool(let flag): return flag ? "true" : "false"
            case .number(let text): return text
            case .string(let text):
                // Outer nil (not an answer of nil): the YAML road reads this string.
                if mayHoldByteOrderMark && Self.yamlReadsOtherwise(text, isKey: false) { return Optional<String?>.none }
                return text
            case .array, .object: return nil
            }
        }

        mutating func visit() -> Bool {
            nodesSeen += 1
            return nodesSeen <= AnswersFileReader.nodeLimit
        }

        /// Text YAML would read otherwise: a U+FEFF (Foundation drops one that starts a scalar,
        /// and an escape can write it), or a key long enough that YAML's simple-key limit (its
        /// `:` within 1,024 characters of the key's start) could refuse it.
        static func yamlReadsOtherwise(_ text: String, isKey: Bool) -> Bool {
            // U+FEFF is EF BB BF in UTF-8: a text without an EF byte has none (most texts).
            (isKey && text.utf8.count > 512) || (text.anyByte { $0 == 0xEF } && text.unicodeScalars.contains("\u{FEFF}"))
        }

        mutating func walk(_ members: [(key: String, value: Ordered)], prefix: String, depth: Int) -> Bool {
            guard depth < AnswersFileReader.depthLimit else { return false }
            // YAML refuses a repeated key; a record has a handful, so a linear look suffices
            // until it does not.
            if members.count > 1 {
                if members.count <= 16 {
                    for i in members.indices.dropFirst() where members[..<i].contains(where: { $0.key == members[i].key }) {
                        return false
                    }
                } else if Set(members.map(\.key)).count != members.count {
                    return false
                }
            }
            if answers.isEmpty { answers.reserveCapacity(members.count) }
            for (key, value) in members {
                guard visit(), !key.isEmpty, mayHoldByteOrderMark ? !Self.yamlReadsOtherwise(key, isKey: true) : key.utf8.count <= 512,
                      answers.count < AnswersFileReader.answerLimit else { return false }
                let name = prefix.isEmpty ? key : prefix + "." + key
                switch value {
                case .array(let elements):
                    guard sequence(elements, name: name, depth: depth) else { return false }
                case .object(let inner):
                    guard walk(inner, prefix: name, depth: depth + 1) else { return false }
                default:
                    guard case .some(let text) = scalarText(value) else { return false }
                    if let text { answers.append(ScriptedAnswer(path: name, text: text, origin: origin, fromCommandLine: false)) }
                }
            }
            return true
        }

        mutating func sequence(_ elements: [Ordered], name: String, depth: Int) -> Bool {
            var items: [ScriptedAnswer] = []
            var allPlain = true
            for (k, element) in elements.enumerated() {
                let itemName = name + "." + String(k + 1)
                guard visit(), answers.count + items.count < AnswersFileReader.answerLimit else { return false }
                switch element {
                case .array:
                    return false
                case .object(let inner):
                    allPlain = false
                    guard walk(inner, prefix: itemName, depth: depth + 1) else { return false }
                default:
                    guard case .some(let text) = scalarText(element) else { return false }
                    items.append(ScriptedAnswer(path: itemName, text: text ?? "", origin: origin, fromCommandLine: false))
                }
            }
            if allPlain {
                answers.append(ScriptedAnswer(path: name, text: items.map(\.text).filter { !$0.isEmpty }.joined(separator: ", "),
                                              origin: origin, fromCommandLine: false, items: items))
            } else {
                answers.append(contentsOf: items.filter { !$0.text.isEmpty })
            }
            return true
        }
    }
}
