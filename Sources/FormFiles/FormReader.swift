import FormCore
import Yams

/// Reads a whole form from its root node, then checks every name one part of the form uses for
/// another: duplicate and colliding field names, `when`, `checks`, `aliases` and `fake.reject`.
struct FormReader {
    static let keys = ["id", "title", "fields", "checks", "submit", "fake", "private", "history"]

    let reader: YAMLNodeReader
    private var diagnostics: Diagnostics { reader.diagnostics }

    init(reader: YAMLNodeReader) { self.reader = reader }

    func read(_ root: Node?) -> FormSpec? {
        guard let root else {
            diagnostics.error("the file is empty: a form needs at least id and fields", at: .start)
            return nil
        }
        guard case .mapping(let mapping) = root else {
            diagnostics.error(
                "a form must be a mapping with id, title and fields, not \(YAMLNodeReader.describe(root))",
                at: Position(root.mark))
            return nil
        }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "the form")

        let id = entries["id"].flatMap(readID)
        if entries["id"] == nil { reader.missing("id", in: entries, ": the form's name for drafts and messages") }
        let title = entries["title"].flatMap { reader.text($0) }

        var drafts: [FieldDraft] = []
        var sections: [SectionDraft] = []
        var groups: [GroupDraft] = []
        var groupNames = Set<String>()
        if let e = entries["fields"] {
            if case .sequence(let items) = e.value {
                if items.isEmpty { diagnostics.error("fields must list at least one field", at: e.valuePosition) }
                readItems(Array(items), in: [], depth: 1, group: nil, into: &drafts, sections: &sections, groups: &groups, groupNames: &groupNames)
                if drafts.count > FormLimits.fieldsPerForm {
                    diagnostics.error(
                        "a form holds at most \(FormLimits.fieldsPerForm) fields (this one has \(drafts.count), group members included)",
                        at: drafts[FormLimits.fieldsPerForm].namePosition)
                    drafts.removeLast(drafts.count - FormLimits.fieldsPerForm)
                }
            } else {
                diagnostics.error("fields must be a list, not \(YAMLNodeReader.describe(e.value))", at: e.valuePosition)
            }
        } else {
            reader.missing("fields", in: entries, ": the questions the form asks")
        }
        applyFormPrivacy(entries, to: &drafts)
        checkNames(drafts)
        checkGroups(groups, drafts: drafts)
        let fields = resolveConditions(drafts, sections: sections)
        let named = FieldsByName(fields)
        checkServerChecks(drafts, fields: named)
        checkChoicesFrom(drafts, fields: named)

        let checks = entries["checks"].map { CheckReader(reader: reader).read($0) } ?? []
        let resolvedChecks = zip(checks, checks.map { resolve($0, fields: named) }).compactMap { draft, check in
            check.flatMap { checkItems($0, draft: draft, fields: named) }
        }

        var submit = SubmitSpec()
        if let e = entries["submit"] {
            let (spec, targets) = SubmitReader(reader: reader).read(e)
            submit = spec
            var routeIndex = 0
            for (name, position, user) in targets {
                defer { if user == "a message route" { routeIndex += 1 } }
                // A route to one item's field: the member it meant, which lands on any item.
                if user == "a message route", named.byName[name] == nil,
                   let item = RouteReach.itemMember(name, in: named.byName) {
                    diagnostics.error(
                        "a message route names item \(item.number) of \(item.list) (\"\(name)\"): route to the member, "
                            + "\"\(item.member)\", and it lands on the item the error's path names", at: position)
                    continue
                }
                let field = lookUp(name, at: position, in: named, by: user)
                if diagnostics.wantsWarnings, let field, user == "alias" || user == "a message route" {
                    let what = user == "alias" ? "this alias can never place an error" : "this message route can never fire"
                    if let reason = RouteReach.neverReceives(field, by: user, fields: fields) {
                        diagnostics.warning("\(what): \(reason)", at: position)
                    } else if user == "a message route", routeIndex < submit.messageRoutes.count,
                              let reason = RouteReach.shadowed(submit.messageRoutes, at: routeIndex, fields: named.byName) {
                        diagnostics.warning("\(what): \(reason)", at: position)
                    }
                }
                // A path segment can't be left out: the field is always asked and always has a value.
                if user == "submit path", let field, !field.required || field.when != nil || field.type == .multichoice {
                    diagnostics.error(
                        "submit path names \"\(name)\", which must be a required single-value field with no when (its value is a path segment)",
                        at: position)
                }
            }
        }

