/// Scripted answers (`--answers`, `--set`) applied to a wizard before it starts.
///
/// Every value goes through the field's own parsing and rules, in form order, so a condition sees
/// the answers before it; what is refused keeps its message for the field's prompt (shown inline
/// at a terminal, listed by `--no-input`). Precedence is the caller's order: later answers for
/// the same field win (`--set` is given after the answers file), and any answer wins over a
/// resumed draft's value.
extension Wizard {
    /// Applies `answers`; returns the problems that no prompt can fix (unknown fields, secrets on
    /// the command line, fields hidden by their condition). Refused values are kept in
    /// `answerProblems` and asked again.
    public mutating func apply(_ answers: [ScriptedAnswer]) -> [AnswerProblem] {
        // The problems' sentences speak the session's language.
        policy.language.speaking { applyInLanguage(answers) }
    }

    private mutating func applyInLanguage(_ answers: [ScriptedAnswer]) -> [AnswerProblem] {
        // Lists first: each grows to the items the answers name, so `lines.3.qty` is a field.
        let (answers, itemProblems) = answersWithItems(answers)
        var problems = itemProblems
        // The last answer for each field, by the field's index: each answer's name is looked
        // up once (names were hashed four times a field, a tenth of a batch record).
        // Positions in `answers`, not copies of them.
        var last = [Int?](repeating: nil, count: fields.count)
        var answered: [Int] = []
        answered.reserveCapacity(answers.count)
        for (position, answer) in answers.enumerated() {
            guard let index = form.fieldIndex[answer.path], index < last.count else {
                problems.append(AnswerProblem(origin: answer.origin, field: answer.path,
                                              message: WizardMessage.noSuchField(suggestion: answerNameHint(answer.path)).text))
                continue
            }
            if last[index] == nil { answered.append(index) }
            last[index] = position
        }
        answered.sort()
        if scripted.origins.isEmpty { scripted.origins = Dictionary(minimumCapacity: answered.count) }
        for i in answered {
            guard let position = last[i] else { continue }
            let answer = answers[position]
            let field = fields[i]
            if field.isSecret && answer.fromCommandLine {
                problems.append(AnswerProblem(origin: answer.origin, field: field.name, message:
                    WizardMessage.secretOnCommandLine(field: field.name).text))
                continue
            }
            if answer.text.trimmedWhitespace.isEmpty { continue }
            // The bounds a typed value meets: one line of at most 64 KiB, a multiline value of
            // at most 1 MiB. A script must not get past what an operator could type.
            let limit = field.type == .multiline ? Wizard.multilineValueBytes : Wizard.scriptedLineBytes
            let parsed: Result<FieldValue, ValueError> = answer.text.utf8.count > limit
                ? .failure(.scriptedValueTooLong(multiline: field.type == .multiline))
                : field.parse(answer.text)
            switch parsed {
            case .success(let value) where value.isEmpty:
                continue
            case .success(let value):
                setValue(value, at: i)
                scripted.origins[field.name] = answer.origin
                if !progress.pendingErrors.isEmpty { progress.pendingErrors[field.name] = nil }
                scripted.clearRefusal(field.name)
            case .failure(let problem):
                setValue(nil, at: i)
                scripted.origins[field.name] = nil
                let shown = field.isSecret ? nil : TextWrap.truncate(Wizard.withoutControlCharacters(answer.text), to: 30)
                progress.pendingErrors[field.name] = [WizardMessage.scriptedAnswerRefused(origin: answer.origin, shown: shown, reason: problem.message).text]
                scripted.refusals[field.name] = AnswerProblem(origin: answer.origin, field: field.name, message: problem.message)
                if !field.isSecret && field.type != .multiline { scripted.refusedText[field.name] = answer.text }
            }
        }
        // Answers for fields hidden by the other answers' conditions are errors, not dropped.
        for i in answered {
            guard let position = last[i] else { continue }
            let answer = answers[position]
            let field = fields[i], name = field.name
            guard !form.isVisible(field), !(field.isSecret && answer.fromCommandLine) else { continue }
            scripted.clearRefusal(name)
            progress.pendingErrors[name] = nil
            // Refused, so not kept for when the field shows (unlike an answer hidden later).
            form.store.set(nil, at: i, named: name)
            problems.append(AnswerProblem(origin: answer.origin, field: name, message:
                WizardMessage.hiddenByCondition(condition: field.when?.readable).text))
        }
        let queue = scriptedQueue
        walk = .revisiting(queue)
        // Every answer the form could take counts as given; the refused ones are said apart, so
        // "3 answers given" matches the file a script wrote.
        let given = answered.map { fields[$0].name }.filter { name in !problems.contains { $0.field == name } }
        let refused = scripted.refusals.isEmpty ? 0 : given.filter { scripted.refusals[$0] != nil }.count
        let asked = queue.count
        let notice = WizardMessage.answersGiven(given: given.count, refused: refused, asked: asked).text
        shown.startNotice = shown.startNotice.map { $0 + " " + notice } ?? notice
        return problems.sorted { ($0.origin ?? "").localizedStandardOrderKey < ($1.origin ?? "").localizedStandardOrderKey }
    }

    /// The longest scripted single-line value: the line length every line source takes (64 KiB).
    package static let scriptedLineBytes = 64 * 1024

    /// The visible fields still to ask after scripted answers: refused ones, required ones with
    /// no value and no default, secrets with no value. Everything else takes its default.
    var scriptedQueue: [Int] {
        // The fields and answers taken once, not through the wizard's computed views at each step.
        let fields = form.fields
        let refusals = scripted.refusals
        return form.visibleIndices.filter { i in
            if !refusals.isEmpty, refusals[fields[i].name] != nil { return true }
            return form.store[i] == nil && (fields[i].isSecret || (fields[i].required && fields[i].defaultValue == nil))
        }
    }

    /// What `--no-input` reports: every refused answer and every missing one, in form order.
    /// `file` is where a missing answer belongs: the answers file, or nil without one (the line
    /// is then `field: Required`: no `--set` is to blame for what nobody gave).
    package func unansweredProblems(file: String?) -> [AnswerProblem] {
        scriptedQueue.map { i in
            let f = fields[i]
            if let refusal = scripted.refusals[f.name] { return refusal }
            let message: WizardMessage = f.isSecret ? .requiredSecretAnswer(field: f.name) : .required
            return AnswerProblem(origin: file, field: f.name, message: message.text)
        }
    }
}

private extension String {
    /// Sorts `f.yaml:10` after `f.yaml:9`.
    var localizedStandardOrderKey: String {
        guard let colon = lastIndex(of: ":"), let n = Int(self[index(after: colon)...]) else { return self }
        let digits = String(n)
        return String(self[...colon]) + String(repeating: "0", count: max(0, 10 - digits.count)) + digits
    }
}
