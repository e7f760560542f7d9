import FormCore
import Synchronization

/// The Idempotency-Key of an attempt the server may have stored without answering (a timeout, a
/// dropped connection), carried from a run to the draft it leaves and back into the run that
/// resumes it, so that sending the same values again is recognisable as the same attempt
/// (issue 33 item 6: a resumed run sent them under a new key and the server stored them twice).
///
/// An attempt is identified by `fingerprint(of:)`: a hash of its method, filled path and payload
/// with secrets masked (a draft never keeps a trace of a secret, not even a hash one could guess
/// against). A resumed run whose first request has that fingerprint sends it with the kept key;
/// anything changed makes a new key. A server that answers, whatever it says, spends the key.
public final class AttemptKeyBook: Sendable {
    /// The key and fingerprint a draft keeps.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var fingerprint: String

        public init(key: String, fingerprint: String) {
            self.key = key
            self.fingerprint = fingerprint
        }
    }

    private struct State {
        /// From the resumed draft, until this run's first request.
        var resumed: Entry?
        /// The last request this run sent that got no answer.
        var unanswered: Entry?
    }

    private let state: Mutex<State>
    private let hash: @Sendable ([UInt8]) -> String

    /// `hash`: hex of a digest of the bytes (SHA-256 in the CLI); `resumed`: the draft's entry.
    public init(resumed: Entry? = nil, hash: @escaping @Sendable ([UInt8]) -> String) {
        self.state = Mutex(State(resumed: resumed, unanswered: nil))
        self.hash = hash
    }

    /// What a draft saved now keeps: the unanswered attempt, else the resumed one not yet tried.
    public var entryForDraft: Entry? {
        state.withLock { $0.unanswered ?? $0.resumed }
    }

    public func fingerprint(of submission: Submission) -> String {
        let identity = JSONValue.array([.string(submission.method), .string(submission.path), submission.transcriptPayload])
        return hash(Array(identity.compactText.utf8))
    }

    /// The key to send `submission` with, given the one the run would make; remembered as
    /// unanswered until `answered()`.
    func key(for submission: Submission, otherwise fresh: () -> String) -> String {
        let fingerprint = fingerprint(of: submission)
        return state.withLock { state in
            let key: String
            if let resumed = state.resumed, resumed.fingerprint == fingerprint {
                key = resumed.key
            } else {
                key = fresh()
            }
            // Only the resumed run's first request may take the draft's key: a later record of a
            // `--repeat` run with the same values is another record.
            state.resumed = nil
            state.unanswered = Entry(key: key, fingerprint: fingerprint)
            return key
        }
    }

    /// The server answered the last request: its key is spent.
    func answered() {
        state.withLock { $0.unanswered = nil }
    }

    /// A new record of a `--repeat` run: nothing carries over.
    public func forgetForNextRecord() {
        state.withLock { $0 = State(resumed: nil, unanswered: nil) }
    }
}
