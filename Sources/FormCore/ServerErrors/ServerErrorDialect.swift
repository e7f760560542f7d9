/// One error dialect: its name, which responses it claims and how it reads them. Each dialect is
/// one type conforming to this, in its own file, listed once in `DialectRegistry.readers`.
protocol ServerErrorDialect: Sendable {
    /// The name a form file gives it (`submit.errors`), declared in the reader's file; a flavour
    /// gives the name of the dialect it extends.
    static var dialect: ErrorDialect { get }
    /// A flavour is read under another dialect's name, by that dialect's reader (which hands the
    /// body over), and only adds claims of its own: `drf`'s drf-standardized-errors bodies.
    static var isFlavour: Bool { get }
    /// Its reasons for reading a response as its own; `auto` tries every reader's claims in the
    /// order of their ranks (`DialectDetection.order`).
    static var claims: [DialectClaim] { get }
    /// The errors in `json`, or nil when the body is not in this dialect's shape.
    static func parse(_ json: JSONValue) -> [ServerError]?
    /// The same errors, each with the rule that read it (`formline explain`): a preset's
    /// structural rule, or what the dialect's own reader is.
    static func explained(_ json: JSONValue) -> [(error: ServerError, rule: String)]?
    /// How `explain` names a reader that is not a preset: `the drf reader (its own code: ...)`.
    static var ownReader: String { get }
}

extension ServerErrorDialect {
    static var isFlavour: Bool { false }
    static var ownReader: String { "the \(dialect) reader (its own code)" }
    static func explained(_ json: JSONValue) -> [(error: ServerError, rule: String)]? {
        parse(json)?.map { ($0, ownReader) }
    }
}

/// A dialect that is a preset of the structural reader, nothing more.
protocol PresetDialect: ServerErrorDialect {
    static var preset: StructuralPreset { get }
}

extension PresetDialect {
    static func parse(_ json: JSONValue) -> [ServerError]? { preset.parse(json) }
    static func explained(_ json: JSONValue) -> [(error: ServerError, rule: String)]? { preset.explained(json) }
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

    /// Where `auto` tries this claim: lower ranks first. Ranks are sparse (tens) so that a new
    /// claim takes a free number between the two claims it must come between; a test checks
    /// that no two claims share one.
    let rank: Int
    let dialect: ErrorDialect
    let basis: Basis
    /// The rule in words, as docs/server-errors.md lists it.
    let rule: String
    let test: @Sendable (JSONValue) -> Bool

    init(rank: Int, _ dialect: ErrorDialect, _ basis: Basis, _ rule: String, _ test: @escaping @Sendable (JSONValue) -> Bool) {
        self.rank = rank
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
