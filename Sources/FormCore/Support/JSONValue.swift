#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JSON as formline sends, records and reads it. Numbers keep their text, and `compactText`
/// writes sorted keys with no spaces: the form transcripts and requests are byte-stable.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Compact JSON, keys sorted by their UTF-8 bytes, numbers as written.
    public var compactText: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            // The members sorted whole (no lookup of each key again), keys compared as bytes.
            for (i, member) in members.sorted(by: { JSONValue.utf8Precedes($0.key, $1.key) }).enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Whether `a` sorts before `b` by their UTF-8 bytes, read from contiguous storage when the
    /// strings have it (stepping two UTF-8 views was most of writing a small object).
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        let answer = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.lexicographicallyPrecedes(y) }
        }
        return (answer ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// `s` as a JSON string. Runs of bytes that need no escape (nearly every string) are appended
    /// whole, not a Unicode scalar at a time.
    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        // Nearly every string needs no escape: one scan of its bytes, then the string whole.
        let plain = s.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F || $0 == 0xE2 }
        }
        if plain == true {
            out += s
            out += "\""
            return
        }
        let utf8 = s.utf8
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            let escape: String?
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case UInt8(ascii: "\n"): escape = "\\n"
            case UInt8(ascii: "\r"): escape = "\\r"
            case UInt8(ascii: "\t"): escape = "\\t"
            case 0..<0x20, 0x7F: escape = hexEscape(UInt32(byte))
            case 0xE2:
                // U+2028 and U+2029 (E2 80 A8/A9): line breaks to JavaScript.
                let second = utf8.index(after: index)
                if second != utf8.endIndex, utf8[second] == 0x80 {
                    let third = utf8.index(after: second)
                    if third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 {
                        out += Substring(s.utf8[runStart..<index])
                        out += hexEscape(utf8[third] == 0xA8 ? 0x2028 : 0x2029)
                        index = utf8.index(after: third)
                        runStart = index
                        continue
                    }
                }
                escape = nil
            default: escape = nil
            }
            if let escape {
                out += Substring(s.utf8[runStart..<index])
                out += escape
                index = utf8.index(after: index)
                runStart = index
            } else {
                index = utf8.index(after: index)
            }
        }
        out += Substring(s.utf8[runStart..<utf8.endIndex])
        out += "\""
    }

    private static func hexEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// Parses JSON text (any top-level value), numbers kept as written; nil when it is not JSON.
    public static func parse(_ bytes: [UInt8]) -> JSONValue? {
        JSONParser.parse(bytes)
    }

    public static func parse(_ text: String) -> JSONValue? { parse(Array(text.utf8)) }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The strings a condition compares against (`Condition.holds`): a string or number as
    /// written, a boolean as "true"/"false", the strings of an array; nil for null and objects.
    package var comparableStrings: [String]? {
        switch self {
        case .string(let s), .number(let s): return [s]
        case .bool(let b): return [b ? "true" : "false"]
        case .array(let items): return items.compactMap(\.stringValue)
        case .null, .object: return nil
        }
    }

    /// The same JSON with every string, keys included, passed through `transform`.
    package func mapStrings(_ transform: (String) -> String) -> JSONValue {
        switch self {
        case .string(let s): return .string(transform(s))
        case .array(let items): return .array(items.map { $0.mapStrings(transform) })
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (key, value) in members { out[transform(key)] = value.mapStrings(transform) }
            return .object(out)
        case .null, .bool, .number: return self
        }
    }

    /// Looks up a dotted path (`address.city`) through nested objects.
    package func value(atDottedPath path: String) -> JSONValue? {
        var current: JSONValue? = self
        for key in path.split(separator: ".", omittingEmptySubsequences: false) {
            current = current?[String(key)]
        }
        return current
    }
}

