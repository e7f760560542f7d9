/// Where the walk goes after the current field: one value, carried by the phase.
///
/// Before, this was an optional queue (nil and empty meant different things), a `returnTo` index
/// and a `reviewReached` flag, whose combinations had to be read together; each case here is one
/// of the combinations that could actually occur.
enum Walk: Sendable, Equatable {
    /// The first pass, forward in form order. `returnTo`: an `.edit` before the review jumped back
    /// to an earlier field; after it (and any field it revealed) the walk comes back to this one.
    case forward(returnTo: Int?)
    /// The first pass, after an `.edit` or `.add` that named a whole item: ask these fields in
    /// order, then go on as `.forward(returnTo:)` (back to the field the command was typed at,
    /// or, when nil, forward from the last field asked). No field of the item is skipped, and
    /// none between is lost.
    case detour([Int], returnTo: Int?)
    /// The first pass ended with required fields missing or checks failing: ask these (form
    /// order), then try the review again.
    case completing([Int])
    /// The review has been reached (or a resumed draft or scripted answers stand for it): ask
    /// these fields (an edit, a server rejection, a failed check, a field an answer revealed), then
    /// back to the review. An `.edit` from one of them asks that field again afterwards.
    case revisiting([Int])
    /// At the review or after it: no field is being walked.
    case reviewed

    /// Whether the walk is asking a set of fields rather than walking forward.
    var isQueue: Bool {
        switch self {
        case .completing, .revisiting: return true
        case .forward, .detour, .reviewed: return false
        }
    }

    /// Whether the review has been reached: an answer or a failed check then comes back to it.
    var reviewReached: Bool {
        switch self {
        case .revisiting, .reviewed: return true
        case .forward, .detour, .completing: return false
        }
    }

    /// The same kind of walk asking `queue` instead (a queue before the review stays one).
    func asking(_ queue: [Int]) -> Walk {
        reviewReached ? .revisiting(queue) : .completing(queue)
    }
}

extension Wizard {
    /// The walk of the phase: what comes after the field being asked (or, before the start, what
    /// the start asks). Setting it outside those phases changes nothing: the review and the
    /// submission have no walk until an edit or a rejection starts one.
    var walk: Walk {
        get {
            switch phase {
            case .notStarted(let walk), .asking(_, let walk), .checking(_, let walk, _): return walk
            case .review, .submitting, .failed, .confirmingDelete, .finished: return .reviewed
            }
        }
        set {
            switch phase {
            case .notStarted: phase = .notStarted(walk: newValue)
            case .asking(let index, _): phase = .asking(index: index, walk: newValue)
            case .checking(let index, _, let pending): phase = .checking(index: index, walk: newValue, pending: pending)
            case .review, .submitting, .failed, .confirmingDelete, .finished: break
            }
        }
    }

    // MARK: - Walking

    /// Sets (or clears) a value, then keeps aside the answers of fields it hides (and brings back
    /// those of fields it shows again) and, once the walk is asking a set of fields (after
    /// review), queues the fields it reveals so they are asked, pre-filled with any answer they
    /// had, before the review comes back.
    mutating func setValue(_ value: FieldValue?, at index: Int) {
        // The item's review words are made now, while its fields are at hand, not at the review.
        defer { rewordItem(at: index) }
        // An answer begins the offered item: it is an item now, not an offer.
        if value != nil, form.isTentative(fields[index]), let list = fields[index].item?.list { form.tentativeLists.remove(list) }
        guard form.dependents[fields[index].name] != nil else {
            form.store.set(value, at: index, named: fields[index].name)
            return
        }
        // Only the fields whose conditions look at this one (and theirs) can appear or go.
        let affected = form.visibilityDependents(of: fields[index].name)
        let visibleBefore = affected.map { form.isVisible(at: $0) }
        form.store.set(value, at: index, named: fields[index].name)
        dropHiddenValues()
        var revealed: [Int] = []
        // A revealed field may hold its answer from before it was hidden: it is asked again with
        // that answer pre-filled (Enter keeps it), as the walk asked it the first time.
        for (i, before) in zip(affected, visibleBefore) where !before && form.isVisible(at: i) { revealed.append(i) }
        if case .detour(let queue, let back) = walk {
            // A field the detour's answer revealed (Damaged units after Lot) is part of it.
            let item = fields[index].item
            let ahead = revealed.filter { $0 > index && fields[$0].item?.list == item?.list && fields[$0].item?.number == item?.number }
            walk = .detour(Array(Set(queue + ahead)).sorted(), returnTo: back)
            return
        }
        guard walk.isQueue else { return }
        for i in revealed { enqueue(i) }
    }

