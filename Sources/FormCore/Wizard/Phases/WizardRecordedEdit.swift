/// What `fill --record` writes for a review number on a form with lists.
///
/// There a review number means "the row shown now": adding or deleting an item moves every row
/// after the list (Visit date 9 becomes 10 after `.add parts`), so a transcript that says `> 9`
/// edits another field once the form or the answers before it change. The recording says what
/// the number stood for instead, `.edit visit_date`, which the wizard takes at the same prompt to
/// the very same fields: the replay shows what the recorded run showed.
extension Wizard {
    /// The `.edit NAME` that `line`, typed at this review, stands for; nil when it is not a review
    /// number of a form with lists, or no name edits exactly the same fields.
    public func recordedEdit(forReviewLine line: String) -> String? {
        guard case .review = phase, spec.hasLists else { return nil }
        let trimmed = line.trimmedWhitespace
        guard trimmed.first?.isNumber == true, let targets = resolveEditTargets(trimmed),
              let first = targets.first, form.fields.indices.contains(first) else { return nil }
        let field = form.fields[first]
        // One field by its name (`visit_date`, `lines.2.qty`); a whole item by the item
        // (`lines.2`), as `.edit` takes them.
        var names = [field.name]
        if targets.count > 1, let item = field.item { names = [item.list + "." + String(item.number)] }
        for name in names where resolveEditTargets(name) == targets {
            return ".edit " + name
        }
        return nil
    }
}
