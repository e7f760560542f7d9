extension ErrorDialect {
    /// FastAPI / Pydantic v2 (`FastAPIErrors`).
    public static let fastapi = ErrorDialect(declaring: "fastapi")
}

/// FastAPI / Pydantic v2: `{"detail": [{"type": "string_too_short", "loc": ["body", "username"],
/// "msg": "String should have at least 3 characters", "input": "ab", "ctx": {"min_length": 3}}]}`.
///
/// - `loc` loses its leading `body` / `query` / `path` / `header` / `cookie`;
///   `["body", "items", 0, "name"]` is `items.0.name`;
/// - `loc == ["body"]` (a model validator) is a non-field error, and so is a string `detail`
///   (`HTTPException(status_code=409, detail="...")`);
/// - the code is `type` (`value_error`, `missing`, or an app's own `PydanticCustomError` type).
enum FastAPIErrors: ServerErrorDialect {
    static let dialect = ErrorDialect.fastapi
    static let claims = [shapeClaim]

    static let shapeClaim = DialectClaim(rank: 60, .fastapi, .shape, "`detail` is a list holding `loc`/`msg` entries, or a string alone in the body") { json in
        guard let object = json.objectValue, let detail = object["detail"] else { return false }
        if let entries = detail.arrayValue, entries.contains(where: { $0["loc"] != nil || $0["msg"] != nil }) { return true }
        return detail.stringValue != nil && object.count == 1
    }

    /// The list is an `ErrorShape`; only the string `detail` needs code.
    static let shape = ErrorShape(
        list: ["detail"], path: ["loc"], pathSyntax: .loc, message: ["msg"], code: ["type"],
        droppedPrefixes: [["body"], ["query"], ["path"], ["header"], ["cookie"]], bareStringsAreErrors: false)

    /// The list is a preset of the structural reader.
    static let preset = StructuralPreset(name: "fastapi", layout: .entries(shape))

    static func parse(_ json: JSONValue) -> [ServerError]? { explained(json)?.map(\.error) }

    static func explained(_ json: JSONValue) -> [(error: ServerError, rule: String)]? {
        guard let detail = json["detail"] else { return nil }
        if let message = detail.stringValue {
            return [(ServerError(path: nil, message: message), "the fastapi reader: a string `detail` (an HTTPException) is a non-field error")]
        }
        return preset.explained(json)
    }

    /// One Pydantic error entry; nil without a message.
    static func error(from entry: JSONValue) -> ServerError? { shape.error(from: entry) }
}
