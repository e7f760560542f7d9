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

    /// `--set` answers to a `choices_from` field are checked against the list fetched before
    /// the review (the in-process fake's): one it does not hold is refused as typed.
    @Test func scriptedAnswersAreCheckedAgainstTheFetchedList() throws {
        let runner = try BinaryRunner()
        let bad = try runner.run(["fill", "Forms/dock-booking.yaml", "--set", "warehouse=Oslo", "--set", "dock=OSL-Z",
                                  "--set", "carrier=DHL", "--no-input"], lines: [])
        #expect(bad.status == 5, "\(bad.stdout)\(bad.stderr)")
        #expect((bad.stdout + bad.stderr).contains("--set dock: dock: Choose one of: OSL-A, OSL-B, OSL-C"), "\(bad.stdout)\(bad.stderr)")
        let good = try BinaryRunner().run(["fill", "Forms/dock-booking.yaml", "--set", "warehouse=Oslo", "--set", "dock=osl-b",
                                   "--set", "carrier=DHL", "--no-input"], lines: [])
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stdout.contains("Submitting... accepted (201)"), "\(good.stdout)")
        #expect(good.stdout.contains("\"dock\":\"OSL-B\"") || !good.stdout.contains("osl-b"), "\(good.stdout)")
        let long = try BinaryRunner().run(["fill", "Forms/dock-booking-trondheim.yaml", "--set", "warehouse=Trondheim", "--set", "dock=7",
                                   "--set", "carrier=DHL", "--no-input"], lines: [])
        #expect(long.status == 5, "\(long.stdout)\(long.stderr)")
        #expect((long.stdout + long.stderr).contains("--set dock: dock: No choice starts with '7'"), "\(long.stdout)\(long.stderr)")
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
