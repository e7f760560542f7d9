/// Symfony's serializer normalising a ConstraintViolationList (`application/problem+json`):
/// `{"type": "https://symfony.com/errors/validation", "title": "Validation Failed",
/// "detail": "username: This value is too short.", "violations": [{"propertyPath": "username",
/// "title": "This value is too short.", "parameters": {}, "type": "urn:uuid:...", "code": "..."}]}`.
///
/// - `propertyPath` reads `address.city`, `items[0].name`; `""` (a class constraint) is non-field;
/// - the message is `title` (Symfony 5.4+), else `message` (older); the code is the
///   constraint's `code` (a UUID, which `server_codes` may list), else its `type`
///   (`urn:uuid:CODE`, which matches `CODE` in `server_codes`: Symfony 5.4 writes only `type`);
/// - `detail` only summarises the violations and is not read.
///
/// A flavour of the `problem` dialect: `errors: problem` reads the violations too.
enum SymfonyErrors: PresetDialect {
    static let dialect = ErrorDialect.problem
    static let isFlavour = true
    static let claims = [problemJSONClaim, shapeClaim]

    static let shape = ErrorShape(
        list: ["violations"], path: ["propertyPath"], pathSyntax: .bracket, message: ["title", "message"], code: ["code", "type"])

    static let problemJSONClaim = DialectClaim(rank: 10, .problem, .mediaType("application/problem+json"), "`violations` is a list") { json in
        json["violations"]?.arrayValue != nil
    }

    static let shapeClaim = DialectClaim(rank: 80, .problem, .shape, "`violations` is a list") { json in
        json["violations"]?.arrayValue != nil
    }

    static let preset = StructuralPreset(name: "problem (Symfony)", layout: .entries(shape))
}
