import FormCore
import Yams

/// A field as read, with the positions later cross-field validation reports at.
struct FieldDraft {
    var field: Field
    let namePosition: Position
    let when: ConditionDraft?
    let whenPosition: Position
    /// The sections the field is in, outermost first (indices into `FormReader`'s sections).
    var sections: [Int] = []
    /// Where `list:` was written, if it was.
    var listPosition: Position?
    /// `server_check:` as read; its names are checked by `FormReader` (field order).
    var serverCheck: ServerCheckDraft?
    /// `choices_from:` as read; its placeholders are checked by `FormReader` (field order).
    var choicesFrom: ChoicesFromDraft?
}

/// Reads one item of `fields`: the field's own keys, their types, which rules apply to its type,
/// and whether its default passes those rules. Names other fields refer to are checked by
/// `FormReader`.
struct FieldReader {
    static let keys = [
        "name", "label", "type", "required", "min_length", "max_length", "pattern", "pattern_message",
        "min", "max", "exclusive_min", "exclusive_max", "choices", "default", "help", "when", "server_codes",
        "nullable", "carry", "distinct", "list", "send", "private", "history", "server_check", "choices_from",
    ]

    let reader: YAMLNodeReader
    private var diagnostics: Diagnostics { reader.diagnostics }

    init(reader: YAMLNodeReader) { self.reader = reader }

    func read(_ node: Node) -> FieldDraft? {
        guard case .mapping(let mapping) = node else {
            diagnostics.error(
                "each field must be a mapping with name, type, ..., not \(YAMLNodeReader.describe(node))",
                at: Position(node.mark))
            return nil
        }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "a field")

        let name = entries["name"].flatMap(readName)
        if entries["name"] == nil { reader.missing("name", in: entries, ": the field's payload key") }

        var type = FieldType.text
        var typeKnown = true
        if let e = entries["type"] {
            if let raw = reader.string(e) {
                if let t = FieldType(rawValue: raw) {
                    type = t
                } else {
                    let names = FieldType.allCases.map(\.rawValue)
                    let closest = NameSuggestion.closest(to: raw, in: names)
                    let hint = closest.map { "did you mean \"\($0)\"?" } ?? "use \(names.joined(separator: ", "))"
                    diagnostics.error("unknown field type \"\(raw)\" (\(hint))", at: e.valuePosition)
                    // The rest of the field is checked as the type it most likely means, so
                    // every mistake of the field is reported in one pass, not one per run of
                    // `check`; with no likely type, its type's rules can't be judged.
                    if let closest, let t = FieldType(rawValue: closest) {
                        type = t
                    } else {
                        typeKnown = false
                    }
                }
            } else {
                typeKnown = false
            }
        }

        var field = Field(name: name ?? "", type: type)
        if let e = entries["label"], let words = reader.textByLanguage(e) { (field.label, field.labelByLanguage) = words }
        if let e = entries["help"], let words = reader.textByLanguage(e, multiline: true) { (field.help, field.helpByLanguage) = words }
        if let e = entries["required"], let b = reader.bool(e) { field.required = b }
        if let e = entries["nullable"], let b = reader.bool(e) {
            field.sendsNullWhenEmpty = b
            if b && field.required {
                diagnostics.error("nullable applies to optional fields (add required: false): an empty answer then sends null", at: e.keyPosition)
            }
        }
        if let e = entries["server_codes"], let codes = reader.stringList(e) { field.serverCodes = codes.map(\.0) }
        if let e = entries["send"], let b = reader.bool(e) { field.send = b }
        readPrivacyKeys(entries, into: &field)
        if let e = entries["list"], typeKnown {
            field.list = ListReader(reader: reader).readList(e, type: type)
            if field.list != nil {
                if let d = entries["default"] {
                    diagnostics.error("a list can't have a default (each item is typed; an empty one ends the list)", at: d.keyPosition)
                }
                if let r = entries["required"] {
                    diagnostics.error("required does not apply to a list: use min_items", at: r.keyPosition)
                }
            }
        }
        let when = entries["when"].flatMap { ConditionReader(reader: reader).read($0) }
        if typeKnown { readRecordKeys(entries, into: &field) }

