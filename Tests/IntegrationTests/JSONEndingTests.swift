import DemoServer
import Foundation
import Testing

/// `fill --output json` through the real binary at the endings the other suites leave out: a
/// transport failure, a signal (taken by the loop, and by the watchdog when the loop is stuck) and
/// a draft that could not be saved. Each is exactly one document on stdout.
@Suite("--output json at every ending", .serialized)
struct JSONEndingTests {
    @Test("acceptance carries ending and exit like every other ending")
    func accepted() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--output", "json"],
                               lines: ["bob_smith", "bob@example.com", "hunter2hunter2", "42", "den", ""])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == #"{"ending":"accepted","exit":0,"payload":{"age":42,"country":"Denmark","email":"bob@example.com","password":"[secret]","username":"bob_smith"},"response":{"id":1},"status":201}"# + "\n")
    }

    @Test("a refused connection: transport-failed, exit 3, the reason as a form-level error")
    func transportFailed() async throws {
        try await withRefusingPort { closedPort in
            let runner = try BinaryRunner()
            let r = try runner.run(["fill", "Forms/signup.yaml", "--output", "json", "--endpoint", "http://127.0.0.1:\(closedPort)/drf"],
                                   lines: ["bob_smith", "bob@example.com", "hunter2hunter2", "42", "den", ""])
            #expect(r.status == 3, "\(r.stderr)")
            #expect(r.stdout == #"{"ending":"transport-failed","errors":[{"field":null,"message":"the server refused the connection"}],"exit":3}"# + "\n")
            #expect(r.stderr.contains("! the server refused the connection"))
        }
    }

    @Test("the draft cannot be saved: draft-not-saved, exit 6")
    func draftNotSaved() throws {
        let runner = try BinaryRunner()
        let notAFolder = runner.home.path + "/plain-file"
        try "x".write(toFile: notAFolder, atomically: false, encoding: .utf8)
        let r = try runner.run(["fill", "Forms/signup.yaml", "--output", "json"], input: Array("bob_smith\n".utf8),
                               environment: ["XDG_STATE_HOME": notAFolder])
        #expect(r.status == 6, "\(r.stderr)")
        #expect(r.stdout == #"{"ending":"draft-not-saved","errors":[],"exit":6}"# + "\n")
        #expect(r.stderr.contains("cannot save the draft: Not a directory"))
    }

    @Test("SIGINT to a pipe run waiting on input: interrupted, exit 130, the draft saved")
    func interruptedWhileWaiting() throws {
        try expectPrompt(within: 1.0) {
            let runner = try BinaryRunner()
            let run = try SignalledRun(runner, arguments: ["fill", "Forms/signup.yaml", "--output", "json"],
                                       input: "bob_smith\nbob@example.com\n", readsStderr: true)
            // The prompts go to stderr under --output json: wait until the password is asked.
            try run.waitForStderr("Password:")
            let (status, stdout, took) = run.signal(SIGINT)
            #expect(status == 130)
            #expect(stdout == #"{"ending":"interrupted","errors":[],"exit":130}"# + "\n")
            let draft = try String(contentsOfFile: runner.draftPath("signup"), encoding: .utf8)
            #expect(draft.contains(#""email":"bob@example.com""#))
            return took
        }
    }

    @Test("a signal while stderr is stuck: the watchdog ends the run within 1 s and still writes the document",
          arguments: [(SIGINT, Int32(130), "interrupted"), (SIGTERM, Int32(143), "terminated")])
    func watchdogWritesTheDocument(_ signal: Int32, _ expected: Int32, _ ending: String) throws {
        try expectPrompt(within: 1.0) {
            let runner = try BinaryRunner()
            // Every wrong age prints an error on stderr (the prompt stream under --output json), which
            // nobody reads: the pipe fills and formline's write blocks.
            let answers = "bob_smith\nbob@example.com\nhunter22x\n" + String(repeating: "x\n", count: 6000)
            let run = try SignalledRun(runner, arguments: ["fill", "Forms/signup.yaml", "--output", "json", "--keep-asking"],
                                       input: answers, readsStderr: false)
            usleep(1_500_000)
            let (status, stdout, took) = run.signal(signal)
            #expect(status == expected)
            #expect(stdout == #"{"ending":""# + ending + #"","errors":[],"exit":\#(expected)}"# + "\n")
            let draft = try String(contentsOfFile: runner.draftPath("signup"), encoding: .utf8)
            #expect(draft.contains(#""email":"bob@example.com""#), "\(draft)")
            return took
        }
    }
}

/// A `formline` process fed `input` on a pipe, then sent a signal; stdout is read only after it
/// ends (the JSON document is small), stderr read as it comes or never (`readsStderr`).
private final class SignalledRun: @unchecked Sendable {
    let process = Process()
    private let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    private var seen = Data()
    private let readsStderr: Bool

    init(_ runner: BinaryRunner, arguments: [String], input: String, readsStderr: Bool) throws {
        self.readsStderr = readsStderr
        process.executableURL = URL(fileURLWithPath: BinaryRunner.product("formline"))
        process.arguments = arguments
        process.currentDirectoryURL = BinaryRunner.root
        process.environment = ["HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "TERM": "dumb"]
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = stdin.fileHandleForWriting
        let bytes = Data(input.utf8)
        // A writer of its own: a large input blocks once formline stops reading.
        Thread { try? writer.write(contentsOf: bytes) }.start()
    }

    func waitForStderr(_ text: String) throws {
        let deadline = Date().addingTimeInterval(10)
        while !String(decoding: seen, as: UTF8.self).contains(text) && Date() < deadline && process.isRunning {
            seen += stderr.fileHandleForReading.availableData
        }
        #expect(String(decoding: seen, as: UTF8.self).contains(text), "never saw \(text)")
    }

    /// Sends `signal`; returns the exit status, stdout and how long the process took to end.
    func signal(_ signal: Int32) -> (Int32, String, Double) {
        let took = signalAndWait(process, signal)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        if readsStderr { seen += stderr.fileHandleForReading.availableData }
        try? stdin.fileHandleForWriting.close()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), took)
    }
}
