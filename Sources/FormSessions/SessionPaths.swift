#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Path arithmetic for `#! form:`, which names the form relative to the transcript's own folder
/// so a checked-in session keeps working wherever the repository is cloned. Plain string work on
/// `/`-separated paths; symbolic links are not resolved.
package enum SessionPaths {
    /// The folder part of `path` ("." for a bare file name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// `path` read relative to `directory`, unless it is absolute.
    package static func resolve(_ path: String, against directory: String) -> String {
        if path.hasPrefix("/") || directory == "." { return path }
        return normalize(directory + "/" + path)
    }

    /// How to get from `directory` to `path`, e.g. from "Tests/Sessions" to "Forms/a.yaml" is
    /// "../../Forms/a.yaml". Both are taken from the current directory when relative.
    package static func relative(from directory: String, to path: String) -> String {
        let from = components(absolute(directory)), to = components(absolute(path))
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        let rest = ups + to[common...].map(String.init)
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }

    /// `path` made absolute with the current directory, `.` and `..` resolved.
    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(currentDirectory() + "/" + path)
    }

    static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var out: [Substring] = []
        // Split on the bytes: a path is bytes, and the Character split cost more than the rest.
        for part in path.utf8.split(separator: UInt8(ascii: "/")).map(Substring.init) {
            switch part {
            case ".": continue
            case "..":
                if let last = out.last, last != ".." { out.removeLast() } else if !isAbsolute { out.append(part) }
            default: out.append(part)
            }
        }
        let joined = out.joined(separator: "/")
        return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// Split on the bytes, as `normalize` splits.
    private static func components(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map(Substring.init)
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
