/// Asking a field: an answer line, a multiline value's lines, keeping or defaulting a value.
extension Wizard {
    // MARK: - Answers

    mutating func answer(_ line: String, at index: Int) -> [WizardEffect] {
        let field = fields[index]
        // In a run of records `"` alone copies the last record's answer and `""` is the value `"`
        // (one `"` dropped, as `..` drops one `.`); a multiline value's later lines are as typed.
        let copies = recordRun != nil && !field.isSecret && multiline.isEmpty
        let escaped = copies ? Wizard.withoutDittoEscape(line) : nil
        let line = escaped ?? line
        if field.type == .multiline && line.trimmedWhitespace == "." {
            return finishMultiline(at: index)
        }
        if let command = WizardCommand.parse(line, secret: field.isSecret, inRun: recordRun != nil, ditto: copies && escaped == nil) {
            // At a long list, `?` lists its first choices (WizardChoiceNarrowing.swift).
            if case .help = command, line.trimmedWhitespace == "?", let listed = listLongChoices(at: index) { return listed }
            return run(command, at: index)
        }
        // `..` at the start enters a literal dot: drop exactly one `.`, keep any indentation.
        let indentation = field.isSecret ? "" : String(line.prefix { $0.isWhitespace })
        let rest = line.dropFirst(indentation.count)
        let literal = rest.hasPrefix("..") ? indentation + String(rest.dropFirst()) : line

        if field.type == .multiline {
            // An empty first line behaves as on any field: keep, default, skip or "Required".
            if multiline.isEmpty && literal.trimmedWhitespace.isEmpty {
                return keepOrDefault(at: index)
            }
            return collect(literal, at: index)
        }

        let isEmpty = field.isSecret ? literal.isEmpty : literal.trimmedWhitespace.isEmpty
        if isEmpty { return keepOrDefault(at: index) }
        if let narrowed = narrowChoices(literal, at: index) { return narrowed }
        return accept(literal, at: index)
    }

    /// Adds one line to the multiline value being typed. A line that would take the value past
    /// `Wizard.multilineValueBytes` is refused; the lines before it stay.
    mutating func collect(_ line: String, at index: Int) -> [WizardEffect] {
        guard multiline.append(line, limit: Wizard.multilineValueBytes) else {
            return refuse(.multilineTooLong) + resume(index)
        }
        let text = policy.presentation.promptInWords ? WizardMessage.multilineNextLine.text : "| "
        return [.prompt(Prompt(text: text, field: fields[index].name, declaration: fields[index].item?.declaration,
                               keepsHistory: fields[index].keepsHistory && !fields[index].isPrivate))]
    }

    /// Bound 8b: the most a multiline value may hold, in UTF-8 bytes with its line ends (1 MiB).
    package static let multilineValueBytes = 1 << 20

    mutating func finishMultiline(at index: Int) -> [WizardEffect] {
        let text = multiline.text
        if text.isEmpty { return keepOrDefault(at: index) }
        return accept(text, at: index)
    }

    mutating func accept(_ text: String, at index: Int) -> [WizardEffect] {
        let field = fields[index]
        if let entered = acceptSeveral(text, at: index) { return entered }
        switch field.parse(text) {
        case .success(let value) where value.isEmpty:
            // Only separators (" , " on a multichoice): as good as an empty line.
            return keepOrDefault(at: index)
        case .success(let value):
            if let refused = refuseDistinct(value, typed: text, at: index) { return refused }
            if let earlier = duplicateItem(of: value, at: index) {
                return refuse(duplicateMessage(at: index, earlier: earlier))
                    + ask(index, prefill: field.isSecret ? nil : text)
            }
            // The field's server check, once its own rules pass (WizardChecking.swift).
            if let checking = checkOnEnter(value, typed: text, at: index) { return checking }
            setValue(value, at: index)
            progress.visit(field.name)
            return advance(from: index)
        case .failure(let problem):
            let prefill = field.isSecret || field.type == .multiline ? nil : text
            return refuse(problem.message) + ask(index, prefill: prefill)
        }
    }

    /// An empty answer or `.next`: keep the value, else take the default, else leave an optional
    /// field empty; a required field with none of these is "Required".
    mutating func keepOrDefault(at index: Int) -> [WizardEffect] {
        let field = fields[index]
        // After the list's minimum, an empty first answer of the offered item ends the list.
        if form.isTentative(field), values[field.name] == nil, form.isFirstOfItem(index) { return endList(at: index) }
        // A kept choice must still be one of the choices as they are now: a list fetched from
        // the API changes with an earlier answer, and Enter must not carry the old warehouse's
        // dock to the review. Read like a typed answer, so the refusal is the one typing it gets.
        if let current = values[field.name], !Wizard.isStillChosen(current, in: field) {
            if case .failure(let problem) = field.parse(ServerCheck.text(current)) {
                return refuse(problem.message) + ask(index, prefill: nil)
            }
            // It reads as a prefix, another case or a label of a new choice: still not the one
            // the operator chose, so it is chosen again.
            return refuse(WizardMessage.choicesChanged.text) + ask(index, prefill: nil)
        }
        if values[field.name] == nil {
            if let d = field.defaultValue {
                if let refused = refuseDistinct(d, typed: nil, at: index) { return refused }
                setValue(d, at: index)
            } else if field.required {
                return refuse(.required) + ask(index, prefill: nil)
            }
        }
        progress.visit(field.name)
        return advance(from: index)
    }

    /// Whether a stored answer is, exactly, among the field's choices as they are now (a field
    /// with no choices, or whose fetch failed, takes any answer). Reading it again would not do:
    /// `D1` reads as the prefix of `D10` once warehouse B's docks replaced A's.
    static func isStillChosen(_ value: FieldValue, in field: Field) -> Bool {
        let choices = field.choices
        if choices.isEmpty { return true }
        switch value {
        case .text(let chosen): return choices.contains(chosen)
        case .list(let chosen): return chosen.allSatisfy(choices.contains)
        default: return true
        }
    }
}
