extension ErrorDialect {
    /// Django REST framework (`DRFErrors`).
    public static let drf = ErrorDialect(declaring: "drf")
}

/// Django REST Framework: `{"field": ["message", ...]}` or, with full details,
/// `{"field": [{"message": "...", "code": "..."}]}`.
///
/// - `non_field_errors` (at any depth) is a non-field error of the object that holds it;
/// - a nested serializer is a nested object: `{"address": {"city": [...]}}`;
/// - `many=True` is a list with one object per item, `{}` for items without errors;
/// - a list field reports per item by index: `{"tags": {"1": ["..."]}}`;
/// - a bare string (`{"detail": "..."}`) is one message;
/// - a key written as a path (`lines[1].qty`, `lines.qty`) is read as one, as Rails writes nested
///   attributes' errors (Rails' bodies without `base` fall to this dialect);
/// - drf-standardized-errors bodies (`{"type": "validation_error", "errors": [...]}`) are read
///   by `DRFStandardizedErrors`;
/// - an object with `message` holds nothing but `message` and `code`, else the body is not DRF's.
enum DRFErrors: ServerErrorDialect {
    static let dialect = ErrorDialect.drf
    static let claims = [fallbackClaim]

    /// The last claim: any body no other dialect claimed is read as DRF's nested messages.
    static let fallbackClaim = DialectClaim(rank: Int.max, .drf, .shape, "anything else") { _ in true }

    /// Not a preset: nested serializers nest, `many=True` lists keep their index beside lists
    /// of messages that do not, `non_field_errors` is the holding object's at any depth, and
    /// every key is a field (the structural reader's response keys, `status`, `code`, `type`,
    /// are field names in a serializer), read strictly.
    static let ownReader = "the drf reader (its own code: nested serializers, `many=True` lists, `non_field_errors` at any depth)"

    static func explained(_ json: JSONValue) -> [(error: ServerError, rule: String)]? {
        if case .object = json, DRFStandardizedErrors.shapeClaim.test(json) { return DRFStandardizedErrors.explained(json) }
        return parse(json)?.map { ($0, ownReader) }
    }

    static func parse(_ json: JSONValue) -> [ServerError]? {
        guard case .object = json else { return nil }
        if DRFStandardizedErrors.shapeClaim.test(json) { return DRFStandardizedErrors.parse(json) }
        var errors: [ServerError] = []
        guard collect(json, at: [], into: &errors) else { return nil }
        return errors
    }

    /// false when something in the body is not part of DRF's shape.
    private static func collect(_ json: JSONValue, at path: [ServerError.PathComponent], into errors: inout [ServerError]) -> Bool {
        let errorPath: [ServerError.PathComponent]? = path.isEmpty ? nil : path
        switch json {
        case .string(let message):
            errors.append(ServerError(path: errorPath, message: message))
            return true
        case .object(let members):
            if let message = members["message"]?.stringValue {
                // {"message": "...", "code": "..."}: one error with its code. Anything beside them
                // (`{"message": ..., "fields": {...}}`) is not DRF's, and reading only the
                // message would drop the rest.
                guard members.keys.allSatisfy({ $0 == "message" || $0 == "code" }) else { return false }
                errors.append(ServerError(path: errorPath, message: message, code: members["code"]?.scalarText))
                return true
            }
            for key in members.keys.sorted(by: nonFieldFirst) {
                guard let value = members[key] else { continue }
                // DRF's own non-validation errors (`{"detail": "JSON parse error"}`) are about the request.
                let isDetail = path.isEmpty && key == "detail" && value.stringValue != nil
                // A key written as a path (`lines[1].qty`: Rails' rendering, which this fallback
                // reads when it has no `base`) is split; a DRF field name is one segment anyway.
                let keyPath = ServerPath.dotted(key) ?? [ServerPath.component(key)]
                let childPath = isNonField(key) || isDetail ? path : path + keyPath
                guard collect(value, at: childPath, into: &errors) else { return false }
            }
            return true
        case .array(let items):
            let itemsAreObjects = items.contains { item in
                if case .object(let o) = item { return o["message"]?.stringValue == nil }
                return false
            }
            for (index, item) in items.enumerated() {
                // A list of nested objects (`many=True`) reports by position; a list of messages does not.
                let itemPath = itemsAreObjects ? path + [.index(index)] : path
                guard collect(item, at: itemPath, into: &errors) else { return false }
            }
            return true
        case .null, .bool, .number:
            return false
        }
    }

    private static func isNonField(_ key: String) -> Bool { key == "non_field_errors" }

    /// `non_field_errors` first (it is about the whole object), then the fields by name.
    private static func nonFieldFirst(_ a: String, _ b: String) -> Bool {
        if isNonField(a) != isNonField(b) { return isNonField(a) }
        return a < b
    }
}
