/// A record of a run of records (`fill --repeat`, docs/records.md): the wizard's
/// side. The loop that starts record after record lives at the edge (`RecordLoop`); each record
/// is one wizard that knows the records before it only through its `RecordContext`.
extension Wizard {
    /// A wizard for record `record.number` of a run: the fields marked `carry:` default to what the
    /// previous record carries, and choice lists already shown are not shown again.
    public init(spec: FormSpec, interactive: Bool, record: RecordContext) {
        self.init(spec: record.carryingDefaults(into: spec), interactive: interactive)
        joinRun(record)
    }

    /// Makes this wizard (a new one, or one resuming a draft) a record of a run. Carried defaults
    /// come only with `init(spec:interactive:record:)`: the run's first record has none.
    public mutating func joinRun(_ record: RecordContext) {
        recordRun = RecordRun(context: record)
        shown.listedChoices.formUnion(record.choicesListed)
        report.linesRead = record.linesBefore
        checkBook = record.checkVerdicts
    }

    /// The record this wizard is, in a run of records.
    public var record: RecordContext? { recordRun?.context }

    /// What the operator decided at the record's first prompt or after a transport failure.
    public var recordDecision: RecordDecision? { recordRun?.decision }

    /// The next record's context, from this record as it ended: its answers (not secrets) to carry
    /// and copy, and, when it was `accepted`, its `distinct` values added to the run's.
    public func nextRecord(accepted: Bool) -> RecordContext {
        let context = recordRun?.context ?? RecordContext()
        var seen = context.seen
        var previous: [String: FieldValue] = [:]
        for field in fields where !field.isSecret {
            guard let value = values[field.name] else { continue }
            previous[field.name] = value
            if accepted && field.distinct {
                seen[field.name, default: [:]][Wizard.distinctKey(value)] = context.number
            }
        }
        var next = RecordContext(number: context.number + 1, previous: previous, seen: seen, choicesListed: shown.listedChoices,
                                 linesBefore: linesRead)
        next.checkVerdicts = checkBook.forNextRecord
        return next
    }

    /// How `distinct` compares values: their canonical JSON (`Sw1.Example.NET.` and
    /// `sw1.example.net` are one host name, `+007` and `7` one number).
    static func distinctKey(_ value: FieldValue) -> String { value.json.compactText }

    // MARK: - Start

    /// The title once per run (with how a run works), then `Record N` for each record. A notice
    /// about scripted answers is shown for the first record only: it is the same for every one.
    mutating func recordStartLines(title: OutputLine) -> [WizardEffect] {
        guard let run = recordRun else { return [.output(title)] }
        let number = run.context.number
        guard number == 1 else {
            shown.startNotice = nil
            return [.output(OutputLine(.recordTitle(number), style: .title))]
        }
        guard policy.presentation.promptInWords else { return [.output(title), .output(OutputLine(Wizard.firstRecordHeader, style: .title))] }
        return [.output(title)] + Wizard.wrapped(.firstRecordHeaderInWords, .title, indent: "")
    }

    static var firstRecordHeader: String { WizardMessage.firstRecordHeader.text }
    static var compactReviewPromptText: String { WizardMessage.compactReviewPrompt.text }
    static var goOnPromptText: String { WizardMessage.goOnPrompt.text }

    /// What `?` adds in a run of records: ditto, its escape, and how the run ends.
    func recordHelpLines(for field: Field) -> [OutputLine] {
        guard recordRun != nil else { return [] }
        return TextWrap.wrap(WizardMessage.recordHelp(secret: field.isSecret).text, indent: "  ", continuation: "    ").map { OutputLine($0, style: .notice) }
    }

    // MARK: - Ending the run

    /// Whether the record has not begun: a run of records is at one of its prompts (a field or
    /// the review) and no answer was taken yet in this record (`?`, `.review` or a refused line
    /// do not begin it). `.end` or end of input there ends the run: no draft, and the record
    /// does not count.
    var atRecordStart: Bool {
        guard recordRun != nil, progress.isEmpty else { return false }
        if case .asking = phase { return multiline.isEmpty }
        return true
    }

    /// `.end` at a prompt of a record: the run ends when the record has not begun; nil
    /// otherwise (the caller refuses it with `endMidRecordMessage`). After a transport failure
    /// `failedLine` takes `.end` instead.
    mutating func endRun() -> [WizardEffect]? {
        atRecordStart ? endRunHere() : nil
    }


    mutating func endRunHere() -> [WizardEffect] {
        phase = .finished
        recordRun?.decision = .endRunHere
        return [.finish(.endOfInput)]
    }

    // MARK: - Ditto

