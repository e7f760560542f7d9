/// `formline template FORM`: an answers file for `fill --answers`, with the payload's nesting.
///
/// Every field gets a comment with its label, type, rules and choices (and help), and its default
/// filled in, so a template of a form whose every field has a default submits unchanged. A field
/// without a default is an empty value (no answer) to fill in. Secrets are left out (a comment
/// says how to give one), and so are the values of fields shown only under a condition: an
/// answer for a hidden field is an error, and the default applies anyway when it shows.
public enum AnswersTemplate {
    public static func render(_ spec: FormSpec) -> String {
        let describer = Wizard(spec: spec, interactive: false)
        var out = "# Answers for \"\(oneLine(spec.title))\" (\(spec.id)): formline fill FORM --answers THIS-FILE\n"
        out += "# An empty value is no answer. Values are read as typed at the prompt.\n"
        var openPath: [String] = []
        var groupsWritten: Set<String> = []
        for field in spec.fields {
            // A group's members are written once, as its commented example item.
            if let group = field.group {
                guard groupsWritten.insert(group).inserted else { continue }
                let path = group.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                let parents = Array(path.dropLast())
                var shared = 0
                while shared < min(parents.count, openPath.count) && parents[shared] == openPath[shared] { shared += 1 }
                for depth in shared..<parents.count {
                    out += String(repeating: "  ", count: depth) + quoteKey(parents[depth]) + ":\n"
                }
                openPath = parents
                out += groupTemplate(group, spec: spec, describer: describer, depth: parents.count)
                continue
            }
            let path = field.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let parents = Array(path.dropLast())
            var shared = 0
            while shared < min(parents.count, openPath.count) && parents[shared] == openPath[shared] { shared += 1 }
            for depth in shared..<parents.count {
                out += String(repeating: "  ", count: depth) + quoteKey(parents[depth]) + ":\n"
            }
            openPath = parents
            let indent = String(repeating: "  ", count: parents.count)
            let key = quoteKey(path.last ?? field.name)
            var comment = "\(oneLine(field.label)) (\(field.type.rawValue)): "
                + describer.ruleDescriptions(field).map(oneLine).joined(separator: "; ")
            if !field.choices.isEmpty { comment += "; choices: " + field.choices.map(oneLine).joined(separator: ", ") }
            if field.when != nil { comment += "; only when its condition holds" }
            out += "\n" + indent + "# " + comment + "\n"
            if let help = field.help { out += indent + "# " + oneLine(help) + "\n" }
            if let rule = field.list {
                out += indent + "# a list: " + itemsText(rule) + ", like \(key): [a, b] or one \"- value\" a line\n"
                if !field.isSecret {
                    out += indent + key + ":\n"
                    continue
                }
            }
            if field.isSecret {
                out += indent + "# \(key): a secret is never written into a template; add it by hand only to a file no one else can read (chmod 600)\n"
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

    /// A group: its key, then one example item with every member, commented out (an answers file
    /// answers only what it says; uncomment and copy the item for each one).
    static func groupTemplate(_ name: String, spec: FormSpec, describer: Wizard, depth: Int) -> String {
        let indent = String(repeating: "  ", count: depth)
        let key = quoteKey(name.split(separator: ".").last.map(String.init) ?? name)
        let group = spec.group(named: name)
        var header = "\(oneLine(group?.label ?? name)) (a group): " + itemsText(group?.rule ?? ListRule())
        if let unique = group?.unique, !unique.isEmpty { header += "; no two items alike in " + unique.joined(separator: " and ") }
        var out = "\n" + indent + "# " + header + "\n"
        out += indent + "# One \"- \" mapping per item, in order (item 1 is \(name).1 in messages and --set):\n"
        out += indent + key + ":\n"
        var first = true
        for member in spec.fields where member.group == name {
            let plain = FormSpec.memberName(of: member) ?? member.name
            var comment = "\(oneLine(member.label)) (\(member.type.rawValue)): "
                + describer.ruleDescriptions(member).map(oneLine).joined(separator: "; ")
            if !member.choices.isEmpty { comment += "; choices: " + member.choices.map(oneLine).joined(separator: ", ") }
            if member.when != nil { comment += "; only when its condition holds" }
            if member.isSecret { comment += "; a secret: only in a file no one else can read (chmod 600)" }
            let lead = indent + "#" + (first ? " - " : "   ")
            first = false
            var line = lead + quoteKey(plain) + ":"
            if member.when == nil, !member.isSecret, let value = member.defaultText {
                line += " " + JSONValue.string(value).compactText
            }
            out += line + "  # " + comment + "\n"
        }
        return out
    }

    /// "1 to 200 items", "any number of items", "at most 50 items".
    static func itemsText(_ rule: ListRule) -> String {
        let plural = { (n: Int) in n == 1 ? "item" : "items" }
        let bounded = rule.maxItems < ListRule.itemLimit
        switch (rule.minItems > 0, bounded) {
        case (true, true): return "\(rule.minItems) to \(rule.maxItems) items"
        case (true, false): return "at least \(rule.minItems) \(plural(rule.minItems))"
        case (false, true): return "at most \(rule.maxItems) \(plural(rule.maxItems))"
        case (false, false): return "any number of items"
        }
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
