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
        // The written `osl-b` is sent as the list's `OSL-B`.
        let sent = try BinaryRunner().run(["fill", "Forms/dock-booking.yaml", "--set", "warehouse=Oslo", "--set", "dock=osl-b",
                                           "--set", "carrier=DHL", "--no-input", "--output", "json"], lines: [])
        #expect(sent.stdout.contains(#""payload":{"carrier":"DHL","dock":"OSL-B","warehouse":"Oslo"}"#), "\(sent.stdout)")
        // A written number names no fetched choice (the server's order of the day).
        let number = try BinaryRunner().run(["fill", "Forms/dock-booking.yaml", "--set", "warehouse=Oslo", "--set", "dock=2",
                                             "--set", "carrier=DHL", "--no-input"], lines: [])
        #expect(number.status == 5, "\(number.stdout)\(number.stderr)")
        #expect((number.stdout + number.stderr).contains("--set dock: dock: Choose one of: OSL-A, OSL-B, OSL-C"))
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
        // The prefix is on the edit line. Cleared, `TRD-4` and Tab: readline writes the
        // completion (`0`) before Enter is pressed, so the screen shows TRD-40 only if Tab did.
        try pty.expect("dock: trd-3")
        pty.send("\u{15}TRD-4\t")
        try pty.expect("TRD-40")
        pty.send("\r")
        try pty.expect("carrier: ")
        pty.send("DHL\r")
        let review = try pty.expect("Submit?")
        #expect(review.contains("TRD-40"), "\(review)")
        pty.send(".cancel\r")
        _ = try pty.waitForExit()
        #expect(pty.terminalIsSane)
    }
}
