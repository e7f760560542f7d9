@testable import FormSystem
import Glibc
import Testing

/// `env:NAME`, `file:PATH`, `fd:N`: the one syntax for a secret kept off the command line.
@Suite struct SecretSourceTests {
    private func temporaryFolder() -> String {
        var template = Array("/tmp/formline-secret-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        #expect(made != nil)
        return made ?? "/tmp/formline-unavailable"
    }

    private func write(_ text: String, to path: String, mode: mode_t) throws {
        try AtomicFile.write(Array(text.utf8), to: path, mode: 0o600)
        #expect(chmod(path, mode) == 0)
    }

    @Test func parsesEachKind() throws {
        #expect(try SecretSource.parse("env:API_AUTH") == .environment("API_AUTH"))
        #expect(try SecretSource.parse("file:/run/secrets/a:b") == .file("/run/secrets/a:b"))
        #expect(try SecretSource.parse("fd:3") == .descriptor(3))
        #expect(SecretSource.descriptor(7).description == "fd:7")
    }

    @Test(arguments: [
        ("Bearer tok-123", #""Bearer tok-123" is not a secret source (env:NAME, file:PATH or fd:N)"#),
        ("vault:x", #""vault:" is not a secret source (env:NAME, file:PATH or fd:N)"#),
        ("env:", "env: needs a variable name (letters, digits, _)"),
        ("env:A-B", "env: needs a variable name (letters, digits, _)"),
        ("env:1A", "env: needs a variable name (letters, digits, _)"),
        ("file:", "file: needs a path"),
        ("fd:x", "fd: needs a descriptor number"),
        ("fd:+3", "fd: needs a descriptor number"),
        ("fd:0", "fd:0 is standard input, output or error; use 3 or above (e.g. 3<secret.txt)"),
    ])
    func refusesWhatIsNotASource(_ text: String, _ message: String) {
        #expect(throws: SecretSourceError(message)) { try SecretSource.parse(text) }
    }

    @Test func environmentVariables() throws {
        #expect(try SecretSource.environment("T").read(environment: ["T": "Bearer x y\n"]) == "Bearer x y\n", "taken as it is")
        #expect(throws: SecretSourceError("the environment variable T is not set")) { try SecretSource.environment("T").read(environment: [:]) }
        #expect(throws: SecretSourceError("env:T is empty")) { try SecretSource.environment("T").read(environment: ["T": ""]) }
    }

    @Test func aPrivateFileIsReadWithoutOneTrailingNewline() throws {
        let folder = temporaryFolder()
        try write("tok-1\n\n", to: folder + "/lf", mode: 0o600)
        try write("tok-2\r\n", to: folder + "/crlf", mode: 0o400)
        #expect(try SecretSource.file(folder + "/lf").read(environment: [:]) == "tok-1\n")
        #expect(try SecretSource.file(folder + "/crlf").read(environment: [:]) == "tok-2")
    }

    @Test(arguments: [0o640, 0o604, 0o620, 0o644, 0o666, 0o700 | 0o001])
    func aFileOthersMayReadOrChangeIsRefused(_ mode: Int) throws {
        let folder = temporaryFolder()
        try write("tok", to: folder + "/t", mode: mode_t(mode))
        let shown = String(mode, radix: 8)
        #expect(throws: SecretSourceError("file:\(folder)/t may be read or changed by other users (mode \(shown)); chmod 600 it")) {
            try SecretSource.file(folder + "/t").read(environment: [:])
        }
    }

    @Test func filesThatAreNotUsableAreRefusedWithoutBlocking() throws {
        let folder = temporaryFolder()
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        #expect(throws: SecretSourceError("file:\(folder)/pipe is not a regular file (a FIFO)")) {
            try SecretSource.file(folder + "/pipe").read(environment: [:])
        }
        #expect(throws: SecretSourceError("file:\(folder)/none: No such file or directory")) {
            try SecretSource.file(folder + "/none").read(environment: [:])
        }
        try write(String(repeating: "x", count: SecretSource.maximumSize + 1), to: folder + "/big", mode: 0o600)
        #expect(throws: SecretSourceError("file:\(folder)/big is larger than 64 KiB")) {
            try SecretSource.file(folder + "/big").read(environment: [:])
        }
        try write("\n", to: folder + "/empty", mode: 0o600)
        #expect(throws: SecretSourceError("file:\(folder)/empty is empty")) { try SecretSource.file(folder + "/empty").read(environment: [:]) }
        try AtomicFile.write([0x74, 0xFF, 0x6B], to: folder + "/binary", mode: 0o600)
        #expect(throws: SecretSourceError("file:\(folder)/binary is not UTF-8 text")) { try SecretSource.file(folder + "/binary").read(environment: [:]) }
    }

    @Test func aDescriptorIsReadOnceAndClosed() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let text = Array("tok-from-a-pipe\n".utf8)
        #expect(Glibc.write(fds[1], text, text.count) == text.count)
        close(fds[1])
        var before = stat()
        #expect(fstat(fds[0], &before) == 0)
        let source = try SecretSource.parse("fd:\(fds[0])")
        #expect(try source.read(environment: [:]) == "tok-from-a-pipe")
        // Tests run in parallel: another test may already have been given the same number for a
        // file of its own, so "closed" means the number no longer names this pipe.
        var after = stat()
        let stillThisPipe = fstat(fds[0], &after) == 0 && after.st_ino == before.st_ino && after.st_dev == before.st_dev
        #expect(!stillThisPipe, "closed after reading")
    }

    @Test func anUnopenedDescriptorIsRefused() {
        #expect(throws: SecretSourceError("fd:987 is not open (pass it with 987<FILE or 987<<<\"$SECRET\")")) {
            try SecretSource.descriptor(987).read(environment: [:])
        }
    }
}
