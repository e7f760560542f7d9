/// The answers of the server checks made in this session, one per question (`CheckRequest.key`:
/// method, path and body), and the lookup text shown for each field.
///
/// Kept so a question is asked once: `.back` and an edit that leave an answer as it was, the
/// check before the review, and the next record of a `fill --repeat` run reuse the verdict
/// instead of sending again (issue 30 item 5). A failure is not kept when it refuses the answer:
/// the next Enter tries again.
struct CheckBook: Sendable, Equatable {
    enum Verdict: Sendable, Equatable {
        case passed(JSONValue?)
        case rejected(String)
        /// A transport failure under `on_failure: accept`: kept unchecked, not asked again.
        case unchecked(String)
    }

    private(set) var verdicts: [String: Verdict] = [:]
    /// Field name -> the lookup text shown under its answer, for the review.
    var lookups: [String: String] = [:]

    /// Bound: a session that asks more distinct questions than this (a huge paste of list items)
    /// starts the book over rather than grow without end.
    static let maximumVerdicts = 4096

    func verdict(for request: CheckRequest) -> Verdict? { verdicts[request.key] }

    mutating func record(_ verdict: Verdict, for request: CheckRequest) {
        if verdicts.count >= Self.maximumVerdicts { verdicts = [:] }
        verdicts[request.key] = verdict
    }
}
