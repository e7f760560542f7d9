@testable import FormCore
import FormFiles
import Foundation
import Testing
import SeededRandom

/// Issue 28 item 7: invariants checked over generated operator sessions, in-process against the
/// pure wizard core (the driver, replay and the binary all run this same core).
///
/// A seeded generator walks every shipped form: good and bad values, commands (`.back`, `.clear`,
/// `.edit`, `.add`, `.delete`, `?`, `.cancel`), conditions switched on and off, items added and
/// deleted, reviews and edits, scripted answers, server answers (accepted, rejected, failed), and
/// end of input or a signal at a random point. After each session:
/// - every value typed and accepted, and not cleared or deleted by the operator, is in the payload
///   when its field is shown and sent, and in the draft when the session ended unfinished (hidden
///   or not: a hidden answer is kept);
/// - nothing hidden is ever sent;
/// - a run without a terminal that refuses a line stops there (a pipe's next line never lands in
///   another field);
/// - the exit status is one the README's exit table allows for how the session ended;
/// - no crash, no hang (every line answers with a prompt, a submission or the end).
///
/// `FORMLINE_FUZZ_CASES` runs more (CI: 300), `FORMLINE_FUZZ_SEED` repeats a run; the seed is
/// printed first, so even a crash names it.
@Suite("session invariants over generated sessions")
struct SessionInvariantFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let cases = environment["FORMLINE_FUZZ_CASES"].flatMap(Int.init) ?? 300
    static let seed = environment["FORMLINE_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every form in Forms/, loaded once.
    static func shippedForms() throws -> [(name: String, spec: FormSpec)] {
        let folder = root.appendingPathComponent("Forms").path
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted().map { file in
            switch FormFileLoader.load(path: folder + "/" + file) {
            case .success(let spec): return (file, spec)
            case .failure(let errors): throw errors
            }
        }
    }

    /// What the fuzzers draw from: every form in Forms/ and in Tests/FuzzForms (corners no
    /// shipped form has, like a private `distinct` field in a run of records), each named by its
    /// path from the repository's root.
    static func fuzzedForms() throws -> [(name: String, spec: FormSpec)] {
        let shipped = try shippedForms().map { ("Forms/" + $0.name, $0.spec) }
        let folder = root.appendingPathComponent("Tests/FuzzForms").path
        let corners = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted().map { file in
            switch FormFileLoader.load(path: folder + "/" + file) {
            case .success(let spec): return ("Tests/FuzzForms/" + file, spec)
            case .failure(let errors): throw errors
            }
        }
        return shipped + corners
    }

    @Test("every typed value kept, nothing hidden sent, a pipe never shifts, exit statuses allowed, no hang")
    func invariantsHold() throws {
        let forms = try Self.fuzzedForms()
        print("session invariants: FORMLINE_FUZZ_SEED=\(Self.seed), \(Self.cases) cases")
        var random = SplitMix64(seed: Self.seed)
        var totals = SessionRun.Totals()
        for caseNumber in 0..<Self.cases {
            let form = forms[Int(random.next() % UInt64(forms.count))]
            var run = SessionRun(spec: form.spec, random: &random)
            run.play(&random)
            totals.add(run)
            for problem in run.problems {
                Issue.record("FORMLINE_FUZZ_SEED=\(Self.seed), case \(caseNumber) (\(form.name)): \(problem)\n  lines: \(run.lines)")
            }
            if !run.problems.isEmpty { break }
        }
        // The oracle must have had something to judge: drafts and payloads with typed values.
        #expect(totals.accepted > 0 && totals.drafts > 0 && totals.checkedValues > 0, "seed \(Self.seed): \(totals)")
    }

    /// The oracle itself: a typed value missing from a draft or a payload, and a hidden field
    /// sent, are each found.
    @Test("the checks catch a lost value, a changed value and a hidden field sent")
    func oracleCatchesLosses() throws {
        let forms = try Self.shippedForms()
        let spec = try #require(forms.first { $0.name == "work-order.yaml" }?.spec)
        var random = SplitMix64(seed: 1)
        var run = SessionRun(spec: spec, random: &random)
        _ = run.wizard.handle(.start)
        run.typed = ["site": .text("Plant 7")]
        run.checkDraft(["site": .string("Plant 7")], before: .review, asked: nil, byLine: false)
        #expect(run.problems.isEmpty)
        run.checkDraft([:], before: .review, asked: nil, byLine: false)
        #expect(run.problems == [#"typed site = "Plant 7", the draft has nothing"#])
        run.problems = []
        let kind = try #require(run.wizard.form.fieldIndex["kind"])
        run.wizard.setValue(.text("inspection"), at: kind)
        let sent = Submission(method: "POST", path: "/", payload: .object(["site": .string("Plant 8"), "fault": .string("x")]),
                              transcriptPayload: .null, displayPayload: .null, attempt: 1)
        run.checkSubmission(sent)
        #expect(run.problems == ["the hidden field fault was sent: null", #"typed site = "Plant 7", sent "Plant 8""#])
    }
}

