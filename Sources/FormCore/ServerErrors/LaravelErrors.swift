extension ErrorDialect {
    /// Laravel (`LaravelErrors`).
    public static let laravel = ErrorDialect(declaring: "laravel")
}

/// Laravel: `{"message": "The email has already been taken. (and 1 more error)",
/// "errors": {"email": ["..."], "items.0.qty": ["..."]}}`.
///
/// Keys are dotted paths (`items.0.qty`); the top-level `message` only summarises the errors, so it
/// is ignored, unless `errors` holds nothing: then it is the one non-field error.
enum LaravelErrors: PresetDialect {
    static let dialect = ErrorDialect.laravel
    static let claims = [shapeClaim]

    static let shapeClaim = DialectClaim(rank: 170, .laravel, .shape, "`errors` is an object beside `message`") { json in
        json["errors"]?.objectValue != nil && json["message"] != nil
    }

    /// A preset of the structural reader: `errors` keyed by dotted paths, each a list of messages.
    static let preset = StructuralPreset(
        name: "laravel", layout: .keyed(KeyedMessages(container: "errors", whenAbsent: .summaryOnly, summaryWhenEmpty: ["message"])))
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
