#if canImport(Glibc)
import Glibc
#endif
import FormCore
import FormDrafts
import FormRunner
import FormSystem

/// The outbox side of a `fill` run (docs/outbox-and-batch.md): a complete, valid form that could
/// not be sent is written to the outbox with the key it was sent with, and the session ends (a run
/// of records goes on with the next one) instead of asking to retry.
enum OutboxEdge {
    /// The driver's outbox handling for a run of `spec` read from `formPath`, sending to `endpoint`.
    static func handling(spec: FormSpec, formPath: String, formBytes: [UInt8], endpoint: String,
                         environment: [String: String]) -> SessionDriver.OutboxHandling {
        let outbox = Outbox(environment: environment)
        // The form file as the send will read it again, whatever folder it runs in.
        let absolute = Self.absolutePath(formPath)
        let fingerprint = DraftStore.fingerprint(formBytes)
        return SessionDriver.OutboxHandling(queue: { attempt in
            // A secret is never written (docs/drafts.md), and a form sent later without it would
            // not be the form the operator confirmed: such a form stays a draft, as before.
            guard attempt.submission.secrets.isEmpty, Outbox.isUsableKey(attempt.key) else { return false }
            let now = DraftStore.timestamp()
            let entry = OutboxEntry(
                formID: spec.id, formPath: absolute, formSHA256: fingerprint, endpoint: endpoint,
                idempotencyKey: attempt.key, method: attempt.submission.method, path: attempt.submission.path,
                payload: attempt.submission.payload, values: attempt.values, queuedAt: now,
                attempts: [OutboxEntry.Attempt(at: now, outcome: "failed: " + attempt.reason)])
            do {
                try outbox.save(entry)
                return true
            } catch {
                StandardError.write(TextCleaning.visible("formline: " + CLIMessage.outboxNotWritten(reason: "\(error)").text) + "\n")
                return false
            }
        })
    }

    /// `path` made absolute against the working folder (symlinks resolved when it exists).
    static func absolutePath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }
}
