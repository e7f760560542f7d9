import Foundation
import Testing

/// Lists and repeated groups through the real binary: a pipe, --answers, --set, --resume.
@Suite("lists through the binary", .serialized)
struct ListFillTests {
    @Test("a goods receipt through a pipe: one line per field, arrays in item order, send: false left out")
    func receiptThroughAPipe() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/goods-receipt.yaml", "--output", "json"], lines: [
            "ACME", "2026-11-20", "", "ABC-1", "3", "", "ABC-2", "5", "L9", "", "S1", "S2", "", "no", "",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""lines":[{"qty":3,"sku":"ABC-1"},{"lot":"L9","qty":5,"sku":"ABC-2"}]"#), "\(r.stdout)")
        #expect(r.stdout.contains(#""serials":["S1","S2"]"#))
        #expect(!r.stdout.contains("signed_by_driver"))
        #expect(r.stderr.contains("Goods receipt  (up to 5 fields, 2 lists; ? for help)"))
        #expect(r.stderr.contains("  4 Line 1: ABC-1 x 3\n  5 Line 2: ABC-2 x 5 L9\n"))
    }

    @Test("--answers with YAML lists and --set lines.2.qty=7, without a prompt")
    func answersAndSet() throws {
        let runner = try BinaryRunner()
        let file = runner.home.appendingPathComponent("answers.yaml")
        try """
            supplier: ACME
            received: 2026-11-20
            lines:
              - {sku: ABC-1, qty: 3}
              - {sku: ABC-2, qty: 4, lot: L1}
            serials: [S1, "S2, with a comma"]
            signed_by_driver: no

            """.write(to: file, atomically: true, encoding: .utf8)
        let r = try runner.run(
            ["fill", "Forms/goods-receipt.yaml", "--answers", file.path, "--set", "lines.2.qty=7", "--no-input", "--output", "json"],
            lines: [])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""lines":[{"qty":3,"sku":"ABC-1"},{"lot":"L1","qty":7,"sku":"ABC-2"}]"#), "\(r.stdout)")
        #expect(r.stdout.contains(#""serials":["S1","S2, with a comma"]"#))
    }

    @Test("an unfinished receipt resumes with its items")
    func resume() throws {
        let runner = try BinaryRunner()
        let first = try runner.run(["fill", "Forms/goods-receipt.yaml"], lines: ["ACME", "2026-11-20", "", "ABC-1", "3", "", "ABC-2", "4"])
        #expect(first.status == 4)
        // Line 1's lot was answered empty, so only line 2's lot is asked (issue 35 item 7).
        let second = try runner.run(["fill", "Forms/goods-receipt.yaml", "--resume", "--output", "json"],
                                    lines: ["", "no", ""])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains(#""lines":[{"qty":3,"sku":"ABC-1"},{"qty":4,"sku":"ABC-2"}]"#), "\(second.stdout)")
    }
}
