extension ErrorDialect {
    /// Ruby on Rails (`RailsErrors`).
    public static let rails = ErrorDialect(declaring: "rails")
}

/// Ruby on Rails (`render json: record.errors, status: :unprocessable_entity`):
/// `{"email": ["has already been taken"], "base": ["..."]}`, or the same under `"errors"`.
///
/// - messages carry no attribute name (`"can't be blank"`);
/// - `base` is a non-field error;
/// - nested attributes read `items.price`, or `items[1].price` with `index_errors: true`; a
///   nested record's own `base` (`lines[1].base`, `lines.base`) is an error of that record;
/// - `errors.details` style entries (`[{"error": "blank"}]`) give the error as message and code;
/// - `{"errors": ["Email has already been taken"]}` (full messages) are non-field errors.
enum RailsErrors: ServerErrorDialect {
    static let dialect = ErrorDialect.rails
    static let claims = [fullMessagesClaim, errorsObjectClaim, baseClaim]

    static let fullMessagesClaim = DialectClaim(rank: 130, .rails, .shape, "`errors` is a non-empty list of strings (full messages)") { json in
        guard let entries = json["errors"]?.arrayValue else { return false }
        return !entries.isEmpty && entries.allSatisfy { $0.stringValue != nil }
    }

    static let errorsObjectClaim = DialectClaim(rank: 180, .rails, .shape, "`errors` is an object (no earlier claim took it)") { json in
        json["errors"]?.objectValue != nil
    }

    static let baseClaim = DialectClaim(rank: 190, .rails, .shape, "a top-level `base`, or a key ending in `.base`") { json in
        guard let members = json.objectValue else { return false }
        return members["base"] != nil || members.keys.contains { $0.hasSuffix(".base") }
    }

    static func parse(_ json: JSONValue) -> [ServerError]? {
        guard let object = json.objectValue else { return nil }
        if let errorsValue = object["errors"] {
            if let fullMessages = errorsValue.arrayValue {
                var errors: [ServerError] = []
                for item in fullMessages {
                    guard let message = item.scalarText else { return nil }
                    errors.append(ServerError(path: nil, message: message))
                }
                return errors
            }
            if let members = errorsValue.objectValue { return parse(members: members) }
            return nil
        }
        return parse(members: object)
    }

    private static func parse(members: [String: JSONValue]) -> [ServerError]? {
        var errors: [ServerError] = []
        for key in members.keys.sorted(by: { ($0 == "base") != ($1 == "base") ? $0 == "base" : $0 < $1 }) {
            guard let value = members[key] else { continue }
            let path = key == "base" ? nil : Self.path(key)
            let items = value.arrayValue ?? [value]
            for item in items {
                if let message = item.scalarText {
                    errors.append(ServerError(path: path, message: message))
                } else if let detail = item["error"]?.stringValue {
                    errors.append(ServerError(path: path, message: item["message"]?.stringValue ?? detail, code: detail))
                } else {
                    return nil
                }
            }
        }
        return errors
    }

    /// A key's path; a trailing `base` is the record before it (`lines[1].base` is `lines.1`).
    private static func path(_ key: String) -> [ServerError.PathComponent]? {
        guard var components = ServerPath.dotted(key) else { return nil }
        if components.count > 1, components.last == .key("base") { components.removeLast() }
        return components
    }
}
