/// The order in which `errors: auto` asks the dialects whether a response is theirs: every
/// media-type claim first, then the shape claims, ending with a claim that takes anything.
/// docs/server-errors.md lists the same rules in the same order (a test keeps them in step).
///
/// The order is the claims' ranks (each reader declares its claims with theirs, and
/// `DialectRegistry` collects them): a shape claim must rank before any broader claim that would
/// otherwise take its bodies (`errors` as a list is last among lists).
enum DialectDetection {
    static let order: [DialectClaim] = DialectRegistry.claims

    /// The first claim that holds for this response (the last claim always holds).
    static func claim(contentType: String?, json: JSONValue) -> DialectClaim {
        let mediaType = contentType.map(MediaType.of)
        return order.first { $0.claims(mediaType: mediaType, json: json) } ?? DRFErrors.fallbackClaim
    }

    /// The claim for a response when the form prefers `preferred` (`submit.prefer_errors`, a
    /// dialect guessed from the API's documentation): the preferred dialect's first claim that
    /// holds, unless a media-type claim of another dialect holds first (the server named its
    /// format: `application/problem+json` beside a documented FastAPI 422). nil when the
    /// response does not fit the preferred dialect; `auto` decides then.
    static func preferredClaim(_ preferred: ErrorDialect, contentType: String?, json: JSONValue) -> DialectClaim? {
        let mediaType = contentType.map(MediaType.of)
        let holding = order.filter { $0.claims(mediaType: mediaType, json: json) }
        let byMediaType = holding.first { if case .mediaType = $0.basis { true } else { false } }
        if let byMediaType, byMediaType.dialect != preferred { return nil }
        return holding.first { $0.dialect == preferred }
    }
}
