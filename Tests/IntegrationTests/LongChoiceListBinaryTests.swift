import Foundation
import Testing

/// A long list of choices (docs/checks.md, "Long lists") through the built binary: Trondheim's
/// 40 docks from `formline-demo-server`, narrowed on a pipe and at a terminal (the prefix comes
/// back on the edit line, Tab completes over the whole list).
@Suite(.serialized) struct LongChoiceListBinaryTests {
    @Test func onAPipeAPrefixListsItsMatchesAndANumberPicksFromThem() throws {
        let server = try DemoServerProcess()
        defer { server.stop() }
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/dock-booking.yaml", "--endpoint", "http://127.0.0.1:\(server.port)", "--keep-asking"],
                               lines: ["Trondheim", "?", "trd-2", "zz", "3", "DHL", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("  40 choices: type the first letters, ? lists them\ndock: "), "\(r.stdout)")
        #expect(r.stdout.contains("  12) TRD-12  Dock TRD-12\n  and 28 more\n"), "\(r.stdout)")
        #expect(r.stdout.contains("No choice starts with 'zz'"), "\(r.stdout)")
        #expect(r.stdout.contains("  2 dock       TRD-22"), "\(r.stdout)")
        #expect(!r.stdout.contains("TRD-40"), "\(r.stdout)")
    }

    @Test func atATerminalThePrefixComesBackForEditingAndTabCompletes() throws {
        let server = try DemoServerProcess()
        defer { server.stop() }
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", "Forms/dock-booking.yaml", "--endpoint", "http://127.0.0.1:\(server.port)"],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
        try pty.expect("warehouse: ")
        pty.send("Trondheim\r")
        try pty.expect("40 choices: type the first letters, ? lists them")
        try pty.expect("dock: ")
        pty.send("trd-3\r")
        try pty.expect("10) TRD-39  Dock TRD-39")
        // The prefix is on the edit line: one more digit and Tab complete it to TRD-37.
        try pty.expect("dock: trd-3")
        pty.send("7\t\r")
        try pty.expect("carrier: ")
        pty.send("DHL\r")
        let review = try pty.expect("Submit?")
        #expect(review.contains("TRD-37"), "\(review)")
        pty.send(".cancel\r")
        _ = try pty.waitForExit()
        #expect(pty.terminalIsSane)
    }
}
