/// The form wizard as a pure state machine: `handle(event) -> [effects]`, no I/O.
///
/// The driver feeds it operator lines, end of input, signals and submission outcomes, and carries
/// out what it returns (print, prompt, submit, save the draft, finish). Replay, the fake transport
/// and the tests all drive this same type, so what they check is what operators get.
public struct Wizard: Sendable {
    enum Phase: Sendable, Equatable {
        case notStarted
        /// Asking field `index`; `lines` collects a multiline value.
        case asking(index: Int, lines: [String])
        case review
        case submitting
        /// After a transport failure, on a terminal: retry, edit or cancel.
        case failed
        case finished
    }

    public let spec: FormSpec
    /// Whether the line source edits lines: pre-fill offered, and a transport failure asks what to do.
    public let interactive: Bool
    public private(set) var values: [String: FieldValue] = [:]
    var phase: Phase = .notStarted
    /// Fields the operator has been through (answered, kept, skipped): `.done` fills the defaults
    /// of the others.
    var visited: Set<String> = []
    var reviewReached = false
    /// When non-nil the wizard asks only these fields (form order), then goes to review: after an
    /// edit from review, a server rejection, a failed check, or resuming a draft.
    var queue: [Int]?
    /// Messages to show just before a field's next prompt (failed cross-field checks).
    var pendingErrors: [String: [String]] = [:]
    var listedChoices: Set<String> = []
    /// Before the review, `.edit` jumps to a field and the walk then comes back here.
    var returnTo: Int?
    var attempt = 0
    var lastSubmission: Submission?
    /// The server's banner lines from the last rejection, shown again with the review until the
    /// next submission, so a non-field error does not scroll away while fields are re-asked.
    var serverBanner: [String] = []
    /// The payload (with the filled path) the server last rejected: Enter at the review with nothing changed would only
    /// get the same answer, so the wizard says what to do instead (`.retry` sends it anyway).
    var rejectedPayload: JSONValue?
    var resumeNotice: String?
    /// Stop at the first refused line (exit 5) instead of asking again: set for a run without a
    /// terminal, where a script cannot see the error and every later line would land one field
    /// too late. `--keep-asking` leaves it off.
    public var stopsAtRefusal = false
    /// Lines read so far (answers, commands, unreadable lines): the input line number a refusal names.
    public private(set) var linesRead = 0
    /// The errors that ended the session, for `--output json`: the refused line, or every field
    /// error of a server rejection that ended it.
    public private(set) var endingErrors: [EndingError] = []
    /// Scripted answers that were refused, by field name (`--answers`, `--set`).
    var answerRefusals: [String: AnswerProblem] = [:]
    /// The text of a refused scripted answer, pre-filled at its field's next prompt (not secrets).
    var refusedAnswerText: [String: String] = [:]
    var answered = false
    /// `--no-input`: once every field has a value, submit without the review; a missing answer or
    /// a failed check ends the session (exit 5) instead of asking.
    public var submitsWithoutReview = false
    /// The HTTP status of the last rejection, for `--output json`.
    public private(set) var rejectionStatus: Int?
    /// UTF-8 bytes of the multiline value being collected, with its line ends (see `collect`).
    var collectedBytes = 0

    public init(spec: FormSpec, interactive: Bool) {
        self.spec = spec
        self.interactive = interactive
    }

    /// A wizard that continues a draft: every stored value is checked against the current form;
    /// values that no longer fit, missing ones and secrets are asked, then the review.
    /// `formChanged`: the form file is not the one the draft was saved from, so say so.
    public init(spec: FormSpec, interactive: Bool, resuming draft: [String: JSONValue], formChanged: Bool = false) {
        self.init(spec: spec, interactive: interactive)
        var kept = 0
        for field in spec.fields where !field.isSecret {
            guard let json = draft[field.name] else { continue }
            if let value = field.restore(json) {
                values[field.name] = value
                visited.insert(field.name)
                kept += 1
            } else {
                // Say why a saved answer is asked again rather than silently dropping it.
                let text = json.stringValue
                    ?? json.arrayValue.map { $0.map { $0.stringValue ?? $0.compactText }.joined(separator: ", ") }
                    ?? json.compactText
                let shown = TextWrap.truncate(Wizard.withoutControlCharacters(text), to: 30)
                var reason = "it does not fit this field any more"
                if case .failure(let problem) = field.parse(text) { reason = Wizard.withoutControlCharacters(problem.message) }
                pendingErrors[field.name, default: []].append("The saved answer '\(shown)' was not kept: \(reason)")
            }
        }
        dropHiddenValues()
        reviewReached = true
        queue = visibleIndices.filter { i in
            let f = spec.fields[i]
            return f.isSecret || values[f.name] == nil
        }
        resumeNotice = "Resuming a saved draft: \(kept) answer\(kept == 1 ? "" : "s") kept."
        if formChanged {
            resumeNotice? += " The form has changed since; every answer was checked again."
        }
    }

