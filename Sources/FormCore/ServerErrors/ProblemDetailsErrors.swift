extension ErrorDialect {
    /// Problem Details, RFC 9457 / 7807 (`ProblemDetailsErrors`).
    public static let problem = ErrorDialect(declaring: "problem")
}

/// Problem Details (`application/problem+json`).
///
/// - RFC 9457: `"errors": [{"detail": "must be a positive integer", "pointer": "#/age"}]`; the
///   pointer may also be plain (`/age`); `parameter` and `header` name query parameters and headers;
///   an entry without any of them, or pointing at the whole document, is a non-field error;
/// - RFC 7807 extension used by many APIs: `"invalid-params"` (or `invalid_params`):
///   `[{"name": "age", "reason": "must be a positive integer"}]`;
/// - Pydantic entries (fastapi-problem-details): `"errors": [{"type": "missing", "loc": ["body",
///   "name"], "msg": "Field required"}]`, read as the `fastapi` dialect reads them;
/// - Symfony's `violations` list, read as the `symfony` dialect reads it, so a forced `problem`
///   never drops the per-field list for the `detail` summary;
/// - the code is an entry's `code`, else its `type` URI;
/// - `title` / `detail` are a non-field error only when the problem lists no errors of its own:
///   beside per-field errors they merely summarise them.
enum ProblemDetailsErrors: ServerErrorDialect {
    static let dialect = ErrorDialect.problem
    static let claims = [problemJSONClaim, invalidParamsClaim, pointerClaim, emptyErrorsClaim, typeAndTitleClaim]

    static let problemJSONClaim = DialectClaim(rank: 30, .problem, .mediaType("application/problem+json"), "always") { _ in true }

    static let invalidParamsClaim = DialectClaim(rank: 100, .problem, .shape, "`invalid-params` or `invalid_params`") { json in
        json["invalid-params"] != nil || json["invalid_params"] != nil
    }

    static let pointerClaim = DialectClaim(rank: 120, .problem, .shape, "`errors` is a list and an entry has `pointer`") { json in
        json["errors"]?.arrayValue?.contains { $0["pointer"] != nil } ?? false
    }

    static let emptyErrorsClaim = DialectClaim(rank: 140, .problem, .shape, "`errors` is an empty list beside `type`, `title` or `detail`") { json in
        json["errors"]?.arrayValue?.isEmpty == true && ["type", "title", "detail"].contains { json[$0] != nil }
    }

    static let typeAndTitleClaim = DialectClaim(rank: 200, .problem, .shape, "`type` and `title`") { json in
        json.objectValue != nil && json["type"] != nil && json["title"] != nil
    }

    /// Not a preset: three lists read together (`errors` with entries of two kinds, Pydantic's
    /// and RFC 9457's, `violations`, `invalid-params`), an entry's code from `type` except the
    /// RFC's `about:blank`, and `detail` / `title` a summary only when no list holds an error.
    static let ownReader = "the problem reader (its own code: `errors`, `violations` and `invalid-params` lists; the summary only without errors)"

    static func parse(_ json: JSONValue) -> [ServerError]? { explained(json)?.map(\.error) }

    /// Each error with what read it: Symfony's violations by their preset, the rest by this
    /// reader (a Pydantic entry as the fastapi preset reads one).
    static func explained(_ json: JSONValue) -> [(error: ServerError, rule: String)]? {
        guard let object = json.objectValue else { return nil }
        var read: [(error: ServerError, rule: String)] = []
        if let entries = object["errors"] {
            guard let list = entries.arrayValue else { return nil }
            for entry in list {
                guard let error = error(from: entry) else { return nil }
                read.append((error, isPydantic(entry) ? pydanticEntry : ownReader))
            }
        }
        if object["violations"] != nil {
            guard let violations = SymfonyErrors.explained(json) else { return nil }
            read += violations
        }
        for key in ["invalid-params", "invalid_params"] {
            guard let entries = object[key] else { continue }
            guard let list = entries.arrayValue else { return nil }
            for entry in list {
                guard let error = error(from: entry) else { return nil }
                read.append((error, ownReader))
            }
        }
        if read.isEmpty, let summary = object["detail"]?.stringValue ?? object["title"]?.stringValue {
            read.append((ServerError(path: nil, message: summary, code: problemCode(object)), ownReader))
        }
        let looksLikeAProblem = ["type", "title", "status", "detail", "errors", "invalid-params", "invalid_params", "violations"]
            .contains { object[$0] != nil }
        return looksLikeAProblem ? read : nil
    }

    private static let pydanticEntry = "the problem reader, a Pydantic entry read as the fastapi preset reads one (path `loc`, message `msg`, code `type`)"

    private static func isPydantic(_ entry: JSONValue) -> Bool { entry["loc"] != nil && entry["msg"] != nil }

    private static func error(from entry: JSONValue) -> ServerError? {
        if let message = entry.stringValue { return ServerError(path: nil, message: message) }
        if isPydantic(entry) { return FastAPIErrors.error(from: entry) }
        guard let fields = entry.objectValue,
              let message = (fields["detail"] ?? fields["reason"] ?? fields["message"] ?? fields["title"])?.scalarText
        else { return nil }
        var path: [ServerError.PathComponent]?
        if let pointer = fields["pointer"]?.stringValue {
            path = ServerPath.pointer(pointer)
        } else if let name = (fields["name"] ?? fields["parameter"] ?? fields["header"] ?? fields["field"])?.stringValue {
            path = name.hasPrefix("/") || name.hasPrefix("#") ? ServerPath.pointer(name) : ServerPath.dotted(name)
        }
        return ServerError(path: path, message: message, code: problemCode(fields))
    }

    /// `code` when present; else `type` unless it is the RFC's "no type" `about:blank`.
    private static func problemCode(_ fields: [String: JSONValue]) -> String? {
        if let code = fields["code"]?.scalarText { return code }
        if let type = fields["type"]?.stringValue, type != "about:blank" { return type }
        return nil
    }
}
