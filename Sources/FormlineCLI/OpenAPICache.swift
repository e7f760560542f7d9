import FormCore
import FormDrafts
import FormSystem
#if canImport(Glibc)
import Glibc
#endif

/// formline's OpenAPI cache in the state folder (`$XDG_STATE_HOME/formline/openapi/`, 0700):
///
/// - `forms/KEY.json`: a form derived from one operation, KEY the SHA-256 of the document's
///   content hash, the operation and formline's version, so a changed document, another
///   operation or a new formline never reuse an old form. The entry holds the form-file text,
///   what the translator said about the operation (printed on every run, cached or not), the
///   document's hash and operation it was built from, and a SHA-256 over all of it: an entry
///   that does not say it was built from this document and operation, or does not hash to what it
///   says, is rebuilt.
/// - `documents/URLHASH.body` and `.json`: a remote document and when it was fetched, with
///   its ETag and Last-Modified, so it is fetched once and revalidated only when it expires.
/// - `files/PATHHASH.json`: a local document's content hash with the file's identity (device,
///   inode, size, modification and change times): while they are unchanged the hash is reused
///   and the file is not read at all (as make and git trust stat data).
///
/// Everything here is a cache: an entry that cannot be read or written is ignored (the work is
/// done again), never an error. Files are written atomically, mode 0600.
///
/// The cache is trusted only where no one else could have written it (issue 33 item 2: a
/// repository shipping `./.local/state`, a folder another user created first, a planted symlink
/// each made formline submit a form the document does not describe). It is used only when the
/// `formline` folder is the user's, and `openapi/` and the kind's folder are the user's with no
/// access for group or others (0700), none of them a symbolic link; each entry is opened without
/// following a symbolic link (O_NOFOLLOW) and must be a regular file of the user's. Otherwise
/// nothing is read or written there: every run does the work again. With no state folder (HOME
/// and XDG_STATE_HOME unset, see `StateDirectory`) there is no cache.
struct OpenAPICache {
    let folder: String
    /// False when there is no state folder at all.
    let exists: Bool

    init(environment: [String: String]) {
        exists = StateDirectory.exists(environment: environment)
        folder = StateDirectory.path(environment: environment) + "/formline/openapi"
    }

    /// Whether the kind's folder (`forms`, `documents`, `files`) may be read and written: see
    /// the type's comment. A folder that does not exist yet is fine (it is made 0700).
    func trusts(_ kind: String) -> Bool {
        guard exists else { return false }
        let parent = String(folder.dropLast("/openapi".count))
        return Self.isOwn(parent, privateMode: false) && Self.isOwn(folder, privateMode: true)
            && Self.isOwn(folder + "/" + kind, privateMode: true)
    }

