import FormCore
import Testing

/// A goods receipt built in code: a supplier, a group of lines (sku, qty, lot; a `when` inside
/// the item), a list of serial numbers, a helper field that is never sent.
func receiptSpec(minLines: Int = 1, maxLines: Int = 200, total: DecimalText? = nil) throws -> FormSpec {
    var fields = [
        Field(name: "supplier", label: "Supplier"),
        Field(name: "lines.sku", label: "SKU", pattern: try FieldPattern("^[A-Z]{3}-[0-9]+$")),
        Field(name: "lines.qty", label: "Quantity", type: .integer, minNumber: DecimalText("1")),
        Field(name: "lines.lot", label: "Lot", required: false),
        Field(name: "lines.damaged", label: "Damaged", type: .integer,
              when: Condition(field: "lines.lot", test: .equals("DAMAGED"))),
    ]
    for i in 1...4 { fields[i].group = "lines" }
    var serials = Field(name: "serials", label: "Serial", type: .integer)
    serials.list = ListRule(unique: true)
    fields.append(serials)
    var helper = Field(name: "checked", label: "Checked?", type: .boolean)
    helper.send = false
    fields.append(helper)
    let group = RepeatGroup(
        name: "lines", label: "Line", labelTemplate: "Line {n}: {sku} x {qty}",
        rule: ListRule(minItems: minLines, maxItems: maxLines, totals: total.map { [ItemTotal(field: "qty", maximum: $0)] } ?? []),
        unique: ["sku"])
    return FormSpec(id: "receipt", title: "Goods receipt", fields: fields, groups: [group])
}

@Suite("Wizard: lists and repeated groups")
struct WizardListTests {
    @Test("items one line each; an empty first answer ends the list; arrays in item order; send: false never sent")
    func walkAndPayload() throws {
        var h = WizardHarness(try receiptSpec())
        #expect(h.transcript.first == "Goods receipt  (2 fields, 2 lists; ? for help)")
        h.type("ACME", "ABC-1", "3", "", "ABC-2", "5", "L7", "")
        #expect(h.prompts.map(\.text).contains("Line 2: SKU: "))
        #expect(h.lastPrompt == "Serial 1 (optional, a whole number): " || h.lastPrompt?.hasPrefix("Serial 1") == true)
        h.type("10, 11", "yes")
        #expect(h.transcript.contains("Review"))
        #expect(h.transcript.contains("  2 Line 1: ABC-1 x 3"))
        #expect(h.transcript.contains("  3 Line 2: ABC-2 x 5"))
        h.type("")
        let payload = try #require(h.submissions.first).payload.compactText
        #expect(payload == #"{"lines":[{"qty":3,"sku":"ABC-1"},{"lot":"L7","qty":5,"sku":"ABC-2"}],"serials":[10,11],"supplier":"ACME"}"#)
    }

