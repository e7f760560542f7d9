/// Commands typed at a field's prompt (`.back`, `.edit`, `.done`, ...) and how `.edit` names a field.
extension Wizard {
    // MARK: - Commands

    mutating func run(_ command: WizardCommand, at index: Int) -> [WizardEffect] {
        let field = fields[index]
        switch command {
        case .next:
            if field.type == .multiline && !multiline.isEmpty { return finishMultiline(at: index) }
            return keepOrDefault(at: index)
        case .back:
            guard let previous = form.visibleIndices.last(where: { $0 < index }) else {
                return refuse(.firstField) + resume(index)
            }
            if let problem = commitCollected(at: index) { return problem }
            // Back from the offered item nobody began: it is not an item.
            if let item = field.item, form.isTentative(field), !form.itemHasValues(list: item.list, number: item.number) {
                dropItem(list: item.list, number: item.number)
                return ask(previous)
            }
            if walk.isQueue { enqueue(index) }
            // In a detour the field left is asked again after the one before it.
            if case .detour(let queue, let back) = walk { walk = .detour([index] + queue, returnTo: back) }
            return ask(previous)
        case .done:
            if let problem = commitCollected(at: index) { return problem }
            switch walk {
            case .forward, .detour: walk = .forward(returnTo: nil)
            case .completing, .revisiting, .reviewed: break
            }
            return goToReview()
        case .review:
            return reviewLines() + resume(index)
        case .edit(let target):
            if field.isSecret && (!Wizard.isFieldNumber(target) || resolveEditTargets(target) == nil) {
                // Only numbers here: a name typed at a secret prompt could be the secret itself.
                return refuse(.secretEditNeedsNumber(range: numberRange))
                    + resume(index)
            }
            guard let targets = resolveEditTargets(target), !targets.isEmpty else {
                // Never repeat what was typed at a secret prompt: it may be the secret.
                return refuse(editTargetMessage(field.isSecret ? "" : target)) + resume(index)
            }
            if let problem = commitCollected(at: index) { return problem }
            return jump(to: targets, from: index)
        case .add(let argument):
            if let problem = commitCollected(at: index) { return problem }
            if let item = field.item, form.isTentative(field), form.isFirstOfItem(index), values[field.name] == nil,
               argument.isEmpty || argument.lowercased() == item.list.lowercased() {
                // `.add` at the item the walk offered: that item is the new one. It is kept
                // (its empty answer no longer ends the list) rather than a second one added.
                form.tentativeLists.remove(item.list)
                return [.output(OutputLine(.newItemIsThis(label: form.listLabel(item.list), number: item.number), style: .notice))] + ask(index)
            }
            switch addCommand(argument, at: index) {
            case .failure(let problem): return refuse(problem.message) + resume(index)
            case .success(let added):
                // The fields of the items after this one moved: find this field again by name.
                let here = form.fieldIndex[field.name] ?? index
                if case .forward = walk, let first = added.first, first > here {
                    // On the first pass, before the new item's place: the walk reaches it there,
                    // after this field and the ones between (none skipped, none asked twice).
                    let number = fields[first].item?.number ?? 0
                    let list = fields[first].item?.list ?? ""
                    return [.output(OutputLine(.itemAddedInPlace(label: form.listLabel(list), number: number), style: .notice))] + ask(here)
                }
                return jump(to: added, from: here)
            }
        case .delete(let argument):
            switch deleteTarget(argument, at: index) {
            case .failure(let problem): return refuse(problem.message) + resume(index)
            case .success(let target):
                if let problem = commitCollected(at: index) { return problem }
                return askDelete(list: target.list, number: target.number)
            }

        case .skip:
            if form.isTentative(field), values[field.name] == nil, form.isFirstOfItem(index) { return endList(at: index) }
            guard !field.required else {
                return refuse(.requiredCannotSkip(label: field.label)) + resume(index)
            }
            setValue(nil, at: index)
            progress.visit(field.name)
            return advance(from: index)
        case .clear:
            setValue(nil, at: index)
            return ask(index, prefill: nil)
        case .help:
            return helpLines(for: field) + resume(index)
        case .cancel:
            return end(.cancelled)
        case .end:
            return endRun() ?? refuse(.endMidRecord) + resume(index)
        case .ditto:
            return ditto(at: index)
        case .retry:
            return refuse(.nothingToRetry) + resume(index)
        case .unknown(let typed):
            // At a secret prompt the "command" may be a password missing its `..`: never repeat it.
            let message: WizardMessage = field.isSecret
                ? .unknownCommandAtSecret
                : WizardCommand.unknownMessage(typed, lists: spec.hasLists)
            return refuse(message) + resume(index)
        }
    }

    /// `.edit` (or `.add`) at a field's prompt: ask `targets` now, then come back. Before the review
    /// the walk comes back to this field (or further on, where an earlier `.edit` came from) and
    /// walks on; after it, this field is asked again too.
    mutating func jump(to targets: [Int], from index: Int) -> [WizardEffect] {
        guard let target = targets.first else { return ask(index) }
        switch walk {
        case .revisiting, .reviewed:
            enqueue(index)
            for t in targets.dropFirst() { enqueue(t) }
        case .forward where targets == [index]:
            // The field itself: asked again, the walk as it was.
            break
        case .forward(let returnTo) where targets.contains(index):
            // The item being walked, named again: its fields in turn, then on from there.
            walk = .detour(targets.filter { $0 != target }, returnTo: returnTo)
        case .forward(let returnTo):
            let back = max(returnTo ?? index, index)
            walk = targets.count > 1 ? .detour(Array(targets.dropFirst()), returnTo: back) : .forward(returnTo: back)
        case .detour(let queue, let back):
            // A detour within a detour: these fields, this one again, the rest, then back.
            let rest = Array(targets.dropFirst()) + [index] + queue
            var seen: Set<Int> = [target]
            walk = .detour(rest.filter { seen.insert($0).inserted }, returnTo: back)
        case .completing:
            // Completing the first pass's missing fields: the field stays in that queue.
            for t in targets.dropFirst() where walk.isQueue { enqueue(t) }
        }
        return ask(target)
    }

