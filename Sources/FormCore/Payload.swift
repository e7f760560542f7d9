/// Builds the JSON body that is submitted: visible fields with a value (and `nullable` ones
/// without, as null), dotted names nested.
public enum Payload {
    /// `values` are keyed by field name; fields missing from it (optional, left empty) are left out.
    /// `transform` lets callers replace values (secrets by a placeholder for transcripts and output).
    public static func build(
        fields: [Field], values: [String: FieldValue],
        transform: (Field, FieldValue) -> JSONValue = { $1.json }
    ) -> JSONValue {
        var root: [String: JSONValue] = [:]
        for field in fields {
            guard let value = values[field.name] else {
                // `nullable: true`: an empty answer is an explicit null.
                if field.sendsNullWhenEmpty {
                    let path = field.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                    insert(.null, at: path[...], into: &root)
                }
                continue
            }
            let path = field.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            insert(transform(field, value), at: path[...], into: &root)
        }
        return .object(root)
    }

    private static func insert(_ value: JSONValue, at path: ArraySlice<String>, into object: inout [String: JSONValue]) {
        guard let key = path.first else { return }
        if path.count == 1 {
            object[key] = value
            return
        }
        var child = object[key]?.objectValue ?? [:]
        insert(value, at: path.dropFirst(), into: &child)
        object[key] = .object(child)
    }
}
