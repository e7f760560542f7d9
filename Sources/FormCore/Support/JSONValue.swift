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
            for (i, key) in members.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }).enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                members[key]?.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
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

