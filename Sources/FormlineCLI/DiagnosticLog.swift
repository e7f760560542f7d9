#if canImport(Glibc)
import Glibc
#endif
import FormCore
import FormRunner
import FormSystem
import Logging
import Synchronization

/// `fill --log FILE` (or `FORMLINE_LOG=FILE`): a plain diagnostic log of what formline decided
/// (the form loaded, the error dialect, where a server's errors landed, submissions, timings,
/// retries), for an operator to send to support (docs/privacy.md, "The diagnostic log").
///
/// The log is swift-log's `Logger` in front of `DiagnosticLogHandler`, which appends one line per
/// entry to a file of the operator's own (created 0600, never a file others can read). What it
/// writes comes as data (`DiagnosticEvent` from the driver, the form and paths from set-up), never
/// as a typed value: the only values it learns are the secret and private ones of a submission,
/// and only to replace each by `[name]` wherever it would appear (a submit path with `{mrn}`).
package final class DiagnosticLog: Sendable {
    let logger: Logger
    private let file: DiagnosticLogFile

    /// Opens (creating 0600, appending) the log at `path`; the reason when it can't be.
    package static func open(_ path: String) -> Result<DiagnosticLog, OpenFailure> {
        switch DiagnosticLogFile.open(path) {
        case .success(let file): return .success(DiagnosticLog(file: file))
        case .failure(let failure):
            return .failure(OpenFailure(message: .logNotOpened(path: TextCleaning.visible(path), reason: failure.reason)))
        }
    }

    /// Why the log can't be opened, as the usage error says it.
    package struct OpenFailure: Error, Sendable {
        package let message: CLIMessage
        /// The reason alone (`DiagnosticLogFile.open`'s), before it is put in the message.
        let reason: String

        init(message: CLIMessage) {
            self.message = message
            reason = ""
        }

        init(reason: String) {
            message = .logNotOpened(path: "", reason: reason)
            self.reason = reason
        }
    }

    private init(file: DiagnosticLogFile) {
        self.file = file
        logger = Logger(label: "formline") { _ in DiagnosticLogHandler(file: file) }
    }

    /// The form as loaded: where from, its id, how many fields (and how many private or secret),
    /// and how the server's errors will be read.
    package func formLoaded(path: String, spec: FormSpec) {
        let withheld = spec.fields.filter(\.isWithheld).map(\.name)
        logger.info("form loaded", metadata: [
            "path": "\(path)", "id": "\(spec.id)", "fields": "\(spec.fields.count)",
            "withheld": "\(withheld.joined(separator: ","))",
            "errors": "\(spec.submit.errorShape != nil ? "shape" : spec.submit.errors.rawValue)",
            "prefer_errors": "\(spec.submit.preferredErrors?.rawValue ?? "-")",
        ])
    }

    /// A file the run uses (`history`, `drafts`, `record`), as resolved.
    package func path(_ role: String, _ path: String) {
        logger.info("path", metadata: ["role": "\(role)", "path": "\(path)"])
    }

    /// One event of the session.
    package func note(_ event: DiagnosticEvent) {
        switch event {
        case .submitting(let attempt, let method, let path, let retry, let withheld):
            file.withhold(withheld)
            logger.info(retry ? "retrying" : "submitting", metadata: ["attempt": "\(attempt)", "method": "\(method)", "path": "\(path)"])
        case .answered(let attempt, let status, let milliseconds, let reading, let placed):
            logger.info("answered", metadata: [
                "attempt": "\(attempt)", "status": "\(status)", "ms": "\(milliseconds)", "errors": "\(reading ?? "-")",
            ])
            for error in placed {
                logger.info("server error placed", metadata: [
                    "path": "\(error.path ?? "-")", "code": "\(error.code ?? "-")", "field": "\(error.field ?? "(above the review)")",
                ])
            }
        case .failed(let attempt, let reason, let milliseconds):
            logger.warning("no answer", metadata: ["attempt": "\(attempt)", "ms": "\(milliseconds)", "reason": "\(reason)"])
        case .finished(let status):
            logger.info("session ended", metadata: ["status": "\(status.rawValue)"])
        }
    }
}

/// Formats an entry as one line: `2026-11-26T21:30:00Z info form loaded id=intake path=...`,
/// metadata keys sorted so lines of one kind read alike.
struct DiagnosticLogHandler: LogHandler {
    let file: DiagnosticLogFile
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let pairs = all.keys.sorted().map { key in "\(key)=\(DiagnosticLogHandler.quoted("\(all[key] ?? "")"))" }
        file.append(([DiagnosticLogFile.timestamp(), "\(event.level)", "\(event.message)"] + pairs).joined(separator: " "))
    }

    /// A value with a space, a quote or nothing in it is quoted, so a line splits back into pairs.
    static func quoted(_ value: String) -> String {
        guard value.isEmpty || value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) else { return value }
        return "\"" + String(value.map { $0 == "\"" ? "'" : $0 }) + "\""
    }
}

/// The log's file: one descriptor opened for appending, the withheld values to replace.
final class DiagnosticLogFile: Sendable {
    private let fd: Int32
    /// Value -> `[name]`, longest first; learned from each submission.
    private let withheld = Mutex<[(value: String, placeholder: String)]>([])

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    static func open(_ path: String) -> Result<DiagnosticLogFile, DiagnosticLog.OpenFailure> {
        func failure(_ reason: String) -> Result<DiagnosticLogFile, DiagnosticLog.OpenFailure> { .failure(.init(reason: reason)) }
        guard !path.isEmpty, !path.utf8.contains(0) else { return failure("no file named") }
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return failure(systemErrorText(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = systemErrorText(errno)
            close(fd)
            return failure(reason)
        }
        if info.st_mode & S_IFMT != S_IFREG {
            close(fd)
            return failure("not a regular file")
        }
        if let problem = PrivateFileRule.problem(info) {
            close(fd)
            return failure("\(problem)")
        }
        return .success(DiagnosticLogFile(fd: fd))
    }

    func withhold(_ values: [String: String]) {
        withheld.withLock { known in
            for (name, value) in values where !known.contains(where: { $0.value == value }) {
                known.append((value, "[\(name)]"))
            }
            known.sort { $0.value.count > $1.value.count }
        }
    }

    /// Writes one line: withheld values replaced, control characters shown as `<U+XXXX>`.
    func append(_ line: String) {
        let masked = withheld.withLock { known in
            known.reduce(line) { SecretMask.mask($0, secret: $1.value, with: $1.placeholder) }
        }
        let bytes = Array((TextCleaning.visible(masked) + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, base + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    /// Now in UTC, to the second: `2026-11-26T21:30:00Z`.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
