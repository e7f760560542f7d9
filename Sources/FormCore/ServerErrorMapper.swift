/// Where each server error lands: on a visible field, or in the form's banner. Nothing is dropped.
public struct ErrorPlacement: Sendable, Equatable {
    /// Field name -> messages, for visible fields only.
    public var fieldErrors: [String: [String]]
    /// Form-level lines: non-field messages, and "path: message" for paths matching no field.
    public var banner: [String]

    public init(fieldErrors: [String: [String]] = [:], banner: [String] = []) {
        self.fieldErrors = fieldErrors
        self.banner = banner
    }
}

/// Maps normalised server errors onto a form's fields.
/// STUB: exact names and server_codes only; replaced by the error-dialects work (issue 5).
public enum ServerErrorMapper {
    public static func place(_ errors: [ServerError], in spec: FormSpec, visibleFields: Set<String>) -> ErrorPlacement {
        var placement = ErrorPlacement()
        for error in errors {
            if let pathText = error.pathText {
                if visibleFields.contains(pathText) {
                    placement.fieldErrors[pathText, default: []].append(error.message)
                } else {
                    placement.banner.append("\(pathText): \(error.message)")
                }
            } else if let code = error.code,
                      let field = spec.fields.first(where: { visibleFields.contains($0.name) && $0.serverCodes.contains(code) }) {
                placement.fieldErrors[field.name, default: []].append(error.message)
            } else {
                placement.banner.append(error.message)
            }
        }
        return placement
    }
}
