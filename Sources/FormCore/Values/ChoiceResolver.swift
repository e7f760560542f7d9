/// Turns what an operator typed at a choice prompt into one of the declared choices.
///
/// Order: an exact name (same case, then any case), then a number from the list, then a unique
/// case-insensitive prefix. Exact names beat numbers so a choice literally named "2" stays
/// reachable; an ambiguous prefix is an error that lists the matches.
package struct ChoiceResolver: Sendable {
    package let choices: [String]
    /// Fetched choices' labels (`choices_from` `label:`): a label typed whole names its choice.
    package let labels: [String: String]

    package init(_ choices: [String], labels: [String: String] = [:]) {
        self.choices = choices
        self.labels = labels
    }

    package func resolve(_ input: String) -> Result<String, ValueError> {
        if let exact = choices.first(where: { $0 == input }) { return .success(exact) }
        let folded = input.lowercased()
        if let exact = choices.first(where: { $0.lowercased() == folded }) { return .success(exact) }
        if !labels.isEmpty, let named = choices.first(where: { labels[$0]?.lowercased() == folded }) { return .success(named) }
        // A long list is never printed whole, so its numbers name nothing the operator saw
        // (`ChoiceNarrowing`): there, and in scripted answers, a number is only a name or a prefix.
        let long = ChoiceNarrowing.isLong(choices)
        if !long, !input.isEmpty, input.utf8.allSatisfy({ (48...57).contains($0) }),
           let n = Int(input), n >= 1, n <= choices.count {
            return .success(choices[n - 1])
        }
        let matches = choices.filter { $0.lowercased().hasPrefix(folded) }
        if matches.count == 1 { return .success(matches[0]) }
        if matches.count > 1 {
            return .failure(.ambiguousChoice(typed: input, matches: matches))
        }
        return .failure(long ? .noChoiceStarts(typed: String(input.prefix(40))) : .notAChoice(choices: choices))
    }

    /// The matches an ambiguous prefix names: a long list's first `ChoiceNarrowing.listedWhole`,
    /// then "N more" (`more` is the word after the count), so a message stays a few lines.
    static func named(_ matches: [String], more word: String) -> [String] {
        guard matches.count > ChoiceNarrowing.listedWhole else { return matches }
        return Array(matches.prefix(ChoiceNarrowing.listedWhole)) + ["\(matches.count - ChoiceNarrowing.listedWhole) \(word)"]
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String], conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
