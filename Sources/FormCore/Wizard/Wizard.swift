/// The form wizard as a pure state machine: `handle(event) -> [effects]`, no I/O.
///
/// The driver feeds it operator lines, end of input, signals and submission outcomes, and carries
/// out what it returns (print, prompt, submit, save the draft, finish). Replay, the fake transport
/// and the tests all drive this same type, so what they check is what operators get.
public struct Wizard: Sendable {
    enum Phase: Sendable, Equatable {
        /// Before the title; `walk` is where the start goes (a resumed draft or scripted answers
        /// leave only some fields to ask).
        case notStarted(walk: Walk)
        /// Asking field `index`; `lines` collects a multiline value; `walk` is where the walk goes
        /// after this field.
        case asking(index: Int, lines: [String], walk: Walk)
        case review
        case submitting
        /// After a transport failure, on a terminal: retry, edit or cancel.
        case failed
        /// `.delete` asked "Delete item N?"; `after` is where the wizard was (it goes back there).
        indirect case confirmingDelete(list: String, number: Int, after: Phase)
        case finished
    }

    public let spec: FormSpec
    /// The fields walked now: the form's own, each list's items made concrete (`lines.2.qty`);
    /// the form's fields as they are when it has no list.
    public internal(set) var fields: [Field]
    /// Concrete field name -> index in `fields`.
    var fieldIndex: [String: Int]
    /// `lines.2` -> the index of item 2's first field.
    var itemStarts: [String: Int]
    /// Each field some `when` looks at -> the fields whose `when` names it (by name, which stays
    /// when items are added). Only an answer to one of these can show or hide a field, and only
    /// those fields (and theirs in turn) can change: an answer to a 200-item receipt's Lot looks
    /// at that item's Damaged units, not at every field.
    var dependents: [String: [String]]
    /// The form's checks for the current items (a check on a group's members runs per item).
    var checks: [CrossFieldCheck]
    /// Items in each list (lists of scalars and groups), by list name.
    public internal(set) var itemCounts: [String: Int] = [:]
    /// Lists whose last item the walk added and the operator has not begun: an empty first
    /// answer there ends the list instead of being "Required".
    var tentativeLists: Set<String> = []
    /// Each group's label template, read once; the members each names (`itemDetails` shows the
    /// others).
    let labelTemplates: [String: [TemplatePiece]]
    let labelMembers: [String: Set<String>]
    /// Each group item's review words as last made, by list and item number - 1 (WizardItemWords.swift).
    var itemWordsKept: [String: [ItemWords?]] = [:]
    /// Lists whose offered item has said once that an empty answer ends the list (once per list:
    /// a serial line pays for the hint one time, not at every item).
    var listEndHinted: Set<String> = []
    /// Whether the line source edits lines: pre-fill offered, and a transport failure asks what to do.
    public let interactive: Bool
    /// The answers, by name and by index in `fields` (WizardAnswerStore.swift).
    var store: AnswerStore
    /// The answers by field name.
    public var values: [String: FieldValue] { store.byName }
    var phase: Phase = .notStarted(walk: .forward(returnTo: nil))
    /// Fields the operator has been through (answered, kept, skipped): `.done` fills the defaults
    /// of the others.
    var visited: Set<String> = []
    /// Messages to show just before a field's next prompt (failed cross-field checks).
    var pendingErrors: [String: [String]] = [:]
    var listedChoices: Set<String> = []
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
    public internal(set) var linesRead = 0
    /// The errors that ended the session, for `--output json`: the refused line, or every field
    /// error of a server rejection that ended it.
    public internal(set) var endingErrors: [EndingError] = []
    /// Scripted answers that were refused, by field name (`--answers`, `--set`).
    var answerRefusals: [String: AnswerProblem] = [:]
    /// The text of a refused scripted answer, pre-filled at its field's next prompt (not secrets).
    var refusedAnswerText: [String: String] = [:]
    /// Where each accepted scripted answer came from (`answers.yaml:4`, `--set age`): a failed
    /// cross-field check under `--no-input` points there.
    var answerOrigins: [String: String] = [:]
    var answered = false
    /// `--no-input`: once every field has a value, submit without the review; a missing answer or
    /// a failed check ends the session (exit 5) instead of asking.
    public var submitsWithoutReview = false
    /// The HTTP status of the last rejection, for `--output json`.
    public internal(set) var rejectionStatus: Int?
    /// Whether the server's last answer to this session was a rejection: set by a rejection,
    /// cleared by a transport failure or an acceptance. A run of records counts a record as
    /// "rejected" only then (a record rejected, fixed, then not sent is kept as a draft).
    public internal(set) var lastAnswerWasRejection = false
    /// UTF-8 bytes of the multiline value being collected, with its line ends (see `collect`).
    var collectedBytes = 0
    /// Set for a record of a run of records (`fill --repeat`, WizardRecords.swift).
    var recordRun: RecordRun?

