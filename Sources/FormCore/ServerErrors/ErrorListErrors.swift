extension ErrorDialect {
    /// A list of error entries: Spring, express-validator (`ErrorListErrors`).
    public static let list = ErrorDialect(declaring: "list")
}

/// A list of error entries, each naming its field, as Spring and express-validator send it.
///
/// - Spring (`BindingResult`): `{"errors": [{"field": "email", "defaultMessage": "must be a
///   well-formed email address", "code": "Email", "objectName": "signup"}]}`; a global
///   (object) error has no `field`;
/// - express-validator 7: `{"errors": [{"type": "field", "path": "email", "msg": "Invalid value",
///   "location": "body"}]}`; version 6 says `param` instead of `path`; `msg` may be an object
///   `{"message": ..., "code": ...}`;
/// - a bare top-level array of such entries is read the same way;
/// - paths read `items[0].name` or `items.0.name`; an entry without one is a non-field error;
/// - the code is `code`, else `type`;
/// - ajv's error objects (`keyword` beside `instancePath`/`dataPath`) are read by `AjvErrors`.
enum ErrorListErrors: ServerErrorDialect {
    static let dialect = ErrorDialect.list
    static let claims = [bareArrayClaim, errorsListClaim]

    static let bareArrayClaim = DialectClaim(rank: 50, .list, .shape, "a top-level array") { json in json.arrayValue != nil }

    static let errorsListClaim = DialectClaim(rank: 150, .list, .shape, "`errors` is a list (of entries no earlier claim took)") { json in
        json["errors"]?.arrayValue != nil
    }

    /// Presets of the structural reader, for the body as the list and for `errors`.
    static let bareListPreset = StructuralPreset(name: "list", layout: .entries(shape(list: [])))
    static let errorsPreset = StructuralPreset(name: "list", layout: .entries(shape(list: ["errors"])))

    private static func shape(list: [String]) -> ErrorShape {
        var shape = ErrorShape(
            list: list, path: ["field", "path", "param"], pathSyntax: .dotted, message: ["defaultMessage", "msg", "message"],
            code: ["code", "type"], droppedPrefixes: [], bareStringsAreErrors: false)
        shape.messageObjects = true
        return shape
    }

    static func parse(_ json: JSONValue) -> [ServerError]? { explained(json)?.map(\.error) }

    static func explained(_ json: JSONValue) -> [(error: ServerError, rule: String)]? {
        guard let list = json.arrayValue ?? json["errors"]?.arrayValue else { return nil }
        if AjvErrors.isAjvList(list) { return AjvErrors.explained(json) }
        return (json.arrayValue != nil ? bareListPreset : errorsPreset).explained(json)
    }
}
