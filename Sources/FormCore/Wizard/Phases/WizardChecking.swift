/// Server checks (docs/checks.md): a field's `server_check` is asked when Enter is pressed after
/// its own rules pass, and before the review for answers no check has seen. The wizard stays
/// pure: it emits `.check(request)` and waits in `.checking` for `.checked(outcome)`.
extension Wizard {
    /// The check of `value` at field `index`, or nil when the field has none or checks are off.
    func checkRequest(_ value: FieldValue, at index: Int) -> CheckRequest? {
        guard policy.runsServerChecks, let check = fields[index].serverCheck else { return nil }
        let withheld = check.placeholderNames.isEmpty ? [] : Set(fields.filter(\.isWithheld).map(\.name))
        return check.request(field: fields[index].name, value: value, values: values, withheld: withheld)
    }

    /// The private and secret fields a request's placeholders may name (none when it names no
    /// field): their values are recorded `[name]` (docs/privacy.md).
    func withheldNames(in placeholders: [String]) -> Set<String> {
        placeholders.isEmpty ? [] : Set(fields.filter(\.isWithheld).map(\.name))
    }

    /// On Enter, once the field's rules passed: the check's effects, or nil to take the answer now.
    mutating func checkOnEnter(_ value: FieldValue, typed: String, at index: Int) -> [WizardEffect]? {
        guard let request = checkRequest(value, at: index) else { return nil }
        let field = fields[index]
        let shown = field.isSecret || field.type == .multiline ? nil : typed
        return startCheck(PendingCheck(request: request, value: value, typed: shown, beforeReview: false), at: index)
    }

    /// On the way to the review: the first visible answer whose check has no verdict yet (or was
    /// refused) is checked; nil when every one has passed or was kept unchecked.
    mutating func checkBeforeReview() -> [WizardEffect]? {
        // The form's declarations, not its concrete fields: a form without checks (most) pays
        // nothing here, however many items it has.
        guard policy.runsServerChecks, spec.fields.contains(where: { $0.serverCheck != nil }) else { return nil }
        for i in form.visibleIndices where fields[i].serverCheck != nil {
            guard let value = form.store[i], let request = checkRequest(value, at: i) else { continue }
            switch checkBook.verdict(for: request) {
            case .passed?, .unchecked?: continue
            case .rejected?, nil: break
            }
            let field = fields[i]
            let typed = field.isSecret || field.type == .multiline ? nil : ServerCheck.text(value)
            return startCheck(PendingCheck(request: request, value: value, typed: typed, beforeReview: true), at: i)
        }
        return nil
    }

    /// Asks the driver for the check, or answers it from the book when it was asked before.
    mutating func startCheck(_ pending: PendingCheck, at index: Int) -> [WizardEffect] {
        let walk = self.walk
        if let known = checkBook.verdict(for: pending.request) {
            let outcome: CheckOutcome
            switch known {
            case .passed(let body): outcome = .passed(body)
            case .rejected(let message): outcome = .rejected(message: message)
            case .unchecked(let reason): outcome = .failed(reason: reason)
            }
            return checked(outcome, pending: pending, at: index, walk: walk)
        }
        phase = .checking(index: index, walk: walk, pending: pending)
        return [.check(pending.request)]
    }

    /// The verdict: a pass takes the answer (showing the lookup, setting the defaults it names),
    /// a rejection refuses it with the server's message like any refusal, a failure does what
    /// the check's `on_failure` says, a cancellation asks the field again with the text kept.
    mutating func checked(_ outcome: CheckOutcome, pending: PendingCheck, at index: Int, walk: Walk) -> [WizardEffect] {
        phase = .asking(index: index, walk: walk)
        let request = pending.request
        switch outcome {
        case .passed(let body):
            checkBook.record(.passed(body), for: request)
            return lookedUp(body, at: index) + takeChecked(pending, at: index)
        case .rejected(let message):
            checkBook.record(.rejected(message), for: request)
            return refuseChecked(message, pending, at: index)
        case .failed(let reason):
            switch fields[index].serverCheck?.onFailure ?? .accept {
            case .accept:
                checkBook.record(.unchecked(reason), for: request)
                checkBook.lookups[fields[index].name] = nil
                return Wizard.wrapped(.checkNotMade(reason: reason), .notice) + takeChecked(pending, at: index)
            case .refuse:
                return refuseChecked(WizardMessage.checkNotMadeRefused(reason: reason).text, pending, at: index)
            }
        case .cancelled:
            return Wizard.wrapped(.checkCancelled, .notice)
                + ask(index, prefill: pending.typed, walk: pending.beforeReview ? walk.asking([index]) : walk)
        }
    }

    /// The answer passed (or is kept unchecked): on Enter it is set and the walk goes on; on the
    /// way to the review, the next answer is looked at.
    private mutating func takeChecked(_ pending: PendingCheck, at index: Int) -> [WizardEffect] {
        if pending.beforeReview { return goToReview() }
        setValue(pending.value, at: index)
        progress.visit(fields[index].name)
        return advance(from: index)
    }

    private mutating func refuseChecked(_ message: String, _ pending: PendingCheck, at index: Int) -> [WizardEffect] {
        checkBook.lookups[fields[index].name] = nil
        guard pending.beforeReview else { return refuse(message) + ask(index, prefill: pending.typed) }
        let name = fields[index].name
        if policy.submitsWithoutReview {
            // As `--no-input` reports every other problem: `ORIGIN: field: message`, exit 5.
            return stopWithNoOneToCorrect([EndingError(field: name, message: message, line: nil, origin: scripted.origins[name])])
        }
        progress.note(message, for: name)
        return ask(index, prefill: pending.typed, walk: walk.asking([index]))
    }

    /// The lookup's text under the answer (`  = Widget, blue, 12-pack`), and the defaults the
    /// answer gives other fields. Server text is made one clean line before it is shown.
    private mutating func lookedUp(_ body: JSONValue?, at index: Int) -> [WizardEffect] {
        let name = fields[index].name
        checkBook.lookups[name] = nil
        guard let check = fields[index].serverCheck, let body else { return [] }
        var effects: [WizardEffect] = []
        if let pointer = check.lookup, let text = pointer.text(in: body) {
            let shown = TextCleaning.oneLine(text, limit: Wizard.lookupColumns)
            if !shown.isEmpty {
                checkBook.lookups[name] = shown
                effects += Wizard.wrapped(.lookupShown(shown), .notice)
            }
        }
        for given in check.defaults {
            guard let text = given.pointer.text(in: body), let target = form.fieldIndex[given.field] else { continue }
            form.setLookupDefault(TextCleaning.oneLine(text, limit: Wizard.lookupColumns), at: target)
        }
        return effects
    }

    /// The most of a lookup's text shown (and of a default it gives): one line of the screen.
    static let lookupColumns = 72
}
