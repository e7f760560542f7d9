import Foundation
import Testing

/// Server checks (docs/checks.md) through the built binary: the fake's answers on a pipe,
/// scripted answers, `--no-checks`, the demo server over HTTP, and the operator's view at a
/// terminal (the `checking...` line, type-ahead dropped, Ctrl-C, a timeout).
@Suite(.serialized) struct ServerCheckBinaryTests {
    private func file(_ runner: BinaryRunner, _ name: String, _ text: String) throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A form whose first field's check waits on the demo server's slow route, `timeout` seconds
    /// allowed.
    private func slowCheckForm(_ runner: BinaryRunner, id: String, timeout: Int = 30) throws -> String {
        try file(runner, id + ".yaml", """
            id: \(id)
            fields:
              - name: code
                server_check:
                  path: /fault/slow
                  timeout: \(timeout)
              - name: note
            """)
    }

    @Test func theFakeRefusesAnUnknownSKUAndShowsAKnownOnesLookup() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/part-order.yaml", "--keep-asking"], lines: ["Oslo", "XYZ-9", "ABC-1", "3", "", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("SKU: XYZ-9\n  ! Not found.\nSKU: ABC-1\n  = Widget, blue, 12-pack\n"), "\(r.stdout)")
        #expect(r.stdout.contains("Unit price (at least 0) [12.50]: "), "\(r.stdout)")
        #expect(r.stdout.contains("  2 SKU         ABC-1  = Widget, blue, 12-pack\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  4 Unit price  12.50"), "\(r.stdout)")
    }

    @Test func setAnswersAreCheckedAndNoInputStopsOnARefusal() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/part-order.yaml", "--set", "warehouse=Oslo", "--set", "sku=XYZ-9",
                                "--set", "qty=2", "--set", "unit_price=1", "--no-input"], lines: [])
        #expect(r.status == 5, "\(r.stdout)\(r.stderr)")
        #expect((r.stdout + r.stderr).contains("--set sku: sku: Not found."), "\(r.stdout)\(r.stderr)")
        let good = try runner.run(["fill", "Forms/part-order.yaml", "--set", "warehouse=Oslo", "--set", "sku=ABC-2",
                                   "--set", "qty=2", "--set", "unit_price=7", "--no-input"], lines: [])
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stdout.contains("Submitting... accepted (201)"), "\(good.stdout)")
    }

    @Test func noChecksMakesNone() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/part-order.yaml", "--no-checks", "--keep-asking"], lines: ["Oslo", "XYZ-9", "3", "4", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stdout.contains("Not found"), "\(r.stdout)")
    }

    @Test func theDemoServerAnswersTheLookupAndTheUsernameCheck() throws {
        let server = try DemoServerProcess()
        defer { server.stop() }
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/part-order.yaml", "--endpoint", "http://127.0.0.1:\(server.port)", "--keep-asking"],
                               lines: ["Bergen", "XYZ-9", "ABC-2", "1", "", ""])
        #expect(r.stdout.contains("SKU: XYZ-9\n  ! Not found.\nSKU: ABC-2\n  = Widget, red, 6-pack\n"), "\(r.stdout)\(r.stderr)")
        let form = try file(runner, "user.yaml", """
            id: user
            fields:
              - name: username
                server_check:
                  path: /api/usernames/{value}
            submit: { path: /drf/api/signup }
            """)
        let u = try runner.run(["fill", form, "--endpoint", "http://127.0.0.1:\(server.port)/drf", "--keep-asking"],
                               lines: ["admin", "ada", ".cancel"])
        #expect(u.stdout.contains("username: admin\n  ! This username is already taken.\nusername: ada\n"), "\(u.stdout)\(u.stderr)")
    }

    /// A check that takes seconds: one `checking...` line, keys typed meanwhile dropped, Ctrl-C
    /// back to the field with its text, a second Ctrl-C ends the session (130).
    @Test func aSlowCheckShowsOneLineAndCtrlCCancelsOnlyIt() throws {
        let server = try DemoServerProcess()
        defer { server.stop() }
        let runner = try BinaryRunner()
        let form = try slowCheckForm(runner, id: "slow")
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", form, "--endpoint", "http://127.0.0.1:\(server.port)"],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
        try pty.expect("code: ")
        pty.send("K-7\r")
        let waiting = try pty.expect("checking...\r\n")
        #expect(waiting.components(separatedBy: "checking...").count == 2)
        pty.send("zz")
        pty.settle(0.3)
        pty.send("\u{03}")
        try pty.expect("Check cancelled.")
        let again = try pty.expect("code: K-7")
        pty.settle(0.3)
        #expect(!again.contains("zz"))
        pty.send("\u{03}")
        let exit = try pty.waitForExit()
        #expect(exit == .code(130) || exit == .signal(SIGINT), "\(exit)")
        #expect(pty.terminalIsSane)
    }

    @Test func aCheckPastItsTimeoutKeepsTheAnswerWithANotice() throws {
        let server = try DemoServerProcess()
        defer { server.stop() }
        let runner = try BinaryRunner()
        let form = try slowCheckForm(runner, id: "timeout", timeout: 1)
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", form, "--endpoint", "http://127.0.0.1:\(server.port)"],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
        try pty.expect("code: ")
        pty.send("K-7\r")
        try pty.expect("Not checked (no answer from the server in time): kept;")
        try pty.expect("note: ")
        pty.send(".cancel\r")
        _ = try pty.waitForExit()
    }

    /// Without a terminal, SIGINT during a check ends the run as it always did (130, draft saved):
    /// only an operator at a terminal is taken back to the field.
    @Test func sigintDuringACheckOnAPipeEndsTheRun() throws {
        let server = try DemoServerProcess()
        defer { server.stop() }
        try expectPrompt(within: 1.5) {
            let runner = try BinaryRunner()
            let form = try slowCheckForm(runner, id: "slowpipe")
            var started = try runner.start(["fill", form, "--endpoint", "http://127.0.0.1:\(server.port)"], input: "K-7\n", until: "checking...")
            let process = started.process
            #expect(started.text.contains("code: K-7\nchecking...\n"))
            let took = signalAndWait(process, SIGINT)
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 130)
            started.finish()
            return took
        }
    }
}
