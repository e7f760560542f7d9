#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import FormCore
import FormSystem
import FormTerminal

/// Where `formline batch` writes: never over its own input. `batch form fixed.ndjson --rejects
/// fixed.ndjson` (the fix-and-feed-back loop, run once too often) would truncate the records
/// before reading them; the run is refused instead (docs/outbox-and-batch.md).
enum BatchOutputFiles {
    /// A file as the kernel knows it: two names (a symlink, a hard link) of one file compare equal.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        init?(fd: Int32) {
            var info = stat()
            guard fstat(fd, &info) == 0 else { return nil }
            self.init(info)
        }

        /// Follows symlinks: a link to the input is the input.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(info)
        }
    }

    /// Refuses (exit 2) when `--report` or `--rejects` is the input, or both are one file.
    static func refuseOverlap(input: String, inputFD: Int32, report: String?, rejects: String?) throws {
        let inputIdentity = Identity(fd: inputFD)
        let outputs = [("--report", report), ("--rejects", rejects)].compactMap { option, path in
            path.map { (option: option, path: $0, identity: Identity(path: $0)) }
        }
        for output in outputs {
            if let identity = output.identity, identity == inputIdentity {
                throw ValidationError(TextCleaning.visible(CLIMessage.batchOutputIsInput(option: output.option, path: output.path).text))
            }
        }
        if outputs.count == 2, let first = outputs[0].identity, first == outputs[1].identity {
            throw ValidationError(TextCleaning.visible(CLIMessage.batchReportIsRejects(path: outputs[1].path).text))
        }
    }

    /// Opens `--report FILE` afresh, 0600 even when the file was there with another mode.
    static func openReport(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ValidationError(CLIMessage.batchCannotWriteReport(path: path, reason: systemErrorText(errno)).text) }
        _ = fchmod(fd, 0o600)
        return fd
    }
}

/// `--rejects FILE`, written to a temporary file beside it and renamed over it once the run has
/// read its input: a run that stops early leaves the old rejects file as it was.
final class BatchRejectsFile {
    let path: String
    let temporary: String
    let output: TerminalOutput
    private var finished = false

    init(path: String) throws {
        self.path = path
        temporary = path + ".formline-\(getpid()).tmp"
        var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0, errno == EEXIST {
            // Left by an earlier run of a process with this id that was killed: ours to replace.
            unlink(temporary)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { throw ValidationError(CLIMessage.batchCannotWriteRejects(path: path, reason: systemErrorText(errno)).text) }
        _ = fchmod(fd, 0o600)
        output = TerminalOutput(fd: fd)
    }

    /// Puts the written rejects in place of `path`.
    func commit() throws {
        guard !finished else { return }
        finished = true
        _ = fsync(output.fd)
        close(output.fd)
        guard rename(temporary, path) == 0 else {
            let reason = systemErrorText(errno)
            unlink(temporary)
            throw ValidationError(CLIMessage.batchCannotWriteRejects(path: path, reason: reason).text)
        }
    }

    /// The run ended before its end (a usage error after opening): nothing replaces `path`.
    func discard() {
        guard !finished else { return }
        finished = true
        close(output.fd)
        unlink(temporary)
    }
}