/// One generated session and what it found.
struct SessionRun {
    struct Totals: CustomStringConvertible {
        var accepted = 0, drafts = 0, checkedValues = 0
        mutating func add(_ run: SessionRun) {
            accepted += run.acceptedCount
            drafts += run.draftCount
            checkedValues += run.checkedValues
        }
        var description: String { "\(accepted) accepted, \(drafts) drafts, \(checkedValues) values checked" }
    }

    var wizard: Wizard
    let pipe: Bool
    var problems: [String] = []
    /// The lines of the multiline value being typed before the event (`Wizard.multiline`).
    var linesBefore: [String] = []
    var lines: [String] = []
    /// Concrete field name -> the value the operator typed there last and the wizard took.
    var typed: [String: FieldValue] = [:]
    /// Lists with an item deleted: their fields' names moved, so they are no longer tracked.
    var untracked: Set<String> = []
    var finished: FormCore.ExitStatus?
    var lastResult: SubmissionResult?
    var cancelled = false
    var acceptedCount = 0, draftCount = 0, checkedValues = 0

    // What the binary-level fuzz (BinarySessionFuzzTests) needs to type the same session into
    // `formline fill` and judge what it did.
    /// How a submission is answered; nil: a random answer (accepted, rejected or failed).
    var respond: ((Submission) -> SubmissionResult)?
    /// How a server check is answered (docs/checks.md); nil: every check passes.
    var respondToCheck: ((CheckRequest) -> CheckOutcome)?
    /// The prompt each of `lines` was typed at, and the last prompt shown.
    var prompts: [Prompt] = []
    var lastPrompt: Prompt?
    var shownPrompts: [String] = []
    /// Every submission, in order, and the last draft the session saved.
    var submissions: [Submission] = []
    var lastDraft: [String: JSONValue]?
    /// The answers given up front (`--set`), and the event that ended the input, if any.
    var scripted: [ScriptedAnswer] = []
    var ending: WizardEvent?
    /// Typed at a terminal: no control characters (readline would take them as keys).
    var terminal = false
    /// Each secret's good answer, once chosen, typed again whenever it is typed: a replay cannot
    /// tell a refused secret typed again unchanged, then another field edited and sent, from a
    /// new secret sent (docs/sessions.md, "Decisions and limits").
    var pinnedSecrets: [String: String]?

    init(spec: FormSpec, random: inout SplitMix64) {
        wizard = Wizard(spec: spec, interactive: random.next() % 3 == 0)
        pipe = !wizard.interactive && random.next() % 2 == 0
        wizard.stopsAtRefusal = pipe
        if random.next() % 4 == 0 { applyScripted(&random) }
    }

