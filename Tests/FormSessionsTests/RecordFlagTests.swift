import Foundation
import FormSessions
import FormlineTesting
import Synchronization
import Testing

/// `formline fill --record FILE` end to end: the built binary, a pipe for stdin, a temporary
/// folder. The transcript must be written (mode 0600) at every ending, and replay as recorded.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
struct RecordFlagTests {
    static let root = BuiltBinary.root
    static let binary = BuiltBinary.path

    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formline-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    final class Output: Sendable {
        let bytes = Mutex(Data())
        var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    }

    /// Runs `formline fill FORM --record FILE ARGS`, typing `input`.
    private func fill(_ form: String, _ args: [String] = [], input: String, recordTo: String? = nil) throws -> (status: Int32, output: String, file: String) {
        let file = recordTo ?? folder.appendingPathComponent("s.session").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["fill", Self.root.appendingPathComponent(form).path, "--record", file] + args
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.path, "TERM": "dumb", "LANG": "C.UTF-8"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        let output = Output()
        try process.run()
        // The output read to its end on a thread of its own, and waited for: a readability
        // handler could still hold a chunk when the process ended (the CI once saw "" here).
        let read = DispatchSemaphore(value: 0)
        let reading = stdout.fileHandleForReading
        Thread {
            let data = reading.readDataToEndOfFile()
            output.bytes.withLock { $0.append(data) }
            read.signal()
        }.start()
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        _ = read.wait(timeout: .now() + 30)
        let recorded = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return (process.terminationStatus, output.text, recorded)
    }

