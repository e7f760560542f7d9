extension ErrorDialect {
    /// JSON:API (`JSONAPIErrors`).
    public static let jsonapi = ErrorDialect(declaring: "jsonapi")
}

/// JSON:API (`application/vnd.api+json`):
/// `{"errors": [{"status": "422", "source": {"pointer": "/data/attributes/title"},
/// "detail": "is too short", "code": "too_short"}]}`.
///
/// - `/data/attributes/x/y` and `/data/relationships/x` become `x.y` and `x`;
/// - `source.parameter` names a query parameter;
/// - no `source`, a pointer `/data` or `""`: a non-field error;
/// - a pointer ending in `non_field_errors` (djangorestframework-jsonapi's error on a nested
///   object, `/data/attributes/lines/1/non_field_errors`) is about the object before it;
/// - the message is `detail`, else `title`; the code is `code`.
enum JSONAPIErrors: PresetDialect {
    static let dialect = ErrorDialect.jsonapi
    static let claims = [mediaTypeClaim, shapeClaim]

    static let mediaTypeClaim = DialectClaim(rank: 40, .jsonapi, .mediaType("application/vnd.api+json"), "always") { _ in true }

    static let shapeClaim = DialectClaim(rank: 110, .jsonapi, .shape, "`errors` is a list and an entry has `source` (or the body has `jsonapi`)") { json in
        guard let entries = json["errors"]?.arrayValue else { return false }
        return json["jsonapi"] != nil || entries.contains { $0["source"] != nil }
    }

    /// A described shape: `source.pointer` (else `source.parameter`, `source.header`) as a JSON
    /// Pointer without its `/data/attributes` or `/data/relationships` (or `/data`) prefix.
    static let shape = ErrorShape(
        list: ["errors"], path: ["source.pointer", "source.parameter", "source.header"], pathSyntax: .pointer,
        message: ["detail", "title"], code: ["code"],
        droppedPrefixes: [["data", "attributes"], ["data", "relationships"], ["data"]], bareStringsAreErrors: false,
        nonFieldPaths: ["non_field_errors"])

    static let preset = StructuralPreset(name: "jsonapi", layout: .entries(shape))
}
