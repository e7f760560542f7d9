#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a secret comes from when it must not be on the command line: every local user can read a
/// process's arguments (`ps`, `/proc/PID/cmdline`), and shells keep them in their history. The one
/// syntax every option that takes a secret uses (`--header-from`, secret answers):
///
/// - `env:NAME`: the environment variable NAME (set, non-empty), as it is.
/// - `file:PATH`: the file's content, one trailing newline (LF or CRLF) dropped. Refused unless it
///   is a regular file that only its owner may read or write (like ssh with private keys: no bit
///   of 077 set), owned by the user running formline or by root.
/// - `fd:N`: everything readable from the inherited descriptor N (3 or above: 0-2 are the
///   terminal's), one trailing newline dropped; read once, then closed.
///
/// ```swift
/// let source = try SecretSource.parse("env:API_AUTH")
/// let token = try source.read(environment: ProcessEnvironment.current)
/// ```
///
/// Every source is bounded (`maximumSize`), must be UTF-8 text and must not be empty. No error
/// ever contains the value, or any part of it.
package enum SecretSource: Sendable, Equatable, CustomStringConvertible {
    case environment(String)
    case file(String)
    case descriptor(Int32)

    /// The most bytes read from a file or descriptor: 64 KiB, the limit of a typed line.
    package static let maximumSize = 64 << 10

    /// The accepted forms, for messages.
    package static let syntax = "env:NAME, file:PATH or fd:N"

    /// The source as it was written (names and paths are not secret).
    package var description: String {
        switch self {
        case .environment(let name): return "env:\(name)"
        case .file(let path): return "file:\(path)"
        case .descriptor(let fd): return "fd:\(fd)"
        }
    }

    /// `env:NAME`, `file:PATH` or `fd:N`; the error says which part is wrong.
    package static func parse(_ text: String) throws(SecretSourceError) -> SecretSource {
        guard let colon = text.firstIndex(of: ":") else {
            throw SecretSourceError("\"\(text)\" is not a secret source (\(syntax))")
        }
        let kind = text[..<colon], rest = String(text[text.index(after: colon)...])
        switch kind {
        case "env":
            let valid = !rest.isEmpty && rest.utf8.allSatisfy { b in
                b == UInt8(ascii: "_") || (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b)
            } && !(48...57).contains(rest.utf8.first ?? 0)
            guard valid else { throw SecretSourceError("env: needs a variable name (letters, digits, _)") }
            return .environment(rest)
        case "file":
            guard !rest.isEmpty, !rest.utf8.contains(0) else { throw SecretSourceError("file: needs a path") }
            return .file(rest)
        case "fd":
            guard let fd = Int32(rest), rest.utf8.allSatisfy({ (48...57).contains($0) }) else {
                throw SecretSourceError("fd: needs a descriptor number")
            }
            guard fd >= 3 else {
                throw SecretSourceError("fd:\(fd) is standard input, output or error; use 3 or above (e.g. 3<secret.txt)")
            }
            return .descriptor(fd)
        default:
            throw SecretSourceError("\"\(kind):\" is not a secret source (\(syntax))")
        }
    }

    /// The secret. `environment` is the process environment (injected for tests).
    package func read(environment: [String: String]) throws(SecretSourceError) -> String {
        let bytes: [UInt8]
        switch self {
        case .environment(let name):
            guard let value = environment[name] else {
                throw SecretSourceError("the environment variable \(name) is not set")
            }
            bytes = Array(value.utf8)
        case .file(let path):
            bytes = Self.droppingOneNewline(try Self.readPrivateFile(path))
        case .descriptor(let fd):
            bytes = Self.droppingOneNewline(try Self.readDescriptor(fd))
        }
        guard bytes.count <= Self.maximumSize else { throw SecretSourceError("\(self) is larger than 64 KiB") }
        guard !bytes.isEmpty else { throw SecretSourceError("\(self) is empty") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SecretSourceError("\(self) is not UTF-8 text")
        }
        return text
    }

    // MARK: - Reading

    private static func readPrivateFile(_ path: String) throws(SecretSourceError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not block; it is refused below anyway.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SecretSourceError("file:\(path): \(systemErrorText(errno))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SecretSourceError("file:\(path): \(systemErrorText(errno))") }
        if let kind = WholeFile.irregularKind(info.st_mode) {
            throw SecretSourceError("file:\(path) is not a regular file (\(kind))")
        }
        if let problem = PrivateFileRule.problem(info) { throw SecretSourceError("file:\(path) \(problem)") }
        return try readAll(fd, source: "file:\(path)")
    }

    private static func readDescriptor(_ fd: Int32) throws(SecretSourceError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw SecretSourceError("fd:\(fd) is not open (pass it with \(fd)<FILE or \(fd)<<<\"$SECRET\")")
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw SecretSourceError("fd:\(fd) is a folder") }
        // Read once: closing it also keeps it from being inherited any further.
        defer { close(fd) }
        // A pipe blocks until its writer closes it: that is how `fd:` is meant to be fed.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 && flags & O_NONBLOCK != 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return try readAll(fd, source: "fd:\(fd)")
    }

    /// Everything up to end of file, refusing more than `maximumSize` bytes.
    private static func readAll(_ fd: Int32, source: String) throws(SecretSourceError) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw SecretSourceError("\(source) cannot be read: \(systemErrorText(errno))")
            }
            if n == 0 { return out }
            // Two bytes of slack for the trailing CRLF that is dropped.
            if out.count + n > maximumSize + 2 { throw SecretSourceError("\(source) is larger than 64 KiB") }
            out += buffer[0..<n]
        }
    }

    /// The bytes without one trailing LF or CRLF (what `echo` and editors add).
    static func droppingOneNewline(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.last == UInt8(ascii: "\n") {
            let rest = bytes.dropLast()
            return Array(rest.last == UInt8(ascii: "\r") ? rest.dropLast() : rest)
        }
        return bytes
    }
}

/// Why a secret could not be had; `description` is one line for the operator and never holds
/// the secret (callers put the option in front).
package struct SecretSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }
}