    /// A session whose kind the caller chooses: at a terminal or not, stopping at a refusal or
    /// not, with `--set` answers (never a secret's, never a hidden field's) or none.
    init(wizard: Wizard, stopsAtRefusal: Bool, scripted: Bool, random: inout SplitMix64) {
        self.wizard = wizard
        pipe = stopsAtRefusal
        self.wizard.stopsAtRefusal = stopsAtRefusal
        terminal = wizard.interactive
        pinnedSecrets = [:]
        if scripted { applyScripted(&random, commandLine: true) }
    }

    /// Good answers for a few fields, as `--answers`/`--set` give them.
    mutating func applyScripted(_ random: inout SplitMix64, commandLine: Bool = false) {
        var answers: [ScriptedAnswer] = []
        for field in wizard.fields where field.item == nil && field.list == nil && random.next() % 2 == 0 {
            if commandLine && (field.isSecret || !wizard.form.isVisible(field) || field.type == .multiline) { continue }
            if let text = Self.goodText(for: field, &random) {
                answers.append(ScriptedAnswer(path: field.name, text: text, origin: "fuzz", fromCommandLine: commandLine))
            }
        }
        scripted = answers
        let problems = wizard.apply(answers)
        for answer in answers where !problems.contains(where: { $0.field == answer.path }) && wizard.scripted.refusals[answer.path] == nil {
            if let field = wizard.field(named: answer.path), case .success(let value) = field.parse(answer.text), wizard.form.isVisible(field) {
                typed[answer.path] = value
            }
        }
    }

    mutating func play(_ random: inout SplitMix64) {
        var effects = wizard.handle(.start)
        notePrompt(effects)
        let budget = Int(random.next() % 60) + 5
        var events = 0
        while finished == nil {
            guard let event = nextEvent(after: effects, &random, ended: events >= budget) else { break }
            events += 1
            if events > budget + 200 {
                problems.append("no end \(events) events into the session (a hang)")
                return
            }
            let before = wizard.phase
            linesBefore = wizard.multiline.lines
            // The field asked, taken now: an answer can rebuild the fields (an offered item
            // dropped at the review), and the index in `before` then names another one.
            var asked: Field?
            if case .asking(let index, _) = before { asked = wizard.fields[index] }
            effects = wizard.handle(event)
            notePrompt(effects)
            check(event, before: before, asked: asked, effects: effects)
        }
        if finished == nil { problems.append("the session did not finish after the input ended") }
    }

    /// Keeps the last prompt shown, for a terminal that waits for it before typing, and every
    /// prompt's text, for a pipe that waits for the last one's last showing.
    mutating func notePrompt(_ effects: [WizardEffect]) {
        for effect in effects {
            if case .prompt(let prompt) = effect {
                lastPrompt = prompt
                shownPrompts.append(prompt.text)
            }
        }
    }

    /// What the operator (or the server, or the end of input) does next.
    mutating func nextEvent(after effects: [WizardEffect], _ random: inout SplitMix64, ended: Bool) -> WizardEvent? {
        for effect in effects {
            if case .check(let request) = effect {
                return .checked(respondToCheck?(request) ?? .passed(nil))
            }
            if case .submit(let submission) = effect {
                submissions.append(submission)
                let roll = random.next() % 10
                let result: SubmissionResult
                if let respond {
                    result = respond(submission)
                } else if roll < 6 {
                    result = .accepted(status: 201, summary: nil)
                } else if roll < 8, let field = wizard.form.visibleIndices.randomElement(using: &random).map({ wizard.fields[$0].name }) {
                    result = .rejected(status: 422, errors: [ServerError(path: ServerPath.dotted(field), message: "refused by the server")])
                } else {
                    result = .failed(reason: "connection refused")
                }
                lastResult = result
                return .submission(result)
            }
        }
        if ended {
            let signals: [Int32] = [1, 2, 3, 15]
            let event: WizardEvent = random.next() % 3 == 0 ? .interrupted(signal: signals[Int(random.next() % 4)]) : .endOfInput
            ending = event
            return event
        }
        let line = nextLine(&random)
        lines.append(line)
        if let lastPrompt { prompts.append(lastPrompt) }
        return .line(line)
    }

