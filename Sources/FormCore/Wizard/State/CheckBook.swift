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
        /// A transport failure under `on_failure: accept`: kept unchecked, not asked again in this
        /// record (the next record of a run asks again: `forNextRecord`).
        case unchecked(String)
    }

    private(set) var verdicts: [String: Verdict] = [:]
    /// Field name -> the lookup text shown under its answer, for the review.
    var lookups: [String: String] = [:]
    /// About how many bytes the kept answers hold (their bodies as compact JSON, and the keys).
    private(set) var bytes = 0

    /// Bounds: a session that asks more distinct questions than this (a huge paste of list items),
    /// or whose kept answers pass 4 MiB (4,096 answers of 64 KiB would be 256 MiB), starts the
    /// book over rather than grow without end: the next question is asked again.
    static let maximumVerdicts = 4096
    static let maximumBytes = 4 << 20

    func verdict(for request: CheckRequest) -> Verdict? { verdicts[request.key] }

    mutating func record(_ verdict: Verdict, for request: CheckRequest) {
        let size = request.key.utf8.count + verdict.size
        if verdicts.count >= Self.maximumVerdicts || bytes + size > Self.maximumBytes {
            verdicts = [:]
            bytes = 0
        }
        if let old = verdicts[request.key] { bytes -= request.key.utf8.count + old.size }
        verdicts[request.key] = verdict
        bytes += size
    }

    /// The book a run's next record starts with: the verdicts the server gave, not the answers
    /// kept unchecked because it could not be reached (the next record asks it again), and no
    /// lookup shown yet.
    var forNextRecord: CheckBook {
        var next = CheckBook()
        for (key, verdict) in verdicts {
            if case .unchecked = verdict { continue }
            next.verdicts[key] = verdict
            next.bytes += key.utf8.count + verdict.size
        }
        return next
    }
}

extension CheckBook.Verdict {
    /// About the bytes this verdict keeps.
    var size: Int {
        switch self {
        case .passed(let body): body.map { $0.compactText.utf8.count } ?? 0
        case .rejected(let message), .unchecked(let message): message.utf8.count
        }
    }
}