    // MARK: - Events

    /// The reducer: every (event, phase) pair is listed, and a pair the wizard does not expect
    /// (a line while a submission is out, a result while asking, anything once finished) is
    /// named and answers no effects, so it changes nothing. The switch has no `default:`: a new
    /// event or phase does not compile until every pair is decided.
    public mutating func handle(_ event: WizardEvent) -> [WizardEffect] {
        // Where the line lands, taken without holding a copy of the phase (and of a multiline
        // value's lines) while the reducer appends to it.
        let place = refusalPlace
        switch event {
        case .line, .unreadable:
            if place != nil { linesRead += 1 }
        case .start, .endOfInput, .interrupted, .submission:
            break
        }
        let effects = reduce(event)
        guard stopsAtRefusal, let place else { return effects }
        switch event {
        case .line, .unreadable: return stopIfRefused(effects, at: place)
        case .start, .endOfInput, .interrupted, .submission: return effects
        }
    }

    /// Where a line would be refused: a field, the review or the retry prompt; nil when no prompt
    /// is open (a line then changes nothing and is not counted).
    private enum RefusalPlace { case field(Int), review, retry }

    private var refusalPlace: RefusalPlace? {
        switch phase {
        case .asking(let index, _): return .field(index)
        case .review: return .review
        case .failed: return .retry
        case .notStarted, .submitting, .finished: return nil
        }
    }

    /// A refused line answers with an error and a prompt asking again (the same field, a missing
    /// one, the review). When stopping at refusals that prompt is replaced by the ending: the
    /// errors stay, then one line naming the input line, the field and the reason.
    private mutating func stopIfRefused(_ effects: [WizardEffect], at refusal: RefusalPlace) -> [WizardEffect] {
        guard case .prompt? = effects.last else { return effects }
        let errors = effects.compactMap { effect -> String? in
            if case .output(let line) = effect, line.style == .error { return line.text }
            return nil
        }
        guard let first = errors.first else { return effects }
        let reason = first.split(separator: "\n").map { String($0).trimmedWhitespace }
            .map { $0.hasPrefix("! ") ? String($0.dropFirst(2)) : $0 }.joined(separator: " ")
        let field: Field?
        let place: String
        switch refusal {
        case .field(let index):
            field = spec.fields[index]
            place = spec.fields[index].label
        case .review:
            field = nil
            place = "review"
        case .retry:
            field = nil
            place = "retry"
        }
        endingErrors = [EndingError(field: field?.name, message: reason, line: linesRead)]
        let kept = effects.filter { effect in
            if case .output(let line) = effect { return line.style == .error }
            return false
        }
        let message = "Stopped at input line \(linesRead) (\(place)): \(reason). Without a terminal "
            + "nobody can correct it, so formline stops rather than let the next lines land on the "
            + "wrong fields (--keep-asking asks again)."
        return kept + Wizard.wrapped(message, .error, indent: "") + end(.inputRefused)
    }

    private mutating func reduce(_ event: WizardEvent) -> [WizardEffect] {
        // A line while asking, decided before the switch: the switch's (event, phase) tuple holds
        // a copy of the phase, and with it the lines of a multiline value, for as long as a case
        // runs, so `collect` could not append in place. Same decision as the case below.
        if case .line(let line) = event, let index = askingIndex {
            return answer(line, at: index)
        }
        switch (event, phase) {
        // A finished wizard takes nothing more: the driver has stopped, and whatever arrives
        // late (a line typed after .cancel, a response after a signal) must change nothing.
        case (_, .finished):
            return []

        case (.start, .notStarted):
            return start()
        // Started once only: a second start would print the title again over a session.
        case (.start, .asking), (.start, .review), (.start, .submitting), (.start, .failed):
            return []

        // Signals and end of input end the session from any phase, saving a draft.
        case (.interrupted(let signal), .notStarted), (.interrupted(let signal), .asking),
             (.interrupted(let signal), .review), (.interrupted(let signal), .failed):
            return end(.forSignal(signal))
        // "Submitting..." waits for its outcome on the same line: end that line first, so what
        // follows ("Draft saved: ...") starts a line of its own.
        case (.interrupted(let signal), .submitting):
            return [.output(OutputLine(" interrupted", style: .error))] + end(.forSignal(signal))
        case (.endOfInput, .notStarted), (.endOfInput, .asking), (.endOfInput, .review),
             (.endOfInput, .submitting), (.endOfInput, .failed):
            return end(.endOfInput)

        // The lines collected so far are not bound here: `answer` appends to them in place.
        case (.line(let line), .asking(let index, _)):
            return answer(line, at: index)
        case (.line(let line), .review):
            return reviewLine(line)
        case (.line(let line), .failed):
            return failedLine(line)
        // No prompt is open before the start or while a submission is out: a line then answers
        // nothing, and is dropped rather than taken as an answer to a prompt not yet shown.
        case (.line, .notStarted), (.line, .submitting):
            return []

        case (.unreadable(let reason), .asking(let index, let lines)):
            return [error(reason)] + resume(index, collected: lines)
        case (.unreadable(let reason), .review), (.unreadable(let reason), .failed):
            return [error(reason)] + promptAgain()
        // As for a line: no prompt is open.
        case (.unreadable, .notStarted), (.unreadable, .submitting):
            return []

        case (.submission(let result), .submitting):
            return submitted(result)
        // Only the one submission the wizard sent is answered; a result at any other time (a
        // late or duplicated response) must not accept or reject the form.
        case (.submission, .notStarted), (.submission, .asking), (.submission, .review), (.submission, .failed):
            return []
        }
    }

