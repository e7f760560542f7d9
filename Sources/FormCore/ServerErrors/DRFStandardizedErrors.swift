/// DRF with drf-standardized-errors: `{"type": "validation_error", "errors": [{"code": "unique",
/// "detail": "A user with that username already exists.", "attr": "username"}]}`.
///
/// - `attr` is dotted (`address.city`, `items.0.name`); `null` or `non_field_errors` is non-field;
/// - `client_error` / `server_error` bodies have the same list, with `attr` null.
///
/// A flavour of the `drf` dialect: `errors: drf` reads it too (`DRFErrors` hands it over).
enum DRFStandardizedErrors: PresetDialect {
    static let dialect = ErrorDialect.drf
    static let isFlavour = true
    static let claims = [shapeClaim]

    static let shape = ErrorShape(
        list: ["errors"], path: ["attr"], pathSyntax: .dotted, message: ["detail"], code: ["code"],
        nonFieldPaths: ["non_field_errors", "__all__"])

    static let shapeClaim = DialectClaim(
        rank: 70, .drf, .shape, "`type` is `validation_error`, `client_error` or `server_error` beside an `errors` list"
    ) { json in
        guard let type = json["type"]?.stringValue, json["errors"]?.arrayValue != nil else { return false }
        return ["validation_error", "client_error", "server_error"].contains(type)
    }

    static let preset = StructuralPreset(name: "drf (drf-standardized-errors)", layout: .entries(shape))
}
