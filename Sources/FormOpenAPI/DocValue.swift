import FormCore

/// A document node: JSON's values, with objects that remember their member order.
indirect enum DocValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([DocValue])
    case object(DocObject)

    subscript(key: String) -> DocValue? {
        if case .object(let o) = self { return o[key] } else { return nil }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var object: DocObject? { if case .object(let o) = self { o } else { nil } }
    var array: [DocValue]? { if case .array(let a) = self { a } else { nil } }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// A number's text as written (`12.50`).
    var number: String? { if case .number(let n) = self { n } else { nil } }

    /// Compact JSON text (keys in document order), for help texts and comments.
    var compactText: String { json.compactText }

    /// The same value as FormCore's JSON (for its text writer).
    var json: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.json))
        case .object(let o): return .object(Dictionary(o.keys.compactMap { k in o[k].map { (k, $0.json) } }, uniquingKeysWith: { a, _ in a }))
        }
    }
}

/// An object's members in document order; a repeated key keeps its first place and last value.
struct DocObject: Sendable, Equatable {
    private(set) var keys: [String] = []
    private var values: [String: DocValue] = [:]

    subscript(key: String) -> DocValue? { values[key] }

    mutating func set(_ key: String, _ value: DocValue) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }

    mutating func remove(_ key: String) {
        if values.removeValue(forKey: key) != nil { keys.removeAll { $0 == key } }
    }

    var isEmpty: Bool { keys.isEmpty }
    var members: [(key: String, value: DocValue)] { keys.compactMap { k in values[k].map { (k, $0) } } }
}

/// FormCore's JSON reader builds `DocValue`s directly: one reader, objects in document order.
extension DocValue: JSONTree {
    static func emptyMembers() -> DocObject { DocObject() }
    static func add(_ key: String, _ value: DocValue, to members: inout DocObject) { members.set(key, value) }
}
