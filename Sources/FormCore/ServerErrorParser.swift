/// Normalises a rejection body in any supported dialect into `[ServerError]`.
/// STUB: only DRF's shape; replaced by the error-dialects work (issue 5).
public enum ServerErrorParser {
    public static func parse(contentType: String?, body: [UInt8], dialect: ErrorDialect) -> [ServerError]? {
        guard let object = JSONValue.parse(body)?.objectValue else { return nil }
        var errors: [ServerError] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            for item in value.arrayValue ?? [] {
                let path: [ServerError.PathComponent]? = key == "non_field_errors" ? nil : [.key(key)]
                if let s = item.stringValue {
                    errors.append(ServerError(path: path, message: s))
                } else if let m = item["message"]?.stringValue {
                    errors.append(ServerError(path: path, message: m, code: item["code"]?.stringValue))
                }
            }
        }
        return errors
    }
}
