/// One validation error from a server, whatever dialect it came in. `path` nil: a non-field error.
public struct ServerError: Sendable, Equatable, CustomStringConvertible {
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        case key(String)
        case index(Int)

        public var description: String {
            switch self {
            case .key(let k): return k
            case .index(let i): return String(i)
            }
        }
    }

    public var path: [PathComponent]?
    public var message: String
    public var code: String?

    public init(path: [PathComponent]?, message: String, code: String? = nil) {
        self.path = path
        self.message = message
        self.code = code
    }

    /// The path as an operator reads it in a banner: `items.0.name`.
    public var pathText: String? {
        path.map { $0.map(\.description).joined(separator: ".") }
    }

    public var description: String {
        (pathText.map { "\($0): " } ?? "") + message + (code.map { " [\($0)]" } ?? "")
    }
}
