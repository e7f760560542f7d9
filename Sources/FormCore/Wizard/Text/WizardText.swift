/// The words the wizard shows: prompts, the review, choice lists and help. Kept apart from the
/// state machine so the layout (docs/filling.md) can be read and changed in one place.
extension Wizard {
    static var reviewPromptText: String { WizardMessage.reviewPrompt.text }
    static var multilineHint: String { WizardMessage.multilineHint.text }

    /// The longest prompt, leaving part of an 80-column line for the answer.
    static let promptWidth = 60
    /// The widest label column in the review; longer labels are shortened there.
    static let reviewLabelWidth = 24
    /// The lead of a line of a list (an accessible choice, a review sentence).
    static let listIndent = "  "
    /// The lead of a server message under a field's review row.
    static let fieldErrorIndent = "    ! "

    static var retryPromptText: String { WizardMessage.retryPrompt.text }

    var reviewPrompt: Prompt {
        if policy.presentation.reviewAsSentences { return Prompt(text: WizardMessage.reviewPromptInWords.text) }
        return Prompt(text: compactReview ? Wizard.compactReviewPromptText : Wizard.reviewPromptText)
    }
    var retryPrompt: Prompt {
        if policy.presentation.promptInWords {
            return Prompt(text: (recordRun == nil ? WizardMessage.retryPromptInWords : .goOnPromptInWords).text)
        }
        return Prompt(text: recordRun == nil ? Wizard.retryPromptText : Wizard.goOnPromptText)
    }

    /// `Label (hints) [value]: `, with pre-fill and completion for an editing terminal.
    func prompt(for field: Field, prefill rejected: String?) -> Prompt {
        // A choice the list no longer holds (fetched again for a changed answer) is neither
        // offered in brackets nor pre-filled: Enter would only be refused.
        var current = values[field.name]
        if let value = current, !Wizard.isStillChosen(value, in: field) { current = nil }
        let text = promptText(field, current: current, placeholder: nil)
        // A private field's value in its prompt (`Given name [Kari]: `) is recorded with the
        // field's name in its place (`Given name [given_name]: `) whatever its length, and before
        // any shortening, so no part of it reaches a transcript (docs/privacy.md).
        let recorded = field.isPrivate && (current != nil || defaultShown(field) != nil)
            ? promptText(field, current: current, placeholder: field.name) : nil

        var prefill: String?
        if interactive && policy.presentation.prefillsEditLine && !field.isSecret && field.type != .multiline {
            prefill = rejected ?? current?.editableText
        }
        let completion: Prompt.Completion
        switch field.kind.completion(for: field) {
        case .none: completion = .none
        // An item of a list of choices may be typed as several, comma-separated: Tab completes
        // each of them.
        case .single(let words) where field.item?.member == nil && field.item != nil && Wizard.entersSeveral(field):
            completion = .list(words)
        case .single(let words): completion = .single(words)
        case .list(let words): completion = .list(words)
        }
        var prompt = Prompt(
            text: text, field: field.name, prefill: prefill, secret: field.isSecret, completion: completion,
            declaration: field.item?.declaration, isPrivate: field.isPrivate, keepsHistory: field.keepsHistory)
        prompt.recorded = recorded
        return prompt
    }

    /// The prompt's text; `placeholder` (a private field's name) stands for the value or default
    /// shown, whole, in the copy a transcript records.
    private func promptText(_ field: Field, current: FieldValue?, placeholder: String?) -> String {
        var bracket = ""
        if field.isSecret {
            if current != nil { bracket = " [" + WizardMessage.promptKeep.text + "]" }
        } else if let current {
            bracket = " [" + (placeholder ?? TextWrap.truncate(shortDisplay(current, field), to: 24)) + "]"
        } else if let d = defaultShown(field) {
            bracket = " [" + (placeholder ?? TextWrap.truncate(d, to: 24)) + "]"
        }
        // Hints give way before the label does (a long range first; `?` shows every rule), but
        // how to end a multiline value stays: the bracket is shortened instead.
        var hints = promptHints(field)
        let budget = Wizard.promptWidth - 16
        func tail() -> String { (hints.isEmpty ? "" : " (" + hints.joined(separator: ", ") + ")") + bracket }
        while TextWrap.columns(tail()) > budget, let drop = hints.lastIndex(where: { $0 != Wizard.multilineHint }) {
            hints.remove(at: drop)
        }
        if placeholder == nil, TextWrap.columns(tail()) > budget, bracket.count > 14 {
            bracket = " [" + TextWrap.truncate(String(bracket.dropFirst(2).dropLast()), to: 12) + "]"
        }
        let tail = tail()
        // The label gives way so the prompt leaves room to type on an 80-column line.
        let room = max(12, Wizard.promptWidth - TextWrap.columns(tail) - 2)
        return policy.presentation.promptInWords
            ? promptInWords(field, current: current, placeholder: placeholder)
            : TextWrap.truncate(field.label, to: room) + tail + ": "
    }

