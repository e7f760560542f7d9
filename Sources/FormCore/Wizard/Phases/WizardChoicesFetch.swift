/// Choices from the API (docs/checks.md, "Choices from the API"): a field's `choices_from` is
/// fetched when the field is asked and its request (placeholders filled with the answers as they
/// are now) was not fetched for it yet. The round trip is a server check's: `.check(request)`,
/// the `.checking` phase, `.checked(outcome)`, one answer per request kept in the `CheckBook`, so
/// `.back` and edits that leave the named answers as they were fetch nothing.
extension Wizard {
    /// The fetch field `index` needs before it is asked, or nil to ask it now (no
    /// `choices_from`, checks off, or the list for this request is known: then it is applied).
    mutating func fetchChoicesBeforeAsking(_ index: Int, prefill: String?, walk next: Walk) -> [WizardEffect]? {
        guard policy.runsServerChecks, let from = fields[index].choicesFrom else { return nil }
        let field = fields[index]
        let request = from.request(field: field.name, values: values, withheld: withheldNames(in: from.placeholderNames))
        if form.choicesFetchedFor[field.name] == request.key { return nil }
        if let known = checkBook.verdict(for: request) {
            _ = applyFetchedChoices(known, request: request, at: index)
            return nil
        }
        phase = .checking(index: index, walk: next, pending: PendingCheck(
            request: request, value: .text(""), typed: prefill, beforeReview: false, fetchesChoices: true))
        return [.check(request)]
    }

    /// The fetch's answer: the list becomes the field's choices (listed again when it is new),
    /// or, when there is no usable list, a one-line notice and the field takes free text. Then
    /// the field is asked. A cancelled fetch is not kept: the next time the field is reached
    /// it is fetched again.
    /// A fetch made before the review (`refetchBeforeReview`) goes on to the review when the new
    /// list still holds the answer, and asks the field again only when it does not.
    mutating func fetchedChoices(_ outcome: CheckOutcome, pending: PendingCheck, at index: Int, walk: Walk) -> [WizardEffect] {
        phase = .asking(index: index, walk: walk)
        let verdict: CheckBook.Verdict
        switch outcome {
        case .passed(let body): verdict = .passed(body)
        case .rejected(let message): verdict = .unchecked(message)
        case .failed(let reason): verdict = .unchecked(reason)
        case .cancelled: verdict = .unchecked(WizardMessage.checkCancelled.text)
        }
        if case .cancelled = outcome {} else { checkBook.record(verdict, for: pending.request) }
        let notice = applyFetchedChoices(verdict, request: pending.request, at: index)
        if pending.beforeReview {
            if answerStillChosen(index, unseen: pending.checksUnseenAnswer) { return notice + goToReview() }
            return notice + askAgainForChoices(index, unseen: pending.checksUnseenAnswer)
        }
        return notice + ask(index, prefill: pending.typed, walk: walk)
    }

    /// Sets the field's choices from a kept answer; the notice to show when there is no list.
    private mutating func applyFetchedChoices(_ verdict: CheckBook.Verdict, request: CheckRequest, at index: Int) -> [WizardEffect] {
        let name = fields[index].name
        var reason: String?
        var choices: [String] = []
        var labels: [String: String] = [:]
        switch verdict {
        case .passed(let body):
            if let list = fields[index].choicesFrom?.choices(in: body) {
                choices = list
                labels = fields[index].choicesFrom?.labels(in: body) ?? [:]
            } else {
                reason = WizardMessage.choicesNotAList.text
            }
        case .rejected(let message), .unchecked(let message):
            reason = message
        }
        if fields[index].choices != choices {
            shown.listedChoices.remove(name)
            shown.lastListedChoices[name] = nil
        }
        form.setFetchedChoices(choices, labels: labels, key: request.key, at: index)
        // With no list, nothing is listed: the prompt takes free text.
        if choices.isEmpty { shown.listedChoices.insert(name) }
        guard let reason else { return [] }
        return Wizard.wrapped(.choicesNotFetched(reason: reason), .notice)
    }

