import FormCore

/// What a session did, for the diagnostic log (`fill --log`, docs/privacy.md): facts from the
/// driver (submissions, timings, retries) and decisions of the wizard (where a server's errors
/// landed), as data. The edge that keeps the log renders them; FormCore and this module write
/// nothing themselves.
///
/// No event holds a typed value except `submitting`'s `withheld`, which is there only so the log
/// can replace those values by their field names wherever they would otherwise appear (a submit
/// path with `{mrn}` in it, an error path a server built from a value).
public enum DiagnosticEvent: Sendable, Equatable {
    /// A submission goes out. `retry`: this attempt was sent before (after a transport failure).
    /// `withheld`: secret and private field name -> value.
    case submitting(attempt: Int, method: String, path: String, retry: Bool, withheld: [String: String])
    /// The server answered after `milliseconds`; `reading` says which reader took a rejection's
    /// errors (`SubmissionClassifier.errorReading`), `placed` where each landed.
    case answered(attempt: Int, status: Int, milliseconds: Int, reading: String?, placed: [PlacedServerError])
    /// No answer: timeout, refused connection, a transport error (its reason, formline's words).
    case failed(attempt: Int, reason: String, milliseconds: Int)
    /// The session ended.
    case finished(ExitStatus)
}
