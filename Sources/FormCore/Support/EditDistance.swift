/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
/// neighbouring characters each cost one. The one measure behind every "did you mean"
/// (form-file keys and types, wizard commands). Work is bounded by the caller's inputs; both
/// callers pass short names.
package func editDistance(_ a: [Character], _ b: [Character]) -> Int {
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

/// The same distance between two strings.
package func editDistance(_ a: String, _ b: String) -> Int { editDistance(Array(a), Array(b)) }

/// The candidate closest to `word` if it is close enough to be a likely typo: for words of one or
/// two characters only a difference in case, one edit up to four characters, two from five (a
/// swap of neighbours counts one; case is ignored). The one "did you mean" rule (form files,
/// answers files). A word longer than any name could be (64 characters) suggests nothing, so a
/// hostile word never costs more than a short one.
package func closestName(to word: String, in candidates: [String]) -> String? {
    guard word.count <= 64 else { return nil }
    let w = Array(word.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != word && candidate.count <= 64 {
        let d = editDistance(w, Array(candidate.lowercased()))
        let longest = max(w.count, candidate.count)
        let limit = longest >= 5 ? 2 : longest >= 3 ? 1 : 0
        guard d <= limit else { continue }
        if best == nil || d < (best?.distance ?? Int.max) { best = (candidate, d) }
    }
    return best?.name
}
