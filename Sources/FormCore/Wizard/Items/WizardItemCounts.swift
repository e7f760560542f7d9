/// How many items each list has when values come from outside the walk: scripted answers
/// (`--answers`, `--set lines.2.qty=3`) and a resumed draft. Both name items by their concrete,
/// 1-based names (`lines.2.qty`, `vlans.3`); the lists grow to the highest item named, within
/// `max_items`, before the values are checked field by field.
extension Wizard {
    /// `lines.2.qty` -> (lines, 2); `vlans.3` -> (vlans, 3); nil for a name outside lists (or an
    /// item number that is not a plain positive number).
    func itemReference(_ name: String) -> (list: String, number: Int)? {
        guard spec.hasLists else { return nil }
        for list in spec.itemLists where name.hasPrefix(list.name + ".") {
            let rest = name.dropFirst(list.name.count + 1)
            let digits = rest.prefix { $0 != "." }
            // At most 9 digits: an item number is bounded by max_items anyway, and a longer one
            // would only overflow.
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(digits), number >= 1 else { continue }
            // A list of scalars has nothing after the number; a group names one member.
            if list.group == nil && digits.count != rest.count { continue }
            if list.group != nil && digits.count == rest.count { continue }
            return (list.name, number)
        }
        return nil
    }

    /// The list of scalars named exactly `name` (`vlans`), if there is one.
    func scalarList(named name: String) -> FormSpec.ItemList? {
        spec.itemLists.first { $0.name == name && $0.group == nil }
    }

    /// Sets each list's item count: `named` (the highest item number an answer or the draft gives),
    /// `exact` (a whole list given at once), else what the list has now without an offered item
    /// nobody began; never below `min_items`. The offered item goes: values from outside are the
    /// list as it is (the operator can `.add` more).
    mutating func setItemCounts(named: [String: Int], exact: [String: Int]) {
        var changed = false
        var counts: [String: Int] = [:]
        for list in spec.itemLists {
            let now = form.itemCounts[list.name] ?? 0
            let begun = form.tentativeLists.contains(list.name) && !form.itemHasValues(list: list.name, number: now) ? now - 1 : now
            var count = exact[list.name] ?? begun
            count = max(count, named[list.name] ?? 0, list.rule.minItems)
            // A resumed draft over a lowered `max_items` keeps every item it has (the review asks
            // for the extra ones to be deleted): only a whole list given replaces them.
            count = min(count, exact[list.name] == nil ? max(list.rule.maxItems, now) : list.rule.maxItems)
            if count != now { changed = true }
            counts[list.name] = count
        }
        if !form.tentativeLists.isEmpty { changed = true }
        form.tentativeLists = []
        if changed { follow(form.setItemCounts(counts)) }
    }

    /// Scripted answers with items made concrete: a whole list of scalars (`vlans: [10, 20]`, or
    /// `--set vlans=10,20` for a type that never holds a comma) becomes one answer per item; an
    /// item beyond `max_items` and an answer for a group as a whole are problems.
    mutating func answersWithItems(_ answers: [ScriptedAnswer]) -> (answers: [ScriptedAnswer], problems: [AnswerProblem]) {
        guard spec.hasLists else { return (answers, []) }
        var out: [ScriptedAnswer] = []
        var problems: [AnswerProblem] = []
        var named: [String: Int] = [:]
        var exact: [String: Int] = [:]
        for answer in answers {
            if let list = scalarList(named: answer.path) {
                let items: [ScriptedAnswer]
                if let given = answer.items {
                    items = given
                } else if answer.text.trimmedWhitespace.isEmpty {
                    continue
                } else if let declaration = spec.fields.first(where: { $0.name == list.name }), Wizard.entersSeveral(declaration) {
                    items = answer.text.split(separator: ",", omittingEmptySubsequences: false).enumerated().map { k, part in
                        ScriptedAnswer(path: FormSpec.itemFieldName(list: list.name, number: k + 1, member: nil),
                                       text: String(part).trimmedWhitespace, origin: answer.origin, fromCommandLine: answer.fromCommandLine)
                    }
                } else {
                    problems.append(AnswerProblem(origin: answer.origin, field: answer.path, message:
                        WizardMessage.scalarListOneByOne(type: spec.fields.first { $0.name == list.name }?.type.rawValue ?? "values", list: list.name).text))
                    continue
                }
                guard items.count <= list.rule.maxItems else {
                    problems.append(AnswerProblem(origin: answer.origin, field: answer.path, message:
                        WizardMessage.tooManyItemsGiven(count: items.count, most: list.rule.maxItems).text))
                    continue
                }
                // A whole list replaces what came before it (an earlier file's, a draft's items).
                out.removeAll { itemReference($0.path)?.list == list.name }
                named[list.name] = nil
                exact[list.name] = items.count
                out.append(contentsOf: items.filter { !$0.text.trimmedWhitespace.isEmpty })
                continue
            }
            if let group = spec.group(named: answer.path) {
                problems.append(AnswerProblem(origin: answer.origin, field: answer.path, message:
                    WizardMessage.groupNeedsMappings(group: group.name).text))
                continue
            }
            if let (list, number) = itemReference(answer.path) {
                let rule = itemListRule(list)
                if number > rule.maxItems {
                    problems.append(AnswerProblem(origin: answer.origin, field: answer.path, message:
                        WizardMessage.itemBeyondEnd(number: number, list: list, most: rule.maxItems).text))
                    continue
                }
                named[list] = max(named[list] ?? 0, number)
            }
            out.append(answer)
        }
        setItemCounts(named: named, exact: exact)
        return (out, problems)
    }

