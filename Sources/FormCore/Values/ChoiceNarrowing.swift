/// A long list of choices (more than `listedWhole`, fetched or declared) is not printed whole: a
/// serial line pays for every byte, and a screen reader reads every item. The operator narrows
/// it instead (docs/checks.md, "Long lists"): a prefix, a `?` to list matches, a number from the
/// list last shown. Pure: the wizard keeps what was shown and asks again.
package struct ChoiceNarrowing: Sendable {
    /// A list of at most this many choices is printed whole, numbered, as it always was.
    package static let listedWhole = 12

    package let choices: [String]
    /// Fetched choices' labels: a label typed whole (any case) names its choice; prefixes
    /// narrow the choices themselves, what Tab completes.
    package let labels: [String: String]

    package init(_ choices: [String], labels: [String: String] = [:]) {
        self.choices = choices
        self.labels = labels
    }

    /// Whether `choices` is a long list: narrowed, never printed whole.
    package static func isLong(_ choices: [String]) -> Bool { choices.count > listedWhole }

    /// What one typed item comes to.
    package enum Outcome: Equatable, Sendable {
        /// One choice: taken.
        case chosen(String)
        /// Several choices start so: listed (at most `listedWhole`), and `more` beyond them.
        case several(shown: [String], more: Int)
        /// No choice starts so.
        case none
    }

    /// Choices starting with `prefix`, any case, in the list's order; the empty prefix is all.
    package func matches(_ prefix: String) -> [String] {
        let folded = prefix.lowercased()
        if folded.isEmpty { return choices }
        return choices.filter { $0.lowercased().hasPrefix(folded) }
    }

    /// The first matches to show and how many more there are.
    package func listing(_ prefix: String) -> (shown: [String], more: Int) {
        let all = matches(prefix)
        return (Array(all.prefix(Self.listedWhole)), max(0, all.count - Self.listedWhole))
    }

    /// One typed item: an exact name (same case, then any case), then a number from `lastShown`
    /// (the list last printed for this field), then a prefix. A number with no list shown, or
    /// past its end, is a prefix like any other text (postcodes, dock numbers).
    package func resolve(_ typed: String, lastShown: [String]) -> Outcome {
        if let exact = choices.first(where: { $0 == typed }) { return .chosen(exact) }
        let folded = typed.lowercased()
        if let exact = choices.first(where: { $0.lowercased() == folded }) { return .chosen(exact) }
        if !labels.isEmpty, let named = choices.first(where: { labels[$0]?.lowercased() == folded }) { return .chosen(named) }
        if !typed.isEmpty, typed.utf8.count <= 6, typed.utf8.allSatisfy({ (48...57).contains($0) }),
           let n = Int(typed), n >= 1, n <= lastShown.count, choices.contains(lastShown[n - 1]) {
            return .chosen(lastShown[n - 1])
        }
        let found = matches(typed)
        if found.count == 1 { return .chosen(found[0]) }
        if found.isEmpty { return .none }
        let (shown, more) = listing(typed)
        return .several(shown: shown, more: more)
    }
}