    @Test("ten items of three fields cost 31 operator lines")
    func tenItems() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME")
        for n in 1...10 { h.type("ABC-\(n)", "\(n)", "L\(n)") }
        h.type("")
        let lines = h.transcript.filter { $0.hasPrefix("> ") }.count
        #expect(lines == 32)  // supplier + 30 + the empty SKU that ends the list
        #expect(h.lastPrompt?.hasPrefix("Serial 1") == true)
        h.type("", "no", "")
        let payload = try #require(h.submissions.first).payload
        #expect(payload.objectValue?["lines"]?.arrayValue?.count == 10)
        #expect(payload.objectValue?["serials"] == nil)
    }

    @Test("a when inside an item looks at the same item's field")
    func whenInsideItem() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "3", "DAMAGED")
        #expect(h.lastPrompt?.hasPrefix("Line 1: Damaged") == true)
        h.type("2", "ABC-2", "1", "")
        #expect(h.lastPrompt?.hasPrefix("Line 3: SKU") == true)
    }

    @Test(".back crosses item boundaries; .edit lines.1.qty and review numbers edit one item")
    func backAndEdit() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "3", "")
        #expect(h.lastPrompt?.hasPrefix("Line 2: SKU") == true)
        h.type(".back")
        #expect(h.lastPrompt?.hasPrefix("Line 1: Lot") == true)
        h.type("", "ABC-2", "4", "", "", "", "no")
        #expect(h.transcript.contains("  3 Line 2: ABC-2 x 4"))
        h.type(".edit lines.1.qty", "9")
        #expect(h.transcript.contains("  2 Line 1: ABC-1 x 9"))
        h.type("3", "ABC-7", "", "")
        #expect(h.transcript.contains("  3 Line 2: ABC-7 x 4"))
        h.type("2.2", "8")
        #expect(h.transcript.contains("  2 Line 1: ABC-1 x 8"))
    }

    @Test("N.M at the review that names no field says which numbers it may use")
    func itemFieldNumberOutOfRange() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "3", "", "", "", "no")
        #expect(h.transcript.contains("  2 Line 1: ABC-1 x 3"))
        h.type("2.9")
        #expect(h.transcript.contains("  ! Entry 2 has 3 fields to edit: 2.1-2.3"))
        h.type("1.1")
        #expect(h.transcript.contains("  ! Entry 1 is not an item: type 1 to edit it"))
        h.type("9.1")
        #expect(h.transcript.contains { $0.hasPrefix("  ! No entry 9: use a number from the review") })
        #expect(h.submissions.isEmpty)
    }

    @Test(".delete asks first, then the items after it move down; below min_items it is refused")
    func deleteItem() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "ABC-2", "2", "", "ABC-3", "3", "", "", "", "no")
        h.type(".delete lines.2")
        #expect(h.lastPrompt == "Delete Line 2: ABC-2 x 2? (y/N): ")
        h.type("n")
        #expect(h.transcript.contains("  Kept."))
        h.type(".delete 3", "y")
        #expect(h.transcript.contains("  3 Line 2: ABC-3 x 3"))
        h.type("")
        let lines = try #require(h.submissions.first).payload.objectValue?["lines"]?.arrayValue
        #expect(lines?.count == 2)
        #expect(lines?.last?.objectValue?["sku"] == .string("ABC-3"))
        var one = WizardHarness(try receiptSpec())
        one.type("ACME", "ABC-1", "1", "", "", "", "no", ".delete lines.1")
        #expect(one.transcript.contains("  ! Line needs at least 1 item: change item 1 instead of deleting it"))
    }

    @Test(".add at the review asks a new item, then comes back")
    func addItem() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "", "", "no", ".add lines", "ABC-9", "9", "")
        #expect(h.transcript.contains("  3 Line 2: ABC-9 x 9"))
        #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
    }

    @Test("unique across items is refused as it is typed; a total bound lands on the last item")
    func crossItemChecks() throws {
        var h = WizardHarness(try receiptSpec(total: DecimalText("10")))
        h.type("ACME", "ABC-1", "4", "", "ABC-1")
        #expect(h.transcript.contains("  ! SKU is the same as in item 1: each item must differ"))
        #expect(h.lastPrompt?.hasPrefix("Line 2: SKU") == true, "asked again at once, not after the rest of the form")
        h.type("ABC-3", "4", "", "ABC-2", "5", "", "", "", "no")
        #expect(h.transcript.contains("  ! Quantity totals 13 over all items; at most 10 in all"))
        h.type("1")
        #expect(h.transcript.contains("Review"))
    }

    @Test("a repeated value in a unique list of scalars is refused at its item, pre-filled for editing")
    func uniqueScalarListRefusedInline() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "", "5", "5")
        #expect(h.transcript.suffix(2).first == "  ! This is the same as in item 1: each item must differ")
        #expect(h.lastPrompt?.hasPrefix("Serial 2") == true)
        h.type("6", "")
        #expect(h.lastPrompt?.hasPrefix("Checked?") == true)
    }

    @Test("an empty optional list is named under the review with how to add an item")
    func emptyListIsShownInReview() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "", "", "no")
        #expect(h.transcript.contains("    Serial: none (.add serials adds one)"), "\(h.transcript)")
        h.type(".add serials", "7")
        // The review after the item: the list has its line, and no note says it is empty.
        #expect(Array(h.transcript.suffix(6)) == [
            "Review", "  1 Supplier  ACME", "  2 Line 1: ABC-1 x 1", "  3 Serial 1  7", "  4 Checked?  no",
            "Submit? (Enter = submit, number = edit, .cancel):",
        ], "\(h.transcript)")
    }

    @Test("a list of numbers typed as one line: each item checked, all or nothing")
    func commaList() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "", "1, x, 3")
        #expect(h.transcript.contains("  ! Item 2 ('x'): Enter a whole number, like 42") || h.transcript.contains { $0.hasPrefix("  ! Item 2 ('x')") })
        h.type("1, 2, 2", "no")
        #expect(h.transcript.contains { $0.contains("the same as in item 2") })
    }

    @Test("200 items: review and payload stay in item order")
    func twoHundred() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME")
        for n in 1...200 { h.type("ABC-\(n)", "1", "") }
        #expect(h.lastPrompt?.hasPrefix("Serial 1") == true)
        h.type("", "no")
        #expect(h.transcript.contains("  201 Line 200: ABC-200 x 1"))
        h.type("")
        let lines = try #require(h.submissions.first).payload.objectValue?["lines"]?.arrayValue
        #expect(lines?.count == 200)
        #expect(lines?[199].objectValue?["sku"] == .string("ABC-200"))
    }

    @Test("a server error on lines[1].sku lands on item 2's SKU; only it is asked again")
    func serverErrorOnAnItem() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "ABC-2", "2", "", "", "", "no", "")
        h.respond(.rejected(status: 422, errors: [
            ServerError(path: [.key("lines"), .index(1), .key("sku")], message: "No such article"),
        ]))
        #expect(h.transcript.contains("  3 Line 2: ABC-2 x 2"))
        #expect(h.transcript.contains("    ! SKU: No such article"))
        #expect(h.lastPrompt == "Line 2: SKU [ABC-2]: ")
        h.type("ABC-3", "")
        #expect(try #require(h.submissions.last).payload.objectValue?["lines"]?.arrayValue?[1].objectValue?["sku"] == .string("ABC-3"))
    }

    @Test("every item of a field shares one history, keyed by its declaration; Tab completes as for the field")
    func historyByDeclaration() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "1", "", "ABC-2")
        let qty = try #require(h.prompts.last)
        #expect(qty.field == "lines.2.qty")
        #expect(qty.historyKey == "lines.qty")
        #expect(h.prompts.first { $0.field == "lines.1.qty" }?.historyKey == "lines.qty")
        #expect(h.prompts.first { $0.field == "supplier" }?.historyKey == "supplier")
    }

    @Test("a long value wraps under its column in the review instead of being cut (plain fields too)")
    func reviewWraps() throws {
        let spec = FormSpec(id: "w", fields: [Field(name: "note", label: "Note"), Field(name: "n", label: "N", type: .integer)])
        var h = WizardHarness(spec)
        let long = (1...30).map { "word\($0)" }.joined(separator: " ")
        h.type(long, "1")
        let start = try #require(h.transcript.firstIndex { $0.hasPrefix("  1 Note  ") })
        let rows = Array(h.transcript[start...].prefix { !$0.hasPrefix("  2 ") })
        #expect(rows.count > 1)
        #expect(rows.allSatisfy { $0.count <= 80 })
        #expect(rows.dropFirst().allSatisfy { $0.hasPrefix("          ") })
        #expect(rows.joined(separator: " ").split(separator: " ").filter { $0.hasPrefix("word") }.count == 30)
        #expect(!rows.joined().contains("..."))
    }

    @Test("send_empty sends [] for a list left empty, nothing while its when hides it")
    func sendEmpty() throws {
        var tags = Field(name: "tags", label: "Tag")
        tags.list = ListRule(sendEmpty: true)
        var hidden = Field(name: "more", label: "More", when: Condition(field: "kind", test: .equals("b")))
        hidden.list = ListRule(sendEmpty: true)
        let spec = FormSpec(id: "e", fields: [Field(name: "kind", label: "Kind"), tags, hidden])
        var h = WizardHarness(spec)
        h.type("a", "", "")
        #expect(try #require(h.submissions.first).payload.compactText == #"{"kind":"a","tags":[]}"#)
    }
}
