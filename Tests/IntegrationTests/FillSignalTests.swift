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
        // Wait until the wizard asks for the password: both answers have been taken.
        var started = try runner.start(["fill", "Forms/signup.yaml"], input: "bob_smith\nbob@example.com\n", until: "Password:")
        let process = started.process
        _ = signalAndWait(process, signal)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == expected)
        let draft = try String(contentsOfFile: runner.draftPath("signup"), encoding: .utf8)
        #expect(draft.contains(#""email":"bob@example.com""#))
        started.finish()
    }
}
