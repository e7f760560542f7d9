import FormCore
import FormDrafts
import FormSystem
#if canImport(Glibc)
import Glibc
#endif

/// formline's OpenAPI cache in the state folder (`$XDG_STATE_HOME/formline/openapi/`, 0700):
///
/// - `forms/KEY.yaml`: a form derived from one operation, KEY the SHA-256 of the document's
///   content hash, the operation and formline's version, so a changed document, another
///   operation or a new formline never reuse an old form. `KEY.notes` beside it: what the
///   translator said about the operation (printed on every run, cached or not).
/// - `documents/URLHASH.body` and `.json`: a remote document and when it was fetched, with
///   its ETag and Last-Modified, so it is fetched once and revalidated only when it expires.
/// - `files/PATHHASH.json`: a local document's content hash with the file's identity (device,
///   inode, size, modification and change times): while they are unchanged the hash is reused
///   and the file is not read at all (as make and git trust stat data).
///
/// Everything here is a cache: an entry that cannot be read or written is ignored (the work is
/// done again), never an error. Files are written atomically, mode 0600.
struct OpenAPICache {
    let folder: String

    init(environment: [String: String]) {
        folder = StateDirectory.path(environment: environment) + "/formline/openapi"
    }

    /// The largest cache entry read back (the document copy has its own, larger, limit).
    static let entryLimit = WholeFile.defaultLimit

    static func sha256(_ bytes: [UInt8]) -> String { ContentHash.sha256(bytes) }

    static func sha256(_ text: String) -> String { sha256(Array(text.utf8)) }

    // MARK: - Derived forms

    static func formKey(documentHash: String, operation: String) -> String {
        // "notes 2": entries whose notes no longer carry the document's name (an older entry's would).
        sha256("formline \(FormlineVersion.current) notes 2\n\(documentHash)\n\(operation)")
    }

    func form(key: String) -> (yaml: [UInt8], notes: [String])? {
        guard let yaml = try? WholeFile.read(folder + "/forms/\(key).yaml", limit: Self.entryLimit) else { return nil }
        var notes: [String] = []
        if let text = try? WholeFile.read(folder + "/forms/\(key).notes", limit: Self.entryLimit) {
            notes = String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        return (yaml, notes)
    }

    func storeForm(key: String, yaml: [UInt8], notes: [String]) {
        // Notes first: a form without its notes file would be read as "nothing to say".
        if notes.isEmpty {
            unlink(folder + "/forms/\(key).notes")
        } else {
            try? AtomicFile.write(Array(notes.joined(separator: "\n").utf8), to: folder + "/forms/\(key).notes")
        }
        try? AtomicFile.write(yaml, to: folder + "/forms/\(key).yaml")
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
        guard let bytes = try? WholeFile.read(paths.meta, limit: Self.entryLimit),
              let json = JSONValue.parse(bytes), json["url"]?.stringValue == url,
              let hash = json["sha256"]?.stringValue,
              let fetched = json["fetched_at"].flatMap({ if case .number(let n) = $0 { Int(n) } else { nil } })
        else { return nil }
        return RemoteEntry(url: url, sha256: hash, fetchedAt: fetched,
                           etag: json["etag"]?.stringValue, lastModified: json["last_modified"]?.stringValue)
    }

    /// The cached copy's bytes, only if they still hash to what the entry says.
    func remoteBody(_ entry: RemoteEntry) -> [UInt8]? {
        guard let bytes = try? WholeFile.read(remotePaths(url: entry.url).body, limit: OpenAPISource.documentLimit),
              Self.sha256(bytes) == entry.sha256 else { return nil }
        return bytes
    }

    func storeRemote(_ entry: RemoteEntry, body: [UInt8]?) {
        let paths = remotePaths(url: entry.url)
        if let body { try? AtomicFile.write(body, to: paths.body) }
        var members: [String: JSONValue] = [
            "url": .string(entry.url), "sha256": .string(entry.sha256), "fetched_at": .number(String(entry.fetchedAt)),
        ]
        if let etag = entry.etag { members["etag"] = .string(etag) }
        if let date = entry.lastModified { members["last_modified"] = .string(date) }
        try? AtomicFile.write(Array(JSONValue.object(members).compactText.utf8), to: paths.meta)
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
        guard let bytes = try? WholeFile.read(filePath(absolutePath), limit: Self.entryLimit),
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
        try? AtomicFile.write(Array(json.compactText.utf8), to: filePath(absolutePath))
    }
}
