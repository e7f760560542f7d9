#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a list adds to checking and sending: items entered on one line, the checks across items
/// (unique, totals), and the empty lists the payload still carries.
extension Wizard {
    /// Lists with no items that say `send_empty: true`: sent as `[]`.
    var emptyListsSent: [String] {
        // A list its `when` hides is not sent at all, empty or not.
        form.emptyVisibleLists.filter(\.rule.sendEmpty).map(\.name)
    }

    /// Whether a list of this field's type may be typed as one comma-separated line: only types
    /// whose values never contain a comma (text, URLs, secrets and multiline values may). The
    /// type's kind decides (`FieldKind.entersSeveral`).
    static func entersSeveral(_ field: Field) -> Bool { field.kind.entersSeveral(field) }

    /// "10, 20, 30" at an item of a list of scalars: each part becomes an item from this one on
    /// (items after them stay), all or nothing; the list then ends. nil: not such a line.
    mutating func acceptSeveral(_ text: String, at index: Int) -> [WizardEffect]? {
        let field = fields[index]
        guard let item = field.item, item.member == nil, Wizard.entersSeveral(field), text.contains(","),
              let rule = form.listRule(item.list) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmedWhitespace }
        let count = form.itemCounts[item.list] ?? 0
        let needed = item.number - 1 + parts.count
        if needed > rule.maxItems {
            return refuse(.tooManyItemsOnLine(label: form.listLabel(item.list), most: rule.maxItems, parts: parts.count, from: item.number))
                + ask(index, prefill: field.isSecret ? nil : text)
        }
        var parsed: [FieldValue] = []
        for (k, part) in parts.enumerated() {
            guard !part.isEmpty else {
                return refuse(.emptyItemOnLine(number: item.number + k)) + ask(index, prefill: text)
            }
            switch field.parse(part) {
            case .success(let value): parsed.append(value)
            case .failure(let problem):
                return refuse(.itemOnLineRefused(number: item.number + k, typed: TextWrap.truncate(Wizard.withoutControlCharacters(part), to: 30), reason: problem.message))
                    + ask(index, prefill: text)
            }
        }
        if needed > count { follow(form.setItemCounts([item.list: needed])) }
        form.tentativeLists.remove(item.list)
        var last = index
        // The items the line filled: a queue the walk was on no longer asks them.
        var taken: Set<Int> = []
        for (k, value) in parsed.enumerated() {
            let name = FormSpec.itemFieldName(list: item.list, number: item.number + k, member: nil)
            guard let i = form.fieldIndex[name] else { continue }
            form.store.set(value, at: i, named: name)
            progress.visit(name)
            taken.insert(i)
            last = i
        }
        dropHiddenValues()
        // The list is entered: the walk goes on after its last item.
        let end = form.itemIndices(list: item.list, number: form.itemCounts[item.list] ?? 0).last ?? last
        switch walk {
        case .forward:
            walk = .forward(returnTo: nil)
            if let next = form.visibleIndices.first(where: { $0 > end }) { return ask(next) }
            return goToReview()
        case .detour(let queue, let back):
            return resumeDetour(queue.filter { !taken.contains($0) }, returnTo: back, from: end + 1)
        case .completing(let queue), .revisiting(let queue):
            return continueQueue(queue.filter { !taken.contains($0) })
        case .reviewed:
            return goToReview()
        }
    }

    /// `text` as an Int when it is a whole number of at most 15 digits (an optional `-`): 1000
    /// of them sum far below Int's limit. nil: anything else (decimals, longer numbers).
    static func smallWholeNumber(_ text: String) -> Int? {
        let digits = text.utf8.first == 0x2D ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    /// A check across the items of a list that failed: where it lands and what it says.
    struct ItemCheckFailure {
        let index: Int
        let message: String
    }

    /// `unique` (a list's items, or a group's members item to item) and `total` bounds. A
    /// duplicate lands on the later item; a total on the last item's field.
    func itemCheckFailures(visible known: [Int]? = nil) -> [ItemCheckFailure] {
        var failures: [ItemCheckFailure] = []
        // A flag per field: asked of every item's fields, where a set hashed each index.
        var visible = [Bool](repeating: false, count: fields.count)
        for i in known ?? form.visibleIndices { visible[i] = true }
        for list in spec.itemLists {
            let count = form.itemCounts[list.name] ?? 0
            guard count > 0 else { continue }
            // Over a `max_items` lowered since the draft was saved: the first extra item's first
            // field is asked, where `.delete` removes it (or any other: the operator chooses).
            if count > list.rule.maxItems,
               let at = form.itemIndices(list: list.name, number: list.rule.maxItems + 1).first(where: { visible[$0] }) {
                failures.append(ItemCheckFailure(index: at, message:
                    WizardMessage.listOverMax(label: form.listLabel(list.name), most: list.rule.maxItems, count: count, list: list.name).text))
            }
            let runs = form.itemSpans(list: list.name)
            guard let layout = runs.first else { continue }
            // Every item of a list has its members in the same order: where each member sits in
            // an item is found once, from the first, not by comparing every field's member name
            // (copying each field's item place for it was most of the check).
            let uniqueSet: Set<String>? = list.group.map { Set($0.unique) }
            let checksUnique = list.group.map { !$0.unique.isEmpty } ?? list.rule.unique
            if checksUnique {
                let isKeyed: (String?) -> Bool = { Wizard.isUniqueKeyMember($0, groupUnique: uniqueSet) }
                let keyedOffsets = memberOffsets(in: layout, where: isKeyed)
                // One string a key (the parts joined by a separator no value holds): hashing it is
                // one pass, where an array of parts hashed each part and its count.
                var seen: [String: Int] = [:]
                // Room for every item at once: growing rehashed every key seen so far.
                seen.reserveCapacity(runs.count)
                for (offset, indices) in runs.enumerated() {
                    let n = offset + 1
                    let keyed = indices.count == layout.count ? keyedOffsets : memberOffsets(in: indices, where: isKeyed)
                    var key = ""
                    var anyValue = false
                    var target: Int?
                    for k in keyed {
                        let i = indices.lowerBound + k
                        if target == nil, visible[i] { target = i }
                        if let value = form.store[i] {
                            key += Wizard.uniqueKey(value)
                            anyValue = true
                        }
                        key += "\u{1E}"
                    }
                    guard anyValue, let at = target ?? keyed.first.map({ indices.lowerBound + $0 }) else { continue }
                    // Looked up and claimed in one hash of the key.
                    if let first = Wizard.claim(&seen[key, default: 0], for: n) {
                        let what = list.group.map { g in g.unique.count == 1 ? (fieldLabel(group: g.name, member: g.unique[0])) : g.unique.map { fieldLabel(group: g.name, member: $0) }.joined(separator: " and ") }
                        let message = WizardMessage.sameAsItem(what: what, plural: (list.group?.unique.count ?? 1) > 1, earlier: first)
                        failures.append(ItemCheckFailure(index: at, message: message.text))
                    }
                }
            }
            for total in list.rule.totals {
                // Decimal holds 38 digits: quantities and amounts sum exactly. Whole numbers of up
                // to 15 digits (every quantity) are summed as integers: parsing each one into a
                // Decimal was most of a 200-item review's checks, and a sum of them against whole
                // bounds needs no Decimal at all (its first use costs a cold review 0.1 ms).
                var fractional: Decimal?
                var whole = 0
                var last: Int?
                let isTotalled: (String?) -> Bool = { $0 == total.field }
                let place = memberOffsets(in: layout, where: isTotalled).first
                for indices in runs {
                    let at = indices.count == layout.count ? place : memberOffsets(in: indices, where: isTotalled).first
                    guard let at, visible[indices.lowerBound + at] else { continue }
                    let i = indices.lowerBound + at
                    last = i
                    guard case .number(let text)? = form.store[i] else { continue }
                    if let small = Wizard.smallWholeNumber(text) {
                        whole += small
                    } else if let value = Decimal(string: text) {
                        fractional = (fractional ?? 0) + value
                    }
                }
                guard let at = last else { continue }
                let name = total.field.map { fieldLabel(group: list.name, member: $0) } ?? form.listLabel(list.name)
                switch Wizard.totalBreaks(whole: whole, fractional: fractional, total) {
                case .above(let sum, let hi)?:
                    failures.append(ItemCheckFailure(index: at, message: total.message ?? WizardMessage.totalAbove(name: name, sum: sum, most: "\(hi)").text))
                case .below(let sum, let lo)?:
                    failures.append(ItemCheckFailure(index: at, message: total.message ?? WizardMessage.totalBelow(name: name, sum: sum, least: "\(lo)").text))
                case nil:
                    break
                }
            }
        }
        return failures
    }

    /// Where in an item (offsets from its first field, `span.lowerBound`) the members `wanted`
    /// accepts sit; a list of scalars' item has one field, its member nil.
    func memberOffsets(in span: Range<Int>, where wanted: (String?) -> Bool) -> [Int] {
        (0..<span.count).filter { wanted(fields[span.lowerBound + $0].item?.member) }
    }

    /// Whether a member is part of its item's unique key: one of the group's `unique` members, or,
    /// for a list of scalars (`groupUnique` nil), the item itself.
    static func isUniqueKeyMember(_ member: String?, groupUnique: Set<String>?) -> Bool {
        guard let groupUnique else { return true }
        return member.map(groupUnique.contains) ?? false
    }

    /// How a total breaks its bounds: the sum as the message shows it, and the bound.
    enum TotalBreak {
        case above(String, DecimalText)
        case below(String, DecimalText)
    }

    /// Whether `whole` plus `fractional` (the sum of the items that were not whole numbers) is
    /// above `total`'s maximum or below its minimum. Whole sums against whole bounds compare as
    /// integers; anything else as Decimal.
    static func totalBreaks(whole: Int, fractional: Decimal?, _ total: ItemTotal) -> TotalBreak? {
        let high = total.maximum
        let low = total.minimum
        if fractional == nil,
           high.map({ smallWholeNumber($0.description) != nil }) ?? true,
           low.map({ smallWholeNumber($0.description) != nil }) ?? true {
            if let high, let bound = smallWholeNumber(high.description), whole > bound { return .above(String(whole), high) }
            if let low, let bound = smallWholeNumber(low.description), whole < bound { return .below(String(whole), low) }
            return nil
        }
        let sum = (fractional ?? 0) + Decimal(whole)
        if let high, let bound = Decimal(string: high.description), bound < sum { return .above("\(sum)", high) }
        if let low, let bound = Decimal(string: low.description), sum < bound { return .below("\(sum)", low) }
        return nil
    }

    /// The item number already in `slot` (0: none yet), else `number`, put there.
    static func claim(_ slot: inout Int, for number: Int) -> Int? {
        guard slot == 0 else { return slot }
        slot = number
        return nil
    }

    /// The earlier item that already holds what this answer would make item `index`'s unique
    /// key, checked as the answer is typed so the operator fixes it at once, not after the rest
    /// of the form: a list of scalars with `unique`, or a group's `unique` members once all of
    /// them have a value in this item. nil: no clash (or not a unique field). Linear in the items,
    /// each read in place (its span of fields) and left at its first differing member: this runs
    /// at every answer to a unique member, so building each item's name and whole key made
    /// entering 800 items quadratic in practice.
    func duplicateItem(of value: FieldValue, at index: Int) -> Int? {
        guard let item = fields[index].item else { return nil }
        let groupUnique: Set<String>?
        if let member = item.member {
            guard let group = spec.group(named: item.list), group.unique.contains(member) else { return nil }
            groupUnique = Set(group.unique)
        } else {
            guard form.listRule(item.list)?.unique == true else { return nil }
            groupUnique = nil
        }
        let spans = form.itemSpans(list: item.list)
        guard item.number >= 1, item.number <= spans.count else { return nil }
        func keyed(_ span: Range<Int>) -> [Int] {
            memberOffsets(in: span) { Wizard.isUniqueKeyMember($0, groupUnique: groupUnique) }
        }
        let own = spans[item.number - 1]
        let places = keyed(own)
        var mine: [String] = []
        for k in places {
            let i = own.lowerBound + k
            guard let v = i == index ? value : form.store[i] else { return nil }
            mine.append(Wizard.uniqueKey(v))
        }
        guard !mine.isEmpty else { return nil }
        for (offset, span) in spans.enumerated() where offset != item.number - 1 {
            let theirs = span.count == own.count ? places : keyed(span)
            guard theirs.count == mine.count else { continue }
            var same = true
            for (j, k) in theirs.enumerated() {
                guard let v = form.store[span.lowerBound + k], Wizard.uniqueKey(v) == mine[j] else {
                    same = false
                    break
                }
            }
            if same { return offset + 1 }
        }
        return nil
    }

    /// "SKU and Lot are the same as in item 1: each item must differ" (a list: "This is ...").
    func duplicateMessage(at index: Int, earlier: Int) -> WizardMessage {
        guard let list = fields[index].item?.list, let group = spec.group(named: list), !group.unique.isEmpty else {
            return .sameAsItem(what: nil, plural: false, earlier: earlier)
        }
        let what = group.unique.map { fieldLabel(group: group.name, member: $0) }.joined(separator: " and ")
        return .sameAsItem(what: what, plural: group.unique.count > 1, earlier: earlier)
    }

    /// The label of a group member's declaration.
    func fieldLabel(group: String, member: String) -> String {
        spec.fields.first { $0.name == group + "." + member }?.label ?? member
    }

    /// What makes two values the same item: text compares without case.
    static func uniqueKey(_ value: FieldValue) -> String {
        switch value {
        case .text(let s): return "t:" + s.lowercased()
        case .number(let n): return "n:" + (DecimalText(n)?.description ?? n)
        case .boolean(let b): return b ? "b:1" : "b:0"
        case .list(let items): return "l:" + items.joined(separator: "\u{1F}")
        }
    }
}