    /// The rule of a list the form has (a default rule can only be a caller's mistake).
    func itemListRule(_ list: String) -> ListRule {
        spec.itemLists.first { $0.name == list }?.rule ?? ListRule()
    }

    /// The hint for a name the form does not have: the nearest concrete name, or for a group's
    /// declaration named without an item (`lines.qty`) the first item's field.
    func answerNameHint(_ name: String) -> String? {
        for list in spec.itemLists where name.hasPrefix(list.name + ".") {
            let rest = String(name.dropFirst(list.name.count + 1))
            if list.group != nil, spec.fields.contains(where: { $0.name == name }) {
                return FormSpec.itemFieldName(list: list.name, number: 1, member: rest)
            }
            // Items count from 1, as the operator sees them: `vlans.0` means `vlans.1`.
            if rest == "0" || rest.hasPrefix("0.") {
                return list.name + ".1" + rest.dropFirst()
            }
            // `lines.2.skuu`: the nearest member of that item.
            if let (_, number) = itemReferenceLoose(name, list: list) {
                let members = spec.fields.filter { $0.group == list.name }.compactMap(FormSpec.memberName)
                let typed = String(rest.drop { $0 != "." }.dropFirst())
                if let member = closestName(to: typed, in: members) {
                    return FormSpec.itemFieldName(list: list.name, number: number, member: member)
                }
            }
        }
        return closestName(to: name, in: fields.map(\.name))
    }

    /// The item number of `lines.N.anything`, whatever follows it.
    private func itemReferenceLoose(_ name: String, list: FormSpec.ItemList) -> (String, Int)? {
        let rest = name.dropFirst(list.name.count + 1)
        let digits = rest.prefix { $0 != "." }
        guard !digits.isEmpty, digits.count <= 9, let n = Int(digits), n >= 1 else { return nil }
        return (list.name, n)
    }

    /// The item counts a draft's names imply (the highest item of each list), and the lists whose
    /// items beyond `max_items` a changed form no longer takes (list -> the draft's count).
    func draftItemCounts(_ names: some Sequence<String>) -> (counts: [String: Int], cut: [String: Int]) {
        var counts: [String: Int] = [:]
        var cut: [String: Int] = [:]
        for name in names {
            guard let (list, number) = itemReference(name) else { continue }
            let rule = itemListRule(list)
            // Items beyond a lowered `max_items` are kept (the operator deletes what they choose,
            // before submitting); only the hard item limit bounds a hand-edited draft.
            let kept = min(number, ListRule.itemLimit)
            if kept > rule.maxItems { cut[list] = max(cut[list] ?? 0, kept) }
            counts[list] = max(counts[list] ?? 0, kept)
        }
        return (counts, cut)
    }
}

extension Wizard {
    /// A resumed draft's lists: as many items as the draft has (at least `min_items`, even past a
    /// lowered `max_items`: lowering a count must not delete what was typed); none is offered
    /// after them (`.add` adds one). Returns the lists now over their `max_items` (list -> the
    /// draft's item count): the check before the review asks the operator to delete some.
    mutating func resumeItemCounts(_ names: some Sequence<String>) -> [String: Int] {
        guard spec.hasLists else { return [:] }
        let (counts, cut) = draftItemCounts(names)
        var resumed: [String: Int] = [:]
        for list in spec.itemLists {
            resumed[list.name] = min(max(counts[list.name] ?? 0, list.rule.minItems), ListRule.itemLimit)
        }
        form.tentativeLists = []
        follow(form.setItemCounts(resumed))
        return cut
    }
}
