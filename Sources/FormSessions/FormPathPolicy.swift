import FormCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Which form files a transcript may make replay read. CI replays transcripts from pull requests
/// nobody has vetted, so `#! form: /etc/shadow` or `../../../etc/passwd` must not be opened, and
/// nothing from a file that is not a form may end up quoted in an error message.
///
/// ```swift
/// FormPathPolicy(root: "/src/app").refusal("/etc/passwd")   // "outside /src/app, ..."
/// ```
///
/// A form path must name a `.yaml` or `.yml` file and, unless `root` is nil (`--allow-outside`),
/// resolve (symbolic links followed) inside `root`, the folder replay runs from.
package struct FormPathPolicy: Sendable, Equatable {
    /// The folder forms must be inside, absolute; nil: anywhere.
    package var root: String? {
        didSet { realRoot = root.flatMap(Self.real) }
    }

    /// `root` with its symbolic links resolved, once (a `realpath` and its `readlink`s per
    /// transcript were 1% of a replay); nil while it does not exist, when it is resolved at
    /// each check as before.
    private var realRoot: String?

    /// The real paths of the files checked so far, by path as named: the transcripts of a run
    /// mostly name one form, and resolving it again for each (a `getcwd` and a `readlink` per
    /// component) was three system calls a transcript. A run's view of its checkout, as the
    /// check itself was (it never held against a file changed between check and open).
    private let resolved = ResolvedPaths()

    package static func == (a: FormPathPolicy, b: FormPathPolicy) -> Bool { a.root == b.root }

    package init(root: String?) {
        self.root = root
        realRoot = root.flatMap(Self.real)
    }

    /// Confined to the current directory.
    package static func currentDirectory() -> FormPathPolicy {
        FormPathPolicy(root: SessionPaths.absolute("."))
    }

    /// Why replay must not read `path` (already resolved against the transcript's folder), or nil.
    /// `openAPIDocument`: the path names an OpenAPI document's copy (`#! operation:`), which may
    /// also end in `.json`.
    package func refusal(_ path: String, openAPIDocument: Bool = false) -> String? {
        if openAPIDocument {
            guard path.hasSuffix(".json") || path.hasSuffix(".yaml") || path.hasSuffix(".yml") else {
                return CLIMessage.pathNotOpenAPIDocument.text
            }
        } else {
            guard path.hasSuffix(".yaml") || path.hasSuffix(".yml") else {
                return CLIMessage.pathNotFormFile.text
            }
        }
        return folderRefusal(path)
    }

    /// The same rules for `#! answers:` (an answers file is YAML or JSON): why replay must not
    /// read `path`, or nil.
    package func answersRefusal(_ path: String) -> String? {
        guard path.hasSuffix(".yaml") || path.hasSuffix(".yml") || path.hasSuffix(".json") else {
            return CLIMessage.pathNotAnswersFile.text
        }
        return folderRefusal(path)
    }

    private func folderRefusal(_ path: String) -> String? {
        guard let root else { return nil }
        let base = realRoot ?? Self.real(root) ?? SessionPaths.absolute(root)
        let target = resolved.real(path) ?? SessionPaths.absolute(path)
        let prefix = base == "/" ? "/" : base + "/"
        guard target.hasPrefix(prefix) else {
            return CLIMessage.pathOutsideReplayFolder(folder: base).text
        }
        return nil
    }

    /// `real` remembered for the paths that resolved (a missing file is looked at again), at
    /// most `limit` of them.
    private final class ResolvedPaths: Sendable {
        static let limit = 4_096
        private let table = Mutex<[String: String]>([:])

        func real(_ path: String) -> String? {
            if let known = table.withLock({ $0[path] }) { return known }
            guard let real = FormPathPolicy.real(path) else { return nil }
            table.withLock { if $0.count < Self.limit { $0[path] = real } }
            return real
        }
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    private static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
