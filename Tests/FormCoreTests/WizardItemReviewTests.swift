import FormCore
import Glibc
import Testing

/// The review of items (issue 11, item 3): nothing the operator must check is cut off or left
/// out, within 80 columns.
@Suite("Wizard: the review of items")
struct WizardItemReviewTests {
    /// The review's rows: from the first numbered line to the line before the prompt.
    private func reviewRows(_ transcript: [String]) throws -> [String] {
        let start = try #require(transcript.lastIndex(of: "Review"))
        return Array(transcript[(start + 1)...].prefix { !$0.hasPrefix("Submit?") })
    }

    @Test("members the label template leaves out are shown under the item's line as Label: value")
    func memberNotInTheTemplate() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME", "ABC-1", "3", "DAMAGED", "2", "ABC-2", "4", "", "", "", "no")
        let rows = try reviewRows(h.transcript)
        #expect(rows[1] == "  2 Line 1: ABC-1 x 3")
        #expect(rows[2] == "      Lot: DAMAGED; Damaged: 2")
        #expect(rows[3] == "  3 Line 2: ABC-2 x 4", "an empty optional member adds no line")
        // Hidden members are not shown: with another lot, Damaged goes from the line and the payload.
        h.type("2.3", "L1")
        let after = try reviewRows(h.transcript)
        #expect(after[2] == "      Lot: L1")
    }

    @Test("a long group label wraps within 80 columns: its number and every value stay in sight")
    func longGroupLabel() throws {
        let fields = [
            Field(name: "items.description", label: "Description"),
            Field(name: "items.qty", label: "Quantity", type: .integer),
            Field(name: "items.note", label: "Note for the warehouse staff", required: false),
        ].map { field -> Field in var f = field; f.group = "items"; return f }
        let group = RepeatGroup(
            name: "items", label: "Delivered article",
            labelTemplate: "Delivered article number {n} of this consignment: {description} (quantity {qty})",
            rule: ListRule(minItems: 1))
        var h = WizardHarness(FormSpec(id: "long", title: "Long", fields: fields, groups: [group]))
        let description = (1...14).map { "part\($0)" }.joined(separator: " ")
        let note = String(repeating: "n", count: 100)
        for n in 1...12 { h.type("\(description) \(n)", "\(n)", n == 12 ? note : "") }
        h.type("")
        let rows = try reviewRows(h.transcript)
        #expect(rows.allSatisfy { TextWrap.columns($0) <= 80 }, "\(rows.filter { $0.count > 80 })")
        let twelve = rows.drop { !$0.hasPrefix("  12 Delivered article number 12 ") }
        #expect(!twelve.isEmpty, "\(rows)")
        let text = twelve.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("part14 12 (quantity 12)"))
        #expect(!text.contains("..."))
        // The note is not in the template: it is shown in full under the label, cut only by wrapping.
        #expect(text.replacingOccurrences(of: " ", with: "").contains("Noteforthewarehousestaff:" + note))
    }

    @Test("a long list label keeps each item's number; a long item value wraps under its column")
    func longListItems() throws {
        var serials = Field(name: "serials", label: "Serial numbers of the delivered units")
        serials.list = ListRule()
        var h = WizardHarness(FormSpec(id: "s", title: "S", fields: [serials]))
        let long = (1...25).map { "w\($0)" }.joined(separator: " ")
        for n in 1...12 { h.type(n == 12 ? long : "S\(n)") }
        h.type("")
        let rows = try reviewRows(h.transcript)
        #expect(rows.allSatisfy { TextWrap.columns($0) <= 80 })
        #expect(rows[0] == "   1 Serial numbers of ... 1   S1")
        let twelve = try #require(rows.firstIndex { $0.hasPrefix("  12 Serial numbers of ... 12  w1 ") })
        let value = rows[twelve...].joined(separator: " ").split(separator: " ").filter { $0.hasPrefix("w") }
        #expect(value.count == 25, "every word of the long value is shown")
        #expect(rows[twelve + 1].hasPrefix(String(repeating: " ", count: 30)), "continued under the value column")
    }

    @Test("every review row of a 200-item receipt fits 80 columns, with extras for each item")
    func everyRowFits() throws {
        var h = WizardHarness(try receiptSpec())
        h.type("ACME")
        for n in 1...200 { h.type("ABC-\(n)", "\(n)", "LOT-\(n)") }
        h.type("", "no")
        let rows = try reviewRows(h.transcript)
        #expect(rows.allSatisfy { TextWrap.columns($0) <= 80 })
        #expect(rows.filter { $0.hasPrefix("        Lot: LOT-") }.count == 200)
        #expect(rows.contains("  201 Line 200: ABC-200 x 200"))
    }

    /// A guard on the review's growth that does not depend on the machine's speed: a ratio within
    /// one run. A linear review of 8 times the items costs about 8 times as much; a quadratic one
    /// (each item's line searching all fields) would cost 64 times. The fastest of 5 reviews each.
    @Test("the review of 800 items costs about 8 times the review of 100 (linear, not quadratic)")
    func reviewIsLinear() throws {
        func reviewTime(_ items: Int) throws -> Duration {
            var wizard = Wizard(spec: try receiptSpec(maxLines: 1000), interactive: false)
            var answers = [ScriptedAnswer(path: "supplier", text: "ACME", origin: "t", fromCommandLine: false),
                           ScriptedAnswer(path: "checked", text: "no", origin: "t", fromCommandLine: false)]
            for n in 1...items {
                answers.append(ScriptedAnswer(path: "lines.\(n).sku", text: "ABC-\(n)", origin: "t", fromCommandLine: false))
                answers.append(ScriptedAnswer(path: "lines.\(n).qty", text: "\(n)", origin: "t", fromCommandLine: false))
            }
            #expect(wizard.apply(answers).isEmpty)
            var h = WizardHarness(wizard: wizard)
            #expect(h.lastPrompt == "Submit? (Enter = submit, number = edit, .cancel): ")
            var best = Duration.seconds(3600)
            // The thread's own CPU time, best of 15: other tests running beside this one (CI runs
            // suites in parallel on two cores) take the CPU away between its instructions, which
            // wall-clock time counts and this does not.
            for _ in 0..<15 {
                let started = threadCPUTime()
                let effects = h.wizard.handle(.line(".review"))
                best = min(best, threadCPUTime() - started)
                #expect(effects.count > items)
            }
            return best
        }
        let small = try reviewTime(100)
        let large = try reviewTime(800)
        #expect(large / small < 24, "100 items: \(small), 800 items: \(large)")
    }
}

/// This thread's CPU time so far (CLOCK_THREAD_CPUTIME_ID).
private func threadCPUTime() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
}