    private mutating func start() -> [WizardEffect] {
        let count = visibleIndices.count
        let counted = "  (\(count) field\(count == 1 ? "" : "s"); ? for help)"
        let title = TextWrap.truncate(spec.title, to: TextWrap.width - counted.count)
        var effects: [WizardEffect] = [.output(OutputLine(title + counted, style: .title))]
        if let notice = resumeNotice {
            effects += Wizard.wrapped(notice, .notice, indent: "")
        }
        if let queue {
            return effects + continueQueue(queue)
        }
        guard let first = visibleIndices.first else { return effects + goToReview() }
        return effects + ask(first)
    }

    // MARK: - Answers

    private mutating func answer(_ line: String, at index: Int) -> [WizardEffect] {
        let field = spec.fields[index]
        if field.type == .multiline && line.trimmedWhitespace == "." {
            return finishMultiline(at: index, lines: collectedLines)
        }
        if let command = WizardCommand.parse(line, secret: field.isSecret) {
            return run(command, at: index, collected: collectedLines)
        }
        // `..` at the start enters a literal dot: drop exactly one `.`, keep any indentation.
        let indentation = field.isSecret ? "" : String(line.prefix { $0.isWhitespace })
        let rest = line.dropFirst(indentation.count)
        let literal = rest.hasPrefix("..") ? indentation + String(rest.dropFirst()) : line

        if field.type == .multiline {
            // An empty first line behaves as on any field: keep, default, skip or "Required".
            if collectedLines.isEmpty && literal.trimmedWhitespace.isEmpty {
                return keepOrDefault(at: index)
            }
            return collect(literal, at: index)
        }

        let isEmpty = field.isSecret ? literal.isEmpty : literal.trimmedWhitespace.isEmpty
        if isEmpty { return keepOrDefault(at: index) }
        return accept(literal, at: index)
    }

    /// The field being asked, if the wizard is asking one.
    private var askingIndex: Int? {
        if case .asking(let index, _) = phase { return index }
        return nil
    }

    /// The lines of the multiline value being typed (empty when none is).
    private var collectedLines: [String] {
        if case .asking(_, let lines) = phase { return lines }
        return []
    }

    /// Adds one line to the multiline value being typed, in place: the phase gives up its array
    /// first, so the append does not copy the lines before it (40,000 pasted lines stay linear).
    /// A line that would take the value past `Wizard.multilineValueBytes` is refused; the lines
    /// before it stay.
    private mutating func collect(_ line: String, at index: Int) -> [WizardEffect] {
        guard case .asking(_, var lines) = phase else { return ask(index) }
        phase = .asking(index: index, lines: [])
        if lines.isEmpty { collectedBytes = 0 }
        let bytes = collectedBytes + line.utf8.count + (lines.isEmpty ? 0 : 1)
        if bytes > Wizard.multilineValueBytes {
            phase = .asking(index: index, lines: lines)
            return [error(Wizard.multilineTooLongMessage)] + resume(index, collected: lines)
        }
        lines.append(line)
        collectedBytes = bytes
        phase = .asking(index: index, lines: lines)
        return [.prompt(Prompt(text: "| ", field: spec.fields[index].name))]
    }

    /// Bound 8b: the most a multiline value may hold, in UTF-8 bytes with its line ends (1 MiB).
    public static let multilineValueBytes = 1 << 20
    static let multilineTooLongMessage =
        "This value is at its limit of 1 MiB: that line was not added. End it with a line '.'"

    private mutating func finishMultiline(at index: Int, lines: [String]) -> [WizardEffect] {
        let text = Wizard.joinMultiline(lines)
        if text.isEmpty { return keepOrDefault(at: index) }
        return accept(text, at: index)
    }

    private mutating func accept(_ text: String, at index: Int) -> [WizardEffect] {
        let field = spec.fields[index]
        switch field.parse(text) {
        case .success(let value) where value.isEmpty:
            // Only separators (" , " on a multichoice): as good as an empty line.
            return keepOrDefault(at: index)
        case .success(let value):
            setValue(value, at: index)
            visited.insert(field.name)
            return advance(from: index)
        case .failure(let problem):
            let prefill = field.isSecret || field.type == .multiline ? nil : text
            return [error(problem.message)] + ask(index, prefill: prefill)
        }
    }