    /// Asks the field again, or, in the middle of a multiline value, goes on collecting its lines:
    /// a command typed between lines never throws the lines already typed away.
    mutating func resume(_ index: Int) -> [WizardEffect] {
        guard case .asking(index, _) = phase, !multiline.isEmpty else { return ask(index) }
        return [.prompt(Prompt(text: "| ", field: fields[index].name, declaration: fields[index].item?.declaration,
                               keepsHistory: fields[index].keepsHistory && !fields[index].isPrivate))]
    }

    /// Before leaving a multiline field in the middle of its value (`.back`, `.edit`, `.done`),
    /// keeps the lines typed so far as its value. Returns the effects of a failure (the value
    /// breaks a rule: the error, and the lines are still there), or nil when it may leave.
    mutating func commitCollected(at index: Int) -> [WizardEffect]? {
        let text = multiline.text
        guard !text.isEmpty else { return nil }
        let field = fields[index]
        switch field.parse(text) {
        case .success(let value):
            setValue(value, at: index)
            progress.visit(field.name)
            return nil
        case .failure(let problem):
            return refuse(problem.message) + resume(index)
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
    func resolveEditTarget(_ target: String) -> Int? {
        let visible = form.visibleIndices
        if let n = Int(target) {
            guard n >= 1, n <= fields.count, visible.contains(n - 1) else { return nil }
            return n - 1
        }
        let folded = target.lowercased()
        return visible.first { fields[$0].name.lowercased() == folded || fields[$0].label.lowercased() == folded }
    }

    /// The fields an `.edit` target means, in the order to ask them: a field (by review number,
    /// name or label), an item (`lines.2`, or its review number: all its fields), or one field of
    /// an item by review number and place (`3.2`: the second field of entry 3).
    func resolveEditTargets(_ target: String) -> [Int]? {
        guard spec.hasLists else { return resolveEditTarget(target).map { [$0] } }
        let entries = reviewEntries(withLabels: false)
        if let n = Int(target) {
            return entries.first { $0.number == n }?.indices
        }
        let parts = target.split(separator: ".", maxSplits: 1)
        if parts.count == 2, let n = Int(parts[0]), let m = Int(parts[1]),
           let entry = entries.first(where: { $0.number == n }), entry.item != nil, entry.indices.indices.contains(m - 1) {
            return [entry.indices[m - 1]]
        }
        if let i = resolveEditTarget(target) { return [i] }
        let folded = target.lowercased()
        for list in spec.itemLists where spec.group(named: list.name) != nil {
            let prefix = list.name.lowercased() + "."
            guard folded.hasPrefix(prefix), let n = Int(folded.dropFirst(prefix.count)) else { continue }
            let visible = Set(form.visibleIndices)
            let indices = form.itemIndices(list: list.name, number: n).filter(visible.contains)
            return indices.isEmpty ? nil : indices
        }
        return nil
    }

    /// "1-8", the numbers the review shows (the last shown field's number); "1 to 8" in the
    /// accessible face, where "1-8" is read "1 minus 8".
    var numberRange: String {
        let last = spec.hasLists ? reviewEntries(withLabels: false).last?.number ?? 1 : (form.visibleIndices.last ?? 0) + 1
        return policy.presentation.promptInWords ? WizardMessage.promptRange(from: "1", to: String(last)).text : "1-\(last)"
    }

    /// Why a number names no field to edit: out of range, or a field hidden in this run.
    func numberMessage(_ n: Int) -> WizardMessage {
        if spec.hasLists { return .noEntry(number: n, range: numberRange) }
        if n >= 1, n <= fields.count {
            return .fieldNotAsked(number: n, label: TextWrap.truncate(fields[n - 1].label, to: 24))
        }
        return .noField(number: n, range: numberRange)
    }

    /// Why `N.M` (field M of the item on review line N) names no field: which numbers it may use.
    func itemFieldNumberMessage(_ target: String) -> WizardMessage? {
        let parts = target.split(separator: ".", omittingEmptySubsequences: false)
        guard spec.hasLists, parts.count == 2, let n = Int(parts[0]), Int(parts[1]) != nil else { return nil }
        guard let entry = reviewEntries(withLabels: false).first(where: { $0.number == n }) else { return numberMessage(n) }
        guard entry.item != nil else { return .entryNotItem(number: n) }
        return .entryFields(number: n, count: entry.indices.count)
    }

    func editTargetMessage(_ target: String) -> WizardMessage {
        if target.isEmpty { return policy.presentation.promptInWords ? .sayWhichFieldInWords(range: numberRange) : .sayWhichField(range: numberRange) }
        if let n = Int(target) { return numberMessage(n) }
        if let message = itemFieldNumberMessage(target) { return message }
        return .noFieldNamed(name: target, range: numberRange)
    }
}
