/// "Did you mean" suggestions for misspelt keys, types and names.
enum NameSuggestion {
    /// The candidate closest to `word` if it is close enough to be a likely typo: for words of one or
    /// two characters only a difference in case, one edit up to four characters, two from five (a
    /// swap of neighbours counts one; case is ignored).
    static func closest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let d = distance(w, Array(candidate.lowercased()))
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

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbouring characters each cost one.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