    /// An empty answer or `.next`: keep the value, else take the default, else leave an optional
    /// field empty; a required field with none of these is "Required".
    private mutating func keepOrDefault(at index: Int) -> [WizardEffect] {
        let field = spec.fields[index]
        if values[field.name] == nil {
            if let d = field.defaultValue {
                setValue(d, at: index)
            } else if field.required {
                return [error("Required")] + ask(index, prefill: nil)
            }
        }
        visited.insert(field.name)
        return advance(from: index)
    }

    // MARK: - Commands

    private mutating func run(_ command: WizardCommand, at index: Int, collected: [String]) -> [WizardEffect] {
        let field = spec.fields[index]
        switch command {
        case .next:
            if field.type == .multiline && !collected.isEmpty { return finishMultiline(at: index, lines: collected) }
            return keepOrDefault(at: index)
        case .back:
            guard let previous = visibleIndices.last(where: { $0 < index }) else {
                return [error("This is the first field")] + resume(index, collected: collected)
            }
            if let problem = commitCollected(at: index, collected) { return problem }
            if queue != nil { enqueue(index) }
            return ask(previous)
        case .done:
            if let problem = commitCollected(at: index, collected) { return problem }
            returnTo = nil
            return goToReview()
        case .review:
            return reviewLines() + resume(index, collected: collected)
        case .edit(let target):
            if field.isSecret && (!Wizard.isFieldNumber(target) || resolveEditTarget(target) == nil) {
                // Only numbers here: a name typed at a secret prompt could be the secret itself.
                return [error("At a secret prompt, use .edit with the field's number (\(numberRange))")]
                    + resume(index, collected: collected)
            }
            guard let target = resolveEditTarget(target) else {
                // Never repeat what was typed at a secret prompt: it may be the secret.
                return [error(editTargetMessage(field.isSecret ? "" : target))] + resume(index, collected: collected)
            }
            if let problem = commitCollected(at: index, collected) { return problem }
            if reviewReached {
                enqueue(index)
            } else if target != index {
                // Before the review: edit that field, then come back here (or to where an earlier
                // .edit came from, if that is further on) and walk on.
                returnTo = max(returnTo ?? index, index)
            }
            return ask(target)
        case .skip:
            guard !field.required else {
                return [error("\(field.label) is required and can't be skipped")] + resume(index, collected: collected)
            }
            setValue(nil, at: index)
            visited.insert(field.name)
            return advance(from: index)
        case .clear:
            setValue(nil, at: index)
            return ask(index, prefill: nil)
        case .help:
            return helpLines(for: field) + resume(index, collected: collected)
        case .cancel:
            return end(.cancelled)
        case .retry:
            return [error("Nothing to retry: .retry follows a failed submission")] + resume(index, collected: collected)
        case .unknown(let typed):
            // At a secret prompt the "command" may be a password missing its `..`: never repeat it.
            let message = field.isSecret
                ? "Unknown command. To enter a value starting with '.', type '..' before it"
                : WizardCommand.unknownMessage(typed)
            return [error(message)] + resume(index, collected: collected)
        }
    }

    /// Asks the field again, or, in the middle of a multiline value, goes on collecting its lines:
    /// a command typed between lines never throws the lines already typed away.
    private mutating func resume(_ index: Int, collected: [String]) -> [WizardEffect] {
        guard !collected.isEmpty else { return ask(index) }
        phase = .asking(index: index, lines: collected)
        return [.prompt(Prompt(text: "| ", field: spec.fields[index].name))]
    }

    /// Before leaving a multiline field in the middle of its value (`.back`, `.edit`, `.done`),
    /// keeps the lines typed so far as its value. Returns the effects of a failure (the value
    /// breaks a rule: the error, and the lines are still there), or nil when it may leave.
    private mutating func commitCollected(at index: Int, _ collected: [String]) -> [WizardEffect]? {
        let text = Wizard.joinMultiline(collected)
        guard !text.isEmpty else { return nil }
        let field = spec.fields[index]
        switch field.parse(text) {
        case .success(let value):
            setValue(value, at: index)
            visited.insert(field.name)
            return nil
        case .failure(let problem):
            return [error(problem.message)] + resume(index, collected: collected)
        }
    }

    /// A multiline value from its lines: blank lines around it dropped, lines kept as typed.
    static func joinMultiline(_ lines: [String]) -> String {
        var lines = lines[...]
        while let first = lines.first, first.trimmedWhitespace.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.trimmedWhitespace.isEmpty { lines.removeLast() }
        return lines.joinedText(separator: "\n")
    }

