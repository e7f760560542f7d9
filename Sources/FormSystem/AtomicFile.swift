#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be written; the path is the caller's to add.
package struct FileWriteError: Error, Sendable, Equatable {
    /// The system's reason ("Permission denied").
    package let reason: String

    package init(reason: String) { self.reason = reason }
}

/// The one atomic write: a temporary file beside the target, fsync, rename, so a reader sees the
/// old file or the new one and never half of one. Mode 0600 unless told otherwise: drafts,
/// history and recordings hold what an operator typed.
package enum AtomicFile {
    /// The whole file, or nil when it cannot be read (see `WholeFile.read` for the reason).
    package static func read(_ path: String, limit: Int = WholeFile.defaultLimit) -> [UInt8]? {
        try? WholeFile.read(path, limit: limit)
    }

    /// Writes `bytes` to `path` atomically; parent folders are made (0700) as needed.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(FileWriteError) {
        let dir = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !dir.isEmpty { makeDirectories(dir) }
        let temp = path + ".tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileWriteError(reason: systemErrorText(errno)) }
        _ = fchmod(fd, mode)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = systemErrorText(errno)
                close(fd)
                unlink(temp)
                throw FileWriteError(reason: why)
            }
            offset += n
        }
        _ = fsync(fd)
        close(fd)
        guard rename(temp, path) == 0 else {
            let why = systemErrorText(errno)
            unlink(temp)
            throw FileWriteError(reason: why)
        }
    }

    static func makeDirectories(_ dir: String) {
        var partial = dir.hasPrefix("/") ? "" : "."
        for component in dir.split(separator: "/") {
            partial += "/" + component
            _ = mkdir(partial, 0o700)
        }
    }
}
