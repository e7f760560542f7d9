import FormCore
import FormFiles
import Testing

/// Answers files with lists (issue 11): a YAML list of mappings answers a group's items, a list
/// of plain values a list field's items (or a multichoice), each with its own line; the template's
/// form is tested with the list model (WizardListTests).
@Suite("Answers files: lists and groups")
struct ListAnswersFileTests {
    private func receipt() throws -> FormSpec {
        try #require(loadedFromDisk("\(SampleFormTests.root)/Forms/goods-receipt.yaml"))
    }

    private func loadedFromDisk(_ path: String) -> FormSpec? {
        guard case .success(let form) = FormFileLoader.load(path: path) else { return nil }
        return form
    }

    private func answers(_ yaml: String) throws -> [ScriptedAnswer] {
        switch AnswersFileReader.parse(bytes: Array(yaml.utf8), path: "a.yaml") {
        case .success(let answers): return answers
        case .failure(let errors):
            Issue.record("refused: \(errors.messages)")
            return []
        }
    }

    @Test("a list of mappings gives lines.N.member with each value's line; plain values keep their own lines")
    func readsItems() throws {
        let read = try answers("""
        supplier: ACME
        lines:
          - {sku: ABC-1, qty: 3}
          - sku: ABC-2
            qty: 5
        serials: [S-1, S-2]
        """)
        #expect(read.map(\.path) == ["supplier", "lines.1.sku", "lines.1.qty", "lines.2.sku", "lines.2.qty", "serials"])
        #expect(read.map(\.origin) == ["a.yaml:1", "a.yaml:3", "a.yaml:3", "a.yaml:4", "a.yaml:5", "a.yaml:6"])
        let serials = try #require(read.last)
        #expect(serials.text == "S-1, S-2")
        #expect(serials.items?.map(\.path) == ["serials.1", "serials.2"])
        let block = try answers("vlans:\n  - 10\n  - ~\n  - 30\n")
        #expect(block.first?.items?.map(\.origin) == ["a.yaml:2", "a.yaml:3", "a.yaml:4"])
        #expect(block.first?.text == "10, 30")
    }

    @Test("a list inside a list is refused with its line")
    func nestedListRefused() {
        guard case .failure(let errors) = AnswersFileReader.parse(bytes: Array("lines:\n  - [1, 2]\n".utf8), path: "a.yaml") else {
            Issue.record("accepted")
            return
        }
        #expect(errors.messages == ["a.yaml:2: lines.1: a list inside a list is not an answer (an item is a value, or a mapping of a group's fields)"])
    }

    @Test("the goods receipt answered from a file: arrays in the payload, errors name the concrete path and line")
    func goodsReceipt() throws {
        var wizard = Wizard(spec: try receipt(), interactive: false)
        let problems = wizard.apply(try answers("""
        supplier: ACME
        lines:
          - {sku: ABC-1, qty: 3}
          - sku: ABC-2
            qty: 5
            lto: L1
        serials: [S-1, S-2]
        signed_by_driver: no
        """))
        #expect(problems.map(\.description) == ["a.yaml:6: lines.2.lto: the form has no such field (did you mean \"lines.2.lot\"?)"])
        #expect(wizard.values["lines.2.qty"] == .number("5"))
        #expect(wizard.values["serials.2"] == .text("S-2"))
    }
}
