/// Reads JSON text (RFC 8259) into a `JSONValue`, keeping every number's text exactly as written.
///
/// ```swift
/// JSONParser.parse(Array(#"{"total":12.50,"id":12345678901234567890123}"#.utf8))
/// // .object(["total": .number("12.50"), "id": .number("12345678901234567890123")])
/// ```
///
/// A decoder that goes through `Double` turns `12.50` into `12.5`, drops
/// `12345678901234567890123` and rounds `0.1000000000000000055511151231257827`: a draft must give
/// back what the operator typed, so numbers are never converted. Hostile input stays bounded:
/// nesting deeper than `maximumDepth` is refused (no recursion beyond it), and the work is one
/// pass over the bytes.
///
/// The reader builds any `JSONTree`: FormCore's `JSONValue` (objects unordered), or a caller's own
/// tree (the OpenAPI reader keeps each object's member order, the order of a form's questions).
package enum JSONParser {
    /// Deeper nesting is refused (as Foundation's decoder refuses it).
    package static let maximumDepth = 512

    /// The value, or nil when `bytes` is not one JSON value (trailing text, invalid UTF-8,
    /// nesting over `maximumDepth`).
    package static func parse(_ bytes: [UInt8]) -> JSONValue? {
        parse(bytes, as: JSONValue.self)
    }

    /// The value with each object's members in the order written (duplicates kept), or nil as
    /// for `parse`. Here, not in the caller's module, so the reader is specialized for the tree:
    /// read through the generic entry point from another module, a batch record's line cost
    /// twice as much.
    package static func parseOrdered(_ bytes: [UInt8]) -> OrderedJSON? {
        parse(bytes, as: OrderedJSON.self)
    }

    /// The same, building a tree of the caller's type.
    package static func parse<Tree: JSONTree>(_ bytes: [UInt8], as _: Tree.Type) -> Tree? {
        var reader = Reader<Tree>(bytes: bytes)
        // A UTF-8 byte order mark is tolerated, as before.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == bytes.count ? value : nil
    }

    private struct Reader<Tree: JSONTree> {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> Tree? {
            guard depth <= JSONParser.maximumDepth else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(Tree.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString, _ value: Tree) -> Tree? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
            guard bytes[index..<index + count].elementsEqual(expected) else { return nil }
            index += count
            return value
        }

        mutating func object(depth: Int) -> Tree? {
            index += 1
            var members = Tree.emptyMembers()
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let member = value(depth: depth + 1) else { return nil }
                Tree.add(key, member, to: &members)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                return .object(members)
            }
        }

        mutating func array(depth: Int) -> Tree? {
            index += 1
            var items: [Tree] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { return nil }
                index += 1
                return .array(items)
            }
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
        mutating func number() -> Tree? {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits() > 0 else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return nil }
            }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        /// A string starting at the opening quote; nil on a bad escape, a control character or
        /// invalid UTF-8.
        mutating func string() -> String? {
            index += 1
            // Runs between escapes are validated and appended whole (a string without escapes,
            // nearly every one, is its one run): appending them a scalar at a time was most of
            // the time spent reading a batch record.
            var text = ""
            var runStart = index
            // An ASCII run is valid UTF-8 as it is: made into a String without the validating
            // initializer, whose generic road was a third of reading a batch record.
            var runIsASCII = true
            func flushRun(_ end: Int) -> Bool {
                guard runStart < end else { return true }
                let run: String
                if runIsASCII {
                    run = String(decoding: bytes[runStart..<end], as: UTF8.self)
                } else {
                    guard let valid = String(validating: bytes[runStart..<end], as: UTF8.self) else { return false }
                    run = valid
                }
                if text.isEmpty { text = run } else { text += run }
                return true
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    guard flushRun(index) else { return nil }
                    index += 1
                    return text
                }
                if byte < 0x20 { return nil }
                if byte != UInt8(ascii: "\\") {
                    if byte >= 0x80 { runIsASCII = false }
                    index += 1
                    continue
                }
                guard flushRun(index) else { return nil }
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): text.unicodeScalars.append("\"")
                case UInt8(ascii: "\\"): text.unicodeScalars.append("\\")
                case UInt8(ascii: "/"): text.unicodeScalars.append("/")
                case UInt8(ascii: "b"): text.unicodeScalars.append("\u{08}")
                case UInt8(ascii: "f"): text.unicodeScalars.append("\u{0C}")
                case UInt8(ascii: "n"): text.unicodeScalars.append("\n")
                case UInt8(ascii: "r"): text.unicodeScalars.append("\r")
                case UInt8(ascii: "t"): text.unicodeScalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    text.unicodeScalars.append(scalar)
                default: return nil
                }
                runStart = index
                runIsASCII = true
            }
            return nil
        }

        /// The scalar of `XXXX` (after `\u`), a surrogate pair joined; nil for a lone surrogate.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                index += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt32
                switch byte {
                case 48...57: digit = UInt32(byte - 48)
                case 65...70: digit = UInt32(byte - 55)
                case 97...102: digit = UInt32(byte - 87)
                default: return nil
                }
                value = value << 4 | digit
            }
            index += 4
            return value
        }
    }
}

/// What `JSONParser` builds: a value per JSON kind (an enum's cases satisfy these), and how an
/// object's members are collected.
package protocol JSONTree {
    associatedtype Members
    static var null: Self { get }
    static func bool(_ value: Bool) -> Self
    /// The number's text exactly as written.
    static func number(_ text: String) -> Self
    static func string(_ value: String) -> Self
    static func array(_ items: [Self]) -> Self
    static func object(_ members: Members) -> Self
    static func emptyMembers() -> Members
    /// A later duplicate key replaces the earlier one's value.
    static func add(_ key: String, _ value: Self, to members: inout Members)
}

extension JSONValue: JSONTree {
    package static func emptyMembers() -> [String: JSONValue] { [:] }
    package static func add(_ key: String, _ value: JSONValue, to members: inout [String: JSONValue]) {
        members[key] = value
    }
}

/// A JSON value whose objects keep their members in the order written, duplicates included (an
/// answers line applies in file order, and its reader refuses duplicates itself).
package enum OrderedJSON: JSONTree, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([OrderedJSON])
    case object([(key: String, value: OrderedJSON)])

    package static func emptyMembers() -> [(key: String, value: OrderedJSON)] {
        // Room for a record's handful of answers at once, rather than growing four times.
        var members: [(key: String, value: OrderedJSON)] = []
        members.reserveCapacity(8)
        return members
    }
    package static func add(_ key: String, _ value: OrderedJSON, to members: inout [(key: String, value: OrderedJSON)]) {
        members.append((key, value))
    }
}
