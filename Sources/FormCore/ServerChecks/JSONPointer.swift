/// A JSON Pointer (RFC 6901) a form names into a check's answer: `/name`, `/items/0/price`.
/// `~1` stands for `/` and `~0` for `~` inside a key; `""` is the whole document.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    public let tokens: [String]
    /// As written in the form file.
    public let description: String

    /// Nil when `text` is not a pointer: it must be empty or start with `/`, and `~` may only
    /// be followed by `0` or `1`.
    public init?(_ text: String) {
        guard text.isEmpty || text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            var token = ""
            var tilde = false
            for c in raw {
                if tilde {
                    switch c {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                    tilde = false
                } else if c == "~" {
                    tilde = true
                } else {
                    token.append(c)
                }
            }
            if tilde { return nil }
            tokens.append(token)
        }
        self.tokens = tokens
        self.description = text
    }

    /// The value the pointer names in `json`, or nil when it names nothing there.
    public func resolve(in json: JSONValue) -> JSONValue? {
        var current = json
        for token in tokens {
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let items):
                // RFC 6901: an index is digits without a leading zero.
                guard let i = Int(token), String(i) == token, items.indices.contains(i) else { return nil }
                current = items[i]
            case .null, .bool, .number, .string:
                return nil
            }
        }
        return current
    }

    /// The named value as one line of text: a string as is, a number or boolean as written,
    /// anything else as compact JSON; nil when the pointer names nothing or `null`.
    public func text(in json: JSONValue) -> String? {
        switch resolve(in: json) {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case .number(let n)?: return n
        case .bool(let b)?: return b ? "true" : "false"
        case let other?: return other.compactText
        }
    }
}
