import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Lists at a real (pseudo-)terminal: history shared by a field's items, a group entered in plain
/// and TERM=dumb mode (no escape sequences), a VLAN list typed on one line with a refused value.
@Suite(.serialized) final class ListTerminalTests {
    let home: String

    init() throws {
        home = try PseudoTerminal.temporaryDirectory()
    }

    deinit {
        PseudoTerminal.removeTree(home)
    }

    private func start(_ form: String, _ arguments: [String] = [], env: [String: String?] = [:]) throws -> PseudoTerminal {
        try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", form] + arguments,
            environment: PseudoTerminal.environment(home: home, env),
            directory: PseudoTerminal.repositoryRoot)
    }

    /// Supplier, date and dock of the goods receipt.
    private func head(_ pty: PseudoTerminal) throws {
        try pty.expect("Supplier: ")
        pty.send("ACME\r")
        try pty.expect("Received on")
        pty.send("2026-11-20\r")
        try pty.expect("Dock [A]: ")
        pty.send("\r")
    }

    @Test func upArrowAtAnItemRecallsTheSameFieldOfAnEarlierItem() throws {
        let pty = try start("Forms/goods-receipt.yaml")
        try head(pty)
        try pty.expect("Line 1: SKU: ")
        pty.send("ABC-77\r")
        try pty.expect("Line 1: Quantity")
        pty.send("3\r")
        try pty.expect("Line 1: Lot")
        pty.send("\r")
        try pty.expect("Line 2: SKU: ")
        // Line 1's SKU, typed in this run: the history is the declaration's (lines.sku).
        pty.send("\u{1B}[A")
        try pty.expect("ABC-77")
        pty.send("\u{15}\u{4}")
        #expect(try pty.waitForExit() == .code(4))
        let history = String(decoding: PseudoTerminal.readFile(home + "/state/formline/history/goods-receipt.json") ?? [], as: UTF8.self)
        #expect(history.contains(#""lines.sku":["ABC-77"]"#), "\(history)")
        #expect(!history.contains("lines.1."))
    }

    @Test(arguments: [
        ["TERM": "dumb"],
        ["TERM": "xterm-256color", "PLAIN": "1"],
    ])
    func aGroupEnteredInPlainModeWritesNoEscapeSequences(_ settings: [String: String]) throws {
        let plain = settings["PLAIN"] != nil
        let pty = try start("Forms/goods-receipt.yaml", plain ? ["--plain"] : [], env: ["TERM": settings["TERM"]])
        try head(pty)
        for (n, sku) in ["ABC-1", "ABC-2"].enumerated() {
            try pty.expect("Line \(n + 1): SKU: ")
            pty.send(sku + "\r")
            try pty.expect("Line \(n + 1): Quantity")
            pty.send("\(n + 2)\r")
            try pty.expect("Line \(n + 1): Lot")
            pty.send("\r")
        }
        try pty.expect("Line 3: SKU: ")
        pty.send("\r")
        try pty.expect("Serial numbers 1")
        pty.send("\r")
        try pty.expect("Driver signed?")
        pty.send("no\r")
        try pty.expect("Submit?")
        #expect(pty.text.contains("Line 1: ABC-1 x 2"))
        #expect(pty.text.contains("Line 2: ABC-2 x 3"))
        pty.send("\r")
        try pty.expect("accepted (201)")
        #expect(try pty.waitForExit() == .code(0))
        #expect(!pty.output.contains(0x1B), "escape in: \(pty.tail)")
    }

    /// Tab at the prompt of a choice field inside a group's item completes like the field's own
    /// prompt (issue 11, item 7): a unique prefix is finished, an ambiguous one lists the choices.
    @Test func tabCompletesAChoiceInsideAnItem() throws {
        let form = home + "/parcels.yaml"
        let yaml = """
            id: parcels
            title: Parcels
            fields:
              - group: parcels
                label: "Parcel {n}: {size}"
                min_items: 1
                fields:
                  - {name: size, label: Size, type: choice, choices: [small, medium, large, letter]}
                  - {name: weight, label: Weight, type: integer}

            """
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: form))
        let pty = try start(form)
        try pty.expect("Parcel 1: Size: ")
        pty.send("me\t")
        try pty.expect("medium")
        pty.send("\r")
        try pty.expect("Parcel 1: Weight: ")
        pty.send("3\r")
        try pty.expect("Parcel 2: Size: ")
        // The second item's prompt completes too: `l` is ambiguous, a second Tab lists them.
        pty.send("l\t\t")
        try pty.expect(regex: /large\s+letter/)
        pty.send("a\t\r")
        try pty.expect("Parcel 2: Weight: ")
        pty.send("5\r")
        try pty.expect("Parcel 3: Size: ")
        pty.send("\r")
        try pty.expect("Submit?")
        #expect(pty.text.contains("Parcel 2: large"), "\(pty.tail)")
        pty.send("\r")
        try pty.expect("accepted")
        #expect(try pty.waitForExit() == .code(0))
    }

    @Test func aVLANListOnOneLineComesBackPrefilledWhenOneValueIsRefused() throws {
        let pty = try start("Forms/vlan-trunk.yaml")
        try pty.expect("Switch host name: ")
        pty.send("sw-core-1\r")
        try pty.expect("VLAN 1 (1-4094): ")
        pty.send("10, 20, 4095\r")
        try pty.expect("Item 3 ('4095'): Must be between 1 and 4094")
        // The whole line is on the edit line again: fix the one value.
        try pty.expect("VLAN 1 (1-4094): 10, 20, 4095")
        pty.send("\u{8}\u{8}\u{8}\u{8}30\r")
        try pty.expect("NTP server 1")
        pty.send("\r")
        try pty.expect("Submit?")
        #expect(pty.text.contains("VLAN 3            30"))
        pty.send("\r")
        try pty.expect("accepted (201)")
        #expect(try pty.waitForExit() == .code(0))
    }
}
