extension ErrorDialect {
    /// Laravel (`LaravelErrors`).
    public static let laravel = ErrorDialect(declaring: "laravel")
}

/// Laravel: `{"message": "The email has already been taken. (and 1 more error)",
/// "errors": {"email": ["..."], "items.0.qty": ["..."]}}`.
///
/// Keys are dotted paths (`items.0.qty`); the top-level `message` only summarises the errors, so it
/// is ignored, unless `errors` holds nothing: then it is the one non-field error.
enum LaravelErrors: ServerErrorDialect {
    static let dialect = ErrorDialect.laravel
    static let claims = [shapeClaim]

    static let shapeClaim = DialectClaim(rank: 170, .laravel, .shape, "`errors` is an object beside `message`") { json in
        json["errors"]?.objectValue != nil && json["message"] != nil
    }

    static func parse(_ json: JSONValue) -> [ServerError]? {
        guard let object = json.objectValue else { return nil }
        var errors: [ServerError] = []
        if let members = object["errors"]?.objectValue {
            for key in members.keys.sorted() {
                guard let messages = members[key].flatMap(MessageList.strings) else { return nil }
                let path = ServerPath.dotted(key)
                errors += messages.map { ServerError(path: path, message: $0) }
            }
        } else if object["errors"] != nil {
            return nil
        }
        if errors.isEmpty, let message = object["message"]?.stringValue {
            errors.append(ServerError(path: nil, message: message))
        }
        return object["errors"] == nil && object["message"] == nil ? nil : errors
    }
}

/// The `["message", ...]` (or a single `"message"`) every key-to-messages dialect uses.
enum MessageList {
    static func strings(_ json: JSONValue) -> [String]? {
        switch json {
        case .string(let s): return [s]
        case .array(let items):
            var messages: [String] = []
            for item in items {
                guard let s = item.scalarText else { return nil }
                messages.append(s)
            }
            return messages
        default: return nil
        }
    }
}
