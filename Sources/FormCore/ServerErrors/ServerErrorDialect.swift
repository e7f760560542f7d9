/// One error dialect: which responses it claims and how it reads them. Each dialect is one type
/// conforming to this, in its own file; `DialectDetection.order` lists the claims `auto` tries.
protocol ServerErrorDialect {
    /// The name a form file gives it (`submit.errors`).
    static var dialect: ErrorDialect { get }
    /// The errors in `json`, or nil when the body is not in this dialect's shape.
    static func parse(_ json: JSONValue) -> [ServerError]?
}

/// A dialect's reason for reading a response as its own: a media type (with an optional further
/// test of the body) or a body shape alone.
struct DialectClaim: Sendable {
    enum Basis: Sendable, Equatable {
        /// Claimed by the response's media type (compared as `MediaType.of` gives it).
        case mediaType(String)
        /// Claimed by the body's shape, whatever the content type.
        case shape
    }

    let dialect: ErrorDialect
    let basis: Basis
    /// The rule in words, as docs/server-errors.md lists it.
    let rule: String
    let test: @Sendable (JSONValue) -> Bool

    init(_ dialect: ErrorDialect, _ basis: Basis, _ rule: String, _ test: @escaping @Sendable (JSONValue) -> Bool) {
        self.dialect = dialect
        self.basis = basis
        self.rule = rule
        self.test = test
    }

    func claims(mediaType: String?, json: JSONValue) -> Bool {
        switch basis {
        case .mediaType(let claimed): return mediaType == claimed && test(json)
        case .shape: return test(json)
        }
    }
}
