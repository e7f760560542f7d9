/// `multichoice`: a comma-separated list of choices, sent as an array in the form's order with
/// repeats dropped.
struct MultichoiceKind: FieldKind {
    var takesChoices: Bool { true }
    var countsOn: Bool { false }
    var listRefusal: String? { "a multichoice field already takes several values: it can't also be a list" }
    func entersSeveral(_ field: Field) -> Bool { false }
    var openAPIFormats: [String] { [] }

    /// Linear in the items and the choices: an item written exactly as a choice is found by
    /// lookup, an item already seen is skipped, and the picks are a set (issue 33 item 4).
    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        var picked = Set<String>(), tried = Set<String>()
        let exact = Set(field.choices)
        let items = input.split(separator: ",").map { String($0).trimmedWhitespace }.filter { !$0.isEmpty }
        if field.takesFreeTextForChoices {
            var seen = Set<String>()
            return .success(.list(items.filter { seen.insert($0).inserted }))
        }
        for item in items where tried.insert(item).inserted {
            if exact.contains(item) { picked.insert(item); continue }
            switch ChoiceResolver(field.choices, labels: field.choiceLabels).resolve(item) {
            case .success(let c): picked.insert(c)
            case .failure(let e):
                // Name the item: in "fragile, bogus" the operator must see which one failed. An
                // ambiguous prefix already names it.
                if case .ambiguousChoice = e { return .failure(e) }
                return .failure(.inItem(item, e))
            }
        }
        // Keep the form's order, so "c, a" and "a, c" send the same array.
        return .success(.list(field.choices.filter(picked.contains)))
    }

    func restore(_ json: JSONValue, for field: Field) -> FieldValue? {
        switch json {
        case .array(let items):
            var picked = Set<String>()
            let exact = Set(field.choices)
            for case .string(let s) in items {
                if exact.contains(s) { picked.insert(s); continue }
                guard let c = try? ChoiceResolver(field.choices).resolve(s).get() else { return nil }
                picked.insert(c)
            }
            return .list(field.choices.filter(picked.contains))
        case .string(let s): return try? field.parse(s).get()
        case .number(let n): return try? field.parse(n).get()
        default: return nil
        }
    }

    func rule(for field: Field) -> String? { "choices separated by commas" }
    func promptHints(for field: Field) -> [String] { ["comma-separated"] }
    func completion(for field: Field) -> FieldCompletion { .list(field.choices) }
}
