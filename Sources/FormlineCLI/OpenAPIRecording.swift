#if canImport(Glibc)
import Glibc
#endif
import FormCore
import FormSystem

/// `fill --openapi ... --record NAME.session`: the transcript names a copy of the document kept
/// beside it (`NAME.openapi.json`, or `.yaml` for a YAML document) and the operation, so
/// `formline replay` rebuilds the same form from that copy and never fetches anything.
enum OpenAPIRecording {
    /// `x/signup.session` -> `x/signup.openapi.json`.
    static func copyPath(transcript: String, source: OpenAPIFormDeriver.Derived) -> String {
        let base = transcript.hasSuffix(".session") ? String(transcript.dropLast(".session".count)) : transcript
        let lower = source.source.argument.lowercased().prefix { $0 != "?" && $0 != "#" }
        let yaml = lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
        return base + (yaml ? ".openapi.yaml" : ".openapi.json")
    }

    struct CopyError: Error, CustomStringConvertible {
        var description: String
    }

    /// Why the document's copy beside `transcript` can't be kept, checked before the first prompt
    /// as `--record`'s own path is (issue 33 item 10): a link, a folder or any other non-regular
    /// file there, an unwritable folder, or an existing file that is not this very document
    /// (never overwritten unasked: it may be another recording's copy, or the operator's file).
    /// An identical file is fine: it is left as it is.
    static func copyProblem(transcript: String, source form: inout OpenAPIFormDeriver.Derived) -> String? {
        let copy = copyPath(transcript: transcript, source: form)
        if let problem = AtomicFile.problem(writing: copy) {
            return CLIMessage.recordCannotKeepCopy(transcript: transcript, copy: copy, problem: problem).text
        }
        guard let existing = try? WholeFile.read(copy, limit: OpenAPISource.documentLimit) else {
            var info = stat()
            // Absent: written at the end. Present but unreadable: not ours to replace.
            return lstat(copy, &info) != 0 ? nil
                : CLIMessage.recordCopyUnreadable(transcript: transcript, copy: copy).text
        }
        guard let bytes = try? form.source.bytes() else { return nil }
        if existing == bytes { return nil }
        return CLIMessage.recordCopyDiffers(transcript: transcript, copy: copy).text
    }

    /// Writes the document's bytes to `path` (atomically, 0600; its folder must exist, as the
    /// transcript's must). A file already there with these very bytes is left alone.
    static func writeCopy(of source: inout OpenAPISource, to path: String) throws {
        let bytes = try source.bytes()
        if let existing = try? WholeFile.read(path, limit: OpenAPISource.documentLimit), existing == bytes { return }
        do {
            try AtomicFile.write(bytes, to: path, mode: 0o600, createFolders: false)
        } catch {
            throw CopyError(description: CLIMessage.documentCopyNotWritten(path: path, reason: error.reason).text)
        }
    }
}

/// What a run ends with when its recording could not be written: never 0 (the operator believes
/// the session recorded), 6 as for a lost draft; a signal or another failure keeps its own status,
/// as `SessionDriver` ranks a lost draft.
enum RecordingLoss {
    static func status(after status: ExitStatus) -> ExitStatus {
        switch status {
        case .accepted, .cancelled, .endOfInput, .transportFailed, .inputRefused, .usage, .draftNotSaved: return .draftNotSaved
        case .hangup, .interrupted, .quit, .terminated, .recordsNotAllAccepted: return status
        }
    }
}