    private func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
    }

    @Test func everyEndingWritesTheTranscript() throws {
        let endings: [(input: String, status: Int32)] = [
            ("eve\neve@example.com\ncorrect-horse-1\n\n\n\n", 0),
            ("eve\neve@example.com\n.cancel\n", 1),
            ("eve\neve@example.com\n", 4),
        ]
        for ending in endings {
            let run = try fill("Forms/signup.yaml", input: ending.input)
            #expect(run.status == ending.status)
            #expect(run.file.hasPrefix("#! formline-session 1\n#! form: "))
            #expect(run.file.hasSuffix("#! exit \(ending.status)\n"))
            #expect(!run.file.contains("correct-horse-1"))
            #expect(mode(folder.appendingPathComponent("s.session").path) == 0o600)
        }
    }

    /// A recording that cannot be written says so in its own words (never "cannot save the
    /// draft"), before the first prompt (issue 22 item 5: refused at start-up, a usage error).
    @Test func aRecordingThatCannotBeWrittenSaysSo() throws {
        let notAFolder = folder.appendingPathComponent("plain-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: notAFolder))
        let target = notAFolder + "/s.session"
        let run = try fill("Forms/signup.yaml", input: "eve\neve@example.com\n.cancel\n", recordTo: target)
        #expect(run.status == 2)
        #expect(run.output == "formline: --record \(target): cannot write the recording there: \(notAFolder) is not a folder\n")
        #expect(!run.output.contains("cannot save the draft"))
    }

    @Test func aTransportFailureWritesTheTranscript() throws {
        let run = try fill("Forms/signup.yaml", ["--endpoint", "http://127.0.0.1:9"], input: "eve\neve@example.com\ncorrect-horse-1\n\n\n\n")
        #expect(run.status == 3)
        #expect(run.file.contains("\n<= !"))
        #expect(run.file.hasSuffix("#! exit 3\n"))
    }

    /// Foundation's Process hands the test runner's blocked signal mask to the child, where a
    /// SIGINT would then wait forever: spawn this one with an empty mask and default handlers.
    @Test func ctrlCWritesTheTranscript() throws {
        let file = folder.appendingPathComponent("s.session").path
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        try #require(pipe(&input) == 0 && pipe(&output) == 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        for fd in input + output { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = [Self.binary, "fill", Self.root.appendingPathComponent("Forms/signup.yaml").path, "--record", file]
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(folder.path)", "XDG_STATE_HOME=\(folder.path)", "TERM=dumb"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, Self.binary, &actions, &attributes, &argv, &envp) == 0)
        close(input[0]); close(output[1])
        defer { close(input[1]); close(output[0]) }

        let typed = Array("eve\neve@example.com\n".utf8)
        _ = typed.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        var seen: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: seen, as: UTF8.self).contains("Password: ") {
            let n = read(output[0], &buffer, buffer.count)
            if n <= 0 { break }
            seen += buffer[0..<n]
        }
        kill(pid, SIGINT)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let exited = (status & 0x7f) == 0
        #expect(exited && (status >> 8) & 0xff == 130)
        let recorded = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        #expect(recorded.hasSuffix("Password:\n#! interrupt\n#! exit 130\n"))
    }

    @Test func recordingChangesNothingTheOperatorSees() throws {
        let input = "ad\nadmin\nadmin@example.com\ncorrect-horse-1\n\n\n\nadmin2\n\n"
        let recorded = try fill("Forms/signup.yaml", ["--plain", "--keep-asking"], input: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["fill", Self.root.appendingPathComponent("Forms/signup.yaml").path, "--plain", "--keep-asking"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.path + "/other", "TERM": "dumb"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let plain = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(recorded.status == 0)
        #expect(recorded.output == plain)
    }

    @Test func aRecordingReplays() throws {
        let run = try fill("Forms/incident-report.yaml", input: "Server down\nIt went down.\n.\n2024-01-02\n2024-01-03\nhigh\n\n\n")
        #expect(run.status == 0)
        // The form path is relative to the session file's folder, whatever the two folders are.
        let formLine = run.file.split(separator: "\n").first { $0.hasPrefix("#! form: ") }.map { String($0.dropFirst(9)) }
        #expect(formLine?.hasPrefix("../") == true && formLine?.hasSuffix("Forms/incident-report.yaml") == true)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(formLine ?? "-").path))
        let path = folder.appendingPathComponent("s.session").path
        let result = FormlineSessions.replay(path, update: false)
        #expect(result.passed, "\(result.report)")
    }

    /// A form with lists recorded by the real binary (issue 11, item 7): items, an item command,
    /// the review's extra line for a member its label leaves out, the payload's arrays; then the
    /// file replays, through the library and through `formline replay`.
    @Test func aListRecordingReplays() throws {
        let input = ["ACME", "2026-11-20", "", "ABC-1", "3", "DAMAGED", "2", "ABC-2", "5", ".delete", "y",
                     "S1", "S2", "", "no", ".add lines", "ABC-3", "1", "", ""].joined(separator: "\n") + "\n"
        let run = try fill("Forms/goods-receipt.yaml", input: input)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.file.contains("\n> .delete\nDelete Line 2: ABC-2 x 5? (y/N):\n> y\n  Deleted Line 2: ABC-2 x 5.\n"), "\(run.file)")
        #expect(run.file.contains("  4 Line 1: ABC-1 x 3 DAMAGED\n      Damaged units: 2\n"), "\(run.file)")
        #expect(run.file.contains(#""lines":[{"damaged":2,"lot":"DAMAGED","qty":3,"sku":"ABC-1"},{"qty":1,"sku":"ABC-3"}]"#), "\(run.file)")
        #expect(run.file.contains(#""serials":["S1","S2"]"#))
        let path = folder.appendingPathComponent("s.session").path
        let result = FormlineSessions.replay(path, update: false)
        #expect(result.passed, "\(result.report)")
        let replay = Process()
        replay.executableURL = URL(fileURLWithPath: Self.binary)
        replay.arguments = ["replay", path]
        replay.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.path, "LANG": "C.UTF-8"]
        let out = Pipe()
        replay.standardOutput = out
        replay.standardError = out
        try replay.run()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        replay.waitUntilExit()
        #expect(replay.terminationStatus == 0, "\(said)")
    }
}

/// The `formline` that `swift build` made, found from this file's path, or `FORMLINE_TEST_BINARY`
/// (CI runs these tests once more against the install build, like IntegrationTests).
enum BuiltBinary {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let path: String = {
        if let binary = ProcessInfo.processInfo.environment["FORMLINE_TEST_BINARY"], !binary.isEmpty { return binary }
        return root.appendingPathComponent(".build/debug/formline").path
    }()
}
