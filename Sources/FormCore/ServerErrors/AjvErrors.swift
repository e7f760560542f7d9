/// Ajv's error objects as an Express app sends them (`res.status(400).json({errors: validate.errors})`).
///
/// - ajv 6: `{"keyword": "minLength", "dataPath": ".username", "schemaPath": "...", "params":
///   {"limit": 3}, "message": "should NOT be shorter than 3 characters"}`; `dataPath` is
///   JavaScript property syntax (`.items[0].name`, `['first-name']`), or a JSON Pointer with
///   `jsonPointers: true`;
/// - ajv 8: the same with `instancePath` as a JSON Pointer (`/username`);
/// - `required` names the parent object; `params.missingProperty` is then the field;
/// - the code is `keyword`; a bare top-level array of these entries is read the same way.
///
/// Code rather than a preset (`ErrorShape`): `required` names the parent object and the field is
/// `params.missingProperty` appended to it, and the message falls back to the keyword.
/// A flavour of the `list` dialect: `errors: list` reads it too (`ErrorListErrors` hands it over).
enum AjvErrors: ServerErrorDialect {
    static let dialect = ErrorDialect.list
    static let isFlavour = true
    static let claims = [shapeClaim]

    static let shapeClaim = DialectClaim(rank: 90, .list, .shape, "`errors` is a list whose entries have `keyword` and `instancePath` or `dataPath`") { json in
        json["errors"]?.arrayValue.map(isAjvList) ?? false
    }

    /// Entries that are ajv's: `keyword` beside `instancePath` or `dataPath`.
    static func isAjvList(_ entries: [JSONValue]) -> Bool {
        entries.contains { $0["keyword"] != nil && ($0["instancePath"] != nil || $0["dataPath"] != nil) }
    }

    static let ownReader = "the list reader for ajv (its own code: `instancePath`/`dataPath` plus `params.missingProperty`)"

    static func parse(_ json: JSONValue) -> [ServerError]? {
        guard let list = json["errors"]?.arrayValue ?? json.arrayValue else { return nil }
        var errors: [ServerError] = []
        for entry in list {
            guard entry.objectValue != nil, let keyword = entry["keyword"]?.scalarText else { return nil }
            let message = entry["message"]?.scalarText ?? keyword
            var path = (entry["instancePath"] ?? entry["dataPath"])?.stringValue.flatMap(ServerPath.pointer) ?? []
            if let missing = entry["params"]?["missingProperty"]?.stringValue, let property = ServerPath.dotted(missing) {
                if !path.ends(with: property) { path += property }
            }
            errors.append(ServerError(path: path.isEmpty ? nil : path, message: message, code: keyword))
        }
        return errors
    }
}

private extension Array where Element: Equatable {
    func ends(with suffix: [Element]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
