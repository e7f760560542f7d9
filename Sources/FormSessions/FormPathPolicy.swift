import FormCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let target = Self.real(path) ?? SessionPaths.absolute(path)
        let prefix = base == "/" ? "/" : base + "/"
        guard target.hasPrefix(prefix) else {
            return CLIMessage.pathOutsideReplayFolder(folder: base).text
        }
        return nil
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    private static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
