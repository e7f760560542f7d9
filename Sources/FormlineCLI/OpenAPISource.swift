import FormCore
import FormSessions
import FormSystem
import FormTransport
#if canImport(Glibc)
import Glibc
#endif

/// An OpenAPI document named on the command line (a file or an http(s) URL), read through the
/// cache: what it is called, its content hash, and its bytes when they are needed.
///
/// A cached run learns the content hash without reading a local file (its identity is
/// unchanged) or contacting a server (the copy has not expired), so reaching the first prompt
/// costs about what a YAML form does.
struct OpenAPISource {
    /// The largest document read, from a file or a server: real API descriptions are a few MiB
    /// at most (a 2,000-operation one is about 5 MB); 16 MiB bounds memory and work.
    static let documentLimit = DocumentFetcher.maximumBodySize

    /// How long a fetched document is used without asking the server again. Fifteen minutes:
    /// a session of several fills asks once, and a server redeployed with a new schema is seen
    /// within a coffee break (or at once with `--refresh`). Revalidating costs one conditional
    /// GET (304, no body) when nothing changed.
    static let remoteLifetime = 15 * 60

    struct Problem: Error, CustomStringConvertible {
        var description: String
        /// 3 for a document a server would not give, else 2 (usage).
        var status: ExitStatus = .usage
    }

    /// `DOC` as given.
    let argument: String
    let isRemote: Bool
    /// The content hash, the document's identity in every cache key.
    let sha256: String
    /// Messages for stderr (a stale copy used because the server could not be reached).
    let notes: [String]
    private let loadBytes: () -> [UInt8]?
    private var cached: [UInt8]?

    /// The document's bytes (read at most once; from the cache for a remote one).
    mutating func bytes() throws -> [UInt8] {
        if let cached { return cached }
        guard let bytes = loadBytes() else {
            throw Problem(description: CLIMessage.documentChangedWhileRead(path: argument).text)
        }
        cached = bytes
        return bytes
    }

    static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Where `argument` leads, through the cache. `refresh` asks the server even when the cached
    /// copy has not expired. `timeout`, `tls` and the proxy variables are `fill`'s.
    static func open(
        _ argument: String, refresh: Bool, cache: OpenAPICache, timeout: Double = 30,
        tls: TLSFiles = TLSFiles(), environment: [String: String] = ProcessEnvironment.current
    ) throws -> OpenAPISource {
        if isURL(argument) {
            return try openRemote(argument, refresh: refresh, cache: cache, timeout: timeout, tls: tls, environment: environment)
        }
        let absolute = SessionPaths.absolute(argument)
        if let identity = OpenAPICache.FileIdentity(path: absolute),
           let hash = cache.fileHash(absolutePath: absolute, identity: identity) {
            return OpenAPISource(argument: argument, isRemote: false, sha256: hash, notes: [], loadBytes: {
                // Read only on a cache miss of the form: the hash must still be this file's.
                guard let bytes = try? WholeFile.read(absolute, limit: documentLimit),
                      OpenAPICache.sha256(bytes) == hash else { return nil }
                return bytes
            })
        }
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(argument, limit: documentLimit)
        } catch {
            throw Problem(description: CLIMessage.documentCannotRead(path: argument, reason: error.reason).text)
        }
        let hash = OpenAPICache.sha256(bytes)
        if let identity = OpenAPICache.FileIdentity(path: absolute) {
            cache.storeFileHash(absolutePath: absolute, identity: identity, sha256: hash)
        }
        var source = OpenAPISource(argument: argument, isRemote: false, sha256: hash, notes: [], loadBytes: { bytes })
        source.cached = bytes
        return source
    }

    private static func openRemote(
        _ url: String, refresh: Bool, cache: OpenAPICache, timeout: Double, tls: TLSFiles,
        environment: [String: String]
    ) throws -> OpenAPISource {
        let now = Int(time(nil))
        let entry = cache.remote(url: url)
        if let entry, !refresh, now - entry.fetchedAt >= 0, now - entry.fetchedAt < remoteLifetime {
            return OpenAPISource(argument: url, isRemote: true, sha256: entry.sha256, notes: [],
                                 loadBytes: { cache.remoteBody(entry) })
        }
        // Expired, refreshed or never fetched: ask, conditionally when a copy is kept.
        let copy = entry.flatMap { entry in cache.remoteBody(entry).map { (entry, $0) } }
        let fetcher: DocumentFetcher
        do {
            let proxy = try ProxyEnvironment.proxy(for: url, environment: environment)
            fetcher = try DocumentFetcher(url: url, timeout: .milliseconds(Int64(timeout * 1000)), tls: tls, proxy: proxy)
        } catch {
            throw Problem(description: CLIMessage.openapiProblem(String(describing: error)).text)
        }
        let validators = copy.map { DocumentFetcher.Validators(etag: $0.0.etag, lastModified: $0.0.lastModified) }
        switch fetcher.fetch(validators: validators) {
        case .success(.notModified):
            guard let (found, body) = copy else {
                throw Problem(description: CLIMessage.documentNotModifiedToPlainGET(url: url).text, status: .transportFailed)
            }
            var kept = found
            kept.fetchedAt = now
            cache.storeRemote(kept, body: nil)
            var source = OpenAPISource(argument: url, isRemote: true, sha256: kept.sha256, notes: [], loadBytes: { body })
            source.cached = body
            return source
        case .success(.fetched(let body, let validators)):
            let hash = OpenAPICache.sha256(body)
            cache.storeRemote(OpenAPICache.RemoteEntry(
                url: url, sha256: hash, fetchedAt: now, etag: validators.etag, lastModified: validators.lastModified),
                body: body)
            var source = OpenAPISource(argument: url, isRemote: true, sha256: hash, notes: [], loadBytes: { body })
            source.cached = body
            return source
        case .failure(let failure):
            let reason: String
            switch failure {
            case .timeout: reason = CLIMessage.transportTimeout.text
            case .refused: reason = CLIMessage.connectionRefused.text
            case .error(let text): reason = text
            }
            // The copy kept from an earlier fetch still describes the API well enough to fill
            // a form; the submission will say whether the server is back.
            if let (kept, body) = copy {
                var source = OpenAPISource(argument: url, isRemote: true, sha256: kept.sha256, notes: [
                    "formline: warning: " + CLIMessage.documentKeptCopyUsed(url: url, reason: reason, age: Self.age(now - kept.fetchedAt)).text,
                ], loadBytes: { body })
                source.cached = body
                return source
            }
            throw Problem(description: CLIMessage.documentCannotFetch(url: url, reason: reason).text, status: .transportFailed)
        }
    }

    private init(argument: String, isRemote: Bool, sha256: String, notes: [String], loadBytes: @escaping () -> [UInt8]?) {
        self.argument = argument
        self.isRemote = isRemote
        self.sha256 = sha256
        self.notes = notes
        self.loadBytes = loadBytes
    }

    static func age(_ seconds: Int) -> String {
        CLIMessage.age(seconds: seconds).text
    }
}
