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

    static func parse(_ json: JSONValue) -> [ServerError]? {
        guard let list = json.arrayValue ?? json["errors"]?.arrayValue else { return nil }
        if AjvErrors.isAjvList(list) { return AjvErrors.parse(json) }
        var errors: [ServerError] = []
        for entry in list {
            guard let fields = entry.objectValue else { return nil }
            var code = (fields["code"] ?? fields["type"])?.scalarText
            var message = (fields["defaultMessage"] ?? fields["msg"] ?? fields["message"])?.scalarText
            if message == nil, let object = fields["msg"]?.objectValue, let inner = object["message"]?.scalarText {
                message = inner
                code = object["code"]?.scalarText ?? code
            }
            guard let message else { return nil }
            let name = (fields["field"] ?? fields["path"] ?? fields["param"])?.stringValue ?? ""
            errors.append(ServerError(path: ServerPath.dotted(name), message: message, code: code))
        }
        return errors
    }
}
