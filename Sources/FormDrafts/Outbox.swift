#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormSystem

/// One form kept in the outbox: complete and valid, not sent (docs/outbox-and-batch.md).
///
/// It holds what a later send needs to be the *same* attempt: the Idempotency-Key, the method,
/// path and payload as they were first sent, and the endpoint; and what `formline outbox repair`
/// needs to walk a rejection: the form file and the non-secret values. Never a secret: a form
/// holding one is not queued (secrets are never written, docs/drafts.md).
package struct OutboxEntry: Sendable, Equatable {
    /// What became of one try to send it.
    package struct Attempt: Sendable, Equatable {
        package var at: String
        /// `failed: the server refused the connection`, `rejected (400)`, ...
        package var outcome: String

        package init(at: String, outcome: String) {
            self.at = at
            self.outcome = outcome
        }
    }

    /// The server's rejection an entry waits with until `formline outbox repair`.
    package struct Rejection: Sendable, Equatable {
        package var status: Int
        package var contentType: String?
        package var body: String

        package init(status: Int, contentType: String?, body: String) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }
    }

    package var formID: String
    /// The form file, absolute, as the run that queued it read it.
    package var formPath: String
    package var formSHA256: String
    /// `--endpoint` of the run that queued it; `formline outbox send --endpoint` may name another.
    package var endpoint: String
    package var idempotencyKey: String
    package var method: String
    package var path: String
    package var payload: JSONValue
    /// The non-secret values by field name, as a draft keeps them.
    package var values: [String: JSONValue]
    package var queuedAt: String
    package var attempts: [Attempt]
    /// Set once a send was answered with a rejection: the entry waits for `outbox repair`.
    package var rejection: Rejection?

    package init(formID: String, formPath: String, formSHA256: String, endpoint: String, idempotencyKey: String,
                 method: String, path: String, payload: JSONValue, values: [String: JSONValue], queuedAt: String,
                 attempts: [Attempt], rejection: Rejection? = nil) {
        self.formID = formID
        self.formPath = formPath
        self.formSHA256 = formSHA256
        self.endpoint = endpoint
        self.idempotencyKey = idempotencyKey
        self.method = method
        self.path = path
        self.payload = payload
        self.values = values
        self.queuedAt = queuedAt
        self.attempts = attempts
        self.rejection = rejection
    }

    var document: JSONValue {
        var members: [String: JSONValue] = [
            "version": .number("1"),
            "form": .string(formID),
            "form_path": .string(formPath),
            "form_sha256": .string(formSHA256),
            "endpoint": .string(endpoint),
            "idempotency_key": .string(idempotencyKey),
            "method": .string(method),
            "path": .string(path),
            "payload": payload,
            "values": .object(values),
            "queued_at": .string(queuedAt),
            "attempts": .array(attempts.map { .object(["at": .string($0.at), "outcome": .string($0.outcome)]) }),
        ]
        if let rejection {
            members["rejection"] = .object([
                "status": .number(String(rejection.status)),
                "content_type": rejection.contentType.map { .string($0) } ?? .null,
                "body": .string(rejection.body),
            ])
        }
        return .object(members)
    }

    /// The entry in `json`, or nil when it is not one formline wrote (a key that could not go
    /// into a header, a missing member).
    init?(_ json: JSONValue) {
        guard json["version"] == .number("1"),
              let formID = json["form"]?.stringValue, let formPath = json["form_path"]?.stringValue,
              let endpoint = json["endpoint"]?.stringValue,
              let key = json["idempotency_key"]?.stringValue, Outbox.isUsableKey(key),
              let method = json["method"]?.stringValue, let path = json["path"]?.stringValue,
              let payload = json["payload"], let values = json["values"]?.objectValue,
              let attempts = json["attempts"]?.arrayValue
        else { return nil }
        self.init(
            formID: formID, formPath: formPath, formSHA256: json["form_sha256"]?.stringValue ?? "", endpoint: endpoint,
            idempotencyKey: key, method: method, path: path, payload: payload, values: values,
            queuedAt: json["queued_at"]?.stringValue ?? "",
            attempts: attempts.compactMap { item in
                guard let at = item["at"]?.stringValue, let outcome = item["outcome"]?.stringValue else { return nil }
                return Attempt(at: at, outcome: outcome)
            })
        if let rejection = json["rejection"], case .number(let text)? = rejection["status"], let status = Int(text),
           let body = rejection["body"]?.stringValue {
            self.rejection = Rejection(status: status, contentType: rejection["content_type"]?.stringValue, body: body)
        }
    }
}