    /// The accessible prompt (`Presentation.promptInWords`): the label, then in words whether the
    /// field is required, its hints, and what Enter keeps or takes (`Country, required, default
    /// Norway: `). Nothing is dropped to fit: a long prompt wraps on the terminal, and a line
    /// read aloud is better whole than cut.
    func promptInWords(_ field: Field, current: FieldValue?, placeholder: String? = nil) -> String {
        var words = [(field.required ? WizardMessage.ruleRequired : .ruleOptional).text]
        // The offered next item of a list: an empty answer ends the list, said at every such
        // prompt (the standard face says it once, in parentheses).
        if form.isTentative(field), current == nil, let index = form.fieldIndex[field.name], form.isFirstOfItem(index) {
            words = [WizardMessage.promptEndsList.text]
        }
        if field.type == .boolean {
            words.append(WizardMessage.promptYesOrNo.text)
        } else if [.integer, .decimal].contains(field.type), let lo = field.minimum, let hi = field.maximum,
                  !field.minimumIsExclusive, !field.maximumIsExclusive {
            // "13-120" is read as "13 minus 120" (and "-5--1" not at all): the range in words.
            words.append(WizardMessage.promptRange(from: lo.description, to: hi.description).text)
        } else {
            words += field.kind.promptHints(for: field).map(Wizard.hintInWords)
        }
        if field.isSecret {
            words.append(WizardMessage.promptSecretNotShown.text)
            if current != nil { words.append(WizardMessage.promptSecretKept.text) }
        } else if let current {
            words.append(WizardMessage.promptCurrent(placeholder.map { "[\($0)]" }
                ?? Wizard.withoutTabs(TextWrap.truncate(shortDisplay(current, field), to: 60))).text)
        } else if let d = defaultShown(field) {
            words.append(WizardMessage.ruleDefault(placeholder.map { "[\($0)]" } ?? TextWrap.truncate(d, to: 60)).text)
        }
        return WizardMessage.promptInWords(label: TextWrap.truncate(field.label, to: 60), words: words).text
    }

    /// A field type's format hint as the accessible prompt says it: `YYYY-MM-DD` is read letter by
    /// letter, `HH:MM` as "H H colon M M"; the words, with an example, say what to type.
    static func hintInWords(_ hint: String) -> String {
        switch hint {
        case Wizard.multilineHint: return WizardMessage.multilineHintInWords.text
        case "YYYY-MM-DD": return WizardMessage.dateHintInWords.text
        case "HH:MM": return WizardMessage.timeHintInWords.text
        case "YYYY-MM-DDTHH:MM:SSZ": return WizardMessage.dateTimeHintInWords.text
        case "comma-separated": return WizardMessage.commaSeparatedHintInWords.text
        default: return hint
        }
    }

    /// The default as the review shows values (a boolean as yes/no, not as written: `true`).
    func defaultShown(_ field: Field) -> String? {
        guard let text = field.defaultText else { return nil }
        return field.defaultValue.map { shortDisplay($0, field) } ?? text
    }

    func promptHints(_ field: Field) -> [String] {
        (field.required ? [] : [WizardMessage.ruleOptional.text])
            + field.kind.promptHints(for: field).map(MessageLanguage.current.fieldTypeWords)
    }