    /// A field's number is its place in the form (1 = the first field), whichever fields are
    /// shown: a number means the same field in every run, and a transcript's `> 8` edits the
    /// same field when a condition hides another. Hidden fields keep their numbers.
    private func resolveEditTarget(_ target: String) -> Int? {
        let visible = visibleIndices
        if let n = Int(target) {
            guard n >= 1, n <= spec.fields.count, visible.contains(n - 1) else { return nil }
            return n - 1
        }
        let folded = target.lowercased()
        return visible.first { spec.fields[$0].name.lowercased() == folded || spec.fields[$0].label.lowercased() == folded }
    }

    /// "1-8", the numbers the review shows (the last shown field's number).
    var numberRange: String { "1-\((visibleIndices.last ?? 0) + 1)" }

    /// Why a number names no field to edit: out of range, or a field hidden in this run.
    private func numberMessage(_ n: Int) -> String {
        if n >= 1, n <= spec.fields.count {
            let label = TextWrap.truncate(spec.fields[n - 1].label, to: 24)
            return "Field \(n) (\(label)) is not asked in this run"
        }
        return "No field \(n): use a number from the review (\(numberRange))"
    }

    private func editTargetMessage(_ target: String) -> String {
        if target.isEmpty { return "Say which field: .edit \(numberRange) or .edit NAME" }
        if let n = Int(target) { return numberMessage(n) }
        return "No field '\(target)': use a number from the review (\(numberRange)) or a field name"
    }

    // MARK: - Walking

    /// Indices of the fields whose `when` holds now, in form order.
    var visibleIndices: [Int] {
        spec.fields.indices.filter { isVisible(spec.fields[$0]) }
    }

    func isVisible(_ field: Field) -> Bool {
        guard let condition = field.when else { return true }
        // A field that is hidden (or unknown) has no value to compare.
        return condition.holds { name in
            guard let other = spec.field(named: name), isVisible(other) else { return nil }
            return values[name]?.comparableStrings
        }
    }

    /// Sets (or clears) a value, then drops the values of fields it hides and, once the walk is
    /// asking a set of fields (after review), queues the fields it reveals so they are asked
    /// before the review comes back.
    mutating func setValue(_ value: FieldValue?, at index: Int) {
        let visibleBefore = Set(visibleIndices)
        values[spec.fields[index].name] = value
        dropHiddenValues()
        guard queue != nil else { return }
        for i in visibleIndices where !visibleBefore.contains(i) && values[spec.fields[i].name] == nil {
            enqueue(i)
        }
    }

    private mutating func dropHiddenValues() {
        var changed = true
        while changed {
            changed = false
            for field in spec.fields where values[field.name] != nil && !isVisible(field) {
                values[field.name] = nil
                visited.remove(field.name)
                changed = true
            }
        }
    }

    private mutating func enqueue(_ index: Int) {
        var q = queue ?? []
        if !q.contains(index) { q.append(index) }
        queue = q.sorted()
    }

    private mutating func advance(from index: Int) -> [WizardEffect] {
        if let queue {
            return continueQueue(queue.filter { $0 != index })
        }
        if let back = returnTo, back != index, Set(visibleIndices).contains(back) {
            // Fields the edit has just revealed come first, then the field the walk was at.
            if let revealed = visibleIndices.first(where: { i in
                i > index && i < back && values[spec.fields[i].name] == nil && !visited.contains(spec.fields[i].name)
            }) {
                return ask(revealed)
            }
            returnTo = nil
            return ask(back)
        }
        returnTo = nil
        if let next = visibleIndices.first(where: { $0 > index }) {
            return ask(next)
        }
        return goToReview()
    }

    private mutating func continueQueue(_ remaining: [Int]) -> [WizardEffect] {
        let visible = Set(visibleIndices)
        var rest = remaining.filter(visible.contains)
        guard !rest.isEmpty else {
            queue = []
            return goToReview()
        }
        let next = rest.removeFirst()
        queue = [next] + rest
        return ask(next)
    }

    /// `.done`, or the end of the walk: fill untouched defaults, then insist on required fields,
    /// then run the cross-field checks, then show the review.
    private mutating func goToReview() -> [WizardEffect] {
        for i in visibleIndices {
            let field = spec.fields[i]
            if values[field.name] == nil && !visited.contains(field.name), let d = field.defaultValue {
                values[field.name] = d
            }
        }
        dropHiddenValues()
        let missing = visibleIndices.filter { spec.fields[$0].required && values[spec.fields[$0].name] == nil }
        if submitsWithoutReview {
            var problems = missing.map { EndingError(field: spec.fields[$0].name, message: "Required", line: nil) }
            for check in spec.checks {
                guard let target = spec.index(of: check.field), isVisible(spec.fields[target]) else { continue }
                if !check.passes(values[check.first], values[check.second]) {
                    problems.append(EndingError(field: check.field, message: check.message, line: nil))
                }
            }
            if !problems.isEmpty {
                endingErrors = problems
                return problems.flatMap { Wizard.wrapped("\($0.field ?? "form"): \($0.message)", .error, indent: "  ! ") }
                    + Wizard.wrapped("Stopped: with --no-input nobody can correct these answers.", .error, indent: "")
                    + end(.inputRefused)
            }
            reviewReached = true
            queue = nil
            return submit(retry: false)
        }
        if !missing.isEmpty {
            let names = missing.map { spec.fields[$0].label }
            queue = missing
            return [error("Still missing: \(names.joined(separator: ", "))")] + ask(missing[0])
        }
        var failing: [Int] = []
        for check in spec.checks {
            guard let target = spec.index(of: check.field), isVisible(spec.fields[target]) else { continue }
            if !check.passes(values[check.first], values[check.second]) {
                pendingErrors[check.field, default: []].append(check.message)
                if !failing.contains(target) { failing.append(target) }
            }
        }
        if !failing.isEmpty {
            queue = failing.sorted()
            return ask(failing.sorted()[0])
        }
        queue = nil
        reviewReached = true
        phase = .review
        return reviewLines() + [.prompt(reviewPrompt)]
    }

