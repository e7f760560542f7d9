/// Asking a field: an answer line, a multiline value's lines, keeping or defaulting a value.
extension Wizard {
    // MARK: - Answers

    mutating func answer(_ line: String, at index: Int) -> [WizardEffect] {
        let field = fields[index]
        var line = line
        if let copied = ditto(&line, at: index) { return copied }
        if field.type == .multiline && line.trimmedWhitespace == "." {
            return finishMultiline(at: index, lines: collectedLines)
        }
        if let command = WizardCommand.parse(line, secret: field.isSecret) {
            return run(command, at: index, collected: collectedLines)
        }
        // `..` at the start enters a literal dot: drop exactly one `.`, keep any indentation.
        let indentation = field.isSecret ? "" : String(line.prefix { $0.isWhitespace })
        let rest = line.dropFirst(indentation.count)
        let literal = rest.hasPrefix("..") ? indentation + String(rest.dropFirst()) : line

        if field.type == .multiline {
            // An empty first line behaves as on any field: keep, default, skip or "Required".
            if collectedLines.isEmpty && literal.trimmedWhitespace.isEmpty {
                return keepOrDefault(at: index)
            }
            return collect(literal, at: index)
        }

        let isEmpty = field.isSecret ? literal.isEmpty : literal.trimmedWhitespace.isEmpty
        if isEmpty { return keepOrDefault(at: index) }
        return accept(literal, at: index)
    }

    /// The field being asked, if the wizard is asking one.
    var askingIndex: Int? {
        if case .asking(let index, _, _) = phase { return index }
        return nil
    }

    /// The lines of the multiline value being typed (empty when none is).
    var collectedLines: [String] {
        if case .asking(_, let lines, _) = phase { return lines }
        return []
    }

    /// Adds one line to the multiline value being typed, in place: the phase gives up its array
    /// first, so the append does not copy the lines before it (40,000 pasted lines stay linear).
    /// A line that would take the value past `Wizard.multilineValueBytes` is refused; the lines
    /// before it stay.
    mutating func collect(_ line: String, at index: Int) -> [WizardEffect] {
        guard case .asking(_, var lines, let walk) = phase else { return ask(index) }
        phase = .asking(index: index, lines: [], walk: walk)
        if lines.isEmpty { collectedBytes = 0 }
        let bytes = collectedBytes + line.utf8.count + (lines.isEmpty ? 0 : 1)
        if bytes > Wizard.multilineValueBytes {
            phase = .asking(index: index, lines: lines, walk: walk)
            return [error(Wizard.multilineTooLongMessage)] + resume(index, collected: lines)
        }
        lines.append(line)
        collectedBytes = bytes
        phase = .asking(index: index, lines: lines, walk: walk)
        return [.prompt(Prompt(text: "| ", field: fields[index].name, declaration: fields[index].item?.declaration))]
    }

    /// Bound 8b: the most a multiline value may hold, in UTF-8 bytes with its line ends (1 MiB).
    public static let multilineValueBytes = 1 << 20
    static let multilineTooLongMessage =
        "This value is at its limit of 1 MiB: that line was not added. End it with a line '.'"

    mutating func finishMultiline(at index: Int, lines: [String]) -> [WizardEffect] {
        let text = Wizard.joinMultiline(lines)
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
                return [error(duplicateMessage(at: index, earlier: earlier))]
                    + ask(index, prefill: field.isSecret ? nil : text)
            }
            setValue(value, at: index)
            visited.insert(field.name)
            return advance(from: index)
        case .failure(let problem):
            let prefill = field.isSecret || field.type == .multiline ? nil : text
            return [error(problem.message)] + ask(index, prefill: prefill)
        }
    }

    /// An empty answer or `.next`: keep the value, else take the default, else leave an optional
    /// field empty; a required field with none of these is "Required".
    mutating func keepOrDefault(at index: Int) -> [WizardEffect] {
        let field = fields[index]
        // After the list's minimum, an empty first answer of the offered item ends the list.
        if isTentative(field), values[field.name] == nil, isFirstOfItem(index) { return endList(at: index) }
        if values[field.name] == nil {
            if let d = field.defaultValue {
                if let refused = refuseDistinct(d, typed: nil, at: index) { return refused }
                setValue(d, at: index)
            } else if field.required {
                return [error("Required")] + ask(index, prefill: nil)
            }
        }
        visited.insert(field.name)
        return advance(from: index)
    }
}
