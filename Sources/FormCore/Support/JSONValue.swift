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
        String(decoding: compactUTF8, as: UTF8.self)
    }

    /// `compactText`'s bytes. Written into one byte buffer: appending piece by piece to a String
    /// cost several hundred instructions a piece, most of writing a batch report line.
    public var compactUTF8: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: JSONValue.nullBytes)
        case .bool(let b): out.append(contentsOf: b ? JSONValue.trueBytes : JSONValue.falseBytes)
        case .number(let n): JSONValue.append(n, to: &out)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            // The members sorted whole (no lookup of each key again), keys compared as bytes.
            for (i, member) in members.sorted(by: { JSONValue.utf8Precedes($0.key, $1.key) }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let nullBytes: [UInt8] = Array("null".utf8)
    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)

    /// A string's bytes, copied from its storage where it has one.
    private static func append(_ s: String, to out: inout [UInt8]) {
        if s.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
            out.append(contentsOf: s.utf8)
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
    /// whole, not a Unicode scalar at a time. Package-wide for writers that put a line together
    /// byte by byte in the order `compactText` would write it (a batch report line a record),
    /// with no value tree built for it.
    package static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if s.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, to: &out) }) == nil {
            writeEscaped(Array(s.utf8), to: &out)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes of a string's inside: `"`, `\`, control characters, DEL and U+2028/U+2029 (line
    /// breaks to JavaScript) escaped, every other byte as it is.
    private static func writeEscaped<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) where Bytes.Index == Int {
        var runStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            var escape: (value: UInt32, skip: Int)?
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0..<0x20, 0x7F: escape = (UInt32(byte), 1)
            case 0xE2 where index + 2 < bytes.endIndex && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                escape = (bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, 3)
            default: escape = nil
            }
            guard let escape else {
                index += 1
                continue
            }
            out.append(contentsOf: bytes[runStart..<index])
            appendEscape(escape.value, to: &out)
            index += escape.skip
            runStart = index
        }
        out.append(contentsOf: bytes[runStart..<bytes.endIndex])
    }

    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch value {
        case 0x22: out.append(UInt8(ascii: "\""))
        case 0x5C: out.append(UInt8(ascii: "\\"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let digits = Array("0123456789abcdef".utf8)
            out.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int((value >> UInt32(shift)) & 0xF)]) }
        }
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

