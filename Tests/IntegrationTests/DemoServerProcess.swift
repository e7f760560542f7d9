import DemoServer
import Foundation
import Glibc

/// The demo server as a process of its own (`formline-demo-server --port 0`), for tests whose
/// client blocks for seconds while it waits: an in-process server shares the test process's two
/// cooperative threads with every test running beside it, and under a loaded CI host its answers
/// came after the client's 10-second wait. A process of its own answers whatever the tests do.
final class DemoServerProcess {
    let port: Int
    private let process: Process
    /// The requests the server received, read from its `--request-log` file.
    let requests: Requests

    /// What the server process has received so far (its `--request-log` file, read when asked).
    struct Requests {
        let file: String
        var all: [DemoRequest] { (try? DemoRequestLog.read(file)) ?? [] }
        var last: DemoRequest? { all.last }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Starts the server and waits (up to `timeout` seconds) for its "listening on" line.
    init(timeout: Double = 30) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.product("formline-demo-server"))
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("formline-demo-requests-\(UUID().uuidString).ndjson").path
        self.requests = Requests(file: log)
        process.arguments = ["--port", "0", "--slow-delay", "20", "--request-log", log]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process

        // "listening on http://127.0.0.1:PORT (formline X)": read bytes until that line ends.
        let reader = stdout.fileHandleForReading.fileDescriptor
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        while !line.contains(UInt8(ascii: "\n")) {
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard left > 0, poll(&descriptor, 1, left) > 0 else { break }
            var byte: UInt8 = 0
            guard read(reader, &byte, 1) == 1 else { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let address = text.split(separator: " ").first(where: { $0.hasPrefix("http://127.0.0.1:") }),
              let port = Int(address.dropFirst("http://127.0.0.1:".count)) else {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "formline-demo-server did not say where it listens: \(text.debugDescription)")
        }
        self.port = port
    }

    /// Stops the server (SIGTERM: it handles the signal and ends) and waits for it.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: requests.file)
    }

    deinit { stop() }
}
