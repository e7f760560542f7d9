import FormCore

// TEMPORARY STUB: replaced by the form-files work (issue 2).
public struct FormFileError: Error, Sendable, CustomStringConvertible {
    public var file: String, line: Int, column: Int, message: String
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
public struct FormFileErrors: Error, Sendable { public var errors: [FormFileError] }
public enum FormFileLoader {
    public static func load(path: String) -> Result<FormSpec, FormFileErrors> {
        .failure(FormFileErrors(errors: [FormFileError(file: path, line: 1, column: 1, message: "not implemented")]))
    }
}
