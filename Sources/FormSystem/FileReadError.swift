/// Why a whole-file read gave nothing; `reason` is the one place its words are spelled.
package enum FileReadError: Error, Sendable, Equatable {
    /// open(2) failed: the system's reason ("No such file or directory").
    case cannotOpen(String)
    /// A FIFO, a device, a socket or a folder: reading it could block or never end.
    case notRegularFile(kind: String)
    /// Bigger than the caller's limit, in bytes.
    case tooLarge(limit: Int)
    /// read(2) failed part way: the system's reason.
    case readFailed(String)

    /// For the operator, without the path (callers put it in front).
    package var reason: String {
        switch self {
        case .cannotOpen(let why): return why
        case .notRegularFile(let kind): return "not a regular file (\(kind))"
        case .tooLarge(let limit): return "larger than \(WholeFile.describe(bytes: limit))"
        case .readFailed(let why): return "cannot be read: \(why)"
        }
    }
}
