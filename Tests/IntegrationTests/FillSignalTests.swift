import Foundation
import Testing

/// SIGINT, SIGTERM and SIGHUP while formline waits for a line on a pipe: the draft is saved and
/// the exit status says which signal it was (docs/drafts.md, "Exit status").
@Suite("fill ended by a signal", .serialized)
struct FillSignalTests {
    @Test("a signal while waiting saves the draft and exits 130/143/129",
          arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func signal(_ signal: Int32, _ expected: Int32) throws {
        let runner = try BinaryRunner()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.product("formline"))
        process.arguments = ["fill", "Forms/signup.yaml"]
        process.currentDirectoryURL = BinaryRunner.root
        process.environment = ["HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "TERM": "dumb"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        try? stdin.fileHandleForWriting.write(contentsOf: Data("bob_smith\nbob@example.com\n".utf8))
        // Wait until the wizard asks for the password: both answers have been taken.
        var seen = Data()
        let deadline = Date().addingTimeInterval(10)
        while !String(decoding: seen, as: UTF8.self).contains("Password:") && Date() < deadline && process.isRunning {
            seen += stdout.fileHandleForReading.availableData
        }
        _ = signalAndWait(process, signal)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == expected)
        let draft = try String(contentsOfFile: runner.draftPath("signup"), encoding: .utf8)
        #expect(draft.contains(#""email":"bob@example.com""#))
        try? stdin.fileHandleForWriting.close()
    }
}
