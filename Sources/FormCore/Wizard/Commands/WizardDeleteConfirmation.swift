/// The delete-confirmation phase: `.delete` names an item, the wizard asks "Delete Line 2: ...?
/// (y/N)", and the answer deletes it or keeps it; then the wizard goes back to where it was.
extension Wizard {
    /// The item `.delete` names: `lines.2`, a review number, or N (item N of the current list);
    /// nothing: the current item.
    func deleteTarget(_ argument: String, at index: Int?) -> Result<(list: String, number: Int), WizardProblem> {
        let target: (String, Int)?
        if argument.isEmpty {
            target = index.flatMap { i in fields[i].item.map { ($0.list, $0.number) } }
        } else if let n = Int(argument) {
            if let index, let item = fields[index].item {
                target = (item.list, n)
            } else if let row = reviewEntries(withLabels: false).first(where: { $0.number == n }), let item = row.item {
                target = (item.list, item.number)
            } else {
                target = nil
            }
        } else {
            target = spec.itemLists.lazy.compactMap { list -> (String, Int)? in
                let prefix = list.name.lowercased() + "."
                guard argument.lowercased().hasPrefix(prefix), let n = Int(argument.dropFirst(prefix.count)) else { return nil }
                return (list.name, n)
            }.first
        }
        guard let (list, number) = target else {
            return .failure(WizardProblem(.sayWhichItem(example: (spec.itemLists.first?.name ?? "lines") + ".2")))
        }
        let count = form.itemCounts[list] ?? 0
        guard number >= 1, number <= count else {
            return .failure(WizardProblem(.noSuchItem(label: form.listLabel(list), number: number, count: count)))
        }
        if let rule = form.listRule(list), count <= rule.minItems {
            return .failure(WizardProblem(.listNeedsItems(label: form.listLabel(list), least: rule.minItems, number: number)))
        }
        return .success((list, number))
    }

    /// How `.delete` names an item: its review line, or only its name and number ("Med 1") while
    /// nothing of it is answered (the item just offered), whose line would end in a dangling
    /// "Med 1:" or "Allergy 3: -".
    /// `masked`: a private member's value as `[name]`, for the transcript (docs/privacy.md).
    func deleteName(list: String, number: Int, masked: Bool = false) -> String {
        let answered = form.itemIndices(list: list, number: number).contains { form.store[$0] != nil && form.isVisible(at: $0) }
        return answered ? itemLabel(list: list, number: number, masked: masked) : WizardMessage.itemNameAndNumber(label: form.listLabel(list), number: number).text
    }

    func deletePrompt(list: String, number: Int) -> Prompt {
        func text(masked: Bool) -> String {
            let label = TextWrap.truncate(deleteName(list: list, number: number, masked: masked), to: 40)
            return (policy.presentation.promptInWords ? WizardMessage.deletePromptInWords(item: label) : .deletePrompt(item: label)).text
        }
        var prompt = Prompt(text: text(masked: false))
        // The item's private values by name, put in before the label is cut to fit.
        let written = text(masked: true)
        if written != prompt.text { prompt.recorded = written }
        return prompt
    }

    /// Starts a `.delete`: the question, remembering where the wizard was.
    mutating func askDelete(list: String, number: Int) -> [WizardEffect] {
        let after = phase
        phase = .confirmingDelete(list: list, number: number, after: after)
        return [.prompt(deletePrompt(list: list, number: number))]
    }

    /// The answer to "Delete item N?": yes deletes it, anything else keeps it; then back to where
    /// the wizard was (the review, or the field being asked, or the next one if it was deleted).
    mutating func confirmDelete(_ line: String, list: String, number: Int, after: Phase) -> [WizardEffect] {
        let answer = line.trimmedWhitespace.lowercased()
        phase = after
        // y/yes or j/ja in any language (docs/languages.md).
        guard MessageLanguage.yesOrNo(answer) == true else {
            return [.output(OutputLine(.deleteKept, style: .notice))] + reenter(after)
        }
        let label = deleteName(list: list, number: number)
        let writtenLabel = deleteName(list: list, number: number, masked: true)
        let askedName: String? = {
            if case .asking(let i, _) = after { return fields[i].name }
            return nil
        }()
        let deletedStart = form.itemIndices(list: list, number: number).first ?? 0
        deleteItem(list: list, number: number)
        var done = OutputLine(.deleted(item: TextWrap.truncate(label, to: 60)), style: .notice)
        if writtenLabel != label { done.recorded = [WizardMessage.deleted(item: TextWrap.truncate(writtenLabel, to: 60)).text] }
        switch phase {
        case .asking(_, let walk):
            // The field being asked was in the deleted item: ask what now stands in its place.
            let wasDeleted = askedName.map { name in
                name.hasPrefix(list + ".") && Int(name.dropFirst(list.count + 1).prefix { $0 != "." }) == number
            } ?? false
            if wasDeleted {
                switch walk {
                case .completing(let queue), .revisiting(let queue):
                    return [.output(done)] + continueQueue(queue)
                case .detour(let queue, let back):
                    return [.output(done)] + resumeDetour(queue, returnTo: back, from: deletedStart)
                case .forward, .reviewed:
                    guard let next = form.visibleIndices.first(where: { $0 >= deletedStart }) else {
                        return [.output(done)] + goToReview()
                    }
                    return [.output(done)] + ask(next)
                }
            }
            if case .asking(let i, _) = phase { return [.output(done)] + resume(i) }
            return [.output(done)]
        case .review:
            return [.output(done)] + reviewLines() + [.prompt(reviewPrompt)]
        case .failed:
            return [.output(done), .prompt(retryPrompt)]
        case .notStarted, .checking, .submitting, .confirmingDelete, .finished:
            return [.output(done)]
        }
    }

    /// The prompt of the phase the wizard went back to.
    private mutating func reenter(_ phase: Phase) -> [WizardEffect] {
        switch phase {
        case .asking(let i, _): return resume(i)
        case .review: return [.prompt(reviewPrompt)]
        case .failed: return [.prompt(retryPrompt)]
        case .notStarted, .checking, .submitting, .confirmingDelete, .finished: return []
        }
    }
}
