/// The form as one session walks it now: the form's fields made concrete for the current items
/// (`lines.2.qty`), the indexes over them, the checks for those items, and the answers.
///
/// Items come and go while the operator types (`.add`, `.delete`, the item the walk offers, a
/// list typed on one line, a draft or an answers file naming item 7). Every structure here is
/// indexed by field position or name, so every one of them must change together: they change
/// only through this type's operations, which return how positions moved (`IndexMap`) so the
/// wizard can move its own (the field being asked, the walk's queue) in step.
struct FormInstance: Sendable {
    let spec: FormSpec
    /// The fields walked now: the form's own, each list's items made concrete.
    private(set) var fields: [Field]
    /// Concrete field name -> index in `fields`.
    private(set) var fieldIndex: [String: Int]
    /// `lines.2` -> the index of item 2's first field.
    private(set) var itemStarts: [String: Int]
    /// Each field some `when` looks at -> the fields whose `when` names it (by name, which stays
    /// when items are added). Only an answer to one of these can show or hide a field, and only
    /// those fields (and theirs in turn) can change: an answer to a 200-item receipt's Lot looks
    /// at that item's Damaged units, not at every field.
    private(set) var dependents: [String: [String]]
    /// The form's checks for the current items (a check on a group's members runs per item).
    private(set) var checks: [CrossFieldCheck]
    /// Items in each list (lists of scalars and groups), by list name.
    private(set) var itemCounts: [String: Int]
    /// Lists whose last item the walk added and the operator has not begun: an empty first
    /// answer there ends the list instead of being "Required".
    var tentativeLists: Set<String>
    /// Each group's label template, read once; the members each names (`itemDetails` shows the
    /// others).
    let labelTemplates: [String: [RepeatGroup.LabelPiece]]
    let labelMembers: [String: Set<String>]
    /// The answers, by name and by index in `fields` (AnswerStore.swift). Setting a value is free;
    /// only the item operations below move the indices under it.
    var store: AnswerStore

    /// A server check's lookup gives field `index` this default (docs/checks.md): kept only
    /// when the field's own rules take it, as a form file's default must.
    mutating func setLookupDefault(_ text: String, at index: Int) {
        guard fields.indices.contains(index), !fields[index].isSecret, fields[index].list == nil,
              case .success = fields[index].parse(text) else { return }
        fields[index].defaultText = text
        fields[index].clockDefault = nil
    }

    /// Field name -> the `CheckRequest.key` of the fetch its choices came from (`choices_from`):
    /// a field is fetched again only when the request its placeholders make changes.
    private(set) var choicesFetchedFor: [String: String] = [:]

    /// A `choices_from` fetch gives field `index` these choices (empty: the fetch failed and the
    /// field takes free text).
    mutating func setFetchedChoices(_ choices: [String], labels: [String: String] = [:], key: String, at index: Int) {
        guard fields.indices.contains(index) else { return }
        fields[index].choices = choices
        fields[index].choiceLabels = labels
        choicesFetchedFor[fields[index].name] = key
    }

    /// How field positions moved in an item operation: old index -> new index, nil when the
    /// field is gone.
    typealias IndexMap = (Int) -> Int?

    init(spec: FormSpec) {
        self.spec = spec
        var counts: [String: Int] = [:]
        var tentative: Set<String> = []
        for list in spec.itemLists {
            // The first item is offered even when none is needed: its empty first answer ends
            // the list, so an optional list costs one Enter.
            let count = min(max(list.rule.minItems, 1), list.rule.maxItems)
            counts[list.name] = count
            if count > list.rule.minItems { tentative.insert(list.name) }
        }
        itemCounts = counts
        tentativeLists = tentative
        fields = spec.concreteFields(itemCounts: counts)
        store = AnswerStore(fieldCount: fields.count)
        fieldIndex = FormInstance.indexByName(fields)
        itemStarts = FormInstance.itemStarts(fields)
        dependents = FormInstance.dependentsByName(fields)
        checks = spec.concreteChecks(itemCounts: counts)
        labelTemplates = FormInstance.labelTemplates(spec)
        labelMembers = FormInstance.labelMembers(labelTemplates)
    }

    // MARK: - Looking up

