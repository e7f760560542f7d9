#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a folder, for the callers that look for their own files in one (drafts on the
/// shelf, transcripts in a folder): one readdir loop, not one per caller.
package enum DirectoryListing {
    /// The names directly in `folder` (not `.`/`..` or any other dot file) that end in `suffix`,
    /// unsorted; empty when the folder can't be opened (missing, not a folder, no permission).
    package static func names(in folder: String, endingWith suffix: String) -> [String] {
        entries(in: folder).compactMap { $0.name.hasSuffix(suffix) ? $0.name : nil }
    }

    /// The entries directly in `folder` (not `.`/`..` or any other dot file) with the type
    /// `readdir` gives (`DT_REG`, `DT_DIR`, `DT_LNK`, or `DT_UNKNOWN` when the file system does
    /// not say, when the caller must `lstat`), unsorted; empty as for `names`.
    package static func entries(in folder: String) -> [(name: String, type: UInt8)] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
        }
        return entries
    }
}
