/// The session's submissions so far: the attempt numbers (a retry repeats one, so the transport
/// reuses its Idempotency-Key), and what the server's last answer left for the operator.
struct SubmissionLog: Sendable {
    var attempt = 0
    var last: Submission?
    /// The server's banner lines from the last rejection, shown again with the review until the
    /// next submission, so a non-field error does not scroll away while fields are re-asked.
    var banner: [String] = []
    /// The payload (with the filled path) the server last rejected: Enter at the review with
    /// nothing changed would only get the same answer, so the wizard says what to do instead
    /// (`.retry` sends it anyway).
    var rejectedPayload: JSONValue?
    /// The HTTP status of the last rejection, for `--output json`.
    var rejectionStatus: Int?
    /// Whether the server's last answer was a rejection: set by a rejection, cleared by a
    /// transport failure or an acceptance. A run of records counts a record as "rejected" only
    /// then (a record rejected, fixed, then not sent is kept as a draft).
    var lastAnswerWasRejection = false

    /// A new submission goes out: what the last answer said no longer stands.
    mutating func sending() {
        banner = []
        rejectedPayload = nil
    }
}
