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
import FormSystem

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
        StateDirectory.formlineFile("drafts", name: formID, environment: environment)
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
        do {
            try AtomicFile.write(Array((document.compactText + "\n").utf8), to: path, mode: 0o600)
        } catch {
            throw .unwritable(path, error.reason)
        }
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
