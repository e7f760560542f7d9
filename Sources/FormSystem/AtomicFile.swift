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

/// The one atomic write (drafts, history, recordings, `replay --update` and `.actual` files):
/// a reader sees the old file or the new one, never half of one, and nobody else can steer the
/// write somewhere else.
///
/// ```swift
/// try AtomicFile.write(Array("{}\n".utf8), to: "/home/ann/.local/state/formline/drafts/signup.json")
/// ```
///
/// Every write starts as a file nobody can name: `O_TMPFILE` in the target's folder, linked in
/// under an unpredictable name and renamed over the target. Killed while writing, it leaves
/// nothing behind. Where the file system has no `O_TMPFILE`, the temporary file gets a random
/// name created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, 0600), so a name planted in advance (a
/// symlink to `/etc/passwd`) makes the write fail instead of following it. A target that exists
/// and is not a regular file (a symlink, a device, a FIFO) is refused and nothing is written.
package enum AtomicFile {
    /// The whole file, or nil when it cannot be read (see `WholeFile.read` for the reason).
    package static func read(_ path: String, limit: Int = WholeFile.defaultLimit) -> [UInt8]? {
        try? WholeFile.read(path, limit: limit)
    }

    /// Writes `bytes` to `path` atomically.
    ///
    /// - `mode`: the new file's permissions (0600: drafts, history and recordings hold what an
    ///   operator typed).
    /// - `keepExistingMode`: an existing target keeps its permissions (`replay --update`).
    /// - `createFolders`: make missing parent folders (0700). Callers pass false for any path an
    ///   operator named (`--draft`, `--record`, replay's files): only formline's own state folder
    ///   is made on demand, a missing folder anywhere else is an error, never created silently.
    package static func write(
        _ bytes: [UInt8], to path: String, mode: mode_t = 0o600,
        keepExistingMode: Bool = false, createFolders: Bool = true, unnamedFirst: Bool = true
    ) throws(FileWriteError) {
        let (dir, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else { throw FileWriteError(reason: "not a file name") }
        if createFolders { makeDirectories(dir) }
        var finalMode = mode
        if let problem = targetProblem(path, mode: &finalMode) {
            throw FileWriteError(reason: problem + "; nothing was written")
        }
        if !keepExistingMode { finalMode = mode }

        let dirFD = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { throw FileWriteError(reason: systemErrorText(errno)) }
        defer { close(dirFD) }

        // `unnamedFirst: false` is for tests of the fallback, which ext4 and tmpfs never take.
        if unnamedFirst, try writeUnnamed(bytes, dirFD: dirFD, name: name, mode: finalMode) { return }
        try writeNamed(bytes, dirFD: dirFD, name: name, mode: finalMode)
    }

    /// Why `path` could not be written at all, checked before a session starts so an operator
    /// learns it before typing anything; nil when it looks writable. `createFolders` as in `write`.
    package static func problem(writing path: String, createFolders: Bool = false) -> String? {
        let (dir, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else { return "not a file name" }
        var mode: mode_t = 0o600
        if let problem = targetProblem(path, mode: &mode) { return problem }
        var info = stat()
        if stat(dir, &info) != 0 {
            if errno == ENOENT && createFolders { return nil }
            return errno == ENOENT ? "the folder \(dir) does not exist" : systemErrorText(errno)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(dir) is not a folder" }
        guard access(dir, W_OK | X_OK) == 0 else { return "the folder \(dir) is not writable: \(systemErrorText(errno))" }
        return nil
    }

    // MARK: - Steps

    /// A non-regular target, in words (nil: absent or a regular file, whose mode goes to `mode`).
    private static func targetProblem(_ path: String, mode: inout mode_t) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            mode = info.st_mode & 0o7777
            return nil
        case S_IFLNK: return "not a regular file (a symbolic link)"
        default:
            let kind = WholeFile.irregularKind(info.st_mode) ?? "a special file"
            return "not a regular file (\(kind))"
        }
    }

    /// The O_TMPFILE way; false when the file system (or a missing /proc) does not allow it.
    private static func writeUnnamed(_ bytes: [UInt8], dirFD: Int32, name: String, mode: mode_t) throws(FileWriteError) -> Bool {
        let fd = openat(dirFD, ".", openTemporaryFile | O_WRONLY | O_CLOEXEC, mode)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        try fill(fd, with: bytes, mode: mode)
        // Linked in under a fresh random name (linkat never replaces a name), then renamed over
        // the target: only a kill in between these two calls could leave it behind.
        for _ in 0..<8 {
            let temp = temporaryName(for: name)
            var linked = linkat(fd, "", dirFD, temp, atEmptyPath) == 0
            if !linked && errno != EEXIST {
                linked = linkat(AT_FDCWD, "/proc/self/fd/\(fd)", dirFD, temp, atSymlinkFollow) == 0
            }
            if linked { try replace(dirFD: dirFD, temp: temp, name: name); return true }
            if errno != EEXIST { return false }
        }
        return false
    }

    /// The fallback: a random name created exclusively, never following a link.
    private static func writeNamed(_ bytes: [UInt8], dirFD: Int32, name: String, mode: mode_t) throws(FileWriteError) {
        var attempts = 0
        while true {
            let temp = temporaryName(for: name)
            let fd = openat(dirFD, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0 {
                attempts += 1
                if errno == EEXIST && attempts < 8 { continue }
                throw FileWriteError(reason: systemErrorText(errno))
            }
            do {
                try fill(fd, with: bytes, mode: mode)
            } catch {
                close(fd)
                unlinkat(dirFD, temp, 0)
                throw error
            }
            close(fd)
            try replace(dirFD: dirFD, temp: temp, name: name)
            return
        }
    }

    private static func fill(_ fd: Int32, with bytes: [UInt8], mode: mode_t) throws(FileWriteError) {
        _ = fchmod(fd, mode)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileWriteError(reason: systemErrorText(errno))
            }
            offset += n
        }
        guard fsync(fd) == 0 else { throw FileWriteError(reason: systemErrorText(errno)) }
    }

    private static func replace(dirFD: Int32, temp: String, name: String) throws(FileWriteError) {
        guard renameat(dirFD, temp, dirFD, name) == 0 else {
            let why = systemErrorText(errno)
            unlinkat(dirFD, temp, 0)
            throw FileWriteError(reason: why)
        }
        _ = fsync(dirFD)
    }

    /// `.NAME.formline-3f9a…` (64 random bits): hidden, recognisably ours, not guessable.
    private static func temporaryName(for name: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 16)
        return "." + name.prefix(100) + ".formline-" + random
    }

    /// Folder and file name of `path` ("." for a bare name).
    private static func split(_ path: String) -> (dir: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }

    /// Makes each missing folder of `dir` (0700); one that exists is left as it is.
    package static func makeDirectories(_ dir: String) {
        var partial = dir.hasPrefix("/") ? "" : "."
        for component in dir.split(separator: "/") {
            partial += "/" + component
            _ = mkdir(partial, 0o700)
        }
    }

    // Linux values Glibc's Swift overlay does not import (the macros are composite).
    private static let openTemporaryFile: Int32 = 0o20000000 | O_DIRECTORY
    private static let atEmptyPath: Int32 = 0x1000
    private static let atSymlinkFollow: Int32 = 0x400
}
