import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The accessible presentation (docs/accessibility.md) through the real binary: at a real pty
/// turned on by `ACCESSIBLE=1` (what a screen-reader user exports once), and on a pipe, where
/// the bytes are those of a serial line.
@Suite(.serialized) final class AccessibleModeTests {
    let home: String

    init() throws {
        home = try PseudoTerminal.temporaryDirectory()
    }

    deinit {
        PseudoTerminal.removeTree(home)
    }

    /// A colour terminal and a pre-fill-worthy refusal: still no escape sequence, no redraw, and
    /// nothing put on the edit line; the rejected value is read back and the error names its field.
    @Test func atATerminalNothingIsPrefilledAndNoEscapeIsWritten() throws {
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", "Forms/signup.yaml"],
            environment: PseudoTerminal.environment(home: home, ["ACCESSIBLE": "1", "TERM": "xterm-256color"]),
            directory: PseudoTerminal.repositoryRoot)
        try pty.expect("Create an account. 5 fields. Type ? for help.")
        try pty.expect("Username, required: ")
        pty.send("ad\r")
        try pty.expect("  ! Username: At least 3 characters")
        try pty.expect("  You typed \"ad\".")
        try pty.expect("Username, required: ")
        // Whatever a pre-fill would write comes right after the prompt: nothing does.
        pty.settle(0.3)
        #expect(pty.text.hasSuffix("Username, required: "))
        pty.send("adele\r")
        try pty.expect("Email, required: ")
        pty.send("adele@example.com\r")
        try pty.expect("Password, required, hidden as you type: ")
        pty.send("Zebra-Secret-4711\r")
        try pty.expect("Age, optional, 13 to 120: ")
        pty.send("34\r")
        try pty.expect("  3: Denmark")
        try pty.expect("Country, required, default Norway: ")
        pty.send("3\r")
        try pty.expect("  1: Username is adele.")
        try pty.expect("  3: Password is given, not shown.")
        try pty.expect("Press Enter to submit, type a number to edit, or .cancel: ")
        pty.send("\r")
        try pty.expect("accepted (201)")
        #expect(try pty.waitForExit() == .code(0))
        #expect(!pty.text.contains("\u{1B}"), "an escape sequence was written")
        #expect(!pty.text.contains("Zebra-Secret-4711"), "the secret was echoed")
        #expect(!pty.text.contains("Ctrl-U"), "the Ctrl-U hint has no pre-filled line to clear")
        #expect(pty.terminalIsSane)
    }

    /// The lines of one signup session, with two refusals, help, a choice and an edit at the review.
    static let session = ["ad", "bob_smith", "?", "bob@example.com", "Zebra-Secret-4711", "200", "42", "2", "4", "", ""]

    /// Bytes written for the session above on a pipe (a serial line: the answers are echoed),
    /// standard and accessible. docs/PERFORMANCE.md ("The accessible presentation") gives both;
    /// a change in either is a change of the words an operator hears, to be pinned here and there.
    static let standardBytes = 996
    static let accessibleBytes = 1294

    @Test func theSameSessionOnASerialLineInBothPresentations() throws {
        let runner = try BinaryRunner()
        let standard = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], lines: Self.session)
        let accessible = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], lines: Self.session,
                                        environment: ["ACCESSIBLE": "1"])
        #expect(standard.status == 0 && accessible.status == 0)
        #expect(accessible.stdout.contains("  ! Age: Must be between 13 and 120\n  You typed \"200\".\n"))
        #expect(!accessible.stdoutBytes.contains(0x1B))
        #expect(standard.stdoutBytes.count == Self.standardBytes)
        #expect(accessible.stdoutBytes.count == Self.accessibleBytes)
        let performance = try String(contentsOf: BinaryRunner.root.appendingPathComponent("docs/PERFORMANCE.md"), encoding: .utf8)
        #expect(performance.contains("| \(Self.standardBytes) | \(Self.accessibleBytes) |"), "docs/PERFORMANCE.md gives other byte counts")
    }

    /// `ACCESSIBLE=0` and an empty value leave the standard presentation.
    @Test func accessibleZeroOrEmptyIsOff() throws {
        let runner = try BinaryRunner()
        for value in ["0", ""] {
            let result = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], lines: [".cancel"], environment: ["ACCESSIBLE": value])
            #expect(result.stdout.hasPrefix("Create an account  (5 fields; ? for help)\nUsername: "))
        }
    }
}
