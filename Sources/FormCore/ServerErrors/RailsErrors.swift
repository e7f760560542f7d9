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
enum RailsErrors: PresetDialect {
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

    /// A preset of the structural reader: keys to lists of messages, under `errors` or the body
    /// itself, `base` non-field (and a trailing `.base` the record before it), `errors.details`
    /// entries, and `errors` as a list of full messages.
    static let preset = StructuralPreset(
        name: "rails",
        layout: .keyed(KeyedMessages(
            container: "errors", whenAbsent: .bodyItself, values: .withDetailEntries, nonFieldKeys: ["base"], listIsFullMessages: true)))
}
