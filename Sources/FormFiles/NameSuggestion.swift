import FormCore

/// "Did you mean" suggestions for misspelt keys, types and names (FormCore's `editDistance`).
enum NameSuggestion {
    /// The candidate closest to `word` if it is close enough to be a likely typo: for words of one or
    /// two characters only a difference in case, one edit up to four characters, two from five (a
    /// swap of neighbours counts one; case is ignored).
    static func closest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let d = editDistance(w, Array(candidate.lowercased()))
            let longest = max(w.count, candidate.count)
            let limit = longest >= 5 ? 2 : longest >= 3 ? 1 : 0
            guard d <= limit else { continue }
            if best == nil || d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// ` (did you mean "x"?)` or nothing.
    static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