    /// Keeps aside the answers of fields hidden now and brings back those of fields shown again,
    /// until nothing changes (an answer brought back can show a field of its own). A hidden field
    /// counts as unvisited, so it is asked when it shows again, with its answer pre-filled.
    /// (Named for what it did before hidden answers were kept: they were dropped, issue 28.)
    mutating func dropHiddenValues() {
        var changed = true
        while changed {
            changed = false
            // Only a field with a `when` can be hidden: the others are not looked at (or copied).
            for i in fields.indices where fields[i].when != nil {
                if form.store[i] != nil {
                    guard !form.isVisible(at: i) else { continue }
                    form.store.hide(at: i, named: fields[i].name)
                    progress.unvisit(fields[i].name)
                    changed = true
                } else if !form.store.keptWhileHidden.isEmpty, form.isVisible(at: i), form.store.reveal(at: i, named: fields[i].name) {
                    changed = true
                }
            }
        }
    }

    mutating func enqueue(_ index: Int) {
        var q: [Int]
        switch walk {
        case .completing(let queue), .revisiting(let queue): q = queue
        case .forward, .detour, .reviewed: q = []
        }
        if !q.contains(index) { q.append(index) }
        walk = walk.asking(q.sorted())
    }

    mutating func advance(from index: Int) -> [WizardEffect] {
        offerNextItem(after: index)
        let returnTo: Int?
        switch walk {
        case .completing(let queue), .revisiting(let queue):
            return continueQueue(queue.filter { $0 != index })
        case .forward(let back):
            returnTo = back
        case .detour(let queue, let back):
            let visible = Set(form.visibleIndices)
            var rest = queue.filter { $0 != index && visible.contains($0) }
            if !rest.isEmpty {
                let next = rest.removeFirst()
                return ask(next, walk: .detour(rest, returnTo: back))
            }
            returnTo = back
        case .reviewed:
            returnTo = nil
        }
        if let back = returnTo, back != index, Set(form.visibleIndices).contains(back) {
            // Fields the edit has just revealed come first, then the field the walk was at.
            if let revealed = form.visibleIndices.first(where: { i in
                // Unvisited: empty, or an answer kept while hidden and shown again (pre-filled).
                i > index && i < back && !progress.wasVisited(fields[i].name)
            }) {
                return ask(revealed)
            }
            walk = .forward(returnTo: nil)
            return ask(back)
        }
        walk = .forward(returnTo: nil)
        if let next = form.nextVisible(after: index) {
            return ask(next)
        }
        return goToReview()
    }

    /// The rest of a detour when the field just asked is gone (an ended list, a deleted item, a
    /// list typed on one line): its next field, else the field it came from, else on from
    /// `position` in form order.
    mutating func resumeDetour(_ queue: [Int], returnTo back: Int?, from position: Int) -> [WizardEffect] {
        let visible = Set(form.visibleIndices)
        var rest = queue.filter(visible.contains)
        if !rest.isEmpty {
            let next = rest.removeFirst()
            return ask(next, walk: .detour(rest, returnTo: back))
        }
        walk = .forward(returnTo: nil)
        if let back, visible.contains(back) { return ask(back) }
        if let next = form.visibleIndices.first(where: { $0 >= position }) { return ask(next) }
        return goToReview()
    }

    mutating func continueQueue(_ remaining: [Int]) -> [WizardEffect] {
        // Only the queued fields are looked at: the review right after works out the rest.
        var rest = remaining.filter { form.isVisible(at: $0) }
        guard !rest.isEmpty else {
            walk = walk.asking([])
            return goToReview()
        }
        let next = rest.removeFirst()
        return ask(next, walk: walk.asking([next] + rest))
    }

