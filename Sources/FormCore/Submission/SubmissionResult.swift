/// What became of one submission, as the wizard needs to know it.
public enum SubmissionResult: Sendable, Equatable {
    /// 2xx. `summary` is a short note for the operator, e.g. `id=1`.
    case accepted(status: Int, summary: String?)
    /// 400/409/422 whose body parsed into at least one error.
    case rejected(status: Int, errors: [ServerError])
    /// Anything else: a one-line reason an operator understands. Nothing typed is lost.
    case failed(reason: String)
    /// A failure (`reason`) after which the edge kept the complete, valid form in the outbox, to
    /// be sent later with the same Idempotency-Key (docs/outbox-and-batch.md): not sent, never
    /// called sent, and no draft is kept beside it.
    case queued(reason: String)
}