    public init(spec: FormSpec, interactive: Bool) {
        self.spec = spec
        self.interactive = interactive
        var counts: [String: Int] = [:]
        var tentative: Set<String> = []
        for list in spec.itemLists {
            // The first item is offered even when none is needed: its empty first answer ends
            // the list, so an optional list costs one Enter.
            let count = min(max(list.rule.minItems, 1), list.rule.maxItems)
            counts[list.name] = count
            if count > list.rule.minItems { tentative.insert(list.name) }
        }
        itemCounts = counts
        tentativeLists = tentative
        fields = spec.concreteFields(itemCounts: counts)
        store = AnswerStore(fieldCount: fields.count)
        fieldIndex = Wizard.indexByName(fields)
        itemStarts = Wizard.itemStarts(fields)
        dependents = Wizard.dependentsByName(fields)
        checks = spec.concreteChecks(itemCounts: counts)
        labelTemplates = Wizard.labelTemplates(spec)
        labelMembers = Wizard.labelMembers(labelTemplates)
    }

    /// A wizard that continues a draft: every stored value is checked against the current form;
    /// values that no longer fit, missing ones and secrets are asked, then the review.
    /// `formChanged`: the form file is not the one the draft was saved from, so say so.
    public init(spec: FormSpec, interactive: Bool, resuming draft: [String: JSONValue], formChanged: Bool = false) {
        self.init(spec: spec, interactive: interactive)
        let cut = resumeItemCounts(draft.keys)
        var kept = 0
        for (index, field) in fields.enumerated() where !field.isSecret {
            guard let json = draft[field.name] else { continue }
            if json == .null {
                // An optional field answered empty (`draftValues`): answered, not asked again.
                if !field.required { visited.insert(field.name) }
                continue
            }
            if let value = field.restore(json) {
                store.set(value, at: index, named: field.name)
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
        walk = .revisiting(visibleIndices.filter { i in
            let f = fields[i]
            return f.isSecret || (store[i] == nil && !visited.contains(f.name))
        })
        resumeNotice = "Resuming a saved draft: \(kept) answer\(kept == 1 ? "" : "s") kept."
        for (list, count) in cut.sorted(by: { $0.key < $1.key }) {
            let most = listRule(list)?.maxItems ?? count
            let label = listLabel(list)
            let extra = count - most
            resumeNotice? += " \(label) now takes at most \(most) item\(most == 1 ? "" : "s") and the draft has \(count): all are kept; delete \(extra) (.delete \(list).N) before submitting."
        }
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
        case .line, .unreadable: return stopIfRefused(effects, at: refusedPlace(after: place))
        case .start, .endOfInput, .interrupted, .submission: return effects
        }
    }

    /// Where a line would be refused: a field, the review or the retry prompt; nil when no prompt
    /// is open (a line then changes nothing and is not counted).
    private enum RefusalPlace { case field(Int), review, retry }

    private var refusalPlace: RefusalPlace? {
        switch phase {
        case .asking(let index, _, _): return .field(index)
        case .review: return .review
        case .failed: return .retry
        case .confirmingDelete: return .review
        case .notStarted, .submitting, .finished: return nil
        }
    }

    /// Where the refusal that `place`'s line caused lands: the field asked next when that is
    /// another one. The last field's line can fail a check made after it (a cross-field check on
    /// the password, a `distinct` value given by `--set`): its errors are that field's, and
    /// naming the field whose line came last would send a script to fix the wrong one.
    private func refusedPlace(after place: RefusalPlace) -> RefusalPlace {
        guard case .asking(let asked, _, _) = phase else { return place }
        return .field(asked)
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
            field = fields[index]
            place = fields[index].label
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
        // Worded for both reasons a run stops: a transcript recorded either way replays the same.
        let message = "Stopped at input line \(linesRead) (\(place)): \(reason). This run stops at the "
            + "first refused line (no terminal, or --stop-at-refusal) so that the next lines never "
            + "land on the wrong fields; without a terminal, --keep-asking asks again."
        return kept + Wizard.wrapped(message, .error, indent: "") + end(.inputRefused)
    }

    mutating func reduce(_ event: WizardEvent) -> [WizardEffect] {
        // A line while asking, decided before the switch: the switch's (event, phase) tuple holds
        // a copy of the phase, and with it the lines of a multiline value, for as long as a case
        // runs, so `collect` could not append in place. Same decision as the case below.
        if let effects = recordRunEvent(event) { return effects }
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
        case (.start, .asking), (.start, .review), (.start, .submitting), (.start, .failed), (.start, .confirmingDelete):
            return []

        // Signals and end of input end the session from any phase, saving a draft.
        case (.interrupted(let signal), .notStarted), (.interrupted(let signal), .asking),
             (.interrupted(let signal), .review), (.interrupted(let signal), .failed),
             (.interrupted(let signal), .confirmingDelete):
            return end(.forSignal(signal))
        // "Submitting..." waits for its outcome on the same line: end that line first, so what
        // follows ("Draft saved: ...") starts a line of its own.
        case (.interrupted(let signal), .submitting):
            return [.output(OutputLine(" interrupted", style: .error))] + end(.forSignal(signal))
        case (.endOfInput, .notStarted), (.endOfInput, .asking), (.endOfInput, .review),
             (.endOfInput, .submitting), (.endOfInput, .failed), (.endOfInput, .confirmingDelete):
            return end(.endOfInput)

        // The lines collected so far are not bound here: `answer` appends to them in place.
        case (.line(let line), .asking(let index, _, _)):
            return answer(line, at: index)
        case (.line(let line), .review):
            return reviewLine(line)
        case (.line(let line), .failed):
            return failedLine(line)
        case (.line(let line), .confirmingDelete(let list, let number, let after)):
            return confirmDelete(line, list: list, number: number, after: after)
        // No prompt is open before the start or while a submission is out: a line then answers
        // nothing, and is dropped rather than taken as an answer to a prompt not yet shown.
        case (.line, .notStarted), (.line, .submitting):
            return []

        case (.unreadable(let reason), .asking(let index, let lines, _)):
            return [error(reason)] + resume(index, collected: lines)
        case (.unreadable(let reason), .review), (.unreadable(let reason), .failed),
             (.unreadable(let reason), .confirmingDelete):
            return [error(reason)] + promptAgain()
        // As for a line: no prompt is open.
        case (.unreadable, .notStarted), (.unreadable, .submitting):
            return []

        case (.submission(let result), .submitting):
            return submitted(result)
        // Only the one submission the wizard sent is answered; a result at any other time (a
        // late or duplicated response) must not accept or reject the form.
        case (.submission, .notStarted), (.submission, .asking), (.submission, .review), (.submission, .failed),
             (.submission, .confirmingDelete):
            return []
        }
    }

    mutating func start() -> [WizardEffect] {
        let counted = "  (" + fieldCountText + "; ? for help)"
        let title = TextWrap.truncate(spec.title, to: TextWrap.width - counted.count)
        var effects = recordStartLines(title: OutputLine(title + counted, style: .title))
        if let notice = resumeNotice {
            effects += Wizard.wrapped(notice, .notice, indent: "")
        }
        if case .revisiting(let queue) = walk {
            return effects + continueQueue(queue)
        }
        guard let first = visibleIndices.first else { return effects + goToReview() }
        return effects + ask(first)
    }
}