    /// Before the review: a visible answer to a fetched-choices field whose list was fetched for
    /// other answers than now (`.edit 1` to another warehouse) is checked against the new list
    /// (fetched now when it is not known) and asked again only when the list no longer holds it.
    mutating func refetchBeforeReview() -> [WizardEffect]? {
        guard policy.runsServerChecks, spec.fields.contains(where: { $0.choicesFrom != nil }) else { return nil }
        for i in form.visibleIndices {
            // An answer whose field was never reached (scripted, resumed) has no list yet: it
            // is fetched now and the answer checked against it like a typed one.
            guard let from = fields[i].choicesFrom, form.store[i] != nil else { continue }
            let fetched = form.choicesFetchedFor[fields[i].name]
            let request = from.request(field: fields[i].name, values: values, withheld: withheldNames(in: from.placeholderNames))
            guard request.key != fetched else { continue }
            if let known = checkBook.verdict(for: request) {
                _ = applyFetchedChoices(known, request: request, at: i)
                if answerStillChosen(i, unseen: fetched == nil) { continue }
                return askAgainForChoices(i, unseen: fetched == nil)
            }
            phase = .checking(index: i, walk: walk, pending: PendingCheck(
                request: request, value: .text(""), typed: nil, beforeReview: true, fetchesChoices: true,
                checksUnseenAnswer: fetched == nil))
            return [.check(request)]
        }
        return nil
    }

    /// The list no longer holds field `index`'s answer: asked again with "the choices changed",
    /// or, for an answer no list had seen, the message a typed one gets (`Choose one of: ...`);
    /// `--no-input` reports that one as `ORIGIN: field: message` and stops (exit 5).
    private mutating func askAgainForChoices(_ index: Int, unseen: Bool) -> [WizardEffect] {
        let name = fields[index].name
        var message = WizardMessage.choicesChanged.text
        if unseen, let value = form.store[index], case .failure(let problem) = Wizard.readWritten(value, for: fields[index]) {
            message = problem.message
            if policy.submitsWithoutReview {
                return stopWithNoOneToCorrect([EndingError(field: name, message: message, line: nil, origin: scripted.origins[name])])
            }
        }
        progress.note(message, for: name)
        return ask(index, walk: walk.asking([index]))
    }

    /// Whether field `index`'s answer is among its choices as they are now (a field whose fetch
    /// failed takes free text: any answer is). An answer no list had seen (`unseen`, written as
    /// `osl-b` or a prefix) is read against the list as a typed one is, and kept as the choice.
    private mutating func answerStillChosen(_ index: Int, unseen: Bool = false) -> Bool {
        let choices = fields[index].choices
        if choices.isEmpty { return true }
        if unseen, let value = form.store[index] {
            guard case .success(let chosen) = Wizard.readWritten(value, for: fields[index]) else { return false }
            setValue(chosen, at: index)
            return true
        }
        guard let value = form.store[index] else { return false }
        return Wizard.isStillChosen(value, in: fields[index])
    }

    /// A written answer (`--set`, an answers file, a draft) read against a fetched list: as a
    /// typed one, except that a number names no choice. The operator typing `2` has the list on
    /// screen; a script's `2` would name an item by the server's order of the day.
    static func readWritten(_ value: FieldValue, for field: Field) -> Result<FieldValue, ValueError> {
        let text = ServerCheck.text(value)
        // A long list's resolver takes no numbers anyway, and says so without listing 40 choices.
        if ChoiceNarrowing.isLong(field.choices) { return field.parse(text) }
        let items = field.type == .multichoice ? text.split(separator: ",").map { String($0).trimmedWhitespace } : [text]
        let number = items.first { item in
            !item.isEmpty && item.utf8.allSatisfy { (48...57).contains($0) } && !field.choices.contains(item)
        }
        if number != nil { return .failure(.notAChoice(choices: field.choices)) }
        return field.parse(text)
    }
}
