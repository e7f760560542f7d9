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
            case .notStarted(let walk), .asking(_, _, let walk): return walk
            case .review, .submitting, .failed, .confirmingDelete, .finished: return .reviewed
            }
        }
        set {
            switch phase {
            case .notStarted: phase = .notStarted(walk: newValue)
            case .asking(let index, let lines, _): phase = .asking(index: index, lines: lines, walk: newValue)
            case .review, .submitting, .failed, .confirmingDelete, .finished: break
            }
        }
    }

    // MARK: - Walking

    /// Indices of the fields whose `when` holds now, in form order.
    var visibleIndices: [Int] {
        var out: [Int] = []
        out.reserveCapacity(fields.count)
        for i in fields.indices where isVisible(at: i) { out.append(i) }
        return out
    }

    /// The fields whose visibility a change to `name` can change, in form order: those whose
    /// `when` names it, and in turn those whose `when` names one of them (a hidden field's answer
    /// is kept aside, and a hidden field counts as having none).
    func visibilityDependents(of name: String) -> [Int] {
        var seen: Set<String> = [name]
        var pending = [name]
        var out: [Int] = []
        while let next = pending.popLast() {
            for dependent in dependents[next] ?? [] where seen.insert(dependent).inserted {
                if let i = fieldIndex[dependent] { out.append(i) }
                pending.append(dependent)
            }
        }
        return out.sorted()
    }

    /// Whether field `i` of `fields` is shown, without copying the field.
    func isVisible(at i: Int) -> Bool {
        guard let condition = fields[i].when else { return true }
        return Wizard.holds(condition, fields: fields, fieldIndex: fieldIndex, store: store)
    }

    func isVisible(_ field: Field) -> Bool {
        guard field.when != nil else { return true }
        return Wizard.isVisible(field, fields: fields, fieldIndex: fieldIndex, store: store)
    }

    /// Static, so the condition's lookup captures three collections rather than a copy of the
    /// whole wizard: that copy retained and released every stored property once per field asked
    /// about, a third of the time a 200-item review took (docs/PERFORMANCE.md).
    private static func isVisible(_ field: Field, fields: [Field], fieldIndex: [String: Int], store: AnswerStore) -> Bool {
        guard let condition = field.when else { return true }
        return holds(condition, fields: fields, fieldIndex: fieldIndex, store: store)
    }

    private static func holds(_ condition: Condition, fields: [Field], fieldIndex: [String: Int], store: AnswerStore) -> Bool {
        // A field that is hidden (or unknown) has no value to compare.
        condition.holds(answers: { name in
            guard let i = fieldIndex[name] else { return nil }
            if let inner = fields[i].when, !holds(inner, fields: fields, fieldIndex: fieldIndex, store: store) { return nil }
            return store[i]
        })
    }

    /// Sets (or clears) a value, then keeps aside the answers of fields it hides (and brings back
    /// those of fields it shows again) and, once the walk is asking a set of fields (after
    /// review), queues the fields it reveals so they are asked, pre-filled with any answer they
    /// had, before the review comes back.
    mutating func setValue(_ value: FieldValue?, at index: Int) {
        // The item's review words are made now, while its fields are at hand, not at the review.
        defer { rewordItem(at: index) }
        // An answer begins the offered item: it is an item now, not an offer.
        if value != nil, isTentative(fields[index]), let list = fields[index].item?.list { tentativeLists.remove(list) }
        guard dependents[fields[index].name] != nil else {
            store.set(value, at: index, named: fields[index].name)
            return
        }
        // Only the fields whose conditions look at this one (and theirs) can appear or go.
        let affected = visibilityDependents(of: fields[index].name)
        let visibleBefore = affected.map { isVisible(at: $0) }
        store.set(value, at: index, named: fields[index].name)
        dropHiddenValues()
        var revealed: [Int] = []
        // A revealed field may hold its answer from before it was hidden: it is asked again with
        // that answer pre-filled (Enter keeps it), as the walk asked it the first time.
        for (i, before) in zip(affected, visibleBefore) where !before && isVisible(at: i) { revealed.append(i) }
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

    /// The first visible field after `index`, looking no further than needed.
    func nextVisible(after index: Int) -> Int? {
        var i = index + 1
        while i < fields.count {
            if isVisible(fields[i]) { return i }
            i += 1
        }
        return nil
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
                if store[i] != nil {
                    guard !isVisible(at: i) else { continue }
                    store.hide(at: i, named: fields[i].name)
                    visited.remove(fields[i].name)
                    changed = true
                } else if !store.keptWhileHidden.isEmpty, isVisible(at: i), store.reveal(at: i, named: fields[i].name) {
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
            let visible = Set(visibleIndices)
            var rest = queue.filter { $0 != index && visible.contains($0) }
            if !rest.isEmpty {
                let next = rest.removeFirst()
                return ask(next, walk: .detour(rest, returnTo: back))
            }
            returnTo = back
        case .reviewed:
            returnTo = nil
        }
        if let back = returnTo, back != index, Set(visibleIndices).contains(back) {
            // Fields the edit has just revealed come first, then the field the walk was at.
            if let revealed = visibleIndices.first(where: { i in
                // Unvisited: empty, or an answer kept while hidden and shown again (pre-filled).
                i > index && i < back && !visited.contains(fields[i].name)
            }) {
                return ask(revealed)
            }
            walk = .forward(returnTo: nil)
            return ask(back)
        }
        walk = .forward(returnTo: nil)
        if let next = nextVisible(after: index) {
            return ask(next)
        }
        return goToReview()
    }

    /// The rest of a detour when the field just asked is gone (an ended list, a deleted item, a
    /// list typed on one line): its next field, else the field it came from, else on from
    /// `position` in form order.
    mutating func resumeDetour(_ queue: [Int], returnTo back: Int?, from position: Int) -> [WizardEffect] {
        let visible = Set(visibleIndices)
        var rest = queue.filter(visible.contains)
        if !rest.isEmpty {
            let next = rest.removeFirst()
            return ask(next, walk: .detour(rest, returnTo: back))
        }
        walk = .forward(returnTo: nil)
        if let back, visible.contains(back) { return ask(back) }
        if let next = visibleIndices.first(where: { $0 >= position }) { return ask(next) }
        return goToReview()
    }

    mutating func continueQueue(_ remaining: [Int]) -> [WizardEffect] {
        // Only the queued fields are looked at: the review right after works out the rest.
        var rest = remaining.filter { isVisible(at: $0) }
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
        for i in fields.indices where fields[i].defaultText != nil && store[i] == nil
            && !visited.contains(fields[i].name) && isVisible(at: i) {
            if let d = fields[i].defaultValue { store.set(d, at: i, named: fields[i].name) }
        }
        dropHiddenValues()
    }

    /// What the form's checks (cross-field `checks:` and the item checks) refuse in the values as
    /// they are, over `visible` (the visible fields, worked out once by the caller). A cross-field
    /// failure points where the answers came from (the check's first field, else its second),
    /// like every other problem of a scripted run: `answers.yaml:3: password: ...`.
    private func checkProblems(visible: [Int]) -> [EndingError] {
        var problems: [EndingError] = []
        for check in checks {
            guard let target = fieldIndex[check.field], isVisible(fields[target]) else { continue }
            if !check.passes(values[check.first], values[check.second]) {
                let origin = answerOrigins[check.first] ?? answerOrigins[check.second]
                problems.append(EndingError(field: check.field, message: check.message, line: nil, origin: origin))
            }
        }
        for failure in itemCheckFailures(visible: visible) {
            // The later item's answer is the one to change: it names where it came from.
            let name = fields[failure.index].name
            problems.append(EndingError(field: name, message: failure.message, line: nil, origin: answerOrigins[name]))
        }
        return problems
    }

    /// The checks a run that asks nothing (`--no-input`) would fail once its answers are in,
    /// found before it starts, so the caller reports them with the other answer problems (on
    /// stderr, exit 5, nothing sent). Call after `apply`.
    public func scriptedCheckProblems() -> [AnswerProblem] {
        var settled = self
        settled.settleForReview()
        return settled.checkProblems(visible: settled.visibleIndices)
            .map { AnswerProblem(origin: $0.origin, field: $0.field ?? "form", message: $0.message) }
    }

    /// `.done`, or the end of the walk: fill untouched defaults, then insist on required fields,
    /// then run the cross-field checks, then show the review.
    mutating func goToReview() -> [WizardEffect] {
        settleForReview()
        // What is shown no longer changes below: one pass over the fields serves every check.
        let visible = visibleIndices
        let missing = visible.filter { fields[$0].required && store[$0] == nil }
        if submitsWithoutReview {
            let problems = missing.map { EndingError(field: fields[$0].name, message: "Required", line: nil) }
                + checkProblems(visible: visible)
            if !problems.isEmpty {
                endingErrors = problems
                // One line each, never wrapped: scripts read them as `ORIGIN: field: message`.
                return problems.map { problem in
                    let text = (problem.origin.map { "\($0): " } ?? "") + "\(problem.field ?? "form"): \(problem.message)"
                    return .output(OutputLine(Wizard.withoutControlCharacters(text), style: .error))
                }
                    + Wizard.wrapped("Stopped: this run asks nothing (--no-input, or answers without a terminal), so nobody can correct these answers.", .error, indent: "")
                    + end(.inputRefused)
            }
            walk = .reviewed
            return submit(retry: false)
        }
        if !missing.isEmpty {
            let names = missing.map { fields[$0].label }
            return [error("Still missing: \(names.joined(separator: ", "))")] + ask(missing[0], walk: walk.asking(missing))
        }
        var failing: [Int] = []
        for problem in checkProblems(visible: visible) {
            guard let name = problem.field, let target = fieldIndex[name] else { continue }
            pendingErrors[name, default: []].append(problem.message)
            if !failing.contains(target) { failing.append(target) }
        }
        addDistinctClashes(to: &failing)
        if !failing.isEmpty {
            return ask(failing.sorted()[0], walk: walk.asking(failing.sorted()))
        }
        phase = .review
        return arrivalReview(visible: visible) + [.prompt(reviewPrompt)]
    }

    /// Asks field `index`; the walk goes on as `walk` says afterwards (by default as it did).
    mutating func ask(_ index: Int, prefill rejected: String? = nil, walk next: Walk? = nil) -> [WizardEffect] {
        let next = next ?? walk
        let field = fields[index]
        var effects: [WizardEffect] = []
        if field.kind.takesChoices && !listedChoices.contains(field.name) {
            listedChoices.insert(field.name)
            effects += choiceListLines(field).map { .output($0) }
        }
        for message in pendingErrors.removeValue(forKey: field.name) ?? [] {
            effects.append(error(message))
        }
        if let list = field.item?.list, isTentative(field), isFirstOfItem(index), listEndHinted.insert(list).inserted {
            effects.append(.output(OutputLine(Wizard.listEndHint, style: .notice)))
        }
        phase = .asking(index: index, lines: [], walk: next)
        // A refused scripted answer comes back on the edit line once, like a refused typed one.
        let refusedAnswer = refusedAnswerText.removeValue(forKey: field.name)
        effects.append(.prompt(prompt(for: field, prefill: rejected ?? refusedAnswer)))
        return effects
    }

    /// Asks the current prompt again unchanged (after an error at review or retry).
    mutating func promptAgain() -> [WizardEffect] {
        switch phase {
        case .review: return [.prompt(reviewPrompt)]
        case .failed: return [.prompt(retryPrompt)]
        case .confirmingDelete(let list, let number, _): return [.prompt(deletePrompt(list: list, number: number))]
        case .notStarted, .asking, .submitting, .finished: return []
        }
    }
}