    /// A line holding only `"` copies the previous record's answer to this field (the DUP key of
    /// data-entry terminals; parsed as `WizardCommand.ditto`). Secrets are never copied: at a
    /// secret prompt `"` is a password like any other.
    mutating func ditto(at index: Int) -> [WizardEffect] {
        let field = fields[index]
        guard let run = recordRun else { return ask(index) }
        let number = run.context.number
        guard number > 1 else {
            return refuse(.firstRecordNoDitto)
                + ask(index)
        }
        guard let value = run.context.previous[field.name] else {
            return refuse(.nothingToCopy(record: number - 1, label: TextWrap.truncate(field.label, to: 30))) + ask(index)
        }
        return accept(value.editableText, at: index)
    }

    /// A line of two or more `"` and nothing else is typed text with one `"` dropped (`""` is the
    /// value `"`); nil for any other line.
    static func withoutDittoEscape(_ line: String) -> String? {
        let trimmed = line.trimmedWhitespace
        guard trimmed.count > 1, trimmed.allSatisfy({ $0 == "\"" }) else { return nil }
        return String(trimmed.dropFirst())
    }

    // MARK: - Distinct

    /// The error and the field asked again when `value` is one an accepted record of the run has
    /// on a `distinct` field; nil when it is new. `typed` comes back on the edit line.
    mutating func refuseDistinct(_ value: FieldValue, typed: String?, at index: Int) -> [WizardEffect]? {
        guard let message = distinctClash(value, at: index) else { return nil }
        let field = fields[index]
        return refuse(message.text, recorded: distinctClash(value, at: index, recorded: true)?.text)
            + ask(index, prefill: field.type == .multiline ? nil : typed)
    }

    /// `recorded`: the transcript's copy, a private field's value as `[name]` (docs/privacy.md).
    func distinctClash(_ value: FieldValue, at index: Int, recorded: Bool = false) -> WizardMessage? {
        let field = fields[index]
        guard field.distinct, let record = recordRun?.context.seen[field.name]?[Wizard.distinctKey(value)] else { return nil }
        let shown = recorded && field.isWithheld ? "[\(field.name)]"
            : TextWrap.truncate(Wizard.withoutControlCharacters(shortDisplay(value, field)), to: 30)
        return .recordAlreadyHas(record: record, label: TextWrap.truncate(field.label, to: 30), value: shown)
    }

    /// Before the review: values that came without a prompt (answers files, defaults taken by
    /// `.done`) are held to `distinct` too, like a failed cross-field check.
    mutating func addDistinctClashes(to failing: inout [Int]) {
        guard recordRun != nil else { return }
        for i in form.visibleIndices {
            guard let value = form.store[i], let message = distinctClash(value, at: i) else { continue }
            progress.note(message.text, for: fields[i].name)
            if !failing.contains(i) { failing.append(i) }
        }
    }

    // MARK: - Review

    /// From the second record on, the review is one line (the full review is `.review` away): at
    /// 9600 baud forty full reviews are most of a run's bytes.
    /// Never in the accessible presentation: "a | b | c" reads as punctuation.
    var compactReview: Bool { (recordRun?.context.number ?? 1) > 1 && !policy.presentation.reviewAsSentences }

    /// The review the walk arrives at: the full one (keeping the item words it makes), or from
    /// the second record of a run on the compact one.
    mutating func arrivalReview(visible: [Int]) -> [WizardEffect] {
        guard compactReview else { return keepingItemWords(visible: visible) }
        func shown(masked: Bool) -> [String] {
            visible.map { i -> String in
                let field = fields[i]
                let text = values[field.name].map { masked && field.isPrivate ? "[\(field.name)]" : shortDisplay($0, field) } ?? "-"
                return TextWrap.truncate(String(text.map { $0 == "\t" ? " " : $0 }), to: 30)
            }
        }
        let line = TextWrap.truncate(WizardMessage.compactReview(shown(masked: false)).text, to: TextWrap.width)
        var output = OutputLine(line, style: .review)
        // A private value is recorded `[name]` before the line is cut to fit (docs/privacy.md).
        if visible.contains(where: { fields[$0].isPrivate && values[fields[$0].name] != nil }) {
            let written = TextWrap.truncate(WizardMessage.compactReview(shown(masked: true)).text, to: TextWrap.width)
            if written != line { output.recorded = [written] }
        }
        return [.output(output)] + bannerLines()
    }

    // MARK: - Transport failure

    /// A transport failure in a run: the record is kept as a draft at once, then the operator says
    /// whether to go on with the next record, send it again, edit it, or end the run.
    mutating func keepAndAskToGoOn() -> [WizardEffect] {
        phase = .failed
        let draft = draftValues
        return (draft.isEmpty ? [] : [.saveDraft(draft)]) + [.prompt(retryPrompt)]
    }

    /// The record stays a draft (saved when the failure came) and the session ends: the loop goes
    /// on or ends the run, as decided.
    mutating func keep(_ decision: RecordDecision) -> [WizardEffect] {
        phase = .finished
        recordRun?.decision = decision
        return [.finish(.transportFailed)]
    }
}
