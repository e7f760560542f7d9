/// An item's words in the review, kept between reviews.
///
/// A 200-item receipt's review worded every item again (its label template filled, the members
/// the label leaves out listed, both measured for wrapping) at each review: most of the time the
/// review took. An item's words depend only on which of its fields are visible and their values,
/// so they are kept with exactly those, and reused while they are the same. Each item is worded
/// as it is answered (`rewordItem`), so even the first review finds its items worded; anything
/// else that changes a value (a default, a hidden answer kept aside, an item deleted) makes the next
/// review word that item again, because its shown values no longer match.
struct ItemWords: Sendable {
    /// The item's first field, its visible fields (indices in `fields`) and their values: what the
    /// words were made from.
    var start: Int
    var visible: [Int]
    var values: [FieldValue?]
    /// The label and the members it leaves out, as the review prints them (tabs as spaces).
    var label: String
    var details: String
    /// The label's width in columns when it is one plain line (no doubled, leading or trailing
    /// spaces): a row that fits is then its lead and the label, measured once.
    var plainColumns: Int?
}

/// Item words a review had to make, for the walk to keep.
struct MadeItemWords {
    let list: String
    let number: Int
    let words: ItemWords
}

extension Wizard {
    /// Item `number` of group `list`'s words for `visible` (its visible fields, in order, from
    /// `start`), reused when kept for the same fields and values; `kept` says which.
    func itemWords(list: String, number: Int, start: Int, visible: [Int]) -> (words: ItemWords, kept: Bool) {
        // Compared in place: nothing is allocated for words that are kept.
        if let kept = shown.itemWords[list], number >= 1, number <= kept.count, let words = kept[number - 1],
           words.start == start, words.visible == visible,
           zip(visible, words.values).allSatisfy({ FieldValue.sameBytes(form.store[$0], $1) }) {
            return (words, true)
        }
        let current = visible.map { form.store[$0] }
        let label = Wizard.withoutTabs(itemLabel(list: list, number: number, visible: visible))
        let details = Wizard.withoutTabs(itemDetails(list: list, number: number, visible: visible))
        let plain = Wizard.hasLooseSpaces(label) ? nil : TextWrap.columns(label)
        return (ItemWords(start: start, visible: visible, values: current, label: label, details: details, plainColumns: plain), false)
    }

    /// Keeps `words` for item `number` of `list`.
    mutating func keepItemWords(_ words: ItemWords, list: String, number: Int) {
        guard number >= 1 else { return }
        var kept = shown.itemWords.removeValue(forKey: list) ?? []
        if kept.count < number { kept += Array(repeating: nil, count: number - kept.count) }
        kept[number - 1] = words
        shown.itemWords[list] = kept
    }

    /// Words the item of group field `index` again after its value changed, so the review finds
    /// them ready: at the item's last visible field, once its answers are in (not at each of
    /// them). A field outside a group's item changes no item's words; an item left before its
    /// last field is worded by the review that finds it so.
    mutating func rewordItem(at index: Int) {
        guard let item = fields[index].item, item.member != nil else { return }
        var next = index + 1
        while next < fields.count, form.sameItem(next, index) {
            if form.isVisible(at: next) { return }
            next += 1
        }
        let indices = form.itemIndices(list: item.list, number: item.number)
        guard let start = indices.first else { return }
        let visible = indices.filter { form.isVisible(at: $0) }
        let (words, kept) = itemWords(list: item.list, number: item.number, start: start, visible: visible)
        if !kept { keepItemWords(words, list: item.list, number: item.number) }
    }

    /// The review over `visible`, keeping the item words it had to make for the next one.
    mutating func keepingItemWords(visible: [Int]) -> [WizardEffect] {
        var made: [MadeItemWords] = []
        let entries = reviewEntries(withLabels: true, visible: visible, made: &made)
        for new in made { keepItemWords(new.words, list: new.list, number: new.number) }
        return reviewLines(rows: reviewRows(entries), recorded: recordedReviewRows(entries))
    }
}
