/// Lists and repeated groups in the walk: the concrete fields for the current items, the item the
/// walk offers after the last one (its empty first answer ends the list), adding and deleting
/// items, and what a list means for names and counts. The delete confirmation is
/// WizardDeleteConfirmation.swift; an item's review words are WizardItemLabels.swift.
extension Wizard {
    /// `lines.2` -> the index of item 2's first field.
    static func itemStarts(_ fields: [Field]) -> [String: Int] {
        var starts: [String: Int] = [:]
        for (i, field) in fields.enumerated() {
            guard let item = field.item else { continue }
            let key = FormSpec.itemFieldName(list: item.list, number: item.number, member: nil)
            if starts[key] == nil { starts[key] = i }
        }
        return starts
    }

    static func dependentsByName(_ fields: [Field]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for field in fields { addDependents(of: field, to: &out) }
        return out
    }

    /// Adds `field` under each name its `when` looks at.
    static func addDependents(of field: Field, to map: inout [String: [String]]) {
        guard let when = field.when else { return }
        var named: Set<String> = []
        for name in when.fields where named.insert(name).inserted { map[name, default: []].append(field.name) }
    }

    static func indexByName(_ fields: [Field]) -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(fields.count)
        for (i, field) in fields.enumerated() where index[field.name] == nil { index[field.name] = i }
        return index
    }

    /// The concrete field named `name` (`lines.2.qty`), or a field outside lists.
    public func field(named name: String) -> Field? { fieldIndex[name].map { fields[$0] } }

    /// The form with its current concrete fields and checks, for code written for flat forms.
    public var concreteSpec: FormSpec {
        var copy = spec
        copy.fields = fields
        copy.checks = checks
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
        let fieldText = (conditional ? "up to " : "") + "\(plain) field\(plain == 1 ? "" : "s")"
        guard spec.hasLists else { return fieldText }
        let lists = spec.itemLists.count
        return fieldText + ", \(lists) list\(lists == 1 ? "" : "s")"
    }

    /// The rule of list `name` (a list of scalars or a group).
    func listRule(_ name: String) -> ListRule? {
        if let group = spec.group(named: name) { return group.rule }
        return spec.fields.first { $0.name == name && $0.group == nil }?.list
    }

    /// The name a list is shown by: a group's label, a list's field label.
    func listLabel(_ name: String) -> String {
        if let group = spec.group(named: name) { return group.label }
        return spec.fields.first { $0.name == name && $0.group == nil }?.label ?? name
    }

    // MARK: - Rebuilding

    /// Makes the fields concrete again after an item count changed, and moves the phase's indices
    /// with them. `rename` gives a field's new name (an item after a deleted one moves down);
    /// nil: the field is gone.
    mutating func rebuildFields(renaming rename: (String) -> String? = { $0 }) {
        let oldNames = fields.map(\.name)
        fields = spec.concreteFields(itemCounts: itemCounts)
        fieldIndex = Wizard.indexByName(fields)
        store.reindex(fields, index: fieldIndex)
        itemStarts = Wizard.itemStarts(fields)
        dependents = Wizard.dependentsByName(fields)
        checks = spec.concreteChecks(itemCounts: itemCounts)
        var moved: [Int?] = []
        moved.reserveCapacity(oldNames.count)
        for name in oldNames { moved.append(rename(name).flatMap { fieldIndex[$0] }) }
        let map: (Int) -> Int? = { old in moved.indices.contains(old) ? moved[old] : nil }
        switch phase {
        case .notStarted(let walk):
            phase = .notStarted(walk: walk.remapped(map))
        case .asking(let i, let lines, let walk):
            phase = .asking(index: map(i) ?? min(i, max(fields.count - 1, 0)), lines: lines, walk: walk.remapped(map))
        case .review, .submitting, .failed, .confirmingDelete, .finished:
            break
        }
    }

    /// The indices of item `number` of `list`, in form order.
    func itemIndices(list: String, number: Int) -> [Int] {
        guard var i = itemStarts[FormSpec.itemFieldName(list: list, number: number, member: nil)] else { return [] }
        var out: [Int] = []
        while i < fields.count, fields[i].item?.list == list, fields[i].item?.number == number {
            out.append(i)
            i += 1
        }
        return out
    }

    /// The fields of every item of `list`, item by item (they are contiguous): the checks across
    /// items read each item without building its name. Every item holds the same members in the
    /// same order, so the spans follow from the first item's size; the last item's place is
    /// checked, and anything else falls back to walking the list's fields one by one.
    func itemSpans(list: String) -> [Range<Int>] {
        let count = itemCounts[list] ?? 0
        guard count > 0, let start = itemStarts[FormSpec.itemFieldName(list: list, number: 1, member: nil)] else { return [] }
        var size = 0
        while start + size < fields.count, let item = fields[start + size].item, item.list == list, item.number == 1 { size += 1 }
        let end = start + size * count
        if size > 0, end <= fields.count, let last = fields[end - 1].item, last.list == list, last.number == count,
           end == fields.count || fields[end].item?.list != list {
            return (0..<count).map { start + $0 * size ..< start + ($0 + 1) * size }
        }
        return itemSpansWalked(list: list)
    }

    /// `itemSpans` found by walking the list's fields one by one.
    func itemSpansWalked(list: String) -> [Range<Int>] {
        guard let start = itemStarts[FormSpec.itemFieldName(list: list, number: 1, member: nil)] else { return [] }
        var spans: [Range<Int>] = []
        var i = start
        while i < fields.count, let item = fields[i].item, item.list == list {
            if item.number != spans.count { spans.append(i..<i) }
            spans[spans.count - 1] = spans[spans.count - 1].lowerBound ..< i + 1
            i += 1
        }
        return spans
    }

    /// Whether fields `a` and `b` are in the same item of the same list.
    func sameItem(_ a: Int, _ b: Int) -> Bool {
        guard let x = fields[a].item, let y = fields[b].item else { return false }
        return x.list == y.list && x.number == y.number
    }

    /// Whether no visible field of the same item comes before `index`.
    func isFirstOfItem(_ index: Int) -> Bool {
        var j = index - 1
        while j >= 0, sameItem(j, index) {
            if isVisible(fields[j]) { return false }
            j -= 1
        }
        return true
    }

    /// Whether no visible field of the same item comes after `index`.
    func isLastOfItem(_ index: Int) -> Bool {
        var j = index + 1
        while j < fields.count, sameItem(j, index) {
            if isVisible(fields[j]) { return false }
            j += 1
        }
        return true
    }

    /// Whether `field` is in the item the walk offered and the operator has not begun.
    func isTentative(_ field: Field) -> Bool {
        guard let item = field.item else { return false }
        return tentativeLists.contains(item.list) && item.number == itemCounts[item.list]
    }

    func itemHasValues(list: String, number: Int) -> Bool {
        // An answer kept while its field is hidden makes a begun item too.
        itemIndices(list: list, number: number).contains { store[$0] != nil || store.keptWhileHidden[fields[$0].name] != nil }
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
        guard let item = fields[index].item, isLastOfItem(index),
              item.number == itemCounts[item.list], let rule = listRule(item.list), item.number < rule.maxItems
        else { return }
        itemCounts[item.list] = item.number + 1
        tentativeLists.insert(item.list)
        appendItemFields(list: item.list, number: item.number + 1)
    }

    /// Adds the fields of a new last item without making every field concrete again: a long
    /// list grows in time proportional to the item (and the fields after the list), not to the
    /// whole form, so the 200th item costs what the 2nd did.
    mutating func appendItemFields(list: String, number: Int) {
        guard number > 1, let last = itemIndices(list: list, number: number - 1).last else {
            rebuildFields()
            return
        }
        let added = spec.itemFields(list: list, number: number)
        let at = last + 1
        let shift = added.count
        fields.insert(contentsOf: added, at: at)
        store.insert(added, at: at)
        for i in (at + shift)..<fields.count {
            fieldIndex[fields[i].name] = i
            if let item = fields[i].item {
                let key = FormSpec.itemFieldName(list: item.list, number: item.number, member: nil)
                if itemStarts[key] == i - shift { itemStarts[key] = i }
            }
        }
        for (k, field) in added.enumerated() {
            fieldIndex[field.name] = at + k
            Wizard.addDependents(of: field, to: &dependents)
        }
        itemStarts[FormSpec.itemFieldName(list: list, number: number, member: nil)] = at
        checks += spec.itemChecks(list: list, number: number)
        let map: (Int) -> Int? = { $0 >= at ? $0 + shift : $0 }
        switch phase {
        case .notStarted(let walk):
            phase = .notStarted(walk: walk.remapped(map))
        case .asking(let i, let lines, let walk):
            phase = .asking(index: map(i) ?? i, lines: lines, walk: walk.remapped(map))
        case .review, .submitting, .failed, .confirmingDelete, .finished:
            break
        }
    }

    /// An empty first answer in the offered item: the item goes and the walk goes on after the list.
    mutating func endList(at index: Int) -> [WizardEffect] {
        guard let item = fields[index].item else { return advance(from: index) }
        let start = itemIndices(list: item.list, number: item.number).first ?? index
        dropItem(list: item.list, number: item.number)
        let next = visibleIndices.first { $0 >= start }
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
        guard itemCounts[list] == number else { return }
        for i in itemIndices(list: list, number: number) {
            let name = fields[i].name
            store.set(nil, at: i, named: name)
            visited.remove(name)
            pendingErrors[name] = nil
        }
        itemCounts[list] = number - 1
        tentativeLists.remove(list)
        rebuildFields()
    }

    /// Before the review: an offered item nobody began is not an item.
    mutating func dropUnbegunItems() {
        for list in tentativeLists.sorted() {
            guard let count = itemCounts[list], count > 0 else { tentativeLists.remove(list); continue }
            if itemHasValues(list: list, number: count) {
                tentativeLists.remove(list)
            } else {
                dropItem(list: list, number: count)
            }
        }
    }

    /// Adds an item at the end of `list`; returns the visible indices of its fields (empty when
    /// the list is full).
    mutating func addItem(to list: String) -> [Int] {
        guard let rule = listRule(list) else { return [] }
        let count = itemCounts[list] ?? 0
        guard count < rule.maxItems else { return [] }
        itemCounts[list] = count + 1
        tentativeLists.remove(list)
        appendItemFields(list: list, number: count + 1)
        let visible = Set(visibleIndices)
        return itemIndices(list: list, number: count + 1).filter(visible.contains)
    }

    /// Deletes item `number` of `list`; the items after it move down one number, values and all.
    mutating func deleteItem(list: String, number: Int) {
        let count = itemCounts[list] ?? 0
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
        func moved<V>(_ dictionary: [String: V]) -> [String: V] {
            var out: [String: V] = [:]
            for (name, value) in dictionary { if let new = renamed(name) { out[new] = value } }
            return out
        }
        store.rename(renamed)
        pendingErrors = moved(pendingErrors)
        answerRefusals = moved(answerRefusals)
        refusedAnswerText = moved(refusedAnswerText)
        visited = Set(visited.compactMap(renamed))
        itemCounts[list] = count - 1
        if count - 1 == 0 || number == count { tentativeLists.remove(list) }
        rebuildFields(renaming: renamed)
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
            if names.isEmpty { return .failure(WizardProblem("This form has no list to add an item to")) }
            return .failure(WizardProblem("Say which list: .add \(names.joined(separator: "|"))"))
        }
        if let rule = listRule(list), (itemCounts[list] ?? 0) >= rule.maxItems {
            return .failure(WizardProblem("\(listLabel(list)) is full: at most \(rule.maxItems) item\(rule.maxItems == 1 ? "" : "s")"))
        }
        let added = addItem(to: list)
        guard !added.isEmpty else { return .failure(WizardProblem("The new item has no field to ask in this run")) }
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
