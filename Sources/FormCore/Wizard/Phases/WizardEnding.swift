/// Ending a session (draft, exit status) and the text helpers every phase uses.
extension Wizard {
    // MARK: - Endings

    /// The non-secret values, as stored in a draft: with the answers of fields hidden now, which
    /// come back when a resumed draft shows their fields again, and `null` for each optional field
    /// answered empty: that is an answer too, so `--resume` does not ask it again. A draft of
    /// nothing but such marks is no draft (nothing typed would be lost).
    package var draftValues: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        let kept = form.store.keptWhileHidden
        for field in fields where !field.isSecret {
            if let v = values[field.name] ?? kept[field.name] { out[field.name] = v.json }
        }
        guard !out.isEmpty else { return out }
        for field in fields where !field.isSecret && !field.required && progress.wasVisited(field.name) && out[field.name] == nil {
            out[field.name] = .null
        }
        return out
    }

    /// How much state a copy of the wizard carries (values plus lines being collected): what the
    /// driver weighs before publishing a snapshot (`SessionSnapshots`).
    package var sessionSize: Int {
        let kept = form.store.keptWhileHidden.count
        if case .asking = phase { return values.count + kept + multiline.lines.count }
        return values.count + kept
    }

    /// What a signal ending the session now would save as the draft: the non-secret values and
    /// the lines of a multiline value still being typed; empty once the session has finished.
    package var interruptionDraft: [String: JSONValue] {
        if phase == .finished { return [:] }
        var draft = draftValues
        // Lines of a multiline value still being typed are kept too: nothing typed is lost.
        if case .asking(let index, _) = phase {
            let text = multiline.text
            if !text.isEmpty { draft[fields[index].name] = .string(text) }
        }
        return draft
    }

    mutating func end(_ status: ExitStatus) -> [WizardEffect] {
        let draft = interruptionDraft
        phase = .finished
        var effects: [WizardEffect] = []
        if status != .accepted && !draft.isEmpty {
            effects.append(.saveDraft(draft))
        } else if status == .cancelled {
            // Nothing to keep, so no "Draft saved" line says the session is over: say it here.
            effects.append(.output(OutputLine(.cancelled, style: .notice)))
        }
        effects.append(.finish(status))
        return effects
    }

    /// Text that came from a server, made safe to show: control characters (escape sequences,
    /// bells, newlines) become spaces, and any secret the server repeats back is masked.
    func serverText(_ text: String) -> String {
        var clean = Wizard.withoutControlCharacters(text)
        // Without a secret there is nothing to mask (and no need to gather every answer's text).
        guard fields.contains(where: \.isSecret) else { return clean }
        // A secret that is also typed in the open (a password equal to the username) is shown
        // there anyway; masking it would only make the server's words unreadable.
        let visibleText = fields.filter { !$0.isSecret }.compactMap { values[$0.name]?.editableText }
        for field in fields where field.isSecret {
            if case .text(let secret)? = values[field.name], !visibleText.contains(where: { SecretMask.contains($0, secret) }) {
                clean = SecretMask.mask(clean, secret: secret, with: "[\(field.name)]")
            }
        }
        return clean
    }

    /// Control characters (escape sequences, bells, newlines) replaced by spaces.
    static func withoutControlCharacters(_ text: String) -> String {
        TextCleaning.withoutControlCharacters(text)
    }

    /// `text` wrapped within 80 columns, one output line each.
    static func wrapped(_ text: String, _ style: OutputLine.Style, indent: String = "  ", continuation: String? = nil) -> [WizardEffect] {
        TextWrap.wrap(text, indent: indent, continuation: continuation).map { .output(OutputLine($0, style: style)) }
    }

    /// An error line under the prompt: `  ! message`, wrapped within 80 columns; in the
    /// accessible presentation `  ! Label: message` when it is about a field.
    func errorLine(_ message: String, about field: Field? = nil) -> WizardEffect {
        var text = message
        if policy.presentation.namesFieldInErrors, let field {
            text = WizardMessage.fieldError(label: TextWrap.truncate(field.label, to: 60), message: message).text
        }
        return .output(OutputLine(TextWrap.wrap(text, indent: "  ! ", continuation: "    ").joined(separator: "\n"), style: .error))
    }

    /// Refuses the line just taken: the refusal as data (`lineTaken` ends a run that stops at
    /// refusals on it), then its error line, about the field being asked (if one is). What asks
    /// again follows.
    func refuse(_ message: String) -> [WizardEffect] {
        [.refused(Refusal(reason: message)), errorLine(message, about: fieldBeingAsked)]
    }

    /// `refuse`, with the transcript's copy of the message (`recorded`, a private value as
    /// `[name]`) given to both the refusal and its error line, wrapped as the shown one is.
    func refuse(_ message: String, recorded: String?) -> [WizardEffect] {
        guard let recorded, recorded != message else { return refuse(message) }
        return [.refused(Refusal(reason: message, recorded: recorded)),
                Wizard.withRecorded(errorLine(message, about: fieldBeingAsked), errorLine(recorded, about: fieldBeingAsked))]
    }

    /// `effect`'s output line with `copy`'s text as its transcript copy.
    static func withRecorded(_ effect: WizardEffect, _ copy: WizardEffect) -> WizardEffect {
        guard case .output(var line) = effect, case .output(let written) = copy else { return effect }
        line.recorded = written.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return .output(line)
    }

    /// The effects of a line typed at private (or secret) `field`, each refusal quoting what was typed
    /// (`'f' matches female and fuzzy`, `'zz': Choose one of: ...`) given a transcript copy
    /// quoting `[name]` instead, whatever the text's length: the `>*` line hides it, and a short
    /// one is not replaced elsewhere (docs/privacy.md). The error line right after the refusal is
    /// its own (`refuse`), and gets the same copy.
    func quotingWithheld(_ effects: [WizardEffect], typed: String, field: Field) -> [WizardEffect] {
        var out = effects
        for k in out.indices {
            guard case .refused(var refusal) = out[k], refusal.recorded == nil else { continue }
            let masked = PrivateQuote.masked(refusal.reason, typed: typed, name: field.name)
            guard masked != refusal.reason else { continue }
            refusal.recorded = masked
            out[k] = .refused(refusal)
            if k + 1 < out.count, case .output(let line) = out[k + 1], line.style == .error, line.recorded == nil {
                out[k + 1] = Wizard.withRecorded(out[k + 1], errorLine(masked, about: field))
            }
        }
        return out
    }

    /// The field whose prompt the line answered, while one is asked.
    var fieldBeingAsked: Field? {
        guard case .asking(let index, _) = phase, fields.indices.contains(index) else { return nil }
        return fields[index]
    }
}