        // A default is only judged against rules that were read without errors.
        let errorsBeforeRules = diagnostics.errors.count
        if typeKnown { readRules(entries, into: &field) }
        if let e = entries["default"], typeKnown, field.list == nil, diagnostics.errors.count == errorsBeforeRules {
            readDefault(e, into: &field)
        }

        if field.list != nil {
            // A run of records carries and compares single values, not a list's items.
            for key in ["carry", "distinct"] {
                if let e = entries[key], field.carry != .none || field.distinct {
                    diagnostics.error("\(key) does not apply to a list", at: e.keyPosition)
                }
            }
        }
        var serverCheck: ServerCheckDraft?
        if let e = entries["server_check"] {
            if field.isSecret {
                diagnostics.error("a secret field can't have a server_check (its value never leaves the form but in the submission)", at: e.keyPosition)
            } else if field.list != nil {
                diagnostics.error("server_check does not apply to a list (check each item's field in a group instead)", at: e.keyPosition)
            } else {
                serverCheck = ServerCheckReader(reader: reader).read(e)
                field.serverCheck = serverCheck?.check
            }
        }
        var choicesFrom: ChoicesFromDraft?
        if let e = entries["choices_from"], field.kind.takesChoices, entries["choices"] == nil {
            if field.list != nil {
                diagnostics.error("choices_from does not apply to a list (use a multichoice field)", at: e.keyPosition)
            } else {
                choicesFrom = ChoicesFromReader(reader: reader).read(e)
                field.choicesFrom = choicesFrom?.from
            }
        }
        guard let name else { return nil }
        field.name = name
        if entries["label"] == nil { field.label = name }
        return FieldDraft(
            field: field, namePosition: entries["name"]?.valuePosition ?? entries.position,
            when: when, whenPosition: entries["when"]?.valuePosition ?? entries.position,
            listPosition: field.list == nil ? nil : entries["list"]?.keyPosition,
            serverCheck: serverCheck, choicesFrom: choicesFrom)
    }

    private func readName(_ e: Entry) -> String? {
        guard let name = reader.string(e) else { return nil }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        if parts.contains(where: \.isEmpty) {
            diagnostics.error("field name \"\(name)\" has an empty part (dotted names nest: address.city)", at: e.valuePosition)
            return nil
        }
        if name.contains(where: { $0.isWhitespace }) || name.containsControlCharacters {
            diagnostics.error("field name \"\(name)\" can't contain spaces", at: e.valuePosition)
            return nil
        }
        // Escape rule 10d: a bidi override would make a name read differently from what it is.
        if TextCleaning.containsBidiControls(name) {
            diagnostics.error(
                "field name \"\(TextCleaning.visible(name))\" can't contain bidi controls (U+202A-U+202E, U+2066-U+2069)",
                at: e.valuePosition)
            return nil
        }
        return name
    }

    // MARK: Runs of records

    /// `carry: true | next` and `distinct: true` (docs/records.md): what a field
    /// does in the next record of a `fill --repeat` run.
    private func readRecordKeys(_ entries: Entries, into field: inout Field) {
        if let e = entries["carry"] {
            if case .scalar(let s) = e.value, s.style == .plain, let carry = Self.carry(s.string) {
                field.carry = carry
            } else {
                diagnostics.error("carry must be true, false or next, not \(YAMLNodeReader.describe(e.value))", at: e.valuePosition)
            }
            if field.isSecret && field.carry != .none {
                diagnostics.error("a secret is never carried into the next record", at: e.keyPosition)
            } else if field.carry == .next && !Carry.countsOn(field.type) {
                diagnostics.error("carry: next does not apply to \(field.type.rawValue) fields: it counts on \(Carry.countingTypeNames) fields (use carry: true)", at: e.valuePosition)
            }
        }
        if let e = entries["distinct"], let b = reader.bool(e) {
            field.distinct = b
            if b && field.isSecret {
                diagnostics.error("distinct does not apply to secret fields (they are never compared)", at: e.keyPosition)
            } else if b && field.carry == .same {
                diagnostics.error("distinct and carry: true contradict: Enter would repeat the value distinct refuses (use carry: next)", at: e.keyPosition)
            }
        }
    }

    // MARK: Privacy

    /// `private: true|false` and `history: false` (docs/privacy.md).
    private func readPrivacyKeys(_ entries: Entries, into field: inout Field) {
        if let e = entries["private"], let b = reader.bool(e) {
            field.privacyDeclared = true
            if b && field.isSecret {
                diagnostics.error("a secret is private already (never echoed, recorded or kept): leave out private", at: e.keyPosition)
            } else if b && field.type == .multiline {
                diagnostics.error("private does not apply to multiline fields (their lines are recorded one by one): use history: false", at: e.keyPosition)
            } else {
                field.isPrivate = b
            }
        }
        if let e = entries["history"], let b = reader.bool(e) { field.keepsHistory = b }
    }

    private static func carry(_ text: String) -> Carry? {
        switch text.lowercased() {
        case "true": return .same
        case "false": return Carry.none
        case "next": return .next
        default: return nil
        }
    }

    // MARK: Rules

    private func notApplicable(_ e: Entry, _ type: FieldType, use: String?) {
        diagnostics.error(
            "\(e.key) does not apply to \(type.rawValue) fields" + (use.map { " (use \($0))" } ?? ""),
            at: e.keyPosition)
    }

    private func readRules(_ entries: Entries, into field: inout Field) {
        let type = field.type
        let kind = field.kind
        let numberUse = kind.ordering != nil ? "min and max" : nil
        let lengthUse = kind.measuresLength ? "min_length and max_length" : nil

        for key in ["min_length", "max_length", "pattern", "pattern_message"] {
            if let e = entries[key], !kind.measuresLength {
                notApplicable(e, type, use: key.hasSuffix("length") ? numberUse : nil)
            }
        }
        for key in ["min", "max", "exclusive_min", "exclusive_max"] {
            if let e = entries[key], kind.ordering == nil { notApplicable(e, type, use: lengthUse) }
        }
        if let e = entries["choices"], !kind.takesChoices { notApplicable(e, type, use: nil) }
        if let e = entries["choices_from"], !kind.takesChoices { notApplicable(e, type, use: nil) }

        if kind.measuresLength {
            let minE = entries["min_length"], maxE = entries["max_length"]
            field.minLength = minE.flatMap(reader.count)
            field.maxLength = maxE.flatMap(reader.count)
            if let lo = field.minLength, let hi = field.maxLength, lo > hi, let minE {
                diagnostics.error("min_length \(lo) is more than max_length \(hi)", at: minE.valuePosition)
            }
            if let e = entries["pattern"], let source = reader.string(e) {
                do {
                    field.pattern = try FieldPattern(source)
                    for warning in diagnostics.wantsWarnings ? FieldPattern.portabilityWarnings(source) : [] {
                        diagnostics.warning("pattern \"\(TextCleaning.oneLine(source, limit: 80))\": \(warning)", at: e.valuePosition)
                    }
                } catch {
                    diagnostics.error("invalid pattern \"\(TextCleaning.oneLine(source, limit: 80))\": \(error)", at: e.valuePosition)
                }
            }
            if let e = entries["pattern_message"], let s = reader.text(e) {
                field.patternMessage = s
                if entries["pattern"] == nil {
                    diagnostics.error("pattern_message needs a pattern", at: e.keyPosition)
                }
            }
        }

        if let ordering = kind.ordering { readBounds(entries, ordering: ordering, into: &field) }

        if kind.takesChoices {
            if let e = entries["choices"] {
                field.choices = readChoices(e, multi: type == .multichoice) ?? []
                if let from = entries["choices_from"] {
                    diagnostics.error("choices and choices_from can't both be given (the list is either written or fetched)", at: from.keyPosition)
                }
            } else if entries["choices_from"] == nil {
                reader.missing("choices", in: entries, ": a \(type.rawValue) field lists its choices (or fetches them with choices_from)")
            }
        }

        if type == .secret, let e = entries["default"] {
            diagnostics.error("a secret field can't have a default", at: e.keyPosition)
        }
    }

    /// `min` and `max`, read by the field's own kind (an integer's bound is a whole number, a
    /// time's a time) and compared in its ordering. Numbers must be written unquoted.
    private func readBounds(_ entries: Entries, ordering: FieldOrdering, into field: inout Field) {
        let kind = field.kind
        let bare = Field(name: field.name, type: field.type)
        func bound(_ e: Entry) -> OrderedValue? {
            let text = ordering == .number ? reader.plainScalar(e, expected: kind.boundFormat) : reader.string(e)
            guard let text else { return nil }
            if case .success(let value) = kind.parse(text, for: bare), let bound = ordering.value(of: value) {
                return bound
            }
            diagnostics.error("\(e.key) must be \(kind.boundFormat), not \"\(text)\"", at: e.valuePosition)
            return nil
        }
        // `exclusive_min` is `min` without the bound itself; a field has one or the other.
        for (inclusive, exclusive) in [("min", "exclusive_min"), ("max", "exclusive_max")] {
            if entries[inclusive] != nil, let e = entries[exclusive] {
                diagnostics.error("\(exclusive) and \(inclusive) can't both be given: keep one", at: e.keyPosition)
            }
        }
        /// `today`, `today+N`, `today-N` on a date or datetime field (resolved when a session
        /// starts: ClockBound); nil for any other text, which is read as a bound of the type.
        func clockBound(_ e: Entry) -> ClockBound?? {
            guard ordering == .date || ordering == .instant, case .scalar(let scalar) = e.value,
                  ClockBound.isMeant(scalar.string) else { return nil }
            guard let bound = ClockBound(scalar.string) else {
                diagnostics.error("\(e.key) must be today, today+N or today-N (N days up to \(ClockBound.dayLimit)), "
                    + "not \"\(TextCleaning.oneLine(scalar.string, limit: 40))\"", at: e.valuePosition)
                return .some(nil)
            }
            return .some(bound)
        }
        let minE = entries["min"] ?? entries["exclusive_min"], maxE = entries["max"] ?? entries["exclusive_max"]
        let minClock = minE.flatMap(clockBound), maxClock = maxE.flatMap(clockBound)
        field.minimumFromClock = minClock ?? nil
        field.maximumFromClock = maxClock ?? nil
        field.minimum = minClock == nil ? minE.flatMap(bound) : nil
        field.maximum = maxClock == nil ? maxE.flatMap(bound) : nil
        field.minimumIsExclusive = entries["min"] == nil && entries["exclusive_min"] != nil
        field.maximumIsExclusive = entries["max"] == nil && entries["exclusive_max"] != nil
        if let lo = field.minimumFromClock, let hi = field.maximumFromClock, let minE {
            // Both from the clock: their order is known now, whatever the day.
            let empty = field.minimumIsExclusive || field.maximumIsExclusive ? lo.days >= hi.days : lo.days > hi.days
            if empty {
                diagnostics.error("\(minE.key) \(lo) and \(maxE?.key ?? "max") \(hi) leave no value between them", at: minE.valuePosition)
            }
        }
        if let lo = field.minimum, let hi = field.maximum, let minE {
            if field.minimumIsExclusive || field.maximumIsExclusive {
                if lo.precedes(hi) == false {
                    diagnostics.error("\(minE.key) \(lo) and \(maxE?.key ?? "max") \(hi) leave no value between them", at: minE.valuePosition)
                }
            } else if hi.precedes(lo) == true {
                diagnostics.error("min \(lo) \(ordering.beyondPhrase) max \(hi)", at: minE.valuePosition)
            }
        }
    }

    /// One pass: each choice looked up by exact and by case-folded spelling (the earlier scan of
    /// the choices seen so far was quadratic: 20,000 choices took 4.5 s).
    private func readChoices(_ e: Entry, multi: Bool) -> [String]? {
        guard let items = reader.stringList(e) else { return nil }
        if items.isEmpty {
            diagnostics.error("choices must list at least one choice", at: e.valuePosition)
            return nil
        }
        if items.count > FormLimits.choicesPerField {
            diagnostics.error("a field lists at most \(FormLimits.choicesPerField) choices (this one has \(items.count))", at: e.valuePosition)
            return nil
        }
        var seen = Set<String>()
        var firstByFolded: [String: String] = [:]
        for (choice, position) in items {
            let folded = choice.lowercased()
            if seen.contains(choice) {
                diagnostics.error("duplicate choice \"\(choice)\"", at: position)
            } else if let same = firstByFolded[folded] {
                diagnostics.error("choice \"\(choice)\" differs from \"\(same)\" only in case", at: position)
            } else if multi && choice.contains(",") {
                diagnostics.error(
                    "choice \"\(choice)\" can't contain a comma: multichoice answers are comma-separated", at: position)
            } else if choice.trimmedWhitespace != choice {
                diagnostics.error("choice \"\(choice)\" has spaces at an end", at: position)
            } else if !reader.checkedText(choice, named: "choice", at: position) {
                // Reported: a choice is shown in the menu, the review and completions.
            }
            seen.insert(choice)
            if firstByFolded[folded] == nil { firstByFolded[folded] = choice }
        }
        return items.map(\.0)
    }

    // MARK: Default

    /// The default must be a value the field itself accepts; choices are written by their exact name.
    private func readDefault(_ e: Entry, into field: inout Field) {
        if field.type == .secret { return }
        var items: [(String, Position)]
        if field.type == .multichoice, case .sequence = e.value {
            guard let list = reader.stringList(e) else { return }
            items = list
        } else {
            guard let s = reader.string(e) else { return }
            if s.trimmedWhitespace.isEmpty {
                diagnostics.error("default can't be empty: leave it out", at: e.valuePosition)
                return
            }
            if let keyword = ClockDefault(rawValue: s), let expected = field.kind.clockKeyword {
                // Resolved when a session starts, with the operator's clock (ClockDefault).
                guard keyword == expected else {
                    diagnostics.error("a \(field.type.rawValue) field defaults to \"\(expected.rawValue)\", not \"\(s)\"", at: e.valuePosition)
                    return
                }
                field.clockDefault = keyword
                return
            }
            items = [(s, e.valuePosition)]
            if field.type == .multichoice {
                items = s.split(separator: ",").map { (String($0).trimmedWhitespace, e.valuePosition) }
            }
        }
        if field.kind.takesChoices {
            let choices = Set(field.choices)
            for (item, position) in items where !choices.contains(item) {
                let meant = (try? ChoiceResolver(field.choices).resolve(item).get())
                    ?? NameSuggestion.closest(to: item, in: field.choices)
                diagnostics.error(
                    "default \"\(item)\" is not one of the choices" + (meant.map { " (did you mean \"\($0)\"?)" } ?? ""),
                    at: position)
                return
            }
        }
        let text = items.map(\.0).joinedText(separator: ", ")
        switch field.parse(text) {
        case .success: field.defaultText = text
        case .failure(let error):
            diagnostics.error("default \"\(text)\" breaks the field's rule: \(error.message)", at: e.valuePosition)
        }
    }
}