    /// A value as the review and prompts show it: secrets masked, lists joined, booleans yes/no,
    /// a multiline value by its first line.
    func shortDisplay(_ value: FieldValue, _ field: Field) -> String {
        // "(+1 line)" is punctuation to a screen reader: the accessible face says it in words.
        if policy.presentation.promptInWords, field.kind.allowsLineBreaks, case .text(let text) = value, text.anyByte({ $0 == 0x0A }) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return String(lines[0]) + ", " + WizardMessage.moreLinesInWords(lines.count - 1).text
        }
        return field.kind.shortDisplay(value)
    }

    /// One line of the review: a field, or one item of a repeated group (its label).
    struct ReviewEntry {
        /// What the operator types to edit it.
        var number: Int
        var label: String
        /// A field's value; for an item, the members its label leaves out (`itemDetails`).
        var shown: String
        /// The visible fields it stands for, in form order.
        var indices: [Int]
        /// For an item of a group: which item (`member` nil).
        var item: ItemPlace?
        /// For an item of a group: its label's width when it is one plain line (`ItemWords`).
        var plainColumns: Int? = nil
        /// Whether `item` is set, read without copying the item's place (the rows ask per entry).
        var isItem = false
    }

    /// The review's entries. A form without lists numbers its fields by their place in the form
    /// (hidden fields keep theirs, so a number means the same field in every run); with lists the
    /// entries are numbered in order, one per field and one per item of a group.
    /// `withLabels: false` leaves labels and values empty: what resolving a number needs, without
    /// filling every item's template. `visible`: the visible fields when the caller has them
    /// already (the walk to the review works them out once for its checks and the review).
    func reviewEntries(withLabels: Bool = true, visible known: [Int]? = nil) -> [ReviewEntry] {
        var made: [MadeItemWords] = []
        return reviewEntries(withLabels: withLabels, visible: known, made: &made)
    }

    /// The review's entries; `made` gets the item words that were not kept and had to be made
    /// (the walk to the review keeps them for the next one).
    func reviewEntries(withLabels: Bool, visible known: [Int]?, made: inout [MadeItemWords]) -> [ReviewEntry] {
        let visible = known ?? form.visibleIndices
        let numbered = spec.hasLists
        var entries: [ReviewEntry] = []
        entries.reserveCapacity(visible.count)
        var n = 0
        var k = 0
        while k < visible.count {
            let i = visible[k]
            n += 1
            if let item = fields[i].item, item.member != nil {
                var indices = [i]
                k += 1
                while k < visible.count, let other = fields[visible[k]].item, other.list == item.list, other.number == item.number {
                    indices.append(visible[k])
                    k += 1
                }
                var entry = ReviewEntry(
                    number: n, label: "", shown: "", indices: indices,
                    item: ItemPlace(list: item.list, number: item.number, member: nil, declaration: item.list))
                entry.isItem = true
                if withLabels {
                    let start = form.itemStarts[FormSpec.itemFieldName(list: item.list, number: item.number, member: nil)] ?? i
                    let (words, kept) = itemWords(list: item.list, number: item.number, start: start, visible: indices)
                    entry.label = words.label
                    entry.shown = words.details
                    entry.plainColumns = words.plainColumns
                    if !kept { made.append(MadeItemWords(list: item.list, number: item.number, words: words)) }
                }
                entries.append(entry)
                continue
            }
            let name = fields[i].name
            var shown = ""
            if withLabels {
                shown = form.store[i].map { shortDisplay($0, fields[i]) } ?? "-"
                if form.store[i] == nil, !progress.wasVisited(name), let d = defaultShown(fields[i]) { shown = WizardMessage.defaultShown(d).text }
                // A server check's lookup stays beside its answer (docs/checks.md).
                if form.store[i] != nil, let lookup = checkBook.lookups[name] { shown += "  " + WizardMessage.lookupShown(lookup).text }
            }
            entries.append(ReviewEntry(number: numbered ? n : i + 1, label: withLabels ? fields[i].label : "", shown: shown, indices: [i], item: nil))
            k += 1
        }
        return entries
    }

    /// A field's label in the review's label column, at most `reviewLabelWidth` columns. An item
    /// of a list of scalars keeps its number whatever the list's label: "Serial num... 12", not
    /// "Serial numbers of t..." for every item alike.
    func reviewLabel(_ entry: ReviewEntry) -> String {
        guard let i = entry.indices.first, let item = fields[i].item, item.member == nil else {
            return TextWrap.truncate(entry.label, to: Wizard.reviewLabelWidth)
        }
        guard TextWrap.columns(entry.label) > Wizard.reviewLabelWidth else { return entry.label }
        // Cut where the widest number of the list leaves room, so every item's label reads alike.
        let widest = " \(max(form.itemCounts[item.list] ?? 0, item.number))".count
        return TextWrap.truncate(form.listLabel(item.list), to: Wizard.reviewLabelWidth - widest) + " \(item.number)"
    }

    /// "  N Label  value" for each entry, aligned. A long value wraps onto following lines under
    /// its column (nothing the operator must check is cut off); an item's label wraps the same way.
    /// A field not yet reached shows the default it will take.
    func reviewRows(visible: [Int]? = nil) -> [String] {
        reviewRows(reviewEntries(visible: visible))
    }

    /// `lead`, `label`, `padding` spaces and `shown` as one row, made in one buffer.
    static func joinedRow(_ lead: String, _ label: String, padding: Int, _ shown: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lead.utf8.count + label.utf8.count + padding + shown.utf8.count)
        bytes.append(contentsOf: lead.utf8)
        bytes.append(contentsOf: label.utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(padding, 0)))
        bytes.append(contentsOf: shown.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    func reviewRows(_ entries: [ReviewEntry]) -> [String] {
        if policy.presentation.reviewAsSentences { return reviewSentences(entries) }
        // Entries are read in place, field by field: copying each one (its strings and indices)
        // for every pass was a good part of a 200-item review.
        var labels: [String] = []
        labels.reserveCapacity(entries.count)
        var labelWidth = 0
        var widest = 1
        for k in entries.indices {
            widest = max(widest, entries[k].number)
            guard !entries[k].isItem else {
                labels.append("")
                continue
            }
            let label = reviewLabel(entries[k])
            labelWidth = max(labelWidth, TextWrap.columns(label))
            labels.append(label)
        }
        let numberWidth = String(widest).count
        // Every lead ("  12 ") is as wide, so an item's continuation indent is made once.
        let continuation = String(repeating: " ", count: 2 + numberWidth + 1 + 2)
        var rows: [String] = []
        rows.reserveCapacity(entries.count)
        for k in entries.indices {
            let number = String(entries[k].number)
            let lead = "  " + String(repeating: " ", count: numberWidth - number.count) + number + " "
            if entries[k].isItem {
                // The label, then the members it leaves out on the lines under it: an item's
                // every answered value is in sight, within 80 columns. Kept words are measured
                // already: a plain label that fits is the row as it is.
                var row: String
                if let columns = entries[k].plainColumns, lead.utf8.count + columns <= TextWrap.width {
                    row = lead + entries[k].label
                } else {
                    row = Wizard.wrappedRow(Wizard.withoutTabs(entries[k].label), indent: lead, continuation: continuation)
                }
                if !entries[k].shown.isEmpty {
                    row += "\n" + Wizard.wrappedRow(Wizard.withoutTabs(entries[k].shown), indent: continuation, continuation: continuation)
                }
                rows.append(row)
                continue
            }
            let label = labels[k]
            let padding = labelWidth - TextWrap.columns(label) + 2
            let shown = Wizard.withoutTabs(entries[k].shown)
            // A printable ASCII label is as wide as its bytes, and so is the head it makes
            // (the lead is spaces and digits): the row that fits, nearly every one, is put
            // together once, without the head as a String of its own.
            if label.allBytes({ $0 >= 0x20 && $0 < 0x7F }),
               lead.utf8.count + labelWidth + 2 + TextWrap.columns(shown) <= TextWrap.width {
                rows.append(Wizard.joinedRow(lead, label, padding: padding, shown))
                continue
            }
            let head = lead + label + String(repeating: " ", count: padding)
            guard TextWrap.columns(head) + TextWrap.columns(shown) > TextWrap.width else {
                rows.append(head + shown)
                continue
            }
            // The value column, unless the labels leave too little room: then under the label.
            let column = TextWrap.columns(head) <= TextWrap.width - 30 ? TextWrap.columns(head) : TextWrap.columns(lead) + 2
            rows.append(TextWrap.wrap(shown, indent: head, continuation: String(repeating: " ", count: column)).joined(separator: "\n"))
        }
        return rows
    }

    /// The review's rows as a transcript writes them, each private value as `[name]` before the
    /// row is wrapped; nil when no row shows one (then the rows are written as shown).
    func recordedReviewRows(_ entries: [ReviewEntry]) -> [String]? {
        var masked = entries
        var changed = false
        for k in masked.indices {
            if masked[k].isItem {
                // An item's label and details, worded again with `[name]` for its private values.
                guard let item = masked[k].item,
                      masked[k].indices.contains(where: { fields[$0].isPrivate && form.store[$0] != nil }) else { continue }
                let label = Wizard.withoutTabs(itemLabel(list: item.list, number: item.number, visible: masked[k].indices, masked: true))
                masked[k].label = label
                masked[k].shown = Wizard.withoutTabs(itemDetails(list: item.list, number: item.number, visible: masked[k].indices, masked: true))
                masked[k].plainColumns = Wizard.hasLooseSpaces(label) ? nil : TextWrap.columns(label)
                changed = true
                continue
            }
            let i = masked[k].indices[0]
            guard fields[i].isPrivate, form.store[i] != nil else { continue }
            masked[k].shown = "[\(fields[i].name)]"
            if let lookup = checkBook.lookups[fields[i].name] { masked[k].shown += "  " + WizardMessage.lookupShown(lookup).text }
            changed = true
        }
        guard changed else { return nil }
        if policy.presentation.reviewAsSentences { return reviewSentences(masked, recorded: true) }
        return reviewRows(masked)
    }

    /// One review row as output lines (a wrapped row is one line an operator sees as several),
    /// with the transcript's copy when it differs.
    static func reviewRowLines(_ row: String, recorded: String?) -> [OutputLine] {
        let shown = row.anyByte({ $0 == 0x0A }) ? row.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [row]
        var lines = shown.map { OutputLine($0, style: .review) }
        if let recorded, recorded != row, !lines.isEmpty {
            let written = recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for k in lines.indices { lines[k].recorded = k == 0 ? written : [] }
        }
        return lines
    }

    /// The review as sentences (`Presentation.reviewAsSentences`), one an entry, wrapped at 80
    /// columns: "1: Username is bob_smith.", "3: Password is given, not shown.", "5: Country is
    /// Norway, the default.", "6: Age is not answered.". No column to line up, no `-` for nothing.
    func reviewSentences(_ entries: [ReviewEntry], recorded: Bool = false) -> [String] {
        entries.map { entry in
            let text: String
            if entry.isItem {
                text = WizardMessage.reviewItemSentence(
                    number: entry.number, label: Wizard.withoutTabs(entry.label), details: Wizard.withoutTabs(entry.shown)).text
            } else {
                let i = entry.indices[0]
                let field = fields[i]
                let value: String
                if field.isSecret && form.store[i] != nil {
                    value = WizardMessage.reviewSecretGiven.text
                } else if recorded, field.isPrivate, form.store[i] != nil {
                    value = "[\(field.name)]"
                } else if let stored = form.store[i] {
                    value = shortDisplay(stored, field)
                } else if !progress.wasVisited(field.name), let d = defaultShown(field) {
                    value = WizardMessage.reviewDefaultValue(d).text
                } else {
                    value = WizardMessage.reviewNoAnswer.text
                }
                text = WizardMessage.reviewSentence(number: entry.number, label: entry.label, value: Wizard.withoutTabs(value)).text
            }
            return TextWrap.wrap(text, indent: "  ", continuation: "    ").joined(separator: "\n")
        }
    }

    /// A tab shown as a space (its width is the terminal's guess), looked for byte by byte.
    static func withoutTabs(_ text: String) -> String {
        guard text.anyByte({ $0 == 0x09 }) else { return text }
        return String(text.map { $0 == "\t" ? " " : $0 })
    }

    /// `indent` + `text`, wrapped at 80 columns onto `continuation` lines; one line as it is when
    /// it fits (nearly every review row: no words split and joined again).
    static func wrappedRow(_ text: String, indent: String, continuation: String) -> String {
        if TextWrap.columns(indent) + TextWrap.columns(text) <= TextWrap.width, !Wizard.hasLooseSpaces(text) {
            return indent + text
        }
        return TextWrap.wrap(text, indent: indent, continuation: continuation).joined(separator: "\n")
    }

    /// The review; below it the server's banner lines from the last rejection until the next
    /// submission (`withBanner: false` right after the rejection printed them).
    func reviewLines(withBanner: Bool = true, visible: [Int]? = nil) -> [WizardEffect] {
        let entries = reviewEntries(visible: visible)
        return reviewLines(rows: reviewRows(entries), recorded: recordedReviewRows(entries), withBanner: withBanner)
    }

    /// `recorded`: the transcript's rows (`recordedReviewRows`), nil when they are `rows`.
    func reviewLines(rows: [String], recorded: [String]? = nil, withBanner: Bool = true) -> [WizardEffect] {
        var effects: [WizardEffect] = [.output(OutputLine(.reviewTitle, style: .title))]
        effects.reserveCapacity(rows.count + 2)
        for (k, row) in rows.enumerated() {
            if let recorded, k < recorded.count, recorded[k] != row {
                effects += Wizard.reviewRowLines(row, recorded: recorded[k]).map { .output($0) }
                continue
            }
            // A wrapped row is one line an operator sees as several: one effect a line.
            guard row.anyByte({ $0 == 0x0A }) else {
                effects.append(.output(OutputLine(row, style: .review)))
                continue
            }
            for line in row.split(separator: "\n", omittingEmptySubsequences: false) {
                effects.append(.output(OutputLine(String(line), style: .review)))
            }
        }
        return effects + emptyListLines() + (withBanner ? bannerLines() : [])
    }

    /// A list with no items has no line of its own to number: one note each under the review, so
    /// the operator sees that it is empty (nothing to check is hidden) and how to add an item.
    func emptyListLines() -> [WizardEffect] {
        guard spec.hasLists else { return [] }
        return form.emptyVisibleLists.flatMap { list in
            TextWrap.wrap(WizardMessage.emptyList(label: form.listLabel(list.name), list: list.name).text, indent: "    ", continuation: "      ")
                .map { WizardEffect.output(OutputLine($0, style: .review)) }
        }
    }

    /// The last rejection's non-field messages, as the rejection printed them.
    func bannerLines() -> [WizardEffect] {
        submissions.banner.flatMap { Wizard.wrapped($0, .error, indent: "  ! ", continuation: "    ") }
    }

    /// "  1 Norway  2 Sweden ...", wrapped at 80 columns. When a choice's name starts with a
    /// digit (`[1, 2, 10]`), "1 1  2 2" would read as one list of numbers: the numbers then get a
    /// `)` and the choices quotes, "  1) "1"  2) "2"".
    func choiceListLines(_ field: Field) -> [OutputLine] {
        // A long list is not printed whole: one line says how many and how to narrow them.
        if ChoiceNarrowing.isLong(field.choices) {
            let count = field.choices.count
            let hint: WizardMessage = policy.presentation.promptInWords ? .longChoiceListInWords(count: count) : .longChoiceList(count: count)
            return TextWrap.wrap(hint.text, indent: Wizard.listIndent, continuation: Wizard.listIndent).map { OutputLine($0, style: .choices) }
        }
        return numberedChoiceLines(field.choices, labels: field.choiceLabels)
    }

    /// A long list's matches as `?` or an ambiguous prefix shows them: numbered from 1 (the
    /// numbers the next answer may use), then "and N more" when some were left out.
    func choiceMatchLines(_ shown: [String], more: Int, labels: [String: String] = [:]) -> [OutputLine] {
        var lines = numberedChoiceLines(shown, labels: labels)
        if more > 0 { lines.append(OutputLine(Wizard.listIndent + WizardMessage.moreChoices(more).text, style: .choices)) }
        return lines
    }

    /// `choices` numbered from 1, wrapped or one a line as the presentation says.
    func numberedChoiceLines(_ choices: [String], labels: [String: String] = [:]) -> [OutputLine] {
        // One a line, "  2: Sweden": read out one by one, and found again by its number.
        if policy.presentation.choicesOnePerLine {
            return choices.enumerated().map { n, choice in
                let named = labels[choice].map { choice + "  " + $0 } ?? choice
                let line = WizardMessage.choiceOnLine(number: n + 1, choice: TextWrap.truncate(named, to: 70)).text
                return OutputLine(Wizard.listIndent + line, style: .choices)
            }
        }
        // Fetched choices with labels: one a line, "  1) D1  North dock", the label after the
        // value it stands for (the value is what is typed, completed and sent).
        if !labels.isEmpty {
            return choices.enumerated().map { n, choice in
                let named = labels[choice].map { choice + "  " + $0 } ?? choice
                return OutputLine(Wizard.listIndent + "\(n + 1)) " + TextWrap.truncate(named, to: 70), style: .choices)
            }
        }
        var lines: [String] = []
        var current = " "
        let numeric = choices.contains { $0.first?.isNumber == true }
        for (n, choice) in choices.enumerated() {
            let name = TextWrap.truncate(choice, to: 70)
            let item = numeric ? " \(n + 1)) \"\(name)\"" : " \(n + 1) " + name
            if TextWrap.columns(current) + TextWrap.columns(item) + 1 > TextWrap.width && current.count > 1 {
                lines.append(current)
                current = " "
            }
            current += (current.count > 1 ? " " : "") + item
        }
        lines.append(current)
        return lines.map { OutputLine($0, style: .choices) }
    }

    func helpLines(for field: Field) -> [WizardEffect] {
        var paragraphs: [String] = []
        if let help = field.help { paragraphs.append(WizardMessage.fieldHelp(label: field.label, help: help).text) }
        let rules = ruleDescriptions(field)
        if !rules.isEmpty { paragraphs.append(WizardMessage.rulesHelp(rules).text) }
        var lines = paragraphs.flatMap { TextWrap.wrap($0, indent: "  ", continuation: "    ") }.map { OutputLine($0, style: .notice) }
        if field.kind.takesChoices { lines += choiceListLines(field) }
        let commands = (policy.presentation.promptInWords ? WizardMessage.commandsHelpInWords(list: WizardCommand.helpListInWords) : .commandsHelp(list: WizardCommand.helpList)).text
        lines += TextWrap.wrap(commands, indent: "  ", continuation: "    ").map { OutputLine($0, style: .notice) }
        let mode = WizardMessage.accessibleModeHelp(on: policy.presentation == .accessible).text
        lines += TextWrap.wrap(mode, indent: "  ", continuation: "    ").map { OutputLine($0, style: .notice) }
        if spec.hasLists {
            let lists = policy.presentation.promptInWords ? WizardMessage.listCommandsHelpInWords.text : Wizard.listCommandsHelp
            lines += TextWrap.wrap(lists, indent: "  ", continuation: "    ").map { OutputLine($0, style: .notice) }
        }
        lines += recordHelpLines(for: field)
        return lines.map { .output($0) }
    }

    /// What a form with lists adds to the commands, in `?` at a prompt and at the review.
    static var listCommandsHelp: String { WizardMessage.listCommandsHelp.text }

    func ruleDescriptions(_ field: Field) -> [String] {
        var rules: [String] = [(field.required ? WizardMessage.ruleRequired : .ruleOptional).text]
        if let list = field.list {
            // A list's declaration: how many items, not whether one value is required.
            rules = [(list.minItems > 0 ? WizardMessage.ruleAtLeastItems(list.minItems) : .ruleMayBeEmpty).text]
            if list.maxItems < ListRule.itemLimit { rules.append(WizardMessage.ruleAtMostItems(list.maxItems).text) }
            if list.unique { rules.append(WizardMessage.ruleItemsDiffer.text) }
        }
        if let rule = field.kind.rule(for: field) { rules.append(MessageLanguage.current.fieldTypeWords(rule)) }
        switch (field.minLength, field.maxLength) {
        case let (lo?, hi?): rules.append(WizardMessage.ruleLengthBetween(lo, hi).text)
        case let (lo?, nil): rules.append(WizardMessage.ruleLengthAtLeast(lo).text)
        case let (nil, hi?): rules.append(WizardMessage.ruleLengthAtMost(hi).text)
        default: break
        }
        if let lo = field.minimum {
            rules.append(field.minimumIsExclusive ? lo.ordering.exclusiveLowerBoundPhrase(lo) : lo.ordering.lowerBoundPhrase(lo))
        }
        if let hi = field.maximum {
            rules.append(field.maximumIsExclusive ? hi.ordering.exclusiveUpperBoundPhrase(hi) : hi.ordering.upperBoundPhrase(hi))
        }
        // Before a session resolves them (`formline template`): the bound as written.
        if let lo = field.minimumFromClock { rules.append(WizardMessage.ruleClockLowerBound(lo.description, exclusive: field.minimumIsExclusive).text) }
        if let hi = field.maximumFromClock { rules.append(WizardMessage.ruleClockUpperBound(hi.description, exclusive: field.maximumIsExclusive).text) }
        if field.pattern != nil { rules.append(field.patternMessage ?? WizardMessage.ruleSetFormat.text) }
        if let d = defaultShown(field) { rules.append(WizardMessage.ruleDefault(d).text) }
        return rules
    }
}
