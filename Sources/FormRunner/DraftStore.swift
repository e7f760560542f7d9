#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto
import FormCore

/// A saved, unfinished form: what the operator typed, secrets left out (design.md section 7).
public struct Draft: Sendable, Equatable {
    public var formID: String
    public var formSHA256: String
    public var savedAt: String
    public var values: [String: JSONValue]

    public init(formID: String, formSHA256: String, savedAt: String, values: [String: JSONValue]) {
        self.formID = formID
        self.formSHA256 = formSHA256
        self.savedAt = savedAt
        self.values = values
    }
}

/// Reads and writes one draft file: atomically (temp file + rename), mode 0600.
public struct DraftStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// `$XDG_STATE_HOME/formline/drafts/ID.json`, `~/.local/state/...` when XDG_STATE_HOME is unset.
    public static func defaultPath(formID: String, environment: [String: String]) -> String {
        stateDirectory(environment: environment) + "/formline/drafts/\(formID).json"
    }

    public static func stateDirectory(environment: [String: String]) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg }
        return (environment["HOME"] ?? ".") + "/.local/state"
    }

    /// SHA-256 of the form file's bytes, hex, to tell the operator the form changed since.
    public static func fingerprint(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { b in
            let hex = String(b, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    public var exists: Bool { access(path, F_OK) == 0 }

    public func save(_ draft: Draft) throws(DraftError) {
        let document = JSONValue.object([
            "version": .number("1"),
            "form": .string(draft.formID),
            "form_sha256": .string(draft.formSHA256),
            "saved_at": .string(draft.savedAt),
            "values": .object(draft.values),
        ])
        try AtomicFile.write(Array((document.compactText + "\n").utf8), to: path, mode: 0o600)
    }

    public func load() throws(DraftError) -> Draft {
        guard let bytes = AtomicFile.read(path) else { throw .unreadable(path) }
        guard let json = JSONValue.parse(bytes), json["version"] == .number("1"),
              let values = json["values"]?.objectValue else {
            throw .invalid(path)
        }
        return Draft(
            formID: json["form"]?.stringValue ?? "",
            formSHA256: json["form_sha256"]?.stringValue ?? "",
            savedAt: json["saved_at"]?.stringValue ?? "",
            values: values)
    }

    public func delete() { unlink(path) }

    public static func timestamp() -> String {
        Date.now.formatted(.iso8601)
    }
}

public enum DraftError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String)
    case invalid(String)
    case unwritable(String, String)

    public var description: String {
        switch self {
        case .unreadable(let p): return "\(p): no draft to resume"
        case .invalid(let p): return "\(p): not a formline draft"
        case .unwritable(let p, let why): return "\(p): cannot save the draft: \(why)"
        }
    }
}

/// Whole-file reads and atomic, permission-controlled writes with plain POSIX calls.
public enum AtomicFile {
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return out }
            out += buffer[0..<n]
        }
    }

    /// Writes to a temporary file beside `path`, fsyncs, renames over `path`: a reader sees the
    /// old file or the new one, never half of one. Parent folders are made (0700) as needed.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(DraftError) {
        let dir = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !dir.isEmpty { makeDirectories(dir) }
        let temp = path + ".tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .unwritable(path, String(cString: strerror(errno))) }
        _ = fchmod(fd, mode)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = String(cString: strerror(errno))
                close(fd); unlink(temp)
                throw .unwritable(path, why)
            }
            offset += n
        }
        fsync(fd)
        close(fd)
        guard rename(temp, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temp)
            throw .unwritable(path, why)
        }
    }

    static func makeDirectories(_ dir: String) {
        var partial = dir.hasPrefix("/") ? "" : "."
        for component in dir.split(separator: "/") {
            partial += "/" + component
            mkdir(partial, 0o700)
        }
    }
}
