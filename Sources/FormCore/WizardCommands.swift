/// Commands typed at a field's prompt (`.back`, `.edit`, `.done`, ...) and how `.edit` names a field.
extension Wizard {
    // MARK: - Commands

    mutating func run(_ command: WizardCommand, at index: Int, collected: [String]) -> [WizardEffect] {
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
            if walk.isQueue { enqueue(index) }
            return ask(previous)
        case .done:
            if let problem = commitCollected(at: index, collected) { return problem }
            if case .forward = walk { walk = .forward(returnTo: nil) }
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
            switch walk {
            case .revisiting, .reviewed:
                enqueue(index)
            case .forward(let returnTo) where target != index:
                // Before the review: edit that field, then come back here (or to where an earlier
                // .edit came from, if that is further on) and walk on.
                walk = .forward(returnTo: max(returnTo ?? index, index))
            case .forward, .completing:
                // Completing the first pass's missing fields: the field stays in that queue.
                break
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
    mutating func resume(_ index: Int, collected: [String]) -> [WizardEffect] {
        guard !collected.isEmpty else { return ask(index) }
        phase = .asking(index: index, lines: collected, walk: walk)
        return [.prompt(Prompt(text: "| ", field: spec.fields[index].name))]
    }

    /// Before leaving a multiline field in the middle of its value (`.back`, `.edit`, `.done`),
    /// keeps the lines typed so far as its value. Returns the effects of a failure (the value
    /// breaks a rule: the error, and the lines are still there), or nil when it may leave.
    mutating func commitCollected(at index: Int, _ collected: [String]) -> [WizardEffect]? {
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
    func resolveEditTarget(_ target: String) -> Int? {
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
    func numberMessage(_ n: Int) -> String {
        if n >= 1, n <= spec.fields.count {
            let label = TextWrap.truncate(spec.fields[n - 1].label, to: 24)
            return "Field \(n) (\(label)) is not asked in this run"
        }
        return "No field \(n): use a number from the review (\(numberRange))"
    }

    func editTargetMessage(_ target: String) -> String {
        if target.isEmpty { return "Say which field: .edit \(numberRange) or .edit NAME" }
        if let n = Int(target) { return numberMessage(n) }
        return "No field '\(target)': use a number from the review (\(numberRange)) or a field name"
    }
}
