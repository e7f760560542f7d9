import Foundation

/// Runs the real `formline` binary with answers on a pipe, in a temporary HOME and
/// XDG_STATE_HOME (drafts and history stay out of the user's), bounded by a timeout. The few lines
/// of Tests/IntegrationTests/BinaryRunner.swift this suite needs, so it does not depend on that target.
struct FormlineProcess {
    struct Result {
        var status: Int32
        /// stdout then stderr: what the operator sees.
        var output: String
        var timedOut: Bool
    }

    /// The debug build the test command made, unless `FORMLINE_TEST_BINARY` (an absolute path)
    /// names another build (CI runs the end-to-end tests against the install build too).
    static var binary: String {
        if let binary = ProcessInfo.processInfo.environment["FORMLINE_TEST_BINARY"], !binary.isEmpty {
            return binary
        }
        return RealServerCase.repositoryRoot.appendingPathComponent(".build/debug/formline").path
    }

    static func run(_ arguments: [String], lines: [String], timeout: TimeInterval = 30) throws -> Result {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("formline-realserver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = RealServerCase.repositoryRoot
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "TERM": "dumb", "LANG": "C.UTF-8",
        ]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()

        let input = Data(lines.map { $0 + "\n" }.joined().utf8)
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
            group.leave()
        }
        for (pipe, box) in [(stdout, outBox), (stderr, errBox)] {
            group.enter()
            DispatchQueue.global().async {
                box.data = pipe.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: outBox.data, as: UTF8.self) + String(decoding: errBox.data, as: UTF8.self),
            timedOut: timedOut)
    }
}

private final class DataBox: @unchecked Sendable {
    var data = Data()
}
