extension ErrorDialect {
    /// ASP.NET Core ValidationProblemDetails (`ASPNetErrors`).
    public static let aspnet = ErrorDialect(declaring: "aspnet")
}

/// ASP.NET Core `ValidationProblemDetails` (`application/problem+json`):
/// `{"title": "One or more validation errors occurred.", "status": 400,
/// "errors": {"Email": ["The Email field is not a valid e-mail address."], "": ["..."]}}`.
///
/// - keys are PascalCase member paths: `Email`, `Items[0].Name`; System.Text.Json errors use
///   JSON paths: `$.age`, `$.items[0].name`;
/// - the key `""` or `$` is a non-field error;
/// - `title` is a non-field error only when `errors` is empty.
enum ASPNetErrors: PresetDialect {
    static let dialect = ErrorDialect.aspnet
    static let claims = [problemJSONClaim, shapeClaim]

    static let problemJSONClaim = DialectClaim(rank: 20, .aspnet, .mediaType("application/problem+json"), "`errors` is an object") { json in
        json["errors"]?.objectValue != nil
    }

    static let shapeClaim = DialectClaim(rank: 160, .aspnet, .shape, "`errors` is an object beside `title`, `status`, `type` or `traceId`") { json in
        json["errors"]?.objectValue != nil && ["title", "status", "type", "traceId"].contains { json[$0] != nil }
    }

    /// A preset of the structural reader: `errors` keyed by member paths, each a list of messages.
    static let preset = StructuralPreset(
        name: "aspnet", layout: .keyed(KeyedMessages(container: "errors", whenAbsent: .notThisShape, summaryWhenEmpty: ["detail", "title"])))
}
