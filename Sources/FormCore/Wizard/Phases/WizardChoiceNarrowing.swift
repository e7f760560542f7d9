/// Narrowing a long list of choices (docs/checks.md, "Long lists"): more than
/// `ChoiceNarrowing.listedWhole` choices, fetched or declared, are never printed whole. A typed
/// line is narrowed here before it is parsed: `?` lists the first matches, `abc?` those of
/// `abc`, a prefix that starts one choice takes it, one that starts several lists them and asks
/// again with the prefix on the edit line, one that starts none is refused. A number names an
/// item of the list last printed. Scripted answers never come here: they are parsed as written
/// (a name or a unique prefix; `ChoiceResolver`).
extension Wizard {
    /// Whether field `index` is narrowed: a choice or multichoice with a long list it checks.
    func narrowsChoices(_ index: Int) -> Bool {
        let field = fields[index]
        return field.kind.takesChoices && !field.takesFreeTextForChoices && ChoiceNarrowing.isLong(field.choices)
    }

    /// `?` alone at a long list: its first choices, numbered (the help stays `.help`).
    mutating func listLongChoices(at index: Int) -> [WizardEffect]? {
        guard narrowsChoices(index) else { return nil }
        return listMatches(of: "", at: index, prefill: nil)
    }

    /// A typed answer (no command) at a long list: what it comes to, or nil when the field is not
    /// narrowed. A multichoice's items (comma-separated) are narrowed one by one; the first that
    /// is not one choice is listed or refused, the whole line left for editing.
    mutating func narrowChoices(_ line: String, at index: Int) -> [WizardEffect]? {
        guard narrowsChoices(index) else { return nil }
        let field = fields[index]
        let several = field.type == .multichoice
        // A choice in a list item may take "a, b" as two items (`entersSeveral`): parsed as always.
        if !several && line.contains(",") { return nil }
        let typed = line.trimmedWhitespace
        let narrowing = ChoiceNarrowing(field.choices, labels: field.choiceLabels)
        let shown = shown.lastListedChoices[field.name] ?? []
        var items = several ? typed.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmedWhitespace } : [typed]
        // `abc?` (or `a, b?` on a multichoice): list the matches of the last item, take nothing.
        if let last = items.last, last.hasSuffix("?"), !narrowing.choices.contains(where: { $0.lowercased() == last.lowercased() }) {
            let prefix = String(last.dropLast()).trimmedWhitespace
            items[items.count - 1] = prefix
            let kept = items.joined(separator: ", ")
            if narrowing.matches(prefix).isEmpty {
                return refuse(ValueError.noChoiceStarts(typed: Wizard.shownTyped(prefix)).message) + ask(index, prefill: kept)
            }
            return listMatches(of: prefix, at: index, prefill: kept.isEmpty ? nil : kept)
        }
        var chosen: [String] = []
        for item in items where !item.isEmpty {
            switch narrowing.resolve(item, lastShown: shown) {
            case .chosen(let choice): chosen.append(choice)
            case .several: return listMatches(of: item, at: index, prefill: typed)
            case .none:
                let problem = ValueError.noChoiceStarts(typed: Wizard.shownTyped(item))
                return refuse((several ? ValueError.inItem(Wizard.shownTyped(item), problem) : problem).message) + ask(index, prefill: typed)
            }
        }
        if chosen.isEmpty { return nil }
        return accept(chosen.joined(separator: ", "), at: index)
    }

    /// Lists the first matches of `prefix`, keeps them as the list numbers refer to, and asks
    /// again with `prefill` on the edit line. Not a refusal: nothing was wrong.
    private mutating func listMatches(of prefix: String, at index: Int, prefill: String?) -> [WizardEffect] {
        let field = fields[index]
        let (shownNow, more) = ChoiceNarrowing(field.choices).listing(prefix)
        shown.lastListedChoices[field.name] = shownNow
        return choiceMatchLines(shownNow, more: more, labels: field.choiceLabels).map { .output($0) } + ask(index, prefill: prefill)
    }

    /// What was typed, as an error message may quote it: one line, no control characters, short.
    static func shownTyped(_ typed: String) -> String {
        withoutTabs(withoutControlCharacters(TextWrap.truncate(typed, to: 40)))
    }
}
