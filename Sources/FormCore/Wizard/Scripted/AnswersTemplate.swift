/// `formline template FORM`: an answers file for `fill --answers`, with the payload's nesting.
///
/// Every field gets a comment with its label, type, rules and choices (and help), and its default
/// filled in, so a template of a form whose every field has a default submits unchanged. A field
/// without a default is an empty value (no answer) to fill in. Secrets are left out (a comment
/// says how to give one), and so are the values of fields shown only under a condition: an
/// answer for a hidden field is an error, and the default applies anyway when it shows.
package enum AnswersTemplate {
    package static func render(_ spec: FormSpec) -> String {
        let describer = Wizard(spec: spec, interactive: false)
        var out = "# " + WizardMessage.templateHeader(title: oneLine(spec.title), id: spec.id).text + "\n"
        out += "# " + WizardMessage.templateEmptyValueNote.text + "\n"
        var openPath: [String] = []
        var openGroup: String?
        // Whether the group's item has its `- ` yet: the first member with a value writes it, so
        // a secret first member (a comment only) leaves the item to the next one.
        var itemStarted = false
        for field in spec.fields {
            if let group = field.group, let plain = FormSpec.memberName(of: field) {
                // A group is a YAML list of mappings, one per item: the template shows one item.
                let path = group.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                let first = openGroup != group
                if first {
                    let parents = Array(path.dropLast())
                    out += opening(parents, after: openPath)
                    out += "\n" + String(repeating: "  ", count: parents.count) + "# "
                        + WizardMessage.templateGroup(words: spec.group(named: group).map(itemWords) ?? "").text + "\n"
                    out += String(repeating: "  ", count: parents.count) + quoteKey(path.last ?? group) + ":\n"
                    openPath = path + ["[item]"]
                    openGroup = group
                    itemStarted = false
                }
                let indent = String(repeating: "  ", count: path.count)
                out += indent + "  # " + comment(field, describer) + "\n"
                if field.isSecret {
                    // A comment only; a group of nothing but secrets is then no answer (`lines:`).
                    out += indent + "  # " + WizardMessage.templateMemberSecret(key: quoteKey(plain)).text + "\n"
                    continue
                }
                let key = (itemStarted ? "  " : "- ") + quoteKey(plain)
                itemStarted = true
                if field.when == nil, let value = field.defaultText {
                    out += indent + key + ": " + JSONValue.string(value).compactText + "\n"
                } else {
                    out += indent + key + ":\n"
                }
                continue
            }
            openGroup = nil
            let path = field.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let parents = Array(path.dropLast())
            out += opening(parents, after: openPath)
            openPath = parents
            let indent = String(repeating: "  ", count: parents.count)
            let key = quoteKey(path.last ?? field.name)
            out += "\n" + indent + "# " + comment(field, describer)
                + (field.list != nil ? WizardMessage.templateListNote.text : "") + "\n"
            if let help = field.help { out += indent + "# " + oneLine(help) + "\n" }
            if field.isSecret {
                out += indent + "# " + WizardMessage.templateSecret(key: key).text + "\n"
                continue
            }
            if field.when == nil, let value = field.defaultText {
                out += indent + key + ": " + JSONValue.string(value).compactText + "\n"
            } else {
                out += indent + key + ":\n"
            }
        }
        return out
    }

    /// How the group's items read: its label template as the review fills it for item 1, each
    /// member as the key to fill in (`, shown in the review as "Med 1: <code>"`), or its label
    /// (` (Line)`). The raw template (`Med {n}: {code}`) was a puzzle to the operator.
    static func itemWords(_ group: RepeatGroup) -> String {
        guard let template = group.labelTemplate else { return WizardMessage.templateGroupLabel(oneLine(group.label)).text }
        let shown = RepeatGroup.LabelPiece.pieces(template).map { piece -> String in
            switch piece {
            case .text(let text): return text
            case .number: return "1"
            case .member(let name): return "<" + name + ">"
            }
        }.joined()
        return WizardMessage.templateGroupShown(oneLine(shown)).text
    }

    /// A field's comment: label, type, rules, choices and the condition it is asked under.
    static func comment(_ field: Field, _ describer: Wizard) -> String {
        var text = "\(oneLine(field.label)) (\(field.type.rawValue)): "
            + describer.ruleDescriptions(field).map(oneLine).joined(separator: "; ")
        if !field.choices.isEmpty { text += WizardMessage.templateChoices(field.choices.map(oneLine)).text }
        if let when = field.when { text += WizardMessage.templateOnlyWhen(when.readable).text }
        return text
    }

    /// The mapping keys that open `parents` below what `open` (the path written last) has open
    /// already, each on its own line at its depth.
    static func opening(_ parents: [String], after open: [String]) -> String {
        var shared = 0
        while shared < min(parents.count, open.count) && parents[shared] == open[shared] { shared += 1 }
        var out = ""
        for depth in shared..<parents.count {
            out += String(repeating: "  ", count: depth) + quoteKey(parents[depth]) + ":\n"
        }
        return out
    }

    /// A key as YAML reads it back: plain when it is a simple name, else double-quoted.
    static func quoteKey(_ key: String) -> String {
        let simple = !key.isEmpty && key.unicodeScalars.allSatisfy { s in
            (s.value >= 0x30 && s.value <= 0x39) || (s.value >= 0x41 && s.value <= 0x5A)
                || (s.value >= 0x61 && s.value <= 0x7A) || s == "_" || s == "-"
        } && !(key.first?.isNumber ?? false)
        return simple ? key : JSONValue.string(key).compactText
    }

    /// Text for a comment: one line, no control characters.
    static func oneLine(_ text: String) -> String {
        TextCleaning.withoutControlCharacters(text)
    }
}
