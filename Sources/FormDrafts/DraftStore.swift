#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto
import FormCore
import FormSystem

/// A saved, unfinished form: what the operator typed, secrets left out (docs/drafts.md).
package struct Draft: Sendable, Equatable {
    package var formID: String
    package var formSHA256: String
    package var savedAt: String
    package var values: [String: JSONValue]
    /// The Idempotency-Key of the last attempt the server never answered (a timeout), and the
    /// SHA-256 of that attempt with secrets masked (`AttemptKeyBook`): a resumed run sending the
    /// same attempt reuses the key. nil when there is none (and in drafts from before).
    package var lastAttempt: (key: String, sha256: String)?

    package init(formID: String, formSHA256: String, savedAt: String, values: [String: JSONValue],
                lastAttempt: (key: String, sha256: String)? = nil) {
        self.formID = formID
        self.formSHA256 = formSHA256
        self.savedAt = savedAt
        self.values = values
        self.lastAttempt = lastAttempt
    }

    package static func == (a: Draft, b: Draft) -> Bool {
        a.formID == b.formID && a.formSHA256 == b.formSHA256 && a.savedAt == b.savedAt && a.values == b.values
            && a.lastAttempt?.key == b.lastAttempt?.key && a.lastAttempt?.sha256 == b.lastAttempt?.sha256
    }
}

/// Reads and writes one draft file: atomically (see `AtomicFile`), mode 0600, at most
/// `maximumSize` bytes read back.
package struct DraftStore: Sendable {
    package let path: String
    /// Whether missing parent folders may be made: only for the state folder's own paths, never
    /// for a `--draft` path the operator named (a typo must not create `/nonexistent/`).
    package let createsFolders: Bool

    /// The largest draft file read back: 8 MiB, the cap of every file a person writes.
    package static let maximumSize = WholeFile.defaultLimit

    package init(path: String, createsFolders: Bool = true) {
        self.path = path
        self.createsFolders = createsFolders
    }

    /// The store for `--draft PATH`, or the state folder's draft of the form when there is none.
    package static func forRun(draft: String?, formID: String, environment: [String: String]) -> DraftStore {
        if let draft { return DraftStore(path: draft, createsFolders: false) }
        return DraftStore(path: defaultPath(formID: formID, environment: environment), createsFolders: true)
    }

    /// Why this draft file could not be saved, checked before the session starts; nil if it can.
    package var writeProblem: String? {
        AtomicFile.problem(writing: path, createFolders: createsFolders)
    }

    /// `$XDG_STATE_HOME/formline/drafts/ID.json`, `~/.local/state/...` when XDG_STATE_HOME is unset.
    package static func defaultPath(formID: String, environment: [String: String]) -> String {
        StateDirectory.formlineFile("drafts", name: formID, environment: environment)
    }

    /// SHA-256 of the form file's bytes, hex, to tell the operator the form changed since.
    package static func fingerprint(_ bytes: [UInt8]) -> String {
        ContentHash.sha256(bytes)
    }

    package var exists: Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Writes the draft; returns what identifies the file written (see `delete(ifStill:)`).
    @discardableResult
    package func save(_ draft: Draft) throws(DraftError) -> DraftIdentity? {
        var document = JSONValue.object([
            "version": .number("1"),
            "form": .string(draft.formID),
            "form_sha256": .string(draft.formSHA256),
            "saved_at": .string(draft.savedAt),
            "values": .object(draft.values),
        ])
        if let last = draft.lastAttempt, case .object(var members) = document {
            members["last_attempt"] = .object(["idempotency_key": .string(last.key), "sha256": .string(last.sha256)])
            document = .object(members)
        }
        do {
            let bytes = Array((document.compactText + "\n").utf8)
            try AtomicFile.write(bytes, to: path, mode: 0o600, createFolders: createsFolders)
            return DraftIdentity(path: path, bytes: bytes)
        } catch {
            throw .unwritable(path, error.reason)
        }
    }

    package func load() throws(DraftError) -> Draft {
        try loadWithIdentity().draft
    }

    /// The draft and what identifies the file it came from, so that a run that finishes deletes
    /// only the draft it resumed (`delete(ifStill:)`), never one another run saved meanwhile.
    package func loadWithIdentity() throws(DraftError) -> (draft: Draft, identity: DraftIdentity) {
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(path, limit: Self.maximumSize)
        } catch {
            if case .cannotOpen = error, access(path, F_OK) != 0 { throw .unreadable(path) }
            throw .cannotRead(path, error.reason)
        }
        guard let identity = DraftIdentity(path: path, bytes: bytes) else { throw .unreadable(path) }
        return (try decode(bytes), identity)
    }

    private func decode(_ bytes: [UInt8]) throws(DraftError) -> Draft {
        guard let json = JSONValue.parse(bytes), json["version"] == .number("1"),
              let values = json["values"]?.objectValue else {
            throw .invalid(path)
        }
        return Draft(
            formID: json["form"]?.stringValue ?? "",
            formSHA256: json["form_sha256"]?.stringValue ?? "",
            savedAt: json["saved_at"]?.stringValue ?? "",
            values: values,
            lastAttempt: Self.lastAttempt(json["last_attempt"]))
    }

    /// A draft's `last_attempt`, only when well formed: a key of at most 200 printable ASCII
    /// characters (it goes into a header) and a SHA-256 in hex; anything else is ignored.
    private static func lastAttempt(_ json: JSONValue?) -> (key: String, sha256: String)? {
        guard let key = json?["idempotency_key"]?.stringValue, let sha = json?["sha256"]?.stringValue,
              !key.isEmpty, key.utf8.count <= 200, key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
              sha.utf8.count == 64, sha.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        return (key, sha)
    }

    package func delete() { unlink(path) }

    /// Deletes the draft file only if it is still the one `identity` describes (same file, same
    /// bytes); a draft another run saved since is left alone.
    package func delete(ifStill identity: DraftIdentity) {
        guard let bytes = try? WholeFile.read(path, limit: Self.maximumSize),
              DraftIdentity(path: path, bytes: bytes) == identity else { return }
        unlink(path)
    }

    package static func timestamp() -> String {
        Date.now.formatted(.iso8601)
    }
}

package enum DraftError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String)
    case invalid(String)
    case unwritable(String, String)
    case cannotRead(String, String)
    /// HOME and XDG_STATE_HOME unset or not absolute: no state folder, and none is made in the
    /// working folder (docs/SECURITY.md, "The state folder").
    case noStateFolder

    /// The words come from `CLIMessage`.
    package var description: String {
        switch self {
        case .noStateFolder: return CLIMessage.draftNoStateFolder.text
        case .unreadable(let p): return CLIMessage.draftNothingToResume(path: p).text
        case .invalid(let p): return CLIMessage.draftNotADraft(path: p).text
        case .unwritable(let p, let why): return CLIMessage.draftCannotSave(path: p, reason: why).text
        case .cannotRead(let p, let why): return CLIMessage.draftCannotRead(path: p, reason: why).text
        }
    }
}

/// Which draft file was resumed: its inode and its bytes. A save replaces the file (a new inode),
/// so a draft saved by another run since never matches.
package struct DraftIdentity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let bytes: [UInt8]

    init?(path: String, bytes: [UInt8]) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        self.bytes = bytes
    }
}
