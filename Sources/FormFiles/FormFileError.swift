/// One mistake in a form file, at the position of the offending value.
///
/// ```
/// Forms/x.yaml:12:5: unknown field type "emial" (did you mean "email"?)
/// ```
public struct FormFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as given to the loader.
    public let file: String
    /// 1-based line; 0 when the error concerns the file as a whole (it could not be read).
    public let line: Int
    /// 1-based column, counted in Unicode scalars (as libyaml counts); 0 with `line` 0.
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COL: message`, or `FILE: message` for an error without a position.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}

/// Every mistake found in one form file, in the order of their positions.
public struct FormFileErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public let errors: [FormFileError]

    public init(_ errors: [FormFileError]) { self.errors = errors }

    /// One error a line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
