import FormCore

/// "Did you mean" suggestions for misspelt keys, types and names (FormCore's `editDistance`).
enum NameSuggestion {
    /// FormCore's one "did you mean" rule (`closestName`).
    static func closest(to word: String, in candidates: [String]) -> String? {
        closestName(to: word, in: candidates)
    }

    /// ` (did you mean "x"?)` or nothing.
    static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
