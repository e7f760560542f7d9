import FormCore
import Testing

/// Item commands at field prompts on the first pass (`.add`, `.delete`, `.edit lines.N`), the hint
/// that an empty answer ends a list, and the help texts that name the list commands.
@Suite("Wizard: item commands and their help")
struct WizardItemCommandsTests {
    static let review = "Submit? (Enter = submit, number = edit, .cancel):"
    static let endHint = "  (Enter on an empty answer here ends the list)"

    @Test(".delete with no argument at an item's prompt deletes that item (after asking), then walks on")
    func deleteTheCurrentItem() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "ABC-2", "2")
        #expect(h.lastPrompt == "Line 2: Lot (optional): ")
        h.type(".delete")
        #expect(h.lastPrompt == "Delete Line 2: ABC-2 x 2? (y/N): ")
        h.type("y")
        #expect(h.transcript.contains("  Deleted Line 2: ABC-2 x 2."))
        #expect(h.prompts.last?.field == "serials.1", "the walk goes on where the deleted item stood")
        h.type("", "no", "")
        let lines = try #require(h.submissions.first).payload.objectValue?["lines"]?.arrayValue
        #expect(lines == [.object(["sku": .string("ABC-1"), "qty": .number("1")])])
        // Outside any item there is no current item to delete.
        var plain = WizardHarness(try receiptSpec())
        plain.type(".delete")
        #expect(plain.transcript.suffix(2) == ["  ! Say which item: .delete LIST.N (like lines.2), or a review number", "Supplier:"])
    }

    @Test(".add typed at a field before the list on the first pass: the item is asked in its place, nothing skipped")
    func addBeforeTheList() throws {
        var h = WizardHarness(try receiptSpec())
        h.type(".add lines")
        #expect(h.transcript.suffix(2) == ["  Line 2 added: it is asked in its place.", "Supplier:"])
        h.type("ACME", "ABC-1", "1", "")
        #expect(h.lastPrompt == "Line 2: SKU: ", "the added item follows item 1, required like it")
        h.type("", "ABC-2", "2", "")
        #expect(h.transcript.contains("  ! Required") || h.transcript.contains { $0.hasPrefix("  ! ") && $0.contains("equired") })
        #expect(h.lastPrompt == "Line 3: SKU: ", "then the walk offers the next item as usual")
        h.type("", "", "no")
        #expect(h.transcript.last == Self.review)
        #expect(!h.transcript.contains { $0.contains("Still missing") })
        #expect(h.transcript.contains("  2 Line 1: ABC-1 x 1") && h.transcript.contains("  3 Line 2: ABC-2 x 2"))
    }

    @Test(".add typed after the list on the first pass asks the whole new item, then comes back")
    func addAfterTheList() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "", "")
        #expect(h.lastPrompt == "Checked? (y/n): ")
        h.type(".add lines")
        #expect(h.lastPrompt == "Line 2: SKU: ")
        h.type("ABC-2", "2")
        #expect(h.lastPrompt == "Line 2: Lot (optional): ", "every field of the new item, not only its first")
        h.type("DAMAGED")
        #expect(h.lastPrompt?.hasPrefix("Line 2: Damaged") == true, "a field the item's answer reveals is part of it")
        h.type("1")
        #expect(h.lastPrompt == "Checked? (y/n): ", "then back where .add was typed")
        h.type("no")
        #expect(h.transcript.last == Self.review)
        #expect(!h.transcript.contains { $0.contains("Still missing") })
    }

    @Test(".add at the offered item makes that item the new one rather than adding a second")
    func addAtTheOfferedItem() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "")
        #expect(h.lastPrompt == "Line 2: SKU: ")
        h.type(".add")
        #expect(h.transcript.suffix(2) == ["  Line 2 is the new item.", "Line 2: SKU:"])
        h.type("")
        #expect(h.lastPrompt == "Line 2: SKU: ", "its empty answer no longer ends the list")
        h.type("ABC-2", "2", "")
        #expect(h.lastPrompt == "Line 3: SKU: ")
        #expect(h.wizard.itemCounts["lines"] == 3)
    }

    @Test(".edit lines.1 before the review asks every field of the item, then goes back to where it was")
    func editAWholeItemBeforeTheReview() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "")
        #expect(h.lastPrompt?.hasPrefix("Serial 1") == true)
        h.type(".edit lines.1")
        #expect(h.lastPrompt == "Line 1: SKU [ABC-1]: ")
        h.type("", "5")
        #expect(h.lastPrompt == "Line 1: Lot (optional): ")
        h.type("DAMAGED", "2")
        #expect(h.lastPrompt?.hasPrefix("Serial 1") == true, "\(h.transcript.suffix(4))")
        h.type(".back")
        #expect(h.lastPrompt == "Line 1: Damaged (at least 1) [2]: " || h.lastPrompt?.hasPrefix("Line 1: Damaged") == true)
        h.type("", "", "no")
        #expect(h.transcript.contains("  2 Line 1: ABC-1 x 5"))
        #expect(h.transcript.contains("      Lot: DAMAGED; Damaged: 2"))
    }

    @Test(".edit naming the item being walked (or the field itself) asks it again, then the next item is still offered")
    func editTheCurrentItemKeepsTheOffer() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "ABC-2", "2")
        #expect(h.lastPrompt == "Line 2: Lot (optional): ")
        h.type(".edit lines.2")
        #expect(h.lastPrompt == "Line 2: SKU [ABC-2]: ")
        h.type("", "3", "")
        #expect(h.lastPrompt == "Line 3: SKU: ", "the walk goes on from the item, offering the next one")
        h.type(".back", ".edit lines.2.lot", "L2")
        #expect(h.lastPrompt == "Line 3: SKU: ")
        h.type("", "", "no")
        #expect(h.transcript.contains("  3 Line 2: ABC-2 x 3"))
        #expect(h.transcript.contains("      Lot: L2"))
    }

    @Test("the first offered item of each list says once that an empty answer ends the list")
    func endOfListHintOncePerList() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "")
        #expect(h.transcript.suffix(2) == [Self.endHint, "Line 2: SKU:"])
        h.type("ABC-2", "2", "", "ABC-3", "3", "", "", "1", "2", "", "no")
        #expect(h.transcript.filter { $0 == Self.endHint }.count == 2, "lines once, serials once")
        #expect(h.transcript.last == Self.review)
    }

    @Test("? at an item's prompt and at the review names the list commands; an unknown command lists them")
    func helpNamesListCommands() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "?")
        /// Wrapped lines read as one text, single-spaced.
        func text(_ lines: some Sequence<String>) -> String { lines.joined(separator: " ").split(separator: " ").joined(separator: " ") }
        let help = text(h.transcript)
        #expect(help.contains("Lists: an empty first answer of the next item ends the list."))
        #expect(help.contains(".add [LIST] adds an item"))
        #expect(help.contains(".delete [LIST.N] deletes one"))
        #expect(help.contains("N.M edits field M of line N"))
        h.type(".frob")
        #expect(text(h.transcript.suffix(4)).contains("! Unknown command .frob (commands: .back .next .done .review .edit .skip .clear .help .cancel .add .delete)."))
        h.type("1", "", "", "", "no", "?")
        #expect(text(h.transcript.suffix(5)).contains(".add [LIST] adds an item, .delete [LIST.N] deletes one"))
        // A form without lists keeps its help as it was.
        var flat = WizardHarness(try signupSpec())
        flat.type("?", ".frob")
        #expect(!flat.transcript.contains { $0.contains("Lists:") || $0.contains(".add") })
    }
}
