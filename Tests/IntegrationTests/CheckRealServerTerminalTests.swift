import DemoServer
import Foundation
import Glibc
import Testing

/// Issue 30 item 7: the built binary at a pty against the stock apps that serve server checks
/// (Tests/RealServers/README.md, "Server checks": FastAPI and Express), with
/// Tests/RealServers/checks.yaml. Per app: a check refused in the framework's own shape and then
/// passed, the docks fetched for the warehouse, a lookup shown with its default, a slow check
/// (`checking...`, keys typed meanwhile dropped, the answers before kept), Ctrl-C during a check.
/// And a check server that is not there (a port that refuses): every call kept with its notice.
/// Needs the apps: `Tests/RealServers/start.py fastapi express -- swift test --skip-build
/// --filter RealServer`; without their ports the cases fail, FORMLINE_SKIP_REAL_SERVERS=1
/// skips them.
@Suite("Real servers: server checks at a terminal", .serialized)
struct CheckRealServerTerminalTests {
    static let apps = ["fastapi", "express"]
    static let form = PseudoTerminal.repositoryRoot + "/Tests/RealServers/checks.yaml"
    static var skipped: Bool { ProcessInfo.processInfo.environment["FORMLINE_SKIP_REAL_SERVERS"] == "1" }

    /// What each app answers for a taken username and an unknown SKU (its own error shape, read).
    static let refusals: [String: (username: String, sku: String)] = [
        "fastapi": ("A user with that username already exists.", "Unknown SKU."),
        "express": ("is already taken", "Unknown SKU"),
    ]

    /// The app's endpoint from start.py's `REALSERVER_<NAME>_PORT`; nil (an issue recorded) without it.
    static func endpoint(_ app: String) -> String? {
        let variable = "REALSERVER_\(app.uppercased())_PORT"
        guard let port = ProcessInfo.processInfo.environment[variable].flatMap(Int.init), (1...65535).contains(port) else {
            Issue.record("\(variable) is not set: run under Tests/RealServers/start.py fastapi express -- ...")
            return nil
        }
        return "http://127.0.0.1:\(port)"
    }

    static func spawn(_ endpoint: String, home: String) throws -> PseudoTerminal {
        try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", form, "--endpoint", endpoint],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
    }

    /// Types the username and picks Bergen's second dock: the first three fields answered.
    static func answerUpToTheSKU(_ pty: PseudoTerminal) throws {
        try pty.expect("username: ")
        pty.send("bea_92\r")
        try pty.expect("warehouse: ")
        pty.send("Bergen\r")
        try pty.expect("1 BGO-1  2 BGO-2")
        try pty.expect("dock: ")
        pty.send("2\r")
        try pty.expect("SKU: ")
    }

    @Test("a taken username refused in the app's shape, then a free one; Bergen's docks; an unknown SKU refused, a known one looked up",
          .disabled(if: skipped, "FORMLINE_SKIP_REAL_SERVERS=1"), arguments: apps)
    func refusedThenPassedWithLookupAndDocks(_ app: String) throws {
        guard let endpoint = Self.endpoint(app), let refusal = Self.refusals[app] else { return }
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let pty = try Self.spawn(endpoint, home: home)
        try pty.expect("username: ")
        pty.send("admin\r")
        try pty.expect("  ! \(refusal.username)")
        try pty.expect("username: admin")
        pty.send("\u{15}bea_92\r")
        try pty.expect("warehouse: ")
        pty.send("Bergen\r")
        try pty.expect("1 BGO-1  2 BGO-2")
        try pty.expect("dock: ")
        pty.send("2\r")
        try pty.expect("SKU: ")
        pty.send("XYZ-9\r")
        try pty.expect("  ! \(refusal.sku)")
        try pty.expect("SKU: XYZ-9")
        pty.send("\u{15}ABC-1\r")
        try pty.expect("  = Widget, blue, 12-pack")
        try pty.expect("Quantity (at least 1): ")
        pty.send("3\r")
        try pty.expect("Unit price (at least 0) [12.50]: ")
        pty.send("\r")
        let review = try pty.expect("Submit? ")
        #expect(review.contains("1 username    bea_92"), "\(review)")
        #expect(review.contains("3 dock        BGO-2"), "\(review)")
        #expect(review.contains("6 Unit price  12.50"), "\(review)")
        pty.send("\r")
        try pty.expect("Submitting... accepted (201) id=")
        #expect(try pty.waitForExit() == .code(0))
    }

