import CPseudoTerminal
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program under a pseudo-terminal, the way an operator's terminal would: the child gets
/// a new session with the pty slave as its controlling terminal (stdin, stdout and stderr), an
/// empty signal mask and default signal dispositions; the test types into the master and reads
/// everything the child writes.
///
/// Every wait is bounded; a child still running when the harness is dropped is killed.
///
///     let pty = try PseudoTerminal.spawn(PseudoTerminal.formline, ["fill", "Forms/signup.yaml"])
///     try pty.expect("Username: ")
///     pty.send("adele\r")
///     let exit = try pty.waitForExit()
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How the child ended.
    enum Exit: Equatable, CustomStringConvertible {
        case code(Int32)
        case signal(Int32)

        var description: String {
            switch self {
            case .code(let c): return "exit \(c)"
            case .signal(let s): return "signal \(s)"
            }
        }
    }

    let pid: pid_t
    private let master: Int32
    /// Everything the child wrote so far.
    private(set) var output: [UInt8] = []
    /// Where the next `expect` starts looking.
    private(set) var position = 0
    private var exit: Exit?

    // MARK: - Locations and environment

    /// The repository root, from this file's path.
    static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/IntegrationTests/PseudoTerminal.swift
        return parts.joined(separator: "/")
    }()

    /// The binary under test: the debug build, or `FORMLINE_TEST_BINARY` (see BinaryRunner).
    static var formline: String { BinaryRunner.product("formline") }

    /// An environment that a developer's own settings cannot change: TERM=dumb, no inputrc,
    /// HOME and XDG_STATE_HOME in `home`, 80x24, a UTF-8 locale. `overrides` win; a nil value
    /// removes the variable.
    static func environment(home: String, _ overrides: [String: String?] = [:]) -> [String: String] {
        var env: [String: String] = [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "TERM": "dumb",
            "INPUTRC": "/dev/null",
            "HOME": home,
            "XDG_STATE_HOME": home + "/state",
            "COLUMNS": "80",
            "LINES": "24",
            "LANG": "C.UTF-8",
        ]
        for (key, value) in overrides { env[key] = value }
        return env
    }

    /// A fresh temporary folder (removed by `removeTree`).
    static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/formline-pty-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw Failure(description: "mkdtemp failed: errno \(errno)")
        }
        return String(cString: made)
    }

    static func removeTree(_ path: String) {
        guard path.hasPrefix("/tmp/formline-pty-") else { return }
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/rm"), strdup("-rf"), strdup(path), nil]
        defer { for a in argv { free(a) } }
        if posix_spawn(&pid, "/bin/rm", nil, nil, argv, environ) == 0 {
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }

    // MARK: - Starting

    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil) throws -> PseudoTerminal {
        guard access(executable, X_OK) == 0 else {
            throw Failure(description: "\(executable) is not built: run `swift build` first")
        }
        var name = [CChar](repeating: 0, count: 256)
        let master = cpty_open_master(&name, name.count)
        guard master >= 0 else { throw Failure(description: "cannot open a pty master: errno \(errno)") }
        let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for a in argv { free(a) }
            for e in envp { free(e) }
        }
        var pid: pid_t = 0
        let rc = cpty_spawn(&pid, executable, argv, envp, slavePath, directory)
        guard rc == 0 else {
            close(master)
            throw Failure(description: "cannot spawn \(executable): error \(rc)")
        }
        return PseudoTerminal(pid: pid, master: master)
    }

    private init(pid: pid_t, master: Int32) {
        self.pid = pid
        self.master = master
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if exit == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        close(master)
    }

    // MARK: - Talking

    /// Types `text` (send "\r" for Enter, "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D).
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        var spins = 0
        while offset < bytes.count && spins < 1000 {
            let n = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n > 0 { offset += n } else { spins += 1; usleep(1000) }
        }
    }

    /// Waits until `text` appears after the last match; returns the output from there to its end.
    @discardableResult
    func expect(_ text: String, timeout: Double = 10) throws -> String {
        let needle = Array(text.utf8)
        return try waitFor(timeout: timeout, what: "\"\(text)\"") { haystack, start in
            PseudoTerminal.find(needle, in: haystack, from: start)
        }
    }

    /// Waits until `regex` matches after the last match; returns the matched text.
    @discardableResult
    func expect(regex: Regex<Substring>, timeout: Double = 10) throws -> String {
        var matched = ""
        _ = try waitFor(timeout: timeout, what: "/\(regex)/") { haystack, start in
            let text = String(decoding: haystack[start...], as: UTF8.self)
            guard let range = text.firstRange(of: regex) else { return nil }
            matched = String(text[range])
            let end = text.utf8.distance(from: text.startIndex, to: range.upperBound)
            return start + end
        }
        return matched
    }

    /// All output as text (invalid UTF-8 repaired).
    var text: String { String(decoding: output, as: UTF8.self) }

    /// Reads whatever is there within `seconds` (to let late output arrive before asserting on it).
    func settle(_ seconds: Double = 0.2) {
        let end = PseudoTerminal.now() + seconds
        while PseudoTerminal.now() < end {
            if !pump(timeout: end - PseudoTerminal.now()) { break }
        }
    }

    /// Waits for the child to end, reading its output meanwhile; kills it (and fails) after `timeout`.
    @discardableResult
    func waitForExit(timeout: Double = 15) throws -> Exit {
        if let exit { return exit }
        let end = PseudoTerminal.now() + timeout
        while true {
            var status: Int32 = 0
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                settle(0.05)
                let ended: Exit = (status & 0x7F) == 0 ? .code((status >> 8) & 0xFF) : .signal(status & 0x7F)
                exit = ended
                return ended
            }
            if PseudoTerminal.now() > end {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                exit = .signal(SIGKILL)
                throw Failure(description: "the child did not exit within \(timeout) s; output:\n\(tail)")
            }
            _ = pump(timeout: 0.05)
        }
    }

    /// Sends a signal to the child.
    func signal(_ number: Int32) { kill(pid, number) }

    /// The terminal modes the child left behind (master and slave share one set).
    func localModes() -> tcflag_t? {
        var attributes = termios()
        guard tcgetattr(master, &attributes) == 0 else { return nil }
        return attributes.c_lflag
    }

    /// The input modes the child left behind (ICRNL and friends).
    func inputModes() -> tcflag_t? {
        var attributes = termios()
        guard tcgetattr(master, &attributes) == 0 else { return nil }
        return attributes.c_iflag
    }

    /// Puts canonical mode and echo back, as a job-control shell does when its job stops.
    func restoreCookedModes() {
        var attributes = termios()
        guard tcgetattr(master, &attributes) == 0 else { return }
        attributes.c_lflag |= tcflag_t(ICANON | ECHO)
        _ = tcsetattr(master, TCSANOW, &attributes)
    }

    /// True when canonical mode and echo are on: the state a shell expects to get back.
    var terminalIsSane: Bool {
        guard let modes = localModes() else { return false }
        return modes & tcflag_t(ICANON) != 0 && modes & tcflag_t(ECHO) != 0
    }

    /// The last part of the output, for failure messages (escapes made visible).
    var tail: String {
        let part = String(decoding: output.suffix(600), as: UTF8.self)
        return part.replacingControlCharacters
    }

    // MARK: - Internals

    private func waitFor(timeout: Double, what: String, match: ([UInt8], Int) -> Int?) throws -> String {
        let end = PseudoTerminal.now() + timeout
        while true {
            if let found = match(output, position) {
                let from = position
                position = found
                return String(decoding: output[from..<found], as: UTF8.self)
            }
            let left = end - PseudoTerminal.now()
            if left <= 0 {
                throw Failure(description: "timed out after \(timeout) s waiting for \(what); output so far:\n\(tail)")
            }
            if !pump(timeout: left) {
                // The child closed the terminal: one last look, then give up.
                if let found = match(output, position) {
                    let from = position
                    position = found
                    return String(decoding: output[from..<found], as: UTF8.self)
                }
                throw Failure(description: "the child ended before \(what) appeared; output:\n\(tail)")
            }
        }
    }

    /// Reads what is available within `timeout`. False when the terminal is closed (EOF/EIO).
    private func pump(timeout: Double) -> Bool {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        let ms = Int32(max(0, min(timeout, 60)) * 1000)
        let ready = poll(&fds, 1, ms)
        if ready <= 0 { return true }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = read(master, &buffer, buffer.count)
        if n > 0 {
            output += buffer[0..<n]
            return true
        }
        if n < 0 && (errno == EAGAIN || errno == EINTR) { return true }
        // EIO: no process has the slave open any more.
        usleep(10_000)
        return false
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty else { return start }
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) {
                return i + needle.count
            }
            i += 1
        }
        return nil
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Reads a whole file as bytes (nil if it cannot be opened).
    /// Copies `path` to `target` (mode 0600); false when either can't be opened.
    static func copyFile(_ path: String, to target: String) -> Bool {
        guard let bytes = readFile(path) else { return false }
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return out }
            out += buffer[0..<n]
        }
    }

    /// Every regular file below `path` (for "the secret is nowhere" checks).
    static func filesBelow(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var result: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let full = path + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                result += filesBelow(full)
            } else if info.st_mode & S_IFMT == S_IFREG {
                result.append(full)
            }
        }
        return result
    }
}

extension String {
    /// ESC and other control bytes as visible text, for failure messages.
    var replacingControlCharacters: String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n\n"
            case "\r": out += "\\r"
            case "\u{1B}": out += "\\e"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "^" + String(UnicodeScalar(UInt8((scalar.value + 64) & 0x7F)))
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
