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
        /// Asking field `index`; `walk` is where the walk goes after this field. The lines of a
        /// multiline value being typed are `Wizard.multiline`.
        case asking(index: Int, walk: Walk)
        /// A server check of field `index`'s answer is out (`pending`); `walk` as for `.asking`.
        case checking(index: Int, walk: Walk, pending: PendingCheck)
        case review
        case submitting
        /// After a transport failure, on a terminal: retry, edit or cancel.
        case failed
        /// `.delete` asked "Delete item N?"; `after` is where the wizard was (it goes back there).
        indirect case confirmingDelete(list: String, number: Int, after: Phase)
        case finished
    }

    /// The form as walked now: its concrete fields, their indexes, checks and answers
    /// (State/FormInstance.swift). Item operations change them together, only there.
    var form: FormInstance
    var phase: Phase = .notStarted(walk: .forward(returnTo: nil))
    /// The lines of a multiline value being typed (State/MultilineValue.swift).
    var multiline = MultilineValue()
    /// Which fields the operator has been through, and messages waiting for their prompts.
    var progress = FieldProgress()
    /// What the operator has been shown once already (choice lists, hints, the start notice).
    var shown = ShownOnce()
    var policy: SessionPolicy
    var submissions = SubmissionLog()
    /// What became of `--answers` and `--set` (Scripted/).
    var scripted = ScriptedState()
    var report = SessionReport()
    /// Set for a record of a run of records (`fill --repeat`, Records/WizardRecords.swift).
    var recordRun: RecordRun?
    /// The answers of server checks made in this session, and the lookups they showed
    /// (State/CheckBook.swift).
    var checkBook = CheckBook()

    // MARK: - What drivers and callers read

    public var spec: FormSpec { form.spec }
    /// The fields walked now: the form's own, each list's items made concrete (`lines.2.qty`);
    /// the form's fields as they are when it has no list.
    public var fields: [Field] { form.fields }
    /// Items in each list (lists of scalars and groups), by list name.
    public var itemCounts: [String: Int] { form.itemCounts }
    /// The answers by field name.
    public var values: [String: FieldValue] { form.store.byName }
    /// Whether the line source edits lines: pre-fill offered, and a transport failure asks what to do.
    public var interactive: Bool { policy.interactive }
    /// Stop at the first refused line (exit 5) instead of asking again: set for a run without a
    /// terminal, where a script cannot see the error and every later line would land one field
    /// too late. `--keep-asking` leaves it off.
    public var stopsAtRefusal: Bool {
        get { policy.stopsAtRefusal }
        set { policy.stopsAtRefusal = newValue }
    }
    /// `--no-input`: once every field has a value, submit without the review; a missing answer or
    /// a failed check ends the session (exit 5) instead of asking.
    public var submitsWithoutReview: Bool {
        get { policy.submitsWithoutReview }
        set { policy.submitsWithoutReview = newValue }
    }
    /// `batch --repair`: after a rejection the review comes back (`submitsWithoutReview` ends).
    public var reviewsAfterRejection: Bool {
        get { policy.reviewsAfterRejection }
        set { policy.reviewsAfterRejection = newValue }
    }
    /// How the wizard words what it shows (`--accessible`): set by the session set-up before `.start`.
    public var presentation: Presentation {
        get { policy.presentation }
        set { policy.presentation = newValue }
    }
    /// `--no-checks` sets it false: fields' server checks are not made.
    public var runsServerChecks: Bool {
        get { policy.runsServerChecks }
        set { policy.runsServerChecks = newValue }
    }
    /// The language of the operator's sentences (`--lang`, the locale; docs/languages.md).
    public var language: MessageLanguage {
        get { policy.language }
        set { policy.language = newValue }
    }
    /// Lines read so far (answers, commands, unreadable lines): the input line number a refusal names.
    public var linesRead: Int { report.linesRead }
    /// The errors that ended the session, for `--output json`: the refused line, or every field
    /// error of a server rejection that ended it.
    public var endingErrors: [EndingError] { report.endingErrors }
    /// The HTTP status of the last rejection, for `--output json`.
    public var rejectionStatus: Int? { submissions.rejectionStatus }
    /// Whether the server's last answer to this session was a rejection (a run of records counts
    /// a record as "rejected" only then).
    public var lastAnswerWasRejection: Bool { submissions.lastAnswerWasRejection }

    public init(spec: FormSpec, interactive: Bool) {
        form = FormInstance(spec: spec)
        policy = SessionPolicy(interactive: interactive)
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
                if !field.required { progress.visit(field.name) }
                continue
            }
            if let value = field.restore(json) {
                form.store.set(value, at: index, named: field.name)
                progress.visit(field.name)
                kept += 1
            } else {
                // Say why a saved answer is asked again rather than silently dropping it.
                let text = json.stringValue
                    ?? json.arrayValue.map { $0.map { $0.stringValue ?? $0.compactText }.joined(separator: ", ") }
                    ?? json.compactText
                let shown = TextWrap.truncate(Wizard.withoutControlCharacters(text), to: 30)
                var reason = WizardMessage.savedAnswerDoesNotFit.text
                if case .failure(let problem) = field.parse(text) { reason = Wizard.withoutControlCharacters(problem.message) }
                progress.note(WizardMessage.savedAnswerNotKept(shown: shown, reason: reason).text, for: field.name)
            }
        }
        dropHiddenValues()
        walk = .revisiting(form.visibleIndices.filter { i in
            let f = fields[i]
            return f.isSecret || (form.store[i] == nil && !progress.wasVisited(f.name))
        })
        shown.startNotice = WizardMessage.draftResumed(kept: kept).text
        for (list, count) in cut.sorted(by: { $0.key < $1.key }) {
            let most = form.listRule(list)?.maxItems ?? count
            shown.startNotice? += " " + WizardMessage.draftListOverMax(label: form.listLabel(list), most: most, count: count, list: list).text
        }
        if formChanged {
            shown.startNotice? += " " + WizardMessage.draftFormChanged.text
        }
    }

    // MARK: - Events

    /// The reducer: every (event, phase) pair is listed, and a pair the wizard does not expect
    /// (a line while a submission is out, a result while asking, anything once finished) is
    /// named and answers no effects, so it changes nothing. The switch has no `default:`: a new
    /// event or phase does not compile until every pair is decided. Each handler says what it
    /// refused as data (`WizardEffect.refused`); `lineTaken` ends a run that stops at refusals.
    public mutating func handle(_ event: WizardEvent) -> [WizardEffect] {
        // Every sentence rendered while handling it speaks the session's language.
        policy.language.speaking { reduce(event) }
    }

    private mutating func reduce(_ event: WizardEvent) -> [WizardEffect] {
        switch (event, phase) {
        // A finished wizard takes nothing more: the driver has stopped, and whatever arrives
        // late (a line typed after .cancel, a response after a signal) must change nothing.
        case (_, .finished):
            return []

        case (.start, .notStarted):
            return start()
        // Started once only: a second start would print the title again over a session.
        case (.start, .asking), (.start, .checking), (.start, .review), (.start, .submitting), (.start, .failed), (.start, .confirmingDelete):
            return []

        // Signals and end of input end the session from any phase, saving a draft.
        // A check is cancelled by the driver on Ctrl-C (`.checked(.cancelled)`); any signal
        // that reaches the wizard ends the session.
        case (.interrupted(let signal), .notStarted), (.interrupted(let signal), .asking), (.interrupted(let signal), .checking),
             (.interrupted(let signal), .review), (.interrupted(let signal), .failed),
             (.interrupted(let signal), .confirmingDelete):
            return end(.forSignal(signal))
        // "Submitting..." waits for its outcome on the same line: end that line first, so what
        // follows ("Draft saved: ...") starts a line of its own.
        case (.interrupted(let signal), .submitting):
            return [.output(OutputLine(.interrupted, style: .error))] + end(.forSignal(signal))
        // At a record's first prompt, end of input ends the run of records (WizardRecords.swift).
        case (.endOfInput, .asking), (.endOfInput, .review):
            if atRecordStart { return endRunHere() }
            return end(.endOfInput)
        case (.endOfInput, .notStarted), (.endOfInput, .submitting), (.endOfInput, .checking), (.endOfInput, .failed),
             (.endOfInput, .confirmingDelete):
            return end(.endOfInput)

        case (.line(let line), .asking(let index, _)):
            report.linesRead += 1
            // Taken before `answer`, which may move the walk (an item added or deleted).
            let withheld = fields.indices.contains(index) && fields[index].isWithheld ? fields[index] : nil
            let effects = answer(line, at: index)
            guard let withheld else { return lineTaken(effects, at: .field(index)) }
            return lineTaken(quotingWithheld(effects, typed: line, field: withheld), at: .field(index))
        case (.line(let line), .review):
            report.linesRead += 1
            return lineTaken(reviewLine(line), at: .review)
        case (.line(let line), .failed):
            report.linesRead += 1
            return lineTaken(failedLine(line), at: .retry)
        case (.line(let line), .confirmingDelete(let list, let number, let after)):
            report.linesRead += 1
            return lineTaken(confirmDelete(line, list: list, number: number, after: after), at: .review)
        // No prompt is open before the start or while a submission is out: a line then answers
        // nothing, and is dropped rather than taken as an answer to a prompt not yet shown.
        // Nor while a check is out: what was typed meanwhile answers nothing.
        case (.line, .notStarted), (.line, .submitting), (.line, .checking):
            return []

        case (.unreadable(let reason), .asking(let index, _)):
            report.linesRead += 1
            return lineTaken(refuse(reason) + resume(index), at: .field(index))
        case (.unreadable(let reason), .review), (.unreadable(let reason), .confirmingDelete):
            report.linesRead += 1
            return lineTaken(refuse(reason) + promptAgain(), at: .review)
        case (.unreadable(let reason), .failed):
            report.linesRead += 1
            return lineTaken(refuse(reason) + promptAgain(), at: .retry)
        // As for a line: no prompt is open.
        case (.unreadable, .notStarted), (.unreadable, .submitting), (.unreadable, .checking):
            return []

        case (.submission(let result), .submitting):
            return submitted(result)
        // Only the one submission the wizard sent is answered; a result at any other time (a
        // late or duplicated response) must not accept or reject the form.
        case (.submission, .notStarted), (.submission, .asking), (.submission, .review), (.submission, .failed),
             (.submission, .confirmingDelete), (.submission, .checking):
            return []

        case (.checked(let outcome), .checking(let index, let walk, let pending)) where pending.fetchesChoices:
            return fetchedChoices(outcome, pending: pending, at: index, walk: walk)
        case (.checked(let outcome), .checking(let index, let walk, let pending)):
            return lineTaken(checked(outcome, pending: pending, at: index, walk: walk), at: .field(index))
        // Only the check the wizard asked for is answered.
        case (.checked, .notStarted), (.checked, .asking), (.checked, .review), (.checked, .submitting),
             (.checked, .failed), (.checked, .confirmingDelete):
            return []
        }
    }

    /// Where a line was taken: a field, the review (or its delete question) or the retry prompt.
    enum LinePlace { case field(Int), review, retry }

    /// A line's effects, as they go to the driver. A handler that refused the line says so with
    /// `.refused`; when this session stops at refusals (no terminal, `--stop-at-refusal`), the
    /// prompt asking again is replaced by the ending: the error lines stay, then one line naming
    /// the input line, the place and the reason.
    mutating func lineTaken(_ effects: [WizardEffect], at place: LinePlace) -> [WizardEffect] {
        guard policy.stopsAtRefusal else { return effects }
        guard let refusal = effects.lazy.compactMap({ effect -> Refusal? in
            if case .refused(let refusal) = effect { return refusal }
            return nil
        }).first else { return effects }
        let reason = refusal.reason
        // The refusal lands where the wizard asks next when that is a field: the last field's
        // line can fail a check made after it (a cross-field check on the password, a `distinct`
        // value given by `--set`), and naming the field whose line came last would send a
        // script to fix the wrong one.
        var field: Field?
        let name: String
        switch (phase, place) {
        case (.asking(let asked, _), _), (.checking(let asked, _, _), _), (_, .field(let asked)):
            // The line's own field may be gone (its item deleted) when nothing is asked next.
            field = fields.indices.contains(asked) ? fields[asked] : nil
            name = field?.label ?? WizardMessage.stoppedAtReviewPlace.text
        case (_, .review):
            name = WizardMessage.stoppedAtReviewPlace.text
        case (_, .retry):
            name = WizardMessage.stoppedAtRetryPlace.text
        }
        report.endingErrors = [EndingError(field: field?.name, message: reason, line: report.linesRead)]
        // What the refusal showed stays; the prompt asking again (and what leads to it) goes.
        let shown = effects.filter { effect in
            if case .output(let line) = effect { return line.style == .error }
            return false
        }
        let message = WizardMessage.stoppedAtInputLine(line: report.linesRead, place: name, reason: reason)
        var stop = Wizard.wrapped(message, .error, indent: "")
        if let recorded = refusal.recorded {
            // The transcript's copy quotes a private value as `[name]`, as the error line did.
            let written = Wizard.wrapped(WizardMessage.stoppedAtInputLine(line: report.linesRead, place: name, reason: recorded), .error, indent: "")
            let lines = written.compactMap { effect -> String? in
                if case .output(let line) = effect { return line.text }
                return nil
            }
            for k in stop.indices {
                guard case .output(var line) = stop[k] else { continue }
                line.recorded = k == 0 ? lines : []
                stop[k] = .output(line)
            }
        }
        return shown + stop + end(.inputRefused)
    }

    mutating func start() -> [WizardEffect] {
        let counted = WizardMessage.titleCount(fieldCountText).text
        var title = OutputLine(TextWrap.truncate(spec.title, to: TextWrap.width - counted.count) + counted, style: .title)
        if policy.presentation.promptInWords {
            // The whole title, then the count as a sentence: nothing cut, nothing in parentheses.
            let text = TextWrap.truncate(spec.title, to: 200) + WizardMessage.titleCountInWords(fieldCountText).text
            title.text = TextWrap.wrap(text, indent: "", continuation: "").joined(separator: "\n")
        }
        var effects = recordStartLines(title: title)
        if let notice = shown.startNotice {
            effects += Wizard.wrapped(notice, .notice, indent: "")
        }
        if case .revisiting(let queue) = walk {
            return effects + continueQueue(queue)
        }
        guard let first = form.visibleIndices.first else { return effects + goToReview() }
        return effects + ask(first)
    }
}
