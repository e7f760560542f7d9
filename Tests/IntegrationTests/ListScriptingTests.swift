import Foundation
import Testing

/// Lists in scripted runs through the real binary: answers-file errors naming the concrete item
/// path and its line, --set growing a list, and a resumed draft whose form lowered max_items.
@Suite("lists in scripted runs and drafts, through the binary", .serialized)
struct ListScriptingTests {
    @Test("answers errors name the concrete path with FILE:LINE: an item beyond max_items, a misspelt member, item 0")
    func answersErrors() throws {
        let runner = try BinaryRunner()
        let file = runner.home.appendingPathComponent("answers.yaml")
        try """
            supplier: ACME
            received: 2026-11-20
            lines:
              - {sku: ABC-1, qty: 3}
              - sku: ABC-2
                qtty: 4
            signed_by_driver: no

            """.write(to: file, atomically: true, encoding: .utf8)
        let r = try runner.run(
            ["fill", "Forms/goods-receipt.yaml", "--answers", file.path, "--set", "lines.201.sku=ABC-9", "--set", "serials.0=S1",
             "--no-input", "--output", "json"],
            lines: [])
        #expect(r.status == 5, "\(r.stderr)")
        #expect(r.stderr.contains("\(file.path):6: lines.2.qtty: the form has no such field (did you mean \"lines.2.qty\"?)"), "\(r.stderr)")
        #expect(r.stderr.contains("--set lines.201.sku: lines.201.sku: item 201 is beyond the list's end: lines takes at most 200 items"))
        #expect(r.stderr.contains("--set serials.0: serials.0: the form has no such field (did you mean \"serials.1\"?)"))
        #expect(r.stdout.contains(#""field":"lines.2.qtty""#), "\(r.stdout)")
    }

    @Test("--set lines.3.* adds a third line to the file's two; --set vlans=... a whole list")
    func setGrowsAList() throws {
        let runner = try BinaryRunner()
        let file = runner.home.appendingPathComponent("answers.yaml")
        try "supplier: ACME\nreceived: 2026-11-20\nlines: [{sku: ABC-1, qty: 3}, {sku: ABC-2, qty: 4}]\nsigned_by_driver: no\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try runner.run(
            ["fill", "Forms/goods-receipt.yaml", "--answers", file.path, "--set", "lines.3.sku=ABC-3", "--set", "lines.3.qty=1",
             "--set", "lines.2.qty=7", "--no-input", "--output", "json"],
            lines: [])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""lines":[{"qty":3,"sku":"ABC-1"},{"qty":7,"sku":"ABC-2"},{"qty":1,"sku":"ABC-3"}]"#), "\(r.stdout)")
        let vlans = try runner.run(
            ["fill", "Forms/vlan-trunk.yaml", "--set", "switch=sw-1", "--set", "vlans=10,20,30", "--set", "vlans.4=40", "--no-input", "--output", "json"],
            lines: [])
        #expect(vlans.status == 0, "\(vlans.stderr)")
        #expect(vlans.stdout.contains(#""vlans":[10,20,30,40]"#), "\(vlans.stdout)")
    }

    @Test("a draft resumed with a form whose max_items was lowered keeps every item; the operator deletes the ones they choose")
    func resumeWithLoweredMaximum() throws {
        let runner = try BinaryRunner()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let original = try String(contentsOf: root.appendingPathComponent("Forms/goods-receipt.yaml"), encoding: .utf8)
        let form = runner.home.appendingPathComponent("receipt.yaml")
        try original.write(to: form, atomically: true, encoding: .utf8)
        let draft = runner.home.appendingPathComponent("draft.json").path
        let first = try runner.run(["fill", form.path, "--draft", draft], lines: [
            "ACME", "2026-11-20", "", "ABC-1", "1", "", "ABC-2", "2", "", "ABC-3", "3", "", "ABC-4", "4", "",
        ])
        #expect(first.status == 4, "\(first.stderr)")
        try original.replacingOccurrences(of: "max_items: 200", with: "max_items: 2").write(to: form, atomically: true, encoding: .utf8)
        // Four lots asked (optional, never answered), the driver; then the check before the review
        // asks for deletions: the operator drops line 1 and (after renumbering) line 3, keeps the
        // SKU the walk stands on, and submits.
        let second = try runner.run(["fill", form.path, "--draft", draft, "--resume", "--keep-asking", "--output", "json"],
                                    lines: ["", "", "", "", "no", ".delete lines.1", "y", ".delete lines.3", "y", "", ""])
        #expect(second.status == 0, "\(second.stderr)")
        let notice = second.stderr.replacingOccurrences(of: "\n", with: " ")
        #expect(notice.contains("Resuming a saved draft: 11 answers kept. Line now takes at most 2 items and the draft has 4: all are kept; delete 2 (.delete lines.N) before submitting."), "\(second.stderr)")
        #expect(notice.contains("Line takes at most 2 items and has 4: delete 2"), "\(second.stderr)")
        #expect(second.stdout.contains(#""lines":[{"qty":2,"sku":"ABC-2"},{"qty":3,"sku":"ABC-3"}]"#), "\(second.stdout)")
    }
}
