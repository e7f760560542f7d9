/// Lists and repeated groups in the walk: the concrete fields for the current items, the item the
/// walk offers after the last one (its empty first answer ends the list), adding and deleting
/// items, and what a list means for names and counts. The delete confirmation is
/// WizardDeleteConfirmation.swift; an item's review words are WizardItemLabels.swift.
extension Wizard {
    /// The concrete field named `name` (`lines.2.qty`), or a field outside lists.
    package func field(named name: String) -> Field? { form.field(named: name) }

    /// The form with its current concrete fields and checks, for code written for flat forms.
    package var concreteSpec: FormSpec {
        var copy = spec
        copy.fields = fields
        copy.checks = form.checks
        return copy
    }

    /// "6 fields", or with lists "2 fields, 1 list": what the form has, the same in every run.
    /// A form with fields shown only under a condition says "up to 17 fields": counting the
    /// fields visible at the start gave 14, 16 or 17 for one form, by its defaults and answers.
    var fieldCountText: String {
        var plain = 0
        var conditional = false
        for field in fields where field.item == nil {
            plain += 1
            if field.when != nil { conditional = true }
        }
        return WizardMessage.fieldCount(fields: plain, upTo: conditional, lists: spec.hasLists ? spec.itemLists.count : nil).text
    }

    // MARK: - Moving with the items

    /// After an item operation of the form instance: the field being asked and the walk's queue
    /// move with their fields (a field that is gone leaves the queue; the field being asked, if
    /// gone, gives way to the one now in its place).
    mutating func follow(_ map: FormInstance.IndexMap) {
        switch phase {
        case .notStarted(let walk):
            phase = .notStarted(walk: walk.remapped(map))
        case .asking(let i, let walk):
            phase = .asking(index: map(i) ?? min(i, max(fields.count - 1, 0)), walk: walk.remapped(map))
        case .checking, .review, .submitting, .failed, .confirmingDelete, .finished:
            break
        }
    }

    // MARK: - The walk over items

    /// After the last field of a list's last item on the first pass: offer one more item (its
    /// empty first answer will end the list), unless the list is full.
    mutating func offerNextItem(after index: Int) {
        switch walk {
        // Walking forward with nowhere to come back to (a detour with nothing left is that too).
        case .forward(nil): break
        case .detour(let queue, nil) where queue.isEmpty: break
        case .forward, .detour, .completing, .revisiting, .reviewed: return
        }
        guard let item = fields[index].item, form.isLastOfItem(index),
              item.number == form.itemCounts[item.list], let rule = form.listRule(item.list), item.number < rule.maxItems
        else { return }
        follow(form.appendItem(to: item.list, tentative: true))
    }

    /// An empty first answer in the offered item: the item goes and the walk goes on after the list.
    mutating func endList(at index: Int) -> [WizardEffect] {
        guard let item = fields[index].item else { return advance(from: index) }
        let start = form.itemIndices(list: item.list, number: item.number).first ?? index
        dropItem(list: item.list, number: item.number)
        let next = form.visibleIndices.first { $0 >= start }
        switch walk {
        case .forward:
            walk = .forward(returnTo: nil)
            if let next { return ask(next) }
            return goToReview()
        case .detour(let queue, let back):
            return resumeDetour(queue, returnTo: back, from: start)
        case .completing(let queue), .revisiting(let queue):
            return continueQueue(queue)
        case .reviewed:
            return goToReview()
        }
    }

    /// Removes the last item of `list` (one the operator has not begun).
    mutating func dropItem(list: String, number: Int) {
        guard form.itemCounts[list] == number else { return }
        for i in form.itemIndices(list: list, number: number) { progress.forget(fields[i].name) }
        if let map = form.dropLastItem(list: list, number: number) { follow(map) }
    }

    /// Before the review: an offered item nobody began is not an item.
    mutating func dropUnbegunItems() {
        for list in form.tentativeLists.sorted() {
            guard let count = form.itemCounts[list], count > 0 else { form.tentativeLists.remove(list); continue }
            if form.itemHasValues(list: list, number: count) {
                form.tentativeLists.remove(list)
            } else {
                dropItem(list: list, number: count)
            }
        }
    }

    /// Adds an item at the end of `list`; returns the visible indices of its fields (empty when
    /// the list is full).
    mutating func addItem(to list: String) -> [Int] {
        guard let rule = form.listRule(list) else { return [] }
        let count = form.itemCounts[list] ?? 0
        guard count < rule.maxItems else { return [] }
        follow(form.appendItem(to: list, tentative: false))
        let visible = Set(form.visibleIndices)
        return form.itemIndices(list: list, number: count + 1).filter(visible.contains)
    }

    /// Deletes item `number` of `list`; the items after it move down one number, values and all.
    mutating func deleteItem(list: String, number: Int) {
        let count = form.itemCounts[list] ?? 0
        guard number >= 1, number <= count else { return }
        let prefix = list + "."
        /// The new name of an item field's old name; nil for the deleted item's fields.
        func renamed(_ name: String) -> String? {
            guard name.hasPrefix(prefix) else { return name }
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0 != "." }
            guard let n = Int(digits) else { return name }
            if n == number { return nil }
            if n < number { return name }
            return prefix + String(n - 1) + rest.dropFirst(digits.count)
        }
        progress.rename(renamed)
        scripted.rename(renamed)
        follow(form.deleteItem(list: list, number: number, renamed: renamed))
    }

    // MARK: - Commands on items

    /// The list `.add`/`.delete` mean without a name: the current field's, or the form's only list.
    func currentList(at index: Int?) -> String? {
        if let index, let item = fields[index].item { return item.list }
        let lists = spec.itemLists
        return lists.count == 1 ? lists[0].name : nil
    }

    /// `.add [LIST]`: a new item at the end, asked now; then the walk comes back.
    mutating func addCommand(_ argument: String, at index: Int?) -> Result<[Int], WizardProblem> {
        let list = argument.isEmpty ? currentList(at: index) : spec.itemLists.first { $0.name.lowercased() == argument.lowercased() }?.name
        guard let list else {
            let names = spec.itemLists.map(\.name)
            if names.isEmpty { return .failure(WizardProblem(.noListToAddTo)) }
            return .failure(WizardProblem(.sayWhichList(names: names)))
        }
        if let rule = form.listRule(list), (form.itemCounts[list] ?? 0) >= rule.maxItems {
            return .failure(WizardProblem(.listFull(label: form.listLabel(list), most: rule.maxItems)))
        }
        let added = addItem(to: list)
        guard !added.isEmpty else { return .failure(WizardProblem(.newItemHasNoField)) }
        return .success(added)
    }
}

/// Why an item command cannot be done (shown as the error under the prompt).
struct WizardProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension Walk {
    /// The walk with its field indices moved (fields that are gone leave its queue).
    func remapped(_ map: (Int) -> Int?) -> Walk {
        switch self {
        case .forward(let back): return .forward(returnTo: back.flatMap(map))
        case .detour(let queue, let back): return .detour(queue.compactMap(map), returnTo: back.flatMap(map))
        case .completing(let queue): return .completing(queue.compactMap(map))
        case .revisiting(let queue): return .revisiting(queue.compactMap(map))
        case .reviewed: return .reviewed
        }
    }
}