/// The outbox folder, `STATE/formline/outbox/`: one file per entry, written atomically (fsync'd,
/// 0600) by `AtomicFile`, as drafts are.
///
/// An entry's file is named by a hash of its Idempotency-Key, unique per attempt: runs that end
/// together (a server down for every clerk at once) each write a name of their own, with no number
/// to pick and so no race between picking and writing (issue 28's race for draft numbers). The
/// same attempt queued again lands on the same file.
///
/// A sender claims an entry before sending it (`claim`): an exclusive `flock` on a `.sending` file
/// beside it, held for the send, so two senders never send one entry at once. The kernel lets go
/// of the lock when its process ends, however it ends: there is no stale claim to take over, and so
/// no race between two senders taking one over. A claim is taken after the entry was listed, so
/// the sender reads the entry again under it (`current`) and skips one that is gone or changed.
package struct Outbox: Sendable {
    package let folder: String

    /// The most entries listed or sent by one command: a bound on the work of a run.
    package static let maximumEntries = 100_000

    package init(folder: String) { self.folder = folder }

    package init(environment: [String: String]) {
        folder = StateDirectory.path(environment: environment) + "/formline/outbox"
    }

    /// Whether `key` may be sent in a header and kept: 1 to 200 printable ASCII characters.
    package static func isUsableKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= 200 && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// The file of the entry with `key`.
    package func path(key: String) -> String {
        folder + "/" + String(ContentHash.sha256(Array(key.utf8)).prefix(32)) + ".json"
    }

    /// Writes `entry` (a new one, or one with a new attempt); returns its file.
    @discardableResult
    package func save(_ entry: OutboxEntry) throws(DraftError) -> String {
        guard !folder.hasPrefix(StateDirectory.nowhere) else { throw .noStateFolder }
        let file = path(key: entry.idempotencyKey)
        do {
            try AtomicFile.write(Array((entry.document.compactText + "\n").utf8), to: file, mode: 0o600, createFolders: true)
        } catch {
            throw .unwritable(file, error.reason)
        }
        return file
    }

    /// Every entry, oldest first; files that are not entries are left alone and not listed.
    package func all() -> [(entry: OutboxEntry, path: String)] {
        var found: [(entry: OutboxEntry, path: String)] = []
        for name in DirectoryListing.names(in: folder, endingWith: ".json").prefix(Self.maximumEntries) {
            let file = folder + "/" + name
            guard let bytes = try? WholeFile.read(file, limit: WholeFile.defaultLimit),
                  let json = JSONValue.parse(bytes), let entry = OutboxEntry(json),
                  path(key: entry.idempotencyKey) == file else { continue }
            found.append((entry, file))
        }
        return found.sorted { ($0.entry.queuedAt, $0.path) < ($1.entry.queuedAt, $1.path) }
    }

    /// Claims the entry with `key` for this process: nil when another sender holds it.
    package func claim(key: String) -> OutboxClaim? {
        let lockFile = path(key: key) + ".sending"
        for _ in 0..<4 {
            let fd = open(lockFile, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return nil }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                close(fd)
                return nil
            }
            // The holder before us removes the file as it lets go: a lock on a file no longer at
            // the path guards nothing, so lock the one there now.
            var held = stat()
            var there = stat()
            if fstat(fd, &held) == 0, lstat(lockFile, &there) == 0, held.st_dev == there.st_dev, held.st_ino == there.st_ino {
                return OutboxClaim(fd: fd, file: lockFile)
            }
            close(fd)
        }
        return nil
    }

    /// Gives `claim` back: the lock file goes first, while still held, then the lock.
    package func release(_ claim: OutboxClaim) {
        unlink(claim.file)
        close(claim.fd)
    }

    /// The entry with `key` as its file holds it now; nil when it is gone (sent and removed).
    package func current(key: String) -> OutboxEntry? {
        let file = path(key: key)
        guard let bytes = try? WholeFile.read(file, limit: WholeFile.defaultLimit),
              let json = JSONValue.parse(bytes), let entry = OutboxEntry(json), entry.idempotencyKey == key else { return nil }
        return entry
    }

    /// Removes the entry with `key` (it was accepted).
    package func remove(key: String) {
        unlink(path(key: key))
    }
}

/// A sender's hold on one outbox entry (`Outbox.claim`): an open, `flock`ed lock file.
package struct OutboxClaim: Sendable {
    package let fd: Int32
    package let file: String
}