        var fake = FakeSpec()
        if let e = entries["fake"] {
            for draft in FakeReader(reader: reader).read(e) {
                // Every name given is looked up, whatever else the rule lacks (reported already).
                let condition = draft.when.flatMap { when in
                    ConditionReader(reader: reader).resolve(when) { name, position in
                        lookUp(name, at: position, in: named, by: "condition")
                    }
                }
                let fieldKnown = draft.field.map { lookUp($0.0, at: $0.1, in: named, by: "reject rule") != nil } ?? true
                guard let condition, let message = draft.message, fieldKnown else { continue }
                if diagnostics.wantsWarnings, let reason = RejectRuleReach.neverFires(condition, fields: fields) {
                    diagnostics.warning("this reject rule can never fire: \(reason)", at: draft.whenPosition)
                }
                fake.reject.append(.init(when: condition, field: draft.field?.0, code: draft.code, message: message))
            }
        }

        guard let id, diagnostics.isEmpty else { return nil }
        return FormSpec(
            id: id, title: title, fields: fields, checks: resolvedChecks, submit: submit, fake: fake,
            groups: groups.map(\.group))
    }

    /// The form's `private: true` and `history: false` are every field's unless the field says
    /// otherwise (`private: false` on a field that is not personal); then `check`'s warning about
    /// fields that look personal (docs/privacy.md).
    private func applyFormPrivacy(_ entries: Entries, to drafts: inout [FieldDraft]) {
        let formPrivate = entries["private"].flatMap { reader.bool($0) }
        let formHistory = entries["history"].flatMap { reader.bool($0) }
        for k in drafts.indices {
            if let formPrivate, !drafts[k].field.privacyDeclared {
                drafts[k].field.privacyDeclared = true
                drafts[k].field.isPrivate = formPrivate && !drafts[k].field.isSecret && drafts[k].field.type != .multiline
            }
            if formHistory == false { drafts[k].field.keepsHistory = false }
        }
        guard diagnostics.wantsWarnings else { return }
        for draft in drafts where !draft.field.privacyDeclared && !draft.field.isSecret {
            if let word = PersonalData.word(
                name: draft.field.name, label: draft.field.label,
                labels: draft.field.labelByLanguage.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value),
                type: draft.field.type) {
                diagnostics.warning(
                    "\"\(draft.field.name)\" looks like personal data (\"\(word)\"): add private: true, or private: false if it is not",
                    at: draft.namePosition)
            }
        }
    }

    /// Ids name draft files, so they are kept to letters, digits, `-`, `_` and `.` (not first).
    private func readID(_ e: Entry) -> String? {
        guard let id = reader.string(e) else { return nil }
        let allowed = id.unicodeScalars.allSatisfy { s in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" || s == ".")
        }
        guard allowed, let first = id.unicodeScalars.first, first != ".", first != "-" else {
            diagnostics.error(
                "id \"\(id)\" may use only ASCII letters, digits, -, _ and . (not first)", at: e.valuePosition)
            return nil
        }
        return id
    }

    // MARK: Field names

    /// Duplicate names, and names that would both hold a value and nest (`a` and `a.b`), in one
    /// pass: each name looks up its own dotted prefixes, and the first name nested under each
    /// prefix is remembered, so 50,000 fields take linear time (docs/SECURITY.md, rule 8c).
    private func checkNames(_ drafts: [FieldDraft]) {
        var seen: [String: Position] = [:]
        /// A dotted prefix ("a", "a.b" of "a.b.c") -> the first field name nested under it.
        var nested: [String: (name: String, position: Position)] = [:]
        for draft in drafts {
            let name = draft.field.name
            if let first = seen[name] {
                diagnostics.error("duplicate field name \"\(name)\" (first on line \(first.line))", at: draft.namePosition)
                continue
            }
            let prefixes = Self.dottedPrefixes(of: name)
            var collisions: [(String, Position)] = prefixes.compactMap { prefix in seen[prefix].map { (prefix, $0) } }
            if let inner = nested[name] { collisions.append((inner.name, inner.position)) }
            for (other, position) in collisions {
                diagnostics.error(
                    "field name \"\(name)\" collides with \"\(other)\" on line \(position.line): "
                        + "a name can't hold both a value and nested fields",
                    at: draft.namePosition)
            }
            seen[name] = draft.namePosition
            for prefix in prefixes where nested[prefix] == nil { nested[prefix] = (name, draft.namePosition) }
        }
    }

    /// "a.b.c" -> ["a", "a.b"].
    private static func dottedPrefixes(of name: String) -> [String] {
        var prefixes: [String] = []
        var index = name.startIndex
        while let dot = name[index...].firstIndex(of: ".") {
            prefixes.append(String(name[..<dot]))
            index = name.index(after: dot)
        }
        return prefixes
    }

    /// The field named `name`, or nil after reporting an unknown name (with a suggestion).
    private func lookUp(_ name: String, at position: Position, in fields: FieldsByName, by user: String) -> Field? {
        if let field = fields.byName[name] { return field }
        return unknown(name, at: position, in: fields.all, by: user)
    }

    /// The form's fields with a name index, so each name a check, alias or reject rule uses is
    /// found in constant time (50,000 checks stay linear, bound 8c).
    private struct FieldsByName {
        let all: [Field]
        let byName: [String: Field]

        init(_ fields: [Field]) {
            all = fields
            byName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Reports an unknown field name (with a suggestion); always nil.
    private func unknown(_ name: String, at position: Position, in fields: [Field], by user: String) -> Field? {
        diagnostics.error(
            "\(user) names unknown field \"\(name)\"" + NameSuggestion.hint(for: name, in: fields.map(\.name)),
            at: position)
        return nil
    }

    // MARK: Fields and sections

    /// Reads the items of a `fields` list, flattening sections: each field remembers the sections
    /// it is in (`enclosing`, outermost first).
    /// A group's fields are named `GROUP.MEMBER` and marked with the group; a group's `when` is
    /// kept like a section's. A group inside a group, and a list inside a group, are refused:
    /// lists of lists are not supported (make the inner one a group of its own).
    private func readItems(
        _ items: [Node], in enclosing: [Int], depth: Int, group: String?,
        into drafts: inout [FieldDraft], sections: inout [SectionDraft], groups: inout [GroupDraft],
        groupNames: inout Set<String>
    ) {
        for item in items {
            if GroupReader.isGroup(item) {
                if group != nil {
                    diagnostics.error(
                        "a group can't hold another group (lists of lists are not supported): make it a group of its own",
                        at: Position(item.mark))
                    continue
                }
                guard let draft = GroupReader(reader: reader).read(item) else { continue }
                // By set: a form of thousands of one-field groups is read in linear time.
                if !groupNames.insert(draft.group.name).inserted {
                    diagnostics.error("duplicate group name \"\(draft.group.name)\"", at: draft.namePosition)
                    continue
                }
                groups.append(draft)
                var inner = enclosing
                if let when = draft.when {
                    sections.append(SectionDraft(name: draft.group.name, when: when, start: drafts.count))
                    inner.append(sections.count - 1)
                }
                readItems(draft.items, in: inner, depth: depth + 1, group: draft.group.name, into: &drafts, sections: &sections, groups: &groups, groupNames: &groupNames)
            } else if SectionReader.isSection(item) {
                if group != nil {
                    diagnostics.error("a group can't hold a section: put when on the group's fields", at: Position(item.mark))
                    continue
                }
                guard let (name, when, inner) = SectionReader(reader: reader).read(item, depth: depth) else { continue }
                sections.append(SectionDraft(name: name, when: when, start: drafts.count))
                readItems(inner, in: enclosing + [sections.count - 1], depth: depth + 1, group: group, into: &drafts, sections: &sections, groups: &groups, groupNames: &groupNames)
            } else if var draft = FieldReader(reader: reader).read(item) {
                draft.sections = enclosing
                if let group {
                    if let position = draft.listPosition {
                        diagnostics.error(
                            "a field in a group can't be a list (lists of lists are not supported): make it a group of its own",
                            at: position)
                        continue
                    }
                    if draft.field.carry != .none || draft.field.distinct {
                        diagnostics.error(
                            "carry and distinct do not apply inside a group (a run of records carries single values)",
                            at: draft.namePosition)
                        continue
                    }
                    draft.field.name = group + "." + draft.field.name
                    draft.field.group = group
                }
                drafts.append(draft)
            }
        }
    }

    /// A group's `unique` and `total` name its own members; a total sums a number member; no other
    /// field's name starts with the group's.
    /// Linear in groups and fields (members looked up by group, names by set): a form of
    /// thousands of one-field groups checks as fast as one of plain fields.
    private func checkGroups(_ groups: [GroupDraft], drafts: [FieldDraft]) {
        let membersByGroup = Dictionary(grouping: drafts.filter { $0.field.group != nil }, by: { $0.field.group ?? "" })
        let groupNames = Set(groups.map(\.group.name))
        if !groupNames.isEmpty {
            for other in drafts {
                let name = other.field.name
                if groupNames.contains(name) {
                    diagnostics.error("field name \"\(name)\" collides with group \"\(name)\"", at: other.namePosition)
                }
                // Every dotted prefix that names a group the field was not declared in.
                var prefixEnd = name.startIndex
                while let dot = name[prefixEnd...].firstIndex(of: ".") {
                    let prefix = String(name[..<dot])
                    if other.field.group != prefix && groupNames.contains(prefix) {
                        diagnostics.error("field name \"\(name)\" is inside group \"\(prefix)\": declare it in the group", at: other.namePosition)
                    }
                    prefixEnd = name.index(after: dot)
                }
            }
        }
        for draft in groups {
            let name = draft.group.name
            let members = membersByGroup[name] ?? []
            func member(_ plain: String) -> Field? { members.first { $0.field.name == name + "." + plain }?.field }
            let plainNames = members.map { String($0.field.name.dropFirst(name.count + 1)) }
            for (plain, position) in zip(draft.group.unique, draft.uniquePositions) where member(plain) == nil {
                diagnostics.error("unique names unknown field \"\(plain)\" of group \"\(name)\"" + NameSuggestion.hint(for: plain, in: plainNames), at: position)
            }
            // A placeholder naming no member shows literally ("{nosuch}") on every item: a
            // warning for `formline check`, not an error (a generated form's title may hold braces).
            if diagnostics.wantsWarnings, let template = draft.group.labelTemplate, let position = draft.labelPosition,
                let unknown = RepeatGroup.placeholders(template).first(where: { member($0) == nil }) {
                let shown = unknown.count > 40 ? String(unknown.prefix(40)) + "..." : unknown
                diagnostics.warning(
                    "label names unknown field \"{\(TextCleaning.visible(shown))}\" of group \"\(name)\": it is shown as written; use {n} or a field of the group"
                        + NameSuggestion.hint(for: unknown, in: plainNames), at: position)
            }
            for (total, position) in zip(draft.group.rule.totals, draft.totalPositions) {
                guard let plain = total.field else { continue }
                guard let field = member(plain) else {
                    diagnostics.error("total names unknown field \"\(plain)\" of group \"\(name)\"" + NameSuggestion.hint(for: plain, in: plainNames), at: position)
                    continue
                }
                if field.kind.ordering != .number {
                    diagnostics.error("total sums an integer or decimal field: \"\(plain)\" is \(field.type.rawValue)", at: position)
                }
            }
        }
    }

    /// A check may compare fields of one item of a group (it then runs for each item), or such a
    /// field with one outside the group; not fields of two groups, and not a list of scalars
    /// (its `unique` and `total` check across items).
    private func checkItems(_ check: CrossFieldCheck, draft: CheckDraft, fields: FieldsByName) -> CrossFieldCheck? {
        let names = [check.first, check.second, check.field]
        let groupsNamed = Set(names.compactMap { fields.byName[$0]?.group })
        let position = draft.names?.first?.1 ?? draft.field?.1 ?? .start
        if groupsNamed.count > 1 {
            diagnostics.error("a check can't compare fields of two groups (\(groupsNamed.sorted().joined(separator: ", ")))", at: position)
            return nil
        }
        if let list = names.first(where: { fields.byName[$0]?.list != nil }) {
            diagnostics.error("a check can't compare the list \"\(list)\": use its unique or total", at: position)
            return nil
        }
        if groupsNamed.count == 1, fields.byName[check.field]?.group == nil {
            diagnostics.error("a check on a group's fields lands on one of them: field \"\(check.field)\" is outside the group", at: draft.field?.1 ?? position)
            return nil
        }
        return check
    }

    /// Each field with its `when` resolved: the conditions of the sections it is in and its own,
    /// all of which must hold. A `when` may only name a field before its own field (a section's,
    /// a field before the section).
    private func resolveConditions(_ drafts: [FieldDraft], sections: [SectionDraft]) -> [Field] {
        var fields = drafts.map(\.field)
        let conditions = ConditionReader(reader: reader)
        // Each name's first index: a `when` on every one of 50,000 fields stays linear.
        var firstIndex: [String: Int] = [:]
        for (i, field) in fields.enumerated() where firstIndex[field.name] == nil { firstIndex[field.name] = i }

        /// The field `name` if it comes before index `limit`; otherwise nil after an error.
        func earlier(_ written: String, at position: Position, before limit: Int, own: Int?, group: String? = nil) -> Field? {
            // Inside a group a plain name is first a field of the same item.
            var name = written
            if let group, firstIndex[group + "." + written] != nil { name = group + "." + written }
            if let j = firstIndex[name], j < limit {
                let target = fields[j]
                if target.list != nil {
                    diagnostics.error("when can't look at the list \"\(name)\" (which of its items?)", at: position)
                    return nil
                }
                if let other = target.group, other != group {
                    diagnostics.error(
                        "when can't look inside the items of group \"\(other)\" from outside it (which item?)", at: position)
                    return nil
                }
            }
            guard let j = firstIndex[name] else {
                _ = unknown(name, at: position, in: Array(fields[..<min(limit, fields.count)]), by: "when")
                return nil
            }
            if j < limit { return fields[j] }
            diagnostics.error(
                j == own
                    ? "when can't name its own field \"\(name)\""
                    : "when names \"\(name)\", which is not before this \(own == nil ? "section" : "field") "
                        + "(a when may only look back)",
                at: position)
            return nil
        }

        let sectionConditions: [Condition?] = sections.map { section in
            section.when.flatMap { when in
                conditions.resolve(when) { earlier($0, at: $1, before: section.start, own: nil) }
            }
        }
        for (i, draft) in drafts.enumerated() {
            var parts: [Condition] = []
            var complete = true
            for s in draft.sections {
                if let c = sectionConditions[s] { parts.append(c) } else { complete = false }
            }
            if let when = draft.when {
                if let c = conditions.resolve(when, lookUp: { earlier($0, at: $1, before: i, own: i, group: draft.field.group) }) {
                    parts.append(c)
                } else {
                    complete = false
                }
            }
            guard complete, !parts.isEmpty else { continue }
            fields[i].when = parts.count == 1 ? parts[0] : .all(parts)
        }
        return fields
    }

    // MARK: Server checks

    /// A check's placeholders name earlier single-value fields that are not secrets (the check
    /// runs when its own field is answered: a later field has no answer yet, and a secret never
    /// goes anywhere but the submission); its `defaults` name later fields (an earlier one is
    /// answered already). Not inside a group: an item's fields are not told apart here yet.
    private func checkServerChecks(_ drafts: [FieldDraft], fields: FieldsByName) {
        var order: [String: Int] = [:]
        for (i, draft) in drafts.enumerated() where order[draft.field.name] == nil { order[draft.field.name] = i }
        for (i, draft) in drafts.enumerated() {
            guard let check = draft.serverCheck else { continue }
            if draft.field.group != nil {
                diagnostics.error("server_check does not apply inside a group yet (put the field outside the group)", at: check.position)
                continue
            }
            for (name, position) in check.placeholders where name != ServerCheck.valuePlaceholder {
                guard let target = lookUp(name, at: position, in: fields, by: "server_check placeholder") else { continue }
                if let j = order[name], j >= i {
                    diagnostics.error(
                        "server_check placeholder {\(name)} names \(j == i ? "its own field (write {value})" : "a field after this one (a check may only look back)")",
                        at: position)
                } else if target.isSecret || target.list != nil || target.group != nil {
                    diagnostics.error("server_check placeholder {\(name)} must name a single-value field that is not a secret", at: position)
                }
            }
            for (name, position) in check.defaultTargets {
                guard let target = lookUp(name, at: position, in: fields, by: "server_check defaults") else { continue }
                if let j = order[name], j <= i {
                    diagnostics.error("server_check defaults names \"\(name)\", which is not after this field (a default only helps a field still to come)", at: position)
                } else if target.isSecret || target.list != nil || target.group != nil {
                    diagnostics.error("server_check defaults names \"\(name)\", which must be a single-value field that is not a secret", at: position)
                }
            }
        }
    }

    /// A `choices_from`'s placeholders name earlier single-value fields that are not secrets: the
    /// list is fetched when its field is reached, from the answers given before it.
    private func checkChoicesFrom(_ drafts: [FieldDraft], fields: FieldsByName) {
        var order: [String: Int] = [:]
        for (i, draft) in drafts.enumerated() where order[draft.field.name] == nil { order[draft.field.name] = i }
        for (i, draft) in drafts.enumerated() {
            guard let from = draft.choicesFrom else { continue }
            if draft.field.group != nil {
                diagnostics.error("choices_from does not apply inside a group yet (put the field outside the group)", at: from.position)
                continue
            }
            for (name, position) in from.placeholders {
                guard let target = lookUp(name, at: position, in: fields, by: "choices_from placeholder") else { continue }
                if let j = order[name], j >= i {
                    diagnostics.error(
                        "choices_from placeholder {\(name)} names \(j == i ? "its own field" : "a field after this one") (the list may only depend on earlier answers)",
                        at: position)
                } else if target.isSecret || target.list != nil || target.group != nil {
                    diagnostics.error("choices_from placeholder {\(name)} must name a single-value field that is not a secret", at: position)
                }
            }
        }
    }

    // MARK: Checks

    private func resolve(_ draft: CheckDraft, fields: FieldsByName) -> CrossFieldCheck? {
        // Every name given is looked up, whatever else the check lacks (reported already).
        let found = (draft.names ?? []).map { lookUp($0.0, at: $0.1, in: fields, by: "check") }
        let target = draft.field.flatMap { lookUp($0.0, at: $0.1, in: fields, by: "check") }
        guard let kind = draft.kind, let names = draft.names, let field = draft.field, let message = draft.message,
              found.count == 2, let a = found[0], let b = found[1], target != nil else { return nil }
        if kind.isOrdering {
            let accepted = FieldOrdering.allCases.map(\.plural)
            let list = accepted.dropLast().joined(separator: ", ") + " or " + (accepted.last ?? "")
            for (compared, (_, position)) in zip([a, b], names) where compared.kind.ordering == nil {
                diagnostics.error(
                    "\(kind.rawValue) needs \(list): \"\(compared.name)\" is a \(compared.type.rawValue) field",
                    at: position)
                return nil
            }
            if let oa = a.kind.ordering, let ob = b.kind.ordering, oa != ob {
                diagnostics.error(
                    "\(kind.rawValue) can't compare \"\(a.name)\" (\(oa.noun)) with \"\(b.name)\" (\(ob.noun))",
                    at: names[1].1)
                return nil
            }
        }
        return CrossFieldCheck(kind: kind, first: a.name, second: b.name, field: field.0, message: message)
    }
}
