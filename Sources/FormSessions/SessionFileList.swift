import FormCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormSystem

/// The transcripts a replay run names: files as given, folders as every `*.session` under them
/// (recursively, sorted by path), so `formline replay Tests/Sessions` needs no shell glob.
///
/// A folder's symbolic links are never followed out of it: a linked folder is not entered, and a
/// linked `.session` file is taken only when it resolves inside the folder named. The walk is
/// bounded (`maximumFiles` transcripts, `maximumDepth` folders deep) so a hostile tree cannot
/// make the run list without end.
package enum SessionFileList {
    package static let maximumFiles = 100_000
    package static let maximumDepth = 32

    /// Why the arguments name no runnable list.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case tooMany(String)
        package var description: String {
            switch self {
            case .unreadable(let path): return CLIMessage.sessionPathUnreadable(path: path).text
            case .tooMany(let path): return CLIMessage.tooManySessions(path: path, most: SessionFileList.maximumFiles).text
            }
        }
    }

    /// The files named by `arguments`, in argument order, each folder's transcripts sorted.
    package static func expand(_ arguments: [String]) throws(Problem) -> [String] {
        try listing(arguments).files
    }

    /// What `expand` lists, and which of those files were found by listing their folder with no
    /// `.actual` beside them: a passing replay of one has no stale `.actual` to remove, so it
    /// makes no `unlink` that is bound to fail (one system call a transcript).
    package static func listing(_ arguments: [String]) throws(Problem) -> (files: [String], withoutActual: Set<String>) {
        var files: [String] = []
        var listed: [String] = []
        var actuals: Set<String> = []
        for argument in arguments {
            var info = stat()
            guard stat(argument, &info) == 0 else { throw .unreadable(argument) }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let root = resolved(argument) ?? argument
                var found: [String] = []
                let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
                guard walk(base, root: root, depth: 0, into: &found, actuals: &actuals) else { throw .tooMany(argument) }
                listed += found
                // Byte order of the UTF-8 paths: String's `<` compares canonically, so an NFC and an NFD
                // name would be equal and their order left to readdir.
                files += sortedByBytes(found)
            } else {
                guard access(argument, R_OK) == 0 else { throw .unreadable(argument) }
                files.append(argument)
            }
            if files.count > maximumFiles { throw .tooMany(argument) }
        }
        // A file named twice may fail once and write its `.actual`, then pass: it keeps the unlink.
        var seen: Set<String> = [], twice: Set<String> = []
        for file in files where !seen.insert(file).inserted { twice.insert(file) }
        return (files, Set(listed.filter { !actuals.contains($0 + ".actual") && !twice.contains($0) }))
    }

    /// Adds the `.session` files under `folder` to `found`; false once over the bound.
    /// `actuals` gathers the `.actual` files seen on the way.
    private static func walk(_ folder: String, root: String, depth: Int, into found: inout [String], actuals: inout Set<String>) -> Bool {
        guard depth <= maximumDepth else { return true }
        for (name, type) in DirectoryListing.entries(in: folder) {
            let path = folder + "/" + name
            if name.hasSuffix(".actual") { actuals.insert(path) }
            // The type readdir gave, or lstat's where the file system gives none: one system
            // call a transcript fewer.
            var mode: mode_t
            switch Int32(type) {
            case Int32(DT_REG): mode = S_IFREG
            case Int32(DT_DIR): mode = S_IFDIR
            case Int32(DT_LNK): mode = S_IFLNK
            default:
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                mode = info.st_mode & S_IFMT
            }
            switch mode {
            case S_IFDIR:
                guard walk(path, root: root, depth: depth + 1, into: &found, actuals: &actuals) else { return false }
            case S_IFREG where name.hasSuffix(".session"):
                found.append(path)
            case S_IFLNK where name.hasSuffix(".session"):
                if let target = resolved(path), target.hasPrefix(root + "/") { found.append(path) }
            default:
                continue
            }
            if found.count > maximumFiles { return false }
        }
        return true
    }

    /// `paths` in the byte order of their UTF-8 (`utf8.lexicographicallyPrecedes`), compared with
    /// `memcmp` on each path's bytes taken once: the generic comparison of UTF-8 views was 1.7%
    /// of replaying 2,000 transcripts.
    static func sortedByBytes(_ paths: [String]) -> [String] {
        let keyed = paths.map { Array($0.utf8) }
        let order = keyed.indices.sorted { a, b in
            keyed[a].withUnsafeBufferPointer { x in
                keyed[b].withUnsafeBufferPointer { y in
                    let common = min(x.count, y.count)
                    guard common > 0, let xs = x.baseAddress, let ys = y.baseAddress else { return x.count < y.count }
                    let compared = memcmp(xs, ys, common)
                    return compared != 0 ? compared < 0 : x.count < y.count
                }
            }
        }
        return order.map { paths[$0] }
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