    /// The concrete field named `name` (`lines.2.qty`), or a field outside lists.
    func field(named name: String) -> Field? { fieldIndex[name].map { fields[$0] } }

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
            if isVisible(at: j) { return false }
            j -= 1
        }
        return true
    }

    /// Whether no visible field of the same item comes after `index`.
    func isLastOfItem(_ index: Int) -> Bool {
        var j = index + 1
        while j < fields.count, sameItem(j, index) {
            if isVisible(at: j) { return false }
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

    // MARK: - Visibility

    /// Indices of the fields whose `when` holds now, in form order.
    var visibleIndices: [Int] {
        var out: [Int] = []
        out.reserveCapacity(fields.count)
        for i in fields.indices where isVisible(at: i) { out.append(i) }
        return out
    }

    /// The first visible field after `index`, looking no further than needed.
    func nextVisible(after index: Int) -> Int? {
        var i = index + 1
        while i < fields.count {
            if isVisible(at: i) { return i }
            i += 1
        }
        return nil
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
        return FormInstance.holds(condition, fields: fields, fieldIndex: fieldIndex, store: store)
    }

    func isVisible(_ field: Field) -> Bool {
        guard let condition = field.when else { return true }
        return FormInstance.holds(condition, fields: fields, fieldIndex: fieldIndex, store: store)
    }

    /// Static, so the condition's lookup captures three collections rather than a copy of the
    /// whole instance: a copy retained and released every stored property once per field asked
    /// about, a third of the time a 200-item review took (docs/PERFORMANCE.md).
    private static func holds(_ condition: Condition, fields: [Field], fieldIndex: [String: Int], store: AnswerStore) -> Bool {
        // A field that is hidden (or unknown) has no value to compare.
        condition.holds(answers: { name in
            guard let i = fieldIndex[name] else { return nil }
            if let inner = fields[i].when, !holds(inner, fields: fields, fieldIndex: fieldIndex, store: store) { return nil }
            return store[i]
        })
    }

    /// Lists with no items whose `when` holds: they have no field, so the review and the
    /// payload say them apart.
    var emptyVisibleLists: [FormSpec.ItemList] {
        spec.itemLists.filter { list in
            guard (itemCounts[list.name] ?? 0) == 0 else { return false }
            let declaration = list.group == nil
                ? spec.fields.first { $0.name == list.name && $0.group == nil }
                : spec.fields.first { $0.group == list.name }
            return declaration.map(isVisible) ?? true
        }
    }

    // MARK: - Changing the items (the only places the indexes change)

    /// Sets the item counts of the lists named and makes every field concrete again.
    mutating func setItemCounts(_ counts: [String: Int]) -> IndexMap {
        for (list, count) in counts { itemCounts[list] = count }
        return rebuild()
    }

    /// One more item at the end of `list` (the walk's offer when `tentative`, else a real item),
    /// its fields added without making every field concrete again: a long list grows in time
    /// proportional to the item (and the fields after the list), not to the whole form, so the
    /// 200th item costs what the 2nd did.
    mutating func appendItem(to list: String, tentative: Bool) -> IndexMap {
        let number = (itemCounts[list] ?? 0) + 1
        itemCounts[list] = number
        if tentative { tentativeLists.insert(list) } else { tentativeLists.remove(list) }
        guard number > 1, let last = itemIndices(list: list, number: number - 1).last else { return rebuild() }
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
            FormInstance.addDependents(of: field, to: &dependents)
        }
        itemStarts[FormSpec.itemFieldName(list: list, number: number, member: nil)] = at
        checks += spec.itemChecks(list: list, number: number)
        return { $0 >= at ? $0 + shift : $0 }
    }

    /// Removes the last item of `list`, `number` (one the operator has not begun), answers and all.
    mutating func dropLastItem(list: String, number: Int) -> IndexMap? {
        guard itemCounts[list] == number else { return nil }
        for i in itemIndices(list: list, number: number) { store.set(nil, at: i, named: fields[i].name) }
        itemCounts[list] = number - 1
        tentativeLists.remove(list)
        return rebuild()
    }

    /// Deletes item `number` of `list`: the items after it move down one number, answers and
    /// all. `renamed` gives a field's new name (nil: the deleted item's).
    mutating func deleteItem(list: String, number: Int, renamed: (String) -> String?) -> IndexMap {
        let count = itemCounts[list] ?? 0
        store.rename(renamed)
        itemCounts[list] = count - 1
        if count - 1 == 0 || number == count { tentativeLists.remove(list) }
        return rebuild(renaming: renamed)
    }

    /// Makes the fields concrete again for the current counts; every index follows. `rename`
    /// gives a field's new name (an item after a deleted one moves down); nil: the field is gone.
    private mutating func rebuild(renaming rename: (String) -> String? = { $0 }) -> IndexMap {
        let oldNames = fields.map(\.name)
        fields = spec.concreteFields(itemCounts: itemCounts)
        fieldIndex = FormInstance.indexByName(fields)
        store.reindex(fields, index: fieldIndex)
        itemStarts = FormInstance.itemStarts(fields)
        dependents = FormInstance.dependentsByName(fields)
        checks = spec.concreteChecks(itemCounts: itemCounts)
        var moved: [Int?] = []
        moved.reserveCapacity(oldNames.count)
        for name in oldNames { moved.append(rename(name).flatMap { fieldIndex[$0] }) }
        return { old in moved.indices.contains(old) ? moved[old] : nil }
    }

    /// Whether every index agrees with `fields` (for tests: no operation leaves one behind).
    var isInStep: Bool {
        fieldIndex == FormInstance.indexByName(fields) && itemStarts == FormInstance.itemStarts(fields)
            && store.isInStep(with: fields)
    }

    // MARK: - Building the indexes

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

    /// Each group's label template, read once (groups with a template only), rather than once per
    /// item of every review.
    static func labelTemplates(_ spec: FormSpec) -> [String: [RepeatGroup.LabelPiece]] {
        var out: [String: [RepeatGroup.LabelPiece]] = [:]
        for group in spec.groups {
            if let template = group.labelTemplate { out[group.name] = RepeatGroup.LabelPiece.pieces(template) }
        }
        return out
    }

    /// The members each group's template names: `itemDetails` shows the others.
    static func labelMembers(_ templates: [String: [RepeatGroup.LabelPiece]]) -> [String: Set<String>] {
        templates.mapValues { pieces in
            Set(pieces.compactMap { piece in
                if case .member(let name) = piece { return name }
                return nil
            })
        }
    }
}
