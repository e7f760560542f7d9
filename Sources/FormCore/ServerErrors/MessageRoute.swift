/// A form's rule for an error that names no field and carries no code: a message containing
/// `text` (ignoring case) lands on `field`. Plain text, not a pattern: nothing a server sends
/// can make matching slow, and the form author copies the words from the server's message.
package struct MessageRoute: Sendable, Equatable {
    package var text: String
    package var field: String

    package init(text: String, field: String) {
        self.text = text
        self.field = field
    }

    package func matches(_ message: String) -> Bool {
        !text.isEmpty && message.lowercased().contains(text.lowercased())
    }
}
