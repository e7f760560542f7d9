#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one rule for a file that holds a secret (`--secret file:`, an answers file with a secret
/// answer), the rule ssh applies to private keys: only its owner may read or write it (no bit of
/// 077 set, so 0640 and 0620 are refused as well as 0644), and that owner is the user running
/// formline or root. Always judged on the `stat` of the descriptor that was read (fstat), never
/// on a second lookup of the path, which could meanwhile name another file.
package enum PrivateFileRule {
    /// Why a file fails the rule; `description` follows the file's name ("FILE may be read ...").
    package enum Problem: Sendable, Equatable, CustomStringConvertible {
        case openToOthers(mode: UInt32)
        case ownedByAnother(uid: UInt32)

        package var description: String {
            switch self {
            case .openToOthers(let mode):
                return "may be read or changed by other users (mode \(String(mode, radix: 8))); chmod 600 it"
            case .ownedByAnother(let uid):
                return "belongs to another user (uid \(uid))"
            }
        }
    }

    /// nil when `info` (from fstat) is a private file of this user's or root's.
    package static func problem(_ info: stat) -> Problem? {
        if info.st_mode & 0o077 != 0 { return .openToOthers(mode: UInt32(info.st_mode & 0o777)) }
        if info.st_uid != geteuid() && info.st_uid != 0 { return .ownedByAnother(uid: UInt32(info.st_uid)) }
        return nil
    }
}
