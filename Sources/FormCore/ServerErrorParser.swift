/// Normalises a rejection body in any supported dialect into `[ServerError]`
/// (see docs/server-errors.md for every shape).
///
/// ```swift
/// let errors = ServerErrorParser.parse(contentType: "application/json",
///                                      body: Array(#"{"username":["taken"]}"#.utf8), dialect: .auto)
/// // [ServerError(path: [.key("username")], message: "taken")]
/// ```
///
/// nil when the body is not JSON, or does not have the dialect's shape. With `.auto` the dialect
/// is picked by `detect(contentType:json:)`.
public enum ServerErrorParser {
    public static func parse(contentType: String?, body: [UInt8], dialect: ErrorDialect) -> [ServerError]? {
        guard let json = JSONValue.parse(body) else { return nil }
        let chosen = dialect == .auto ? detect(contentType: contentType, json: json) : dialect
        return parse(json, as: chosen)
    }

    static func parse(_ json: JSONValue, as dialect: ErrorDialect) -> [ServerError]? {
        switch dialect {
        case .auto: return parse(json, as: detect(contentType: nil, json: json))
        case .drf: return DRFErrors.parse(json)
        case .laravel: return LaravelErrors.parse(json)
        case .rails: return RailsErrors.parse(json)
        case .problem: return ProblemDetailsErrors.parse(json)
        case .jsonapi: return JSONAPIErrors.parse(json)
        case .fastapi: return FastAPIErrors.parse(json)
        case .aspnet: return ASPNetErrors.parse(json)
        case .list: return ErrorListErrors.parse(json)
        }
    }

    /// The dialect `auto` reads a body as: by content type first, then by the body's shape.
    ///
    /// 1. `application/problem+json`: `aspnet` when `errors` is an object, else `problem`;
    /// 2. `application/vnd.api+json`: `jsonapi`;
    /// 3. the shape of the JSON:
    ///    - a top-level array: `list`;
    ///    - `detail` that is a list of `loc`/`msg` entries, or a string alone: `fastapi`;
    ///    - `invalid-params` / `invalid_params`: `problem`;
    ///    - `errors` as a list: `jsonapi` if an entry has `source` (or the body has `jsonapi`),
    ///      `problem` if an entry has `pointer`, `rails` if the entries are strings, else `list`;
    ///    - `errors` as an object: `aspnet` beside `title`/`status`/`type`/`traceId`,
    ///      `laravel` beside `message`, else `rails`;
    ///    - a top-level `base` key: `rails`;
    ///    - anything else: `drf`.
    public static func detect(contentType: String?, json: JSONValue) -> ErrorDialect {
        switch contentType.map(mediaType) {
        case "application/problem+json"?:
            return json["errors"]?.objectValue != nil ? .aspnet : .problem
        case "application/vnd.api+json"?:
            return .jsonapi
        default:
            break
        }
        if json.arrayValue != nil { return .list }
        guard let object = json.objectValue else { return .drf }
        if let detail = object["detail"] {
            if let entries = detail.arrayValue, entries.contains(where: { $0["loc"] != nil || $0["msg"] != nil }) {
                return .fastapi
            }
            if detail.stringValue != nil, object.count == 1 { return .fastapi }
        }
        if object["invalid-params"] != nil || object["invalid_params"] != nil { return .problem }
        if let entries = object["errors"]?.arrayValue {
            if object["jsonapi"] != nil || entries.contains(where: { $0["source"] != nil }) { return .jsonapi }
            if entries.contains(where: { $0["pointer"] != nil }) { return .problem }
            if !entries.isEmpty, entries.allSatisfy({ $0.stringValue != nil }) { return .rails }
            if entries.isEmpty, ["type", "title", "detail"].contains(where: { object[$0] != nil }) { return .problem }
            return .list
        }
        if object["errors"]?.objectValue != nil {
            if ["title", "status", "type", "traceId"].contains(where: { object[$0] != nil }) { return .aspnet }
            if object["message"] != nil { return .laravel }
            return .rails
        }
        if object["base"] != nil { return .rails }
        if object["type"] != nil, object["title"] != nil { return .problem }
        return .drf
    }

    /// `application/json; charset=utf-8` -> `application/json`, lowercased.
    static func mediaType(_ contentType: String) -> String {
        let bare = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? contentType
        return bare.trimmedWhitespace.lowercased()
    }
}