    /// The values as the review shows them: unbegun items dropped, fields never visited take
    /// their default, hidden fields' answers kept aside (not shown, checked or sent).
    private mutating func settleForReview() {
        dropUnbegunItems()
        // Only an empty, unvisited field with a default takes one: visibility is asked last.
        for i in fields.indices where fields[i].defaultText != nil && form.store[i] == nil
            && !progress.wasVisited(fields[i].name) && form.isVisible(at: i) {
            if let d = fields[i].defaultValue { form.store.set(d, at: i, named: fields[i].name) }
        }
        dropHiddenValues()
    }

    /// What the form's checks (cross-field `checks:` and the item checks) refuse in the values as
    /// they are, over `visible` (the visible fields, worked out once by the caller). A cross-field
    /// failure points where the answers came from (the check's first field, else its second),
    /// like every other problem of a scripted run: `answers.yaml:3: password: ...`.
    private func checkProblems(visible: [Int]) -> [EndingError] {
        var problems: [EndingError] = []
        for check in form.checks {
            guard let target = form.fieldIndex[check.field], form.isVisible(fields[target]) else { continue }
            if !check.passes(values[check.first], values[check.second]) {
                let origin = scripted.origins[check.first] ?? scripted.origins[check.second]
                problems.append(EndingError(field: check.field, message: check.message, line: nil, origin: origin))
            }
        }
        for failure in itemCheckFailures(visible: visible) {
            // The later item's answer is the one to change: it names where it came from.
            let name = fields[failure.index].name
            problems.append(EndingError(field: name, message: failure.message, line: nil, origin: scripted.origins[name]))
        }
        return problems
    }

    /// The checks a run that asks nothing (`--no-input`) would fail once its answers are in,
    /// found before it starts, so the caller reports them with the other answer problems (on
    /// stderr, exit 5, nothing sent). Call after `apply`.
    package func scriptedCheckProblems() -> [AnswerProblem] {
        var settled = self
        settled.settleForReview()
        return settled.checkProblems(visible: settled.form.visibleIndices)
            .map { AnswerProblem(origin: $0.origin, field: $0.field ?? "form", message: $0.message) }
    }

    /// `.done`, or the end of the walk: fill untouched defaults, then insist on required fields,
    /// then run the cross-field checks, then show the review.
    mutating func goToReview() -> [WizardEffect] {
        settleForReview()
        // Answers no check has seen (scripted, resumed, defaults, or changed by an earlier
        // answer they name) are checked first, one at a time (WizardChecking.swift).
        if let checking = checkBeforeReview() { return checking }
        if let refetching = refetchBeforeReview() { return refetching }
        // What is shown no longer changes below: one pass over the fields serves every check.
        let visible = form.visibleIndices
        let missing = visible.filter { fields[$0].required && form.store[$0] == nil }
        if policy.submitsWithoutReview {
            let problems = missing.map { EndingError(field: fields[$0].name, message: WizardMessage.required.text, line: nil) }
                + checkProblems(visible: visible)
            if !problems.isEmpty { return stopWithNoOneToCorrect(problems) }
            walk = .reviewed
            return submit(retry: false)
        }
        if !missing.isEmpty {
            let names = missing.map { fields[$0].label }
            // About no one field (the last one asked is answered): the message names them all.
            return [.refused(Refusal(reason: WizardMessage.stillMissing(names).text)), errorLine(WizardMessage.stillMissing(names).text)]
                + ask(missing[0], walk: walk.asking(missing))
        }
        var failing: [Int] = []
        for problem in checkProblems(visible: visible) {
            guard let name = problem.field, let target = form.fieldIndex[name] else { continue }
            progress.note(problem.message, for: name)
            if !failing.contains(target) { failing.append(target) }
        }
        addDistinctClashes(to: &failing)
        if !failing.isEmpty {
            // A check the last line made fail refuses that line: `ask` shows its message at the
            // prompt of the field it lands on, as a refusal.
            return ask(failing.sorted()[0], walk: walk.asking(failing.sorted()))
        }
        phase = .review
        return arrivalReview(visible: visible) + [.prompt(reviewPrompt)]
    }

