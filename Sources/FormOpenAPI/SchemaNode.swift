/// A schema after `$ref`, `allOf` and the nullable spellings are taken apart: the keywords that
/// decide the field, its non-null types, whether null is allowed, and the branches of a union.
struct SchemaNode {
    /// Keywords, `allOf` branches merged in (the outer schema's own keywords win).
    var object: DocObject
    /// The schema as written (after references), for help texts that show it.
    var source: DocValue = .null
    /// Where the schema's keywords are (after references).
    var pointer: String
    /// Null is allowed: `nullable: true` (3.0), `null` in `type`, a `null` branch, `null` in `enum`.
    var nullable = false
    /// The non-null types; empty: any (no `type` and nothing to infer it from).
    var types: [String] = []
    /// Two or more non-null branches of `oneOf`/`anyOf` (nil: not a union).
    var branches: [SchemaNode]?
    /// The union has a `discriminator`, or it is `oneOf` of objects.
    var discriminated = false
    /// A `$ref` on the way back to a schema being translated (a recursive schema).
    var recursive = false

    subscript(key: String) -> DocValue? { object[key] }

    var type: String? { types.count == 1 ? types[0] : nil }
}
