/// JSON:API (`application/vnd.api+json`):
/// `{"errors": [{"status": "422", "source": {"pointer": "/data/attributes/title"},
/// "detail": "is too short", "code": "too_short"}]}`.
///
/// - `/data/attributes/x/y` and `/data/relationships/x` become `x.y` and `x`;
/// - `source.parameter` names a query parameter;
/// - no `source`, a pointer `/data` or `""`: a non-field error;
/// - the message is `detail`, else `title`; the code is `code`.
enum JSONAPIErrors: ServerErrorDialect {
    static let dialect = ErrorDialect.jsonapi

    static let mediaTypeClaim = DialectClaim(.jsonapi, .mediaType("application/vnd.api+json"), "always") { _ in true }

    static let shapeClaim = DialectClaim(.jsonapi, .shape, "`errors` is a list and an entry has `source` (or the body has `jsonapi`)") { json in
        guard let entries = json["errors"]?.arrayValue else { return false }
        return json["jsonapi"] != nil || entries.contains { $0["source"] != nil }
    }

    static func parse(_ json: JSONValue) -> [ServerError]? {
        guard let list = json["errors"]?.arrayValue else { return nil }
        var errors: [ServerError] = []
        for entry in list {
            guard let fields = entry.objectValue,
                  let message = (fields["detail"] ?? fields["title"])?.scalarText
            else { return nil }
            errors.append(ServerError(path: path(of: fields["source"]), message: message, code: fields["code"]?.scalarText))
        }
        return errors
    }

    private static func path(of source: JSONValue?) -> [ServerError.PathComponent]? {
        guard let source else { return nil }
        if let pointer = source["pointer"]?.stringValue {
            guard var components = ServerPath.pointer(pointer) else { return nil }
            if components.first == .key("data") {
                components.removeFirst()
                if components.first == .key("attributes") || components.first == .key("relationships") {
                    components.removeFirst()
                }
            }
            return components.isEmpty ? nil : components
        }
        if let parameter = source["parameter"]?.stringValue { return ServerPath.dotted(parameter) }
        if let header = source["header"]?.stringValue { return [.key(header)] }
        return nil
    }
}