    private mutating func ask(_ index: Int, prefill rejected: String? = nil) -> [WizardEffect] {
        let field = spec.fields[index]
        var effects: [WizardEffect] = []
        if (field.type == .choice || field.type == .multichoice) && !listedChoices.contains(field.name) {
            listedChoices.insert(field.name)
            effects += choiceListLines(field).map { .output($0) }
        }
        for message in pendingErrors.removeValue(forKey: field.name) ?? [] {
            effects.append(error(message))
        }
        phase = .asking(index: index, lines: [])
        // A refused scripted answer comes back on the edit line once, like a refused typed one.
        let refusedAnswer = refusedAnswerText.removeValue(forKey: field.name)
        effects.append(.prompt(prompt(for: field, prefill: rejected ?? refusedAnswer)))
        return effects
    }

    /// Asks the current prompt again unchanged (after an error at review or retry).
    private mutating func promptAgain() -> [WizardEffect] {
        switch phase {
        case .review: return [.prompt(reviewPrompt)]
        case .failed: return [.prompt(retryPrompt)]
        default: return []
        }
    }

    // MARK: - Review and submission

    private mutating func reviewLine(_ line: String) -> [WizardEffect] {
        let trimmed = line.trimmedWhitespace
        if trimmed.isEmpty { return submitIfChanged() }
        if let n = Int(trimmed) {
            guard let target = resolveEditTarget(String(n)) else {
                return [error(numberMessage(n) + "; press Enter to submit")] + [.prompt(reviewPrompt)]
            }
            return edit(target)
        }
        switch WizardCommand.parse(line) {
        case .done?, .next?:
            return submitIfChanged()
        case .retry? where rejectedPayload != nil:
            // The operator knows the server may answer differently now (a name freed meanwhile).
            return submit(retry: false)
        case .edit(let target)?:
            guard let i = resolveEditTarget(target) else { return [error(editTargetMessage(target)), .prompt(reviewPrompt)] }
            return edit(i)
        case .back?:
            guard let last = visibleIndices.last else { return [.prompt(reviewPrompt)] }
            return edit(last)
        case .review?:
            return reviewLines() + [.prompt(reviewPrompt)]
        case .cancel?:
            return end(.cancelled)
        case .help?:
            return Wizard.wrapped("Enter submits the form. A number (or .edit N) edits that field and comes back here. .cancel ends without submitting; what you typed is kept as a draft.", .notice) + [.prompt(reviewPrompt)]
        case .unknown(let typed)?:
            return [error(WizardCommand.unknownMessage(typed)), .prompt(reviewPrompt)]
        default:
            return [error("Press Enter to submit, type a number to edit, or .cancel"), .prompt(reviewPrompt)]
        }
    }

    private mutating func edit(_ index: Int) -> [WizardEffect] {
        queue = [index]
        return ask(index)
    }

    /// What identifies an attempt's values: the body and the filled path (a path parameter is a
    /// value too), so changing either one is a change.
    private static func attempt(_ path: String, _ payload: JSONValue) -> JSONValue { .array([.string(path), payload]) }

    /// The visible fields sent in the body: those `submit.path` names go in the path instead.
    private var bodyFields: [Field] {
        let inPath = Set(spec.submit.pathFieldNames)
        return visibleIndices.map { spec.fields[$0] }.filter { !inPath.contains($0.name) }
    }

    /// Enter at the review: submits, unless these are the very values the server just refused.
    private mutating func submitIfChanged() -> [WizardEffect] {
        let payload = Wizard.attempt(SubmitPath.fill(spec.submit.path, values: values), Payload.build(fields: bodyFields, values: values))
        guard let refused = rejectedPayload, refused == payload else { return submit(retry: false) }
        let hint = "Nothing has changed since the server refused these values, so sending them again would get the same answer. Type a field's number to change it, .retry to send the same values anyway, or .cancel to stop (a draft is kept)."
        return Wizard.wrapped(hint, .error, indent: "  ! ", continuation: "    ") + [.prompt(reviewPrompt)]
    }

