/// The wizard's answers, by field name and by the field's index in `fields`.
///
/// By name is what drafts, payloads, commands and server errors speak; by index is what the
/// passes over every field read (visibility, the required fields, the item checks, the review's
/// item words): a name costs a hash of the whole string (`lines.123.sku`) at every look, an index
/// nothing, and a 200-item review looked thousands of times. Both change together, only here; a
/// rebuild of the fields (`reindex`) or a new item's fields (`insert`) keep the indices in step
/// with `fields`.
///
/// An answer to a field its condition hides is kept apart (`keptWhileHidden`): out of both views,
/// so the review, the checks, the payload and "Still missing" never see it, yet saved in a
/// draft and put back when the field shows again (`hide`, `reveal`). An operator who switches a
/// work order from repair to inspection and back loses no fault text; `.clear` and deleting an
/// item are the ways to drop an answer.
struct AnswerStore: Sendable {
    private(set) var byName: [String: FieldValue] = [:]
    private var byIndex: [FieldValue?]
    /// Answers of fields hidden now, by name (no index: nothing that walks the fields reads them).
    private(set) var keptWhileHidden: [String: FieldValue] = [:]

    init(fieldCount: Int) {
        byIndex = Array(repeating: nil, count: fieldCount)
        // Room for an answer to every field: growing the table as answers came was a fifth of
        // applying a batch record's answers.
        byName.reserveCapacity(fieldCount)
    }

    /// The value of field `index` (nil outside `fields`).
    subscript(index: Int) -> FieldValue? { index >= 0 && index < byIndex.count ? byIndex[index] : nil }

    /// Sets (nil: clears) the value of field `index`, named `name`. An answer kept while the
    /// field was hidden goes: what is set now is the field's answer.
    mutating func set(_ value: FieldValue?, at index: Int, named name: String) {
        byName[name] = value
        if index >= 0 && index < byIndex.count { byIndex[index] = value }
        if !keptWhileHidden.isEmpty { keptWhileHidden[name] = nil }
    }

    /// Field `index` is hidden now: its answer is kept apart until `reveal`.
    mutating func hide(at index: Int, named name: String) {
        guard let value = byName[name] else { return }
        set(nil, at: index, named: name)
        keptWhileHidden[name] = value
    }

    /// Field `index` shows again: the answer kept while it was hidden comes back. Returns
    /// whether there was one.
    mutating func reveal(at index: Int, named name: String) -> Bool {
        guard let value = keptWhileHidden.removeValue(forKey: name) else { return false }
        byName[name] = value
        if index >= 0 && index < byIndex.count { byIndex[index] = value }
        return true
    }

    /// Renames every answer (an item deleted: later items move down one number); nil drops it.
    /// `reindex` must follow, once the fields are rebuilt.
    mutating func rename(_ renamed: (String) -> String?) {
        var out: [String: FieldValue] = [:]
        out.reserveCapacity(byName.count)
        for (name, value) in byName { if let new = renamed(name) { out[new] = value } }
        byName = out
        guard !keptWhileHidden.isEmpty else { return }
        var kept: [String: FieldValue] = [:]
        for (name, value) in keptWhileHidden { if let new = renamed(name) { kept[new] = value } }
        keptWhileHidden = kept
    }

    /// Lines the indices up with `fields` again after they were rebuilt. An answer whose field is
    /// gone (a list given whole with fewer items than the draft had) goes with it: an item added
    /// later starts empty, as a new item should, rather than bringing back a replaced answer.
    mutating func reindex(_ fields: [Field], index fieldIndex: [String: Int]) {
        byIndex = fields.map { byName[$0.name] }
        // Field names are unique: as many answered fields as answers means none is left over.
        if byIndex.lazy.filter({ $0 != nil }).count != byName.count {
            byName = byName.filter { fieldIndex[$0.key] != nil }
        }
        if !keptWhileHidden.isEmpty { keptWhileHidden = keptWhileHidden.filter { fieldIndex[$0.key] != nil } }
    }

    /// `added` fields were inserted at `index` (a new item's): their answers, if any, by name.
    mutating func insert(_ added: [Field], at index: Int) {
        byIndex.insert(contentsOf: added.map { byName[$0.name] }, at: min(max(index, 0), byIndex.count))
    }

    /// Whether the two views agree with `fields` (for tests: every path that changes fields keeps
    /// them in step, and no answer outlives its field).
    func isInStep(with fields: [Field]) -> Bool {
        let names = Set(fields.map(\.name))
        return byIndex.count == fields.count && fields.indices.allSatisfy { FieldValue.sameBytes(byIndex[$0], byName[fields[$0].name]) }
            && byName.keys.allSatisfy(names.contains)
            && keptWhileHidden.keys.allSatisfy { names.contains($0) && byName[$0] == nil }
    }
}
