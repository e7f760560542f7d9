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

    // MARK: Item 11: the --repeat summary

    @Test("the accepted records wrap between records, never between a number and its id")
    func summaryWrapsBetweenRecords() {
        #expect(TextWrap.wrapEntries((1...10).map { "\($0) id=\($0)" }, lead: "Accepted: ", continuation: "  ") == [
            "Accepted: 1 id=1, 2 id=2, 3 id=3, 4 id=4, 5 id=5, 6 id=6, 7 id=7, 8 id=8,",
            "  9 id=9, 10 id=10",
        ])
        let many = TextWrap.wrapEntries((101...160).map { "\($0 - 100) id=\($0)" }, lead: "Accepted: ", continuation: "  ")
        for line in many {
            #expect(TextWrap.columns(line) <= TextWrap.width)
            let entries = line.trimmingPrefix("Accepted: ").split(separator: ",").map { $0.split(separator: " ") }
            #expect(entries.allSatisfy { $0.count == 2 && $0[1].hasPrefix("id=") }, "\(line)")
        }
        // An entry wider than a line still wraps (by words), and the next starts a line.
        let wide = String(repeating: "x", count: 50) + " " + String(repeating: "y", count: 50)
        #expect(TextWrap.wrapEntries(["1 id=1", wide, "3 id=3"], lead: "Accepted: ", continuation: "  ") == [
            "Accepted: 1 id=1,", "  " + String(repeating: "x", count: 50), "  " + String(repeating: "y", count: 50) + ",", "  3 id=3",
        ])
    }

    // MARK: Item 14: formline template

    @Test("a group's label template reads as the review shows it, not as raw placeholders")
    func templateShowsTheItemAsTheOperatorReadsIt() throws {
        let text = AnswersTemplate.render(try receiptSpec())
        #expect(text.contains("\n# A list of items, shown in the review as \"Line 1: <sku> x <qty>\": copy the item below for each one\n"), "\(text)")
        #expect(!text.contains("{n}"))
    }

    // MARK: Item 7: --resume and optional fields answered empty

    @Test("an optional field answered empty is answered: a resumed draft does not ask it again")
    func resumeKeepsAnEmptyOptionalAnswer() throws {
        var h = WizardHarness(try signupSpec())
        h.type("bob", "bob@example.com", "longpassword", "")
        #expect(h.lastPrompt?.hasPrefix("Country") == true)
        h.send(.endOfInput)
        let draft = try #require(h.drafts.last)
        #expect(draft["age"] == .null)
        #expect(draft["username"] == .string("bob"))
        var resumed = WizardHarness(wizard: Wizard(spec: try signupSpec(), interactive: false, resuming: draft))
        #expect(resumed.transcript.contains { $0.hasPrefix("Resuming a saved draft: 2 answers kept.") }, "\(resumed.transcript)")
        #expect(resumed.lastPrompt == "Password: ", "\(resumed.transcript)")
        resumed.type("longpassword")
        #expect(resumed.lastPrompt?.hasPrefix("Country") == true, "Age is not asked again: \(resumed.transcript)")
        // Nothing but an empty optional answer is no draft at all.
        var empty = WizardHarness(try signupSpec())
        empty.send(.endOfInput)
        #expect(empty.drafts.isEmpty)
    }

    // MARK: Item 9: the title's field count

    @Test("a form with conditional fields counts them all, as \"up to\"; the count never depends on answers")
    func titleCountsTheForm() throws {
        var h = WizardHarness(incidentSpec())
        let title = try #require(h.transcript.first)
        #expect(title.contains("(up to "), "\(title)")
        var answered = Wizard(spec: incidentSpec(), interactive: false)
        // "critical" shows Page on-call: the visible count would be 6, the title still says 6.
        #expect(answered.apply([ScriptedAnswer(path: "severity", text: "critical", origin: "--set", fromCommandLine: true)]).isEmpty)
        let shown = WizardHarness(wizard: answered)
        #expect(title == "Incident  (up to 6 fields; ? for help)")
        #expect(shown.transcript.first == title)
        h.type(".cancel")
    }

    // MARK: Item 3: paths are one token

    @Test("a path or URL longer than a line is not cut: it gets a line of its own; other words are")
    func pathsStayWhole() {
        let path = "/home/clerk/.local/state/formline/drafts/post-api-patients.4ce6712e4ce6712e4ce6712e.json"
        #expect(TextWrap.wrap("Draft saved: \(path)", continuation: "  ") == ["Draft saved:", "  " + path])
        #expect(TextWrap.wrap("see \(path) now", continuation: "  ") == ["see", "  " + path, "  now"])
        let word = String(repeating: "x", count: 100)
        #expect(TextWrap.wrap(word) == [String(repeating: "x", count: 79), String(repeating: "x", count: 21)])
        // Past the bound a path is cut like any word: hostile text stays within the lines.
        let huge = "/" + String(repeating: "y", count: TextWrap.unbrokenLimit)
        #expect(TextWrap.wrap(huge).allSatisfy { TextWrap.columns($0) <= TextWrap.width })
    }

    // MARK: Item 15: scripted problems by line

    @Test("scripted problems are ordered by answers-file line; those without a line follow in the order found")
    func problemsByLine() {
        let problems = [
            AnswerProblem(origin: "a.yaml:12", field: "colour", message: "the form has no such field"),
            AnswerProblem(origin: "--set age", field: "age", message: "Must be at most 150"),
            AnswerProblem(origin: "a.yaml:2", field: "name", message: "Too short"),
            AnswerProblem(origin: "a.yaml", field: "patient", message: "Required"),
            AnswerProblem(origin: nil, field: "form", message: "Check failed"),
            AnswerProblem(origin: "C:x.yaml:9", field: "b", message: "m"),
        ]
        #expect(AnswerProblem.byLine(problems).map(\.field) == ["name", "b", "colour", "age", "patient", "form"])
        #expect(problems.map(\.line) == [12, nil, 2, nil, nil, 9])
    }

    @Test("an item check failure of a scripted run names the answer it came from")
    func itemCheckOrigin() throws {
        var wizard = Wizard(spec: try receiptSpec(), interactive: false)
        _ = wizard.apply([
            ScriptedAnswer(path: "supplier", text: "ACME", origin: "a.yaml:1", fromCommandLine: false),
            ScriptedAnswer(path: "lines.1.sku", text: "ABC-1", origin: "a.yaml:3", fromCommandLine: false),
            ScriptedAnswer(path: "lines.1.qty", text: "1", origin: "a.yaml:4", fromCommandLine: false),
            ScriptedAnswer(path: "lines.2.sku", text: "ABC-1", origin: "a.yaml:5", fromCommandLine: false),
            ScriptedAnswer(path: "lines.2.qty", text: "1", origin: "a.yaml:6", fromCommandLine: false),
            ScriptedAnswer(path: "checked", text: "yes", origin: "a.yaml:7", fromCommandLine: false),
        ])
        let problems = wizard.scriptedCheckProblems()
        #expect(problems.map(\.description) == ["a.yaml:5: lines.2.sku: SKU is the same as in item 1: each item must differ"], "\(problems)")
    }

    // MARK: Item 12: 79 columns

    @Test("formline's own lines stop at 79 columns: an 80-column line makes many terminals add a blank line")
    func linesStopAt79() {
        #expect(TextWrap.width == 79)
        // Exactly 80 columns as one line: wrapped.
        let x = String(repeating: "x", count: 75)
        #expect(TextWrap.wrap(x + " abcd") == [x, "abcd"])
        #expect(TextWrap.wrap(x + " abc") == [x + " abc"])
    }

    // MARK: Item 6: a datetime to the minute

    @Test("a datetime without seconds says what is missing, not the general example")
    func datetimeWithoutSeconds() {
        let field = Field(name: "at", label: "At", type: .datetime)
        #expect(field.parse("2026-11-26 11:38").failureMessage == "Add the seconds and the offset from UTC to the time, like 11:38:00Z or 11:38:00+02:00")
        #expect(field.parse("2026-11-26T11:38Z").failureMessage == "Add the seconds to the time, like 11:38:00")
        #expect(field.parse("2026-11-26T11:38+02:00").failureMessage == "Add the seconds to the time, like 11:38:00")
        #expect(field.parse("2026-11-26 11:38:00").failureMessage == "Add the offset from UTC after the time: Z, or like +02:00")
        #expect(field.parse("2026-11-26 11:3").failureMessage == "Enter a date and time like 2024-05-01T14:30:00Z or 2024-05-01T14:30:00+02:00")
        #expect(field.parse("2026-11-26T11:38:00Z").failureMessage == nil)
    }
}

private extension Result where Failure == ValueError {
    var failureMessage: String? {
        if case .failure(let problem) = self { return problem.message }
        return nil
    }
}