    mutating func nextLine(_ random: inout SplitMix64) -> String {
        let roll = random.next() % 100
        switch wizard.phase {
        case .asking(let index, _):
            let collected = wizard.multiline.lines
            let field = wizard.fields[index]
            if field.type == .multiline && !collected.isEmpty { return "." }
            if roll < 60, let good = Self.goodText(for: field, &random) {
                guard field.isSecret, let pinned = pinnedSecrets else { return good }
                if let known = pinned[field.name] { return known }
                // A value typed nowhere else: replay types its own value for a secret, so a
                // secret equal to another answer (a check between them) cannot replay.
                var value = good
                if case .success = field.parse(Self.pinnedSecret) { value = Self.pinnedSecret }
                pinnedSecrets?[field.name] = value
                return value
            }
            if roll < 72 && field.isSecret && pinnedSecrets != nil {
                // A bad word the secret's rules accept would change it: type one they refuse.
                let refused = Self.badWords.filter { if case .failure = field.parse($0) { !terminal || !$0.unicodeScalars.contains { $0.value < 0x20 } } else { false } }
                if let word = refused.randomElement(using: &random) { return word }
                return ""
            }
            if roll < 72 {
                var words = terminal ? Self.badWords.filter { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } } : Self.badWords
                // The binary's line reader drops a byte order mark at the start of its input (a
                // file saved by a Windows editor); the wizard core alone never sees one.
                if pinnedSecrets != nil && lines.isEmpty { words.removeAll { $0.hasPrefix("\u{FEFF}") } }
                return words[Int(random.next() % UInt64(words.count))]
            }
            if roll < 78 { return "" }
            return command(&random)
        case .review:
            if roll < 45 { return "" }
            if roll < 75, let i = wizard.form.visibleIndices.randomElement(using: &random) { return ".edit " + wizard.fields[i].name }
            if roll < 85 { return String(Int(random.next() % 12) + 1) }
            return command(&random)
        case .failed:
            return roll < 70 ? "" : (roll < 90 ? ".retry" : ".cancel")
        case .confirmingDelete:
            return roll < 60 ? "y" : "n"
        case .notStarted, .checking, .submitting, .finished:
            return ""
        }
    }

    mutating func command(_ random: inout SplitMix64) -> String {
        let lists = wizard.spec.itemLists.map(\.name)
        var choices = [".back", ".clear", "?", ".review", ".done", ".add", ".delete"]
        if let list = lists.randomElement(using: &random) {
            let count = wizard.itemCounts[list] ?? 0
            choices += [".add \(list)", ".delete \(list).\(Int(random.next() % UInt64(count + 2)))"]
        }
        if let i = wizard.form.visibleIndices.randomElement(using: &random) { choices.append(".edit " + wizard.fields[i].name) }
        if random.next() % 40 == 0 { choices.append(".cancel") }
        return choices[Int(random.next() % UInt64(choices.count))]
    }

    // MARK: - The checks

    mutating func check(_ event: WizardEvent, before: Wizard.Phase, asked: Field?, effects: [WizardEffect]) {
        let errors = effects.compactMap { effect -> String? in
            if case .output(let line) = effect, line.style == .error { return line.text }
            return nil
        }
        // What the line did to the values first: a draft saved by the same step holds it.
        if case .line(let line) = event { track(line, before: before, asked: asked, refused: !errors.isEmpty) }
        // A server check answers the line after it was tracked: a value it refuses (or a check
        // cancelled, or failed under `on_failure: refuse`) was not taken after all.
        if case .checked(let outcome) = event, case .checking(let index, _, _) = before, !errors.isEmpty || outcome == .cancelled {
            if index < wizard.fields.count { typed[wizard.fields[index].name] = nil }
        }
        var prompted = false, ends = false
        for effect in effects {
            switch effect {
            case .submit(let submission): checkSubmission(submission)
            case .saveDraft(let draft): lastDraft = draft; checkDraft(draft, before: before, asked: asked, byLine: { if case .line = event { true } else { false } }())
            case .finish(let status): finished = status; ends = true; checkStatus(status, event: event, before: before)
            case .prompt: prompted = true
            case .output, .deleteDraft, .refused, .check: break
            }
        }
        guard case .line(let line) = event else { return }
        // No hang: a line always answers with a prompt, a submission or the end.
        if !prompted && !ends && !effects.contains(where: {
            switch $0 {
            case .submit, .check: true
            default: false
            }
        }) {
            problems.append("the line \(line.debugDescription) was answered with no prompt, submission or end")
        }
        // A pipe stops at the first refused line, so its next line never lands in another field.
        if pipe && !errors.isEmpty && prompted {
            problems.append("without a terminal, the refused line \(line.debugDescription) (\(errors[0])) was followed by another prompt")
        }
    }

    /// Keeps `typed` up to date with what the operator's line did. Where it cannot tell what a
    /// line did to a value (refused, a literal `..`), it stops tracking that field: the oracle
    /// may miss a loss there, never report one that did not happen.
    mutating func track(_ line: String, before: Wizard.Phase, asked: Field?, refused: Bool) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(".delete") {
            // Which item a .delete takes is the wizard's to decide: item fields are no longer tracked.
            for list in wizard.spec.itemLists { untracked.insert(list.name) }
            typed = typed.filter { name, _ in wizard.form.fieldIndex[name].map { wizard.fields[$0].item == nil } ?? false }
            return
        }
        guard case .asking = before, let field = asked else { return }
        let collected = linesBefore
        if field.item.map({ untracked.contains($0.list) || $0.member == nil }) ?? false || field.list != nil { return }
        if refused || trimmed == ".clear" || trimmed.hasPrefix("..") {
            typed[field.name] = nil
            return
        }
        // `?` asks for the field's help; it answers nothing.
        if trimmed == "?" { return }
        let ends = field.type == .multiline && trimmed == "."
        if field.type == .multiline && !ends && !trimmed.hasPrefix(".") && !collected.isEmpty { return }
        if trimmed.hasPrefix(".") && !ends { return }
        let text = ends ? collected.joined(separator: "\n") : line
        // An empty answer keeps the value (or takes the default): nothing typed changes.
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        if field.type == .multiline && !ends { return }
        if case .success(let value) = field.parse(text), !value.isEmpty {
            typed[field.name] = value
        } else {
            typed[field.name] = nil
        }
    }

    mutating func checkSubmission(_ submission: Submission) {
        guard wizard.spec.submit.body.format == .json else { return }
        let visible = Set(wizard.form.visibleIndices)
        for (i, field) in wizard.fields.enumerated() where !visible.contains(i) {
            if Self.value(in: submission.payload, at: field.name) != nil {
                problems.append("the hidden field \(field.name) was sent: \(submission.displayPayload.compactText)")
            }
        }
        for (name, value) in typed {
            guard let i = wizard.form.fieldIndex[name], visible.contains(i), wizard.fields[i].send else { continue }
            checkedValues += 1
            if Self.value(in: submission.payload, at: name) != value.json {
                problems.append("typed \(name) = \(value.json.compactText), sent \(Self.value(in: submission.payload, at: name)?.compactText ?? "nothing")")
            }
        }
    }

    mutating func checkDraft(_ draft: [String: JSONValue], before: Wizard.Phase, asked: Field?, byLine: Bool) {
        draftCount += 1
        // A multiline value being typed when the input ended or a signal came is saved as typed
        // so far (one its `.` refused, in a run that stops there, is not: a refused value never is).
        var typing: String?
        let collected = linesBefore
        if case .asking = before, !collected.isEmpty, let field = asked, !byLine {
            typing = field.name
            checkedValues += 1
            if draft[field.name] != .string(Wizard.joinMultiline(collected)) {
                problems.append("the lines being typed at \(field.name) are not in the draft")
            }
        }
        for (name, value) in typed where name != typing && wizard.field(named: name)?.isSecret == false {
            checkedValues += 1
            if draft[name] != value.json {
                problems.append("typed \(name) = \(value.json.compactText), the draft has \(draft[name]?.compactText ?? "nothing")")
            }
        }
    }

    /// The README's exit table: which status each ending may have.
    mutating func checkStatus(_ status: FormCore.ExitStatus, event: WizardEvent, before: Wizard.Phase) {
        let allowed: Bool
        switch event {
        case .endOfInput: allowed = status == .endOfInput
        case .interrupted(let signal): allowed = status == .forSignal(signal)
        case .submission(let result):
            switch result {
            case .accepted: allowed = status == .accepted
            case .rejected: allowed = status == .inputRefused && pipe
            case .failed: allowed = status == .transportFailed && !wizard.interactive
            // Queued in the outbox: the session ends, at a terminal too.
            case .queued: allowed = status == .transportFailed
            }
        case .line(let line):
            // `.cancel` is 1, or 3 when it gives up after a transport failure.
            let cancel = line.trimmingCharacters(in: .whitespaces) == ".cancel"
            // `.end` at a record's first prompt ends a run of records (RecordLoop: 0 or 7).
            let endsRun = wizard.recordDecision == .endRunHere && status == .endOfInput
            allowed = (cancel && status == (before == .failed ? .transportFailed : .cancelled))
                || (status == .inputRefused && pipe) || endsRun
        case .start, .unreadable: allowed = false
        case .checked: allowed = status == .inputRefused
        }
        if status == .accepted { acceptedCount += 1 }
        if !allowed { problems.append("exit \(status.rawValue) after \(event)") }
    }

    // MARK: - Values

    /// The value at a field's place in a JSON payload (`lines.2.qty` is `lines[1].qty`).
    static func value(in payload: JSONValue, at name: String) -> JSONValue? {
        var current: JSONValue? = payload
        for segment in name.split(separator: ".").map(String.init) {
            guard let here = current else { return nil }
            if let array = here.arrayValue, let n = Int(segment) {
                current = array.indices.contains(n - 1) ? array[n - 1] : nil
            } else {
                current = here[segment]
            }
        }
        return current
    }

    static let candidates = [
        "bob_smith", "alice", "Plant 7", "ABC-12", "XYZ-345", "P-1042", "P-2001", "sw-1", "core-sw-01", "42", "7", "1",
        "2", "3", "10", "20", "100", "1.5", "12.50", "2024-03-01", "2025-01-15", "09:30", "10.0.0.1", "192.168.1.0/24",
        "10.1.2.0/24", "Gi1/0/1", "ge-0/0/1", "bob@example.com", "https://example.com/x", "yes", "no", "true", "LOT-9",
        "DAMAGED", "correct-horse-7", "AB12-CD", "Pump seal leaks", "annual", "Norway", "critical", "low", "trunk",
        "access", "routed", "repair", "inspection", "S1", "00:11:22:33:44:55", "2024-03-01T10:00",
        "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    ]

    static let pinnedSecret = "Pinned-Secret-9"

    static let badWords = [
        "al", "not-an-email", "-1", "1e3", "0x10", "99999", "2024-13-45", "x", "ad\u{301}min", "\u{1B}[2J", "'; DROP",
        ".edit 99", ".delete nothing.1", "..", "\u{FEFF}bob",
    ]

    /// A line the field takes, or nil when none of the candidates fits.
    static func goodText(for field: Field, _ random: inout SplitMix64) -> String? {
        let choices = field.choices
        if !choices.isEmpty { return choices[Int(random.next() % UInt64(choices.count))] }
        let fits = candidates.filter { text in
            if case .success(let value) = field.parse(text) { return !value.isEmpty }
            return false
        }
        return fits.isEmpty ? nil : fits[Int(random.next() % UInt64(fits.count))]
    }
}