    private mutating func submit(retry: Bool) -> [WizardEffect] {
        serverBanner = []
        rejectedPayload = nil
        let submission: Submission
        if retry, let last = lastSubmission {
            submission = last
        } else {
            let fields = bodyFields
            let payload = Payload.build(fields: fields, values: values)
            let path = SubmitPath.fill(spec.submit.path, values: values)
            if let last = lastSubmission, last.payload == payload, last.path == path {
                // Nothing changed since the last attempt (a field visited and kept): the same
                // attempt, so the server can recognise it by its Idempotency-Key.
                lastSubmission = last
                phase = .submitting
                return [.output(OutputLine("Submitting...", endsLine: false)), .submit(last)]
            }
            attempt += 1
            submission = Submission(
                method: spec.submit.method.rawValue,
                path: path,
                payload: Payload.build(fields: fields, values: values),
                transcriptPayload: Payload.build(fields: fields, values: values) { f, v in
                    f.isSecret ? .string("[\(f.name)]") : v.json
                },
                displayPayload: Payload.build(fields: fields, values: values) { f, v in
                    f.isSecret ? .string("[secret]") : v.json
                },
                attempt: attempt,
                secrets: Dictionary(uniqueKeysWithValues: fields.filter(\.isSecret).compactMap { f in
                    if case .text(let value)? = values[f.name] { return (f.name, value) }
                    return nil
                }),
                body: spec.submit.body)
        }
        lastSubmission = submission
        phase = .submitting
        return [.output(OutputLine("Submitting...", endsLine: false)), .submit(submission)]
    }

    private mutating func submitted(_ result: SubmissionResult) -> [WizardEffect] {
        switch result {
        case .accepted(let status, let summary):
            phase = .finished
            let note = summary.map { " " + serverText($0) } ?? ""
            return [.output(OutputLine(" accepted (\(status))\(note)")), .deleteDraft, .finish(.accepted)]
        case .rejected(let status, let errors):
            return rejected(status: status, errors: errors)
        case .failed(let reason):
            var effects: [WizardEffect] = [.output(OutputLine(" failed", style: .error))]
            effects += Wizard.wrapped(serverText(reason), .error, indent: "  ! ", continuation: "    ")
            guard interactive else { return effects + end(.transportFailed) }
            phase = .failed
            return effects + [.prompt(retryPrompt)]
        }
    }

    private mutating func rejected(status: Int, errors: [ServerError]) -> [WizardEffect] {
        // The server answered: the next submission is a new attempt even if nothing changes
        // (a server that honours the key would otherwise answer with the same rejection).
        let refused = lastSubmission.map { Wizard.attempt($0.path, $0.payload) }
        lastSubmission = nil
        rejectionStatus = status
        let visible = visibleIndices
        let placement = ServerErrorMapper.place(errors, in: spec, visibleFields: Set(visible.map { spec.fields[$0].name }))
        var effects: [WizardEffect] = [.output(OutputLine(" rejected (\(status))", style: .error))]
        // Bound 8a: a server may send any number of messages; the operator sees the first ones.
        serverBanner = placement.banner.prefix(Wizard.shownServerMessages).map(serverText)
            + (Wizard.moreMessagesLine(placement.banner.count).map { [$0] } ?? [])
        // Only a different value can fix a 422 (the server understood and refused the values) or
        // an error the server put on a field; a 400/409 with only banner lines ("try again
        // tomorrow", a conflict) may clear by itself, so Enter still sends it again.
        let valuesRefused = status == 422 || !placement.fieldErrors.isEmpty || !placement.alsoAsked.isEmpty
        rejectedPayload = valuesRefused ? refused : nil
        effects += bannerLines()
        var failed: [Int] = []
        let rows = reviewRows()
        for (number, i) in visible.enumerated() {
            let field = spec.fields[i]
            let messages = placement.fieldErrors[field.name] ?? []
            guard !messages.isEmpty || placement.alsoAsked.contains(field.name) else { continue }
            failed.append(i)
            effects.append(.output(OutputLine(rows[number], style: .review)))
            for message in messages.prefix(Wizard.shownServerMessages) {
                effects += Wizard.wrapped(serverText(message), .error, indent: "    ! ", continuation: "      ")
            }
            if let more = Wizard.moreMessagesLine(messages.count) {
                effects.append(.output(OutputLine("    ! " + more, style: .error)))
            }
        }
        if stopsAtRefusal {
            // No operator to fix the fields: every mapped error is shown, then the ending.
            endingErrors = placement.banner.map { EndingError(field: nil, message: serverText($0), line: nil) }
            for i in visible {
                let field = spec.fields[i]
                for message in placement.fieldErrors[field.name] ?? [] {
                    endingErrors.append(EndingError(field: field.name, message: serverText(message), line: nil))
                }
            }
            return effects + Wizard.wrapped(
                "Stopped: the server rejected the form and without a terminal nobody can correct it.",
                .error, indent: "") + end(.inputRefused)
        }
        guard !failed.isEmpty else {
            phase = .review
            // The banner was printed just above: the review does not repeat it here.
            return effects + reviewLines(withBanner: false) + [.prompt(reviewPrompt)]
        }
        queue = failed
        return effects + ask(failed[0])
    }

