import Foundation
import Testing

/// Runs the built `formline` (or another product) with piped stdin, in a temporary HOME and
/// XDG_STATE_HOME, and returns what it printed and how it exited. Shared by the end-to-end tests.
struct BinaryRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
    }

    /// The repository root, from this file's path (Tests/IntegrationTests/BinaryRunner.swift).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The debug build the test command made, except that `FORMLINE_TEST_BINARY` (an absolute
    /// path) replaces `formline`: CI runs these tests once more against the install build.
    static func product(_ name: String) -> String {
        if name == "formline", let binary = ProcessInfo.processInfo.environment["FORMLINE_TEST_BINARY"], !binary.isEmpty {
            return binary
        }
        return root.appendingPathComponent(".build/debug/\(name)").path
    }

    /// A fresh temporary folder used as HOME and XDG_STATE_HOME.
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("formline-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var stateHome: String { home.appendingPathComponent("state").path }

    func draftPath(_ formID: String) -> String { stateHome + "/formline/drafts/\(formID).json" }

    /// Runs `formline ARGS` from the repository root with `input` on stdin (bounded by `timeout`).
    func run(_ arguments: [String], input: [UInt8], environment extra: [String: String] = [:],
             product: String = "formline", executable: String? = nil, timeout: Double = 30) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? BinaryRunner.product(product))
        process.arguments = arguments
        process.currentDirectoryURL = BinaryRunner.root
        var env = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_STATE_HOME": stateHome, "TERM": "dumb", "LANG": "C.UTF-8"]
        env.merge(extra) { $1 }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        for (pipe, box) in [(stdout, outBox), (stderr, errBox)] {
            group.enter()
            DispatchQueue.global().async {
                box.data = pipe.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("formline \(arguments.joined(separator: " ")) did not finish within \(timeout)s")
        }
        process.waitUntilExit()
        group.wait()
        // Closed here rather than at deallocation (BinarySessionFuzzTests leaked descriptors so).
        for handle in [stdin.fileHandleForReading, stdout.fileHandleForReading, stdout.fileHandleForWriting,
                       stderr.fileHandleForReading, stderr.fileHandleForWriting] { try? handle.close() }
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outBox.data, as: UTF8.self),
            stderr: String(decoding: errBox.data, as: UTF8.self),
            stdoutBytes: Array(outBox.data))
    }

    /// Runs `/bin/sh -c script sh ARGUMENTS` (for redirections such as `3<file`), with
    /// `$FORMLINE` the binary and the arguments as `$1`...
    func shell(_ script: String, arguments: [String] = [], lines: [String], environment extra: [String: String] = [:]) throws -> Result {
        try run(["-c", script, "sh"] + arguments, input: Array(lines.map { $0 + "\n" }.joined().utf8),
                environment: extra.merging(["FORMLINE": BinaryRunner.product("formline")]) { $1 }, executable: "/bin/sh")
    }

    func run(_ arguments: [String], lines: [String], separator: String = "\n",
             environment: [String: String] = [:]) throws -> Result {
        try run(arguments, input: Array(lines.map { $0 + separator }.joined().utf8), environment: environment)
    }
}

/// A formline still running on pipes, for the tests that signal it mid-session.
struct StartedBinary {
    let process: Process
    let stdin: Pipe
    let stdout: Pipe
    /// What it wrote until `start` returned (the awaited text, unless it ended or 10 s passed).
    var seen: Data

    var text: String { String(decoding: seen, as: UTF8.self) }

    /// Reads the rest of its output (after it ended) into `seen`, and closes its input.
    mutating func finish() {
        seen += stdout.fileHandleForReading.readDataToEndOfFile()
        try? stdin.fileHandleForWriting.close()
    }
}

extension BinaryRunner {
    /// Starts `formline ARGS` from the repository root on pipes (TERM=dumb, stderr discarded),
    /// writes `input`, and returns once it has written `text` (or ended, or 10 s passed): the
    /// moment a signal test wants to interrupt it.
    func start(_ arguments: [String], input: String, until text: String) throws -> StartedBinary {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.product("formline"))
        process.arguments = arguments
        process.currentDirectoryURL = BinaryRunner.root
        process.environment = ["HOME": home.path, "XDG_STATE_HOME": stateHome, "TERM": "dumb"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        var seen = Data()
        let deadline = Date().addingTimeInterval(10)
        while !String(decoding: seen, as: UTF8.self).contains(text) && Date() < deadline && process.isRunning {
            seen += stdout.fileHandleForReading.availableData
        }
        return StartedBinary(process: process, stdin: stdin, stdout: stdout, seen: seen)
    }
}

extension BinaryRunner {
    /// Writes `text` to `name` in this runner's home and returns its path (a form, an answers file).
    func file(_ name: String, _ text: String) throws -> String {
        let path = home.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A file's text, or "" when there is none (a recording the run did not write).
    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Replays a recording made in this runner's home (outside the repository) and expects it to
    /// pass: what every "nothing private was recorded" test checks last.
    func expectReplays(_ recording: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let replay = try run(["replay", "--allow-outside", recording], lines: [])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)", sourceLocation: sourceLocation)
    }
}

final class DataBox: @unchecked Sendable {
    var data = Data()
}