    @Test("a slow check: one checking... line, keys typed meanwhile dropped, the answers before kept",
          .disabled(if: skipped, "FORMLINE_SKIP_REAL_SERVERS=1"), arguments: apps)
    func slowCheck(_ app: String) throws {
        guard let endpoint = Self.endpoint(app) else { return }
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let pty = try Self.spawn(endpoint, home: home)
        try Self.answerUpToTheSKU(pty)
        pty.send("SLOW-1\r")
        let waiting = try pty.expect("checking...\r\n")
        #expect(waiting.components(separatedBy: "checking...").count == 2)
        pty.send("zz")
        try pty.expect("  = Slow widget")
        let next = try pty.expect("Quantity (at least 1): ")
        pty.settle(0.3)
        #expect(!next.contains("zz") && !pty.text.hasSuffix("zz"), "typed during the check: \(pty.text)")
        pty.send("2\r")
        try pty.expect("Unit price (at least 0) [3.00]: ")
        pty.send("\r")
        let review = try pty.expect("Submit? ")
        #expect(review.contains("1 username    bea_92") && review.contains("3 dock        BGO-2"), "\(review)")
        #expect(review.contains("4 SKU         SLOW-1  = Slow widget") && review.contains("5 Quantity    2"), "\(review)")
        pty.send(".cancel\r")
        _ = try pty.waitForExit()
    }

    @Test("Ctrl-C during a check goes back to the field with its text; a second Ctrl-C ends the session",
          .disabled(if: skipped, "FORMLINE_SKIP_REAL_SERVERS=1"), arguments: apps)
    func interruptDuringACheck(_ app: String) throws {
        guard let endpoint = Self.endpoint(app) else { return }
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let pty = try Self.spawn(endpoint, home: home)
        try Self.answerUpToTheSKU(pty)
        pty.send("SLOW-1\r")
        try pty.expect("checking...\r\n")
        pty.send("\u{03}")
        try pty.expect("Check cancelled.")
        try pty.expect("SKU: SLOW-1")
        pty.settle(0.3)
        pty.send("\u{03}")
        let exit = try pty.waitForExit()
        #expect(exit == .code(130) || exit == .signal(SIGINT), "\(exit)")
        #expect(pty.terminalIsSane)
    }

    /// No app needed: a loopback port bound but not listening refuses every call.
    @Test("a check server that refuses: each check kept with a notice, the docks typed, the form goes on")
    func deadCheckServer() async throws {
        try await withRefusingPort { port in
            let home = try PseudoTerminal.temporaryDirectory()
            defer { PseudoTerminal.removeTree(home) }
            let pty = try Self.spawn("http://127.0.0.1:\(port)", home: home)
            try pty.expect("username: ")
            pty.send("bea_92\r")
            try pty.expect("Not checked (the server refused the connection): kept;")
            try pty.expect("warehouse: ")
            pty.send("Bergen\r")
            try pty.expect("Choices not fetched (the server refused the connection): type the answer;")
            try pty.expect("dock: ")
            pty.send("BGO-9\r")
            try pty.expect("SKU: ")
            pty.send("ABC-1\r")
            try pty.expect("Not checked (the server refused the connection): kept;")
            try pty.expect("Quantity (at least 1): ")
            pty.send(".cancel\r")
            _ = try pty.waitForExit()
        }
    }
}