    /// How many server messages are shown in the banner, and under each field (README, bound 8a).
    public static let shownServerMessages = 20

    /// "and 99980 more messages from the server" when `count` is over the shown bound.
    static func moreMessagesLine(_ count: Int) -> String? {
        let more = count - shownServerMessages
        guard more > 0 else { return nil }
        return "and \(more) more message\(more == 1 ? "" : "s") from the server"
    }

    private mutating func failedLine(_ line: String) -> [WizardEffect] {
        let trimmed = line.trimmedWhitespace
        if trimmed.isEmpty { return submit(retry: true) }
        if let n = Int(trimmed), let target = resolveEditTarget(String(n)) { return edit(target) }
        switch WizardCommand.parse(line) {
        case .retry?: return submit(retry: true)
        case .edit(let target)?:
            guard let i = resolveEditTarget(target) else { return [error(editTargetMessage(target)), .prompt(retryPrompt)] }
            return edit(i)
        case .cancel?: return end(.transportFailed)
        case .review?: return reviewLines() + [.prompt(retryPrompt)]
        case .help?:
            return Wizard.wrapped("The form could not be sent; nothing you typed is lost. Enter or .retry sends the same attempt again. A number (or .edit N) edits that field, then comes back to the review. .cancel ends and keeps a draft.", .notice) + [.prompt(retryPrompt)]
        default:
            return [error("Press Enter (or .retry) to try again, a number to edit, or .cancel"), .prompt(retryPrompt)]
        }
    }

    // MARK: - Endings

    /// The non-secret values, as stored in a draft.
    var draftValues: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for field in spec.fields where !field.isSecret {
            if let v = values[field.name] { out[field.name] = v.json }
        }
        return out
    }

    /// How much state a copy of the wizard carries (values plus lines being collected): what the
    /// driver weighs before publishing a snapshot (`SessionSnapshots`).
    public var sessionSize: Int {
        if case .asking(_, let lines) = phase { return values.count + lines.count }
        return values.count
    }

    /// What a signal ending the session now would save as the draft: the non-secret values and
    /// the lines of a multiline value still being typed; empty once the session has finished.
    public var interruptionDraft: [String: JSONValue] {
        if phase == .finished { return [:] }
        var draft = draftValues
        // Lines of a multiline value still being typed are kept too: nothing typed is lost.
        if case .asking(let index, let lines) = phase {
            let text = Wizard.joinMultiline(lines)
            if !text.isEmpty { draft[spec.fields[index].name] = .string(text) }
        }
        return draft
    }

    private mutating func end(_ status: ExitStatus) -> [WizardEffect] {
        let draft = interruptionDraft
        phase = .finished
        var effects: [WizardEffect] = []
        if status != .accepted && !draft.isEmpty {
            effects.append(.saveDraft(draft))
        } else if status == .cancelled {
            // Nothing to keep, so no "Draft saved" line says the session is over: say it here.
            effects.append(.output(OutputLine("Cancelled.", style: .notice)))
        }
        effects.append(.finish(status))
        return effects
    }

    /// Text that came from a server, made safe to show: control characters (escape sequences,
    /// bells, newlines) become spaces, and any secret the server repeats back is masked.
    func serverText(_ text: String) -> String {
        var clean = Wizard.withoutControlCharacters(text)
        // A secret that is also typed in the open (a password equal to the username) is shown
        // there anyway; masking it would only make the server's words unreadable.
        let visibleText = spec.fields.filter { !$0.isSecret }.compactMap { values[$0.name]?.editableText }
        for field in spec.fields where field.isSecret {
            if case .text(let secret)? = values[field.name], !visibleText.contains(where: { $0.contains(secret) }) {
                clean = SecretMask.mask(clean, secret: secret, with: "[\(field.name)]")
            }
        }
        return clean
    }

    /// Control characters (escape sequences, bells, newlines) replaced by spaces.
    static func withoutControlCharacters(_ text: String) -> String {
        TextCleaning.withoutControlCharacters(text)
    }

    /// `text` wrapped within 80 columns, one output line each.
    static func wrapped(_ text: String, _ style: OutputLine.Style, indent: String = "  ", continuation: String? = nil) -> [WizardEffect] {
        TextWrap.wrap(text, indent: indent, continuation: continuation).map { .output(OutputLine($0, style: style)) }
    }

    private func error(_ message: String) -> WizardEffect {
        .output(OutputLine(TextWrap.wrap(message, indent: "  ! ", continuation: "    ").joined(separator: "\n"), style: .error))
    }
}