    /// Absent, or a real folder (not a link) of this user's, with no access for others when
    /// `privateMode`.
    private static func isOwn(_ path: String, privateMode: Bool) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT }
        return info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid()
            && (!privateMode || info.st_mode & 0o077 == 0)
    }

    /// An entry's bytes: a regular file of this user's in a trusted folder, not through a link.
    private func readEntry(_ kind: String, _ path: String, limit: Int = OpenAPICache.entryLimit) -> [UInt8]? {
        guard trusts(kind), let (bytes, info) = try? WholeFile.readOwnFile(path, limit: limit),
              info.st_uid == geteuid() else { return nil }
        return bytes
    }

    /// Writes an entry only into a trusted folder.
    private func writeEntry(_ kind: String, _ bytes: [UInt8], to path: String) {
        guard trusts(kind) else { return }
        try? AtomicFile.write(bytes, to: path)
    }

    /// The largest cache entry read back (the document copy has its own, larger, limit).
    static let entryLimit = WholeFile.defaultLimit

    static func sha256(_ bytes: [UInt8]) -> String { ContentHash.sha256(bytes) }

    static func sha256(_ text: String) -> String { sha256(Array(text.utf8)) }

    // MARK: - Derived forms

    static func formKey(documentHash: String, operation: String) -> String {
        // "entry 3": one verified JSON entry per form (older entries were a .yaml and a .notes).
        sha256("formline \(FormlineVersion.current) entry 3\n\(documentHash)\n\(operation)")
    }

    /// What an entry's `sha256` covers: everything else it holds, each part length-prefixed.
    private static func entryHash(documentHash: String, operation: String, yaml: [UInt8], notes: [String]) -> String {
        let parts = [Array(documentHash.utf8), Array(operation.utf8), yaml] + notes.map { Array($0.utf8) }
        return sha256(parts.flatMap { Array("\($0.count):".utf8) + $0 })
    }

    /// The cached form of this document (by hash) and operation, only if the entry says it was
    /// built from them and hashes to what it says; nil (rebuild) for anything else.
    func form(key: String, documentHash: String, operation: String) -> (yaml: [UInt8], notes: [String])? {
        guard let bytes = readEntry("forms", folder + "/forms/\(key).json"),
              let json = JSONValue.parse(bytes),
              json["document_sha256"]?.stringValue == documentHash, json["operation"]?.stringValue == operation,
              let yamlText = json["yaml"]?.stringValue, let hash = json["sha256"]?.stringValue,
              case .array(let noteValues)? = json["notes"] else { return nil }
        let notes = noteValues.compactMap(\.stringValue)
        let yaml = Array(yamlText.utf8)
        guard notes.count == noteValues.count,
              hash == Self.entryHash(documentHash: documentHash, operation: operation, yaml: yaml, notes: notes) else { return nil }
        return (yaml, notes)
    }

    func storeForm(key: String, documentHash: String, operation: String, yaml: [UInt8], notes: [String]) {
        let entry = JSONValue.object([
            "document_sha256": .string(documentHash), "operation": .string(operation),
            "yaml": .string(String(decoding: yaml, as: UTF8.self)), "notes": .array(notes.map { .string($0) }),
            "sha256": .string(Self.entryHash(documentHash: documentHash, operation: operation, yaml: yaml, notes: notes)),
        ])
        writeEntry("forms", Array(entry.compactText.utf8), to: folder + "/forms/\(key).json")
    }

    // MARK: - Remote documents

    struct RemoteEntry {
        var url: String
        var sha256: String
        var fetchedAt: Int
        var etag: String?
        var lastModified: String?
    }

    private func remotePaths(url: String) -> (meta: String, body: String) {
        let name = folder + "/documents/" + Self.sha256(url)
        return (name + ".json", name + ".body")
    }

    func remote(url: String) -> RemoteEntry? {
        let paths = remotePaths(url: url)
        guard let bytes = readEntry("documents", paths.meta),
              let json = JSONValue.parse(bytes), json["url"]?.stringValue == url,
              let hash = json["sha256"]?.stringValue,
              let fetched = json["fetched_at"].flatMap({ if case .number(let n) = $0 { Int(n) } else { nil } })
        else { return nil }
        return RemoteEntry(url: url, sha256: hash, fetchedAt: fetched,
                           etag: json["etag"]?.stringValue, lastModified: json["last_modified"]?.stringValue)
    }

    /// The cached copy's bytes, only if they still hash to what the entry says.
    func remoteBody(_ entry: RemoteEntry) -> [UInt8]? {
        guard let bytes = readEntry("documents", remotePaths(url: entry.url).body, limit: OpenAPISource.documentLimit),
              Self.sha256(bytes) == entry.sha256 else { return nil }
        return bytes
    }

    func storeRemote(_ entry: RemoteEntry, body: [UInt8]?) {
        let paths = remotePaths(url: entry.url)
        if let body { writeEntry("documents", body, to: paths.body) }
        var members: [String: JSONValue] = [
            "url": .string(entry.url), "sha256": .string(entry.sha256), "fetched_at": .number(String(entry.fetchedAt)),
        ]
        if let etag = entry.etag { members["etag"] = .string(etag) }
        if let date = entry.lastModified { members["last_modified"] = .string(date) }
        writeEntry("documents", Array(JSONValue.object(members).compactText.utf8), to: paths.meta)
    }

    // MARK: - Local documents

    /// What identifies one version of a file without reading it.
    struct FileIdentity: Equatable {
        var device: UInt64, inode: UInt64, size: Int64
        var modified: (Int, Int), changed: (Int, Int)

        static func == (a: Self, b: Self) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified == b.modified && a.changed == b.changed
        }

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
            changed = (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
        }

        var text: String {
            "\(device) \(inode) \(size) \(modified.0).\(modified.1) \(changed.0).\(changed.1)"
        }
    }

    private func filePath(_ absolute: String) -> String {
        folder + "/files/" + Self.sha256(absolute) + ".json"
    }

    /// The content hash recorded for this file while its identity is unchanged.
    func fileHash(absolutePath: String, identity: FileIdentity) -> String? {
        guard let bytes = readEntry("files", filePath(absolutePath)),
              let json = JSONValue.parse(bytes), json["path"]?.stringValue == absolutePath,
              json["identity"]?.stringValue == identity.text else { return nil }
        return json["sha256"]?.stringValue
    }

    func storeFileHash(absolutePath: String, identity: FileIdentity, sha256: String) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        // Racy-clean rule (as git's index): a file modified in the last 2 seconds may change
        // again within the same clock tick without its modification time moving, so its hash is
        // not remembered. (Its change time is part of the identity all the same.)
        guard now.tv_sec - identity.modified.0 >= 2 else { return }
        let json = JSONValue.object([
            "path": .string(absolutePath), "identity": .string(identity.text), "sha256": .string(sha256),
        ])
        writeEntry("files", Array(json.compactText.utf8), to: filePath(absolutePath))
    }
}
