/// A reason quoted inside a longer message ends with one full stop, whoever wrote it: our own
/// refusals have none (`Required`), a server's usually do (`This username is already taken.`),
/// and "taken.." reads as a typo on the operator's screen.
enum SentenceEnd {
    static func closed(_ text: String) -> String {
        guard let last = text.last, !".!?…".contains(last) else { return text }
        return text + "."
    }
}
