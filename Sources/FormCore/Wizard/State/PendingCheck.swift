/// A server check that is out (`Wizard.Phase.checking`): the question, the answer it decides on,
/// and where the walk goes with the verdict.
struct PendingCheck: Sendable, Equatable {
    var request: CheckRequest
    /// The answer, parsed: set on the field only when the check lets it through.
    var value: FieldValue
    /// What comes back on the edit line when the answer is refused (nil for a secret or a
    /// multiline value, as for any refusal).
    var typed: String?
    /// Made on the way to the review (a scripted, resumed or defaulted answer, or one an earlier
    /// answer's change made stale) rather than on Enter: a pass goes on to the review.
    var beforeReview: Bool
    /// A `choices_from` fetch: its answer becomes the field's choices and the field is asked.
    var fetchesChoices = false
    /// A fetch before the review for an answer no list has seen (scripted, resumed): one the
    /// list does not hold is refused as if typed, not "the choices changed".
    var checksUnseenAnswer = false
}