    /// A run that asks nothing (`--no-input`, answers without a terminal) stops on problems no
    /// one can correct: one line each, never wrapped, since scripts read them as
    /// `ORIGIN: field: message`, then why it stopped (exit 5).
    mutating func stopWithNoOneToCorrect(_ problems: [EndingError]) -> [WizardEffect] {
        report.endingErrors = problems
        return problems.map { problem in
            let text = (problem.origin.map { "\($0): " } ?? "") + "\(problem.field ?? "form"): \(problem.message)"
            return .output(OutputLine(Wizard.withoutControlCharacters(text), style: .error))
        }
            + Wizard.wrapped(.stoppedNoOneToCorrect, .error, indent: "")
            + end(.inputRefused)
    }

    /// Asks field `index`; the walk goes on as `walk` says afterwards (by default as it did).
    mutating func ask(_ index: Int, prefill rejected: String? = nil, walk next: Walk? = nil) -> [WizardEffect] {
        let next = next ?? walk
        if let fetching = fetchChoicesBeforeAsking(index, prefill: rejected, walk: next) { return fetching }
        let field = fields[index]
        // Numbers name the matches listed for the field being asked, while it is: a list shown
        // for another field, or before the operator left this one, is off the screen's context.
        if !shown.lastListedChoices.isEmpty, shown.lastListedChoices.keys.contains(where: { $0 != field.name }) {
            shown.lastListedChoices = shown.lastListedChoices.filter { $0.key == field.name }
        }
        var effects: [WizardEffect] = []
        if field.kind.takesChoices && !shown.listedChoices.contains(field.name) {
            shown.listedChoices.insert(field.name)
            effects += choiceListLines(field).map { .output($0) }
        }
        // Messages waiting for this prompt (a failed check, a refused scripted answer, a saved
        // answer that no longer fits) refuse what the field holds: after a line, a run that stops
        // at refusals stops here, before the next line can land on this field.
        let waiting = progress.takeMessages(for: field.name)
        if let first = waiting.first { effects.append(.refused(Refusal(reason: first))) }
        for message in waiting {
            effects.append(errorLine(message, about: field))
        }
        // The accessible prompt says it itself, at every offered item (`promptInWords`).
        if let list = field.item?.list, form.isTentative(field), form.isFirstOfItem(index), !policy.presentation.promptInWords,
           shown.listEndHinted.insert(list).inserted {
            effects.append(.output(OutputLine(.listEndHint, style: .notice)))
        }
        phase = .asking(index: index, walk: next)
        multiline = MultilineValue()
        // A refused scripted answer comes back on the edit line once, like a refused typed one.
        let refusedAnswer = scripted.refusedText.removeValue(forKey: field.name)
        // Nothing goes on the edit line in the accessible presentation: what was typed is read
        // back instead, so the operator knows what to fix without reading a redrawn line.
        if !policy.presentation.prefillsEditLine, let typed = rejected, !typed.isEmpty, !field.isSecret {
            let shown = Wizard.withoutTabs(Wizard.withoutControlCharacters(TextWrap.truncate(typed, to: 200)))
            var readBack = Wizard.wrapped(.youTyped(shown), .notice)
            // A private field's read-back is recorded `You typed "[name]".`, whatever its length.
            if field.isPrivate, case .some(.output(var first)) = readBack.first {
                first.recorded = Wizard.wrapped(.youTyped("[\(field.name)]"), .notice).compactMap { effect in
                    if case .output(let line) = effect { return line.text }
                    return nil
                }
                readBack = [.output(first)] + readBack.dropFirst().map { effect in
                    guard case .output(var line) = effect else { return effect }
                    line.recorded = []
                    return .output(line)
                }
            }
            effects += readBack
        }
        effects.append(.prompt(prompt(for: field, prefill: rejected ?? refusedAnswer)))
        return effects
    }

    /// Asks the current prompt again unchanged (after an error at review or retry).
    mutating func promptAgain() -> [WizardEffect] {
        switch phase {
        case .review: return [.prompt(reviewPrompt)]
        case .failed: return [.prompt(retryPrompt)]
        case .confirmingDelete(let list, let number, _): return [.prompt(deletePrompt(list: list, number: number))]
        case .notStarted, .asking, .checking, .submitting, .finished: return []
        }
    }
}
