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
/// is the first in `DialectDetection.order` that claims the response; with `.auto` and a
/// `preferred` dialect, that one when the response fits it and it reads errors from it
/// (`DialectDetection.preferredClaim`), else the same as `.auto` alone.
package enum ServerErrorParser {
    package static func parse(contentType: String?, body: [UInt8], dialect: ErrorDialect, preferring preferred: ErrorDialect? = nil) -> [ServerError]? {
        guard let json = JSONValue.parse(body) else { return nil }
        if dialect == .auto, let preferred, let errors = parsePreferred(preferred, contentType: contentType, json: json) {
            return errors
        }
        let chosen = dialect == .auto ? detect(contentType: contentType, json: json) : dialect
        return parse(json, as: chosen)
    }

    /// The errors as `auto` reads an already parsed body, with the form's preference if any.
    static func parse(_ json: JSONValue, contentType: String?, preferring preferred: ErrorDialect?) -> [ServerError]? {
        if let preferred, let errors = parsePreferred(preferred, contentType: contentType, json: json) { return errors }
        return parse(json, as: detect(contentType: contentType, json: json))
    }

    /// The errors as the preferred dialect reads them; nil when the response does not fit it or
    /// it finds none (then `auto` reads the response, so a wrong guess costs nothing).
    static func parsePreferred(_ preferred: ErrorDialect, contentType: String?, json: JSONValue) -> [ServerError]? {
        guard preferred != .auto, let claim = DialectDetection.preferredClaim(preferred, contentType: contentType, json: json),
              let errors = parse(json, as: claim.dialect), !errors.isEmpty else { return nil }
        return errors
    }

    static func parse(_ json: JSONValue, as dialect: ErrorDialect) -> [ServerError]? {
        guard let reader = reader(for: dialect) else { return parse(json, as: detect(contentType: nil, json: json)) }
        return reader.parse(json)
    }

    /// The errors `parse(json, contentType:preferring:)` gives, in the same order, each with the
    /// rule that read it (`formline explain`).
    static func explained(_ json: JSONValue, contentType: String?, preferring preferred: ErrorDialect?) -> [(error: ServerError, rule: String)]? {
        if let preferred, preferred != .auto, let claim = DialectDetection.preferredClaim(preferred, contentType: contentType, json: json),
           let read = explained(json, as: claim.dialect), !read.isEmpty {
            return read
        }
        return explained(json, as: detect(contentType: contentType, json: json))
    }

    /// The errors `parse(json, as:)` gives, each with the rule that read it.
    static func explained(_ json: JSONValue, as dialect: ErrorDialect) -> [(error: ServerError, rule: String)]? {
        guard let reader = reader(for: dialect) else { return explained(json, as: detect(contentType: nil, json: json)) }
        return reader.explained(json)
    }

    /// The type that reads a dialect; nil for `auto`, which is a choice among them.
    static func reader(for dialect: ErrorDialect) -> (any ServerErrorDialect.Type)? {
        DialectRegistry.reader(for: dialect)
    }

    /// The dialect `auto` reads a body as: the first claim in `DialectDetection.order` that holds.
    package static func detect(contentType: String?, json: JSONValue) -> ErrorDialect {
        DialectDetection.claim(contentType: contentType, json: json).dialect
    }
}
