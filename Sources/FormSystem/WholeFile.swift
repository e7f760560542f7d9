#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one whole-file read: a regular file, up to a byte limit, with plain POSIX calls.
///
/// ```swift
/// let bytes = try WholeFile.read("Forms/signup.yaml", limit: 1 << 20)
/// ```
///
/// Every input is hostile: a FIFO would block forever and `/dev/zero` never ends, so anything
/// that is not a regular file is refused before a byte is read (opened with O_NONBLOCK so that
/// opening a FIFO does not block either), and a file that grows past `limit` while being read
/// is refused too.
package enum WholeFile {
    /// The limit for files a person writes (forms, drafts, transcripts, history): 8 MiB.
    package static let defaultLimit = 8 << 20

    package static func read(_ path: String, limit: Int = WholeFile.defaultLimit) throws(FileReadError) -> [UInt8] {
        try readWithInfo(path, limit: limit).bytes
    }

    /// `readWithInfo` refusing a symbolic link at the last part of `path` (O_NOFOLLOW): for
    /// files formline wrote itself and reads back as trusted, such as its cache's entries.
    package static func readOwnFile(_ path: String, limit: Int = WholeFile.defaultLimit) throws(FileReadError) -> (bytes: [UInt8], info: stat) {
        try readWithInfo(path, limit: limit, extraFlags: O_NOFOLLOW)
    }

    /// The bytes and the `stat` of the very file they were read from (fstat on the open
    /// descriptor), for a check such as `PrivateFileRule` that must not look the path up twice.
    package static func readWithInfo(_ path: String, limit: Int = WholeFile.defaultLimit, extraFlags: Int32 = 0) throws(FileReadError) -> (bytes: [UInt8], info: stat) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | extraFlags)
        guard fd >= 0 else { throw .cannotOpen(systemErrorText(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .readFailed(systemErrorText(errno)) }
        // A folder reads as the system says it ("Is a directory"), as open(2)+read(2) always did.
        if info.st_mode & S_IFMT == S_IFDIR { throw .cannotOpen(systemErrorText(EISDIR)) }
        if let kind = irregularKind(info.st_mode) { throw .notRegularFile(kind: kind) }
        if Int(info.st_size) > limit { throw .tooLarge(limit: limit) }
        var out: [UInt8] = []
        out.reserveCapacity(Int(info.st_size))
        // A small file (a transcript is about 1 KB) needs no 64 KiB buffer zeroed for it: one
        // read of its size (plus one byte, to see the end) does, and a larger one gets 64 KiB.
        var buffer = [UInt8](repeating: 0, count: min(65536, max(4096, Int(info.st_size) + 1)))
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .readFailed(systemErrorText(errno))
            }
            if n == 0 { return (out, info) }
            if out.count + n > limit { throw .tooLarge(limit: limit) }
            out += buffer[0..<n]
        }
    }

    /// The kind of a file that is not regular, in words; nil for a regular file.
    static func irregularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// `1 MiB`, `64 KiB`, `12 bytes`.
    package static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
