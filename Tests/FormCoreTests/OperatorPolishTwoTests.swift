import FormCore
import Testing

/// Issue 35 in the pure core: the rules that live in FormCore, each also tried through the binary
/// (IntegrationTests/OperatorPolishTwoTests).
@Suite("operator polish, second round (issue 35): the core")
struct OperatorPolishTwoCoreTests {
    // MARK: Item 10: .delete on the item just offered

    @Test(".delete on the offered item names it without a dangling colon or dash")
    func deleteTheOfferedItem() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "")
        #expect(h.lastPrompt == "Line 2: SKU: ")
        h.type(".delete")
        #expect(h.lastPrompt == "Delete Line 2? (y/N): ", "\(h.transcript)")
        h.type("y")
        #expect(h.transcript.contains("  Deleted Line 2."), "\(h.transcript)")
        // An item with an answer keeps its review line as its name.
        var answered = WizardHarness(try receiptSpec())
        answered.type("ACME", "ABC-1", "1", "", "ABC-2", ".delete")
        #expect(answered.lastPrompt?.hasPrefix("Delete Line 2: ABC-2") == true, "\(answered.transcript)")
    }

    @Test(".delete on an empty item of a list of scalars names it without the dash")
    func deleteTheOfferedScalar() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "", "41")
        #expect(h.lastPrompt?.hasPrefix("Serial 2") == true, "\(h.transcript)")
        h.type(".delete")
        #expect(h.lastPrompt == "Delete Serial 2? (y/N): ", "\(h.transcript)")
        h.type("y")
        #expect(h.transcript.contains("  Deleted Serial 2."), "\(h.transcript)")
    }
}
