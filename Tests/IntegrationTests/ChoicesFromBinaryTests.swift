import Foundation
import Testing

/// Choices from the API (docs/checks.md) through the built binary: the fake's list on a pipe and
/// the demo server's docks per warehouse over HTTP.
@Suite(.serialized) struct ChoicesFromBinaryTests {
    @Test func theFakeListsTheDocksAndTheNumberPicksOne() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/dock-booking.yaml", "--keep-asking"], lines: ["Oslo", "2", "DHL", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("warehouse: Oslo\n  1 OSL-A  2 OSL-B  3 OSL-C\ndock: 2\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  2 dock       OSL-B\n"), "\(r.stdout)")
    }

    @Test func theDemoServerServesTheDocksOfTheWarehouseChosen() throws {
        let server = try DemoServerProcess()
        defer { server.stop() }
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/dock-booking.yaml", "--endpoint", "http://127.0.0.1:\(server.port)", "--keep-asking"],
                               lines: ["Bergen", "2", "DHL", ""])
        #expect(r.stdout.contains("warehouse: Bergen\n  1) BGO-1  Dock BGO-1\n  2) BGO-2  Dock BGO-2\ndock: 2\n"), "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("  2 dock       BGO-2\n"), "\(r.stdout)")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    }
}
