import Synchronization

/// What the demo server accepted, and the answer it gave to each Idempotency-Key: the store
/// behind `GET /submissions` and behind a retry's "the first answer again, nothing stored".
///
/// Bounded: it keeps the newest `limit` submissions and the answers to the newest `limit` keys
/// (older ones are dropped, oldest first), so a benchmark of millions of records cannot grow the
/// server without end. A retry whose key was dropped is stored again under a new id.
final class DemoAccounts: Sendable {
    /// One accepted submission: its id, the path it was posted to, and its JSON body as sent.
    struct Submission: Sendable {
        var id: Int
        var path: String
        var body: String
    }

    /// What a request's Idempotency-Key says before it is validated.
    enum Replay: Sendable, Equatable {
        /// No key, or a key not seen (or forgotten): validate and answer afresh.
        case none
        /// The key was accepted before with the same body: this id again, nothing stored.
        case accepted(id: Int)
        /// The key was accepted before with another body.
        case conflict(id: Int)
    }

    private struct Answer {
        var id: Int
        var digest: Int
    }

    private struct State {
        var nextID = 1
        /// Oldest first, ids ascending; `start` entries at the front are dropped ones.
        var submissions: [Submission] = []
        var answers: [String: Answer] = [:]
        var keyOrder: [String] = []
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int = 100_000) {
        self.limit = max(1, limit)
    }

    /// Whether `key` (scoped to `path`) was answered before, and with which body.
    func replay(key: String?, path: String, body: [UInt8]) -> Replay {
        guard let key else { return .none }
        let scoped = path + "\u{0}" + key
        return state.withLock { state in
            guard let answer = state.answers[scoped] else { return .none }
            return answer.digest == Self.digest(body) ? .accepted(id: answer.id) : .conflict(id: answer.id)
        }
    }

    /// Stores an accepted submission and returns its id; with a key already accepted on this
    /// path, that id again and nothing new (whatever the body: the signup routes' old rule).
    func accept(key: String?, path: String, body: [UInt8]) -> Int {
        let text = String(decoding: body, as: UTF8.self)
        let digest = key == nil ? 0 : Self.digest(body)
        return state.withLock { state in
            var scoped: String?
            if let key {
                let k = path + "\u{0}" + key
                if let answer = state.answers[k] { return answer.id }
                scoped = k
            }
            let id = state.nextID
            state.nextID += 1
            state.submissions.append(Submission(id: id, path: path, body: text))
            // Dropped in chunks of a quarter, so each append costs O(1) amortised.
            if state.submissions.count > limit + limit / 4 {
                state.submissions.removeFirst(state.submissions.count - limit)
            }
            if let scoped {
                state.answers[scoped] = Answer(id: id, digest: digest)
                state.keyOrder.append(scoped)
                if state.keyOrder.count > limit + limit / 4 {
                    let dropped = state.keyOrder.count - limit
                    for old in state.keyOrder[..<dropped] { state.answers[old] = nil }
                    state.keyOrder.removeFirst(dropped)
                }
            }
            return id
        }
    }

    /// Up to `limit` submissions with an id above `after`, oldest first, and whether more follow.
    func page(after: Int, limit: Int) -> (submissions: [Submission], more: Bool) {
        state.withLock { state in
            let kept = state.submissions.count > self.limit
                ? state.submissions[(state.submissions.count - self.limit)...] : state.submissions[...]
            // Ids ascend: the first one above `after` by bisection.
            var low = kept.startIndex, high = kept.endIndex
            while low < high {
                let mid = (low + high) / 2
                if kept[mid].id <= after { low = mid + 1 } else { high = mid }
            }
            let end = min(kept.endIndex, low + limit)
            return (Array(kept[low..<end]), end < kept.endIndex)
        }
    }

    /// How many submissions are kept now (at most `limit`).
    var count: Int { state.withLock { min($0.submissions.count, limit) } }

    /// A fingerprint of a body: a retry sends the same bytes. (Hasher is seeded per process,
    /// which is all the demo needs: the store lives no longer than the process.)
    private static func digest(_ body: [UInt8]) -> Int {
        var hasher = Hasher()
        hasher.combine(body.count)
        body.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
