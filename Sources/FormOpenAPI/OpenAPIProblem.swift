/// Something in a document a form cannot fully express, at its place in the document.
package struct OpenAPIProblem: Sendable, Equatable, CustomStringConvertible {
    /// RFC 6901 JSON pointer into the document (`/components/schemas/Pet/properties/kind`);
    /// "" is the whole document.
    package var pointer: String
    package var message: String
    /// `POST /api/pets` when the problem belongs to one operation.
    package var operation: String?

    package init(pointer: String, message: String, operation: String? = nil) {
        self.pointer = pointer
        self.message = message
        self.operation = operation
    }

    /// `#/components/schemas/Pet/properties/kind: MESSAGE (POST /pets)`
    package var description: String {
        "#\(pointer): \(message)" + (operation.map { " (\($0))" } ?? "")
    }
}
