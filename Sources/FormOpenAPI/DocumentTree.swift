import FormCore
import Yams

/// A document's bytes as one JSON tree, whichever of JSON or YAML it was written in.
///
/// formline walks the tree itself (not a typed OpenAPI model) so every problem names the JSON
/// pointer it is about, 3.0 and 3.1 spellings are read side by side, and the work on a hostile
/// document is bounded here: its size, its nesting, and (YAML aliases can repeat a subtree
/// without limit) the number of nodes read.
enum DocumentTree {
    /// Bigger documents are refused before parsing (the 2,000-operation benchmark is 5 MB).
    static let maximumBytes = 64 << 20
    /// YAML nodes read, counting every repetition of an aliased subtree ("billion laughs"): at
    /// most one per two bytes of text (no node takes fewer), so aliases can't multiply the work.
    static func maximumNodes(forBytes count: Int) -> Int { 1_000 + count / 2 }
    /// YAML nesting (JSON has JSONParser's own bound).
    static let maximumDepth = 256

    static func parse(_ bytes: [UInt8]) throws(OpenAPIError) -> DocValue {
        guard bytes.count <= maximumBytes else {
            throw .tooLarge("\(bytes.count) bytes, over the \(maximumBytes >> 20) MiB formline reads")
        }
        let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        if first == UInt8(ascii: "{") {
            guard let value = JSONParser.parse(bytes, as: DocValue.self) else {
                throw .notOpenAPI("it starts like JSON but is not valid JSON (or nests over \(JSONParser.maximumDepth) deep)")
            }
            return value
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .notOpenAPI("it is not UTF-8 text")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8)
        } catch {
            throw .notOpenAPI("it is neither JSON nor YAML (\(error))")
        }
        guard let node else { throw .notOpenAPI("the file is empty") }
        var budget = maximumNodes(forBytes: bytes.count)
        return try value(of: node, depth: 0, budget: &budget)
    }

    private static func value(of node: Node, depth: Int, budget: inout Int) throws(OpenAPIError) -> DocValue {
        budget -= 1
        guard budget >= 0 else { throw .tooLarge("more YAML nodes than the text could hold without aliases repeating them (an alias bomb?)") }
        guard depth <= maximumDepth else { throw .tooLarge("YAML nested over \(maximumDepth) deep") }
        switch node {
        case .scalar(let scalar):
            return scalarValue(scalar)
        case .sequence(let sequence):
            var items: [DocValue] = []
            for item in sequence { items.append(try value(of: item, depth: depth + 1, budget: &budget)) }
            return .array(items)
        case .mapping(let mapping):
            var members = DocObject()
            for (key, item) in mapping {
                members.set(key.scalar?.string ?? "", try value(of: item, depth: depth + 1, budget: &budget))
            }
            return .object(members)
        case .alias:
            throw .notOpenAPI("an unresolved YAML alias")
        }
    }

    /// YAML 1.2's core schema for plain scalars (`true`, `~`, `12`, `1.5`); anything quoted, and
    /// any other plain text, is a string.
    private static func scalarValue(_ scalar: Node.Scalar) -> DocValue {
        let s = scalar.string
        guard scalar.style == .plain || scalar.style == .any else { return .string(s) }
        switch s {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if isNumber(s) { return .number(s.hasPrefix("+") ? String(s.dropFirst()) : s) }
        return .string(s)
    }

    private static func isNumber(_ s: String) -> Bool {
        var chars = Substring(s)
        if chars.first == "-" || chars.first == "+" { chars = chars.dropFirst() }
        let digits = chars.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return false }
        var rest = chars.dropFirst(digits.count)
        if rest.first == "." {
            rest = rest.dropFirst()
            rest = rest.drop { $0.isASCII && $0.isNumber }
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}

/// RFC 6901 JSON pointers.
enum JSONPointer {
    /// One reference token, escaped (`~` -> `~0`, `/` -> `~1`).
    static func escape(_ token: String) -> String {
        token.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    static func appending(_ pointer: String, _ tokens: String...) -> String {
        tokens.reduce(pointer) { $0 + "/" + escape($1) }
    }

    /// The value at a pointer (without the leading `#`), or nil.
    static func resolve(_ pointer: String, in root: DocValue) -> DocValue? {
        guard !pointer.isEmpty else { return root }
        guard pointer.hasPrefix("/") else { return nil }
        var current = root
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = String(raw).removingPercentEscapes().replacing("~1", with: "/").replacing("~0", with: "~")
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let items):
                guard let i = Int(token), items.indices.contains(i) else { return nil }
                current = items[i]
            case .null, .bool, .number, .string:
                return nil
            }
        }
        return current
    }
}

extension String {
    /// `%7B` -> `{` (a `$ref` is a URI fragment, so generators may percent-encode it).
    fileprivate func removingPercentEscapes() -> String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let b = utf8.first {
            if b == UInt8(ascii: "%"), utf8.count >= 3,
               let v = UInt8(String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(b)
                utf8 = utf8.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
