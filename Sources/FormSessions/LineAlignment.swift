/// Lines up two sequences by their longest common subsequence: the core of both the unified diff
/// and the transcript merge. `equal` may be looser than `==` (wildcards), so this takes a predicate.
enum LineAlignment {
    enum Step: Equatable {
        case both(Int, Int)
        case onlyOld(Int)
        case onlyNew(Int)
    }

    static func align<T>(_ old: [T], _ new: [T], equal: (T, T) -> Bool) -> [Step] {
        let n = old.count, m = new.count
        // lengths[i][j]: LCS length of old[i...] and new[j...], flattened.
        var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        let width = m + 1
        if n > 0 && m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i * width + j] = equal(old[i], new[j])
                        ? lengths[(i + 1) * width + j + 1] + 1
                        : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                }
            }
        }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n && j < m && equal(old[i], new[j]) {
                steps.append(.both(i, j)); i += 1; j += 1
            } else if i < n && (j == m || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
                // Removals before additions at the same place, as diff(1) shows them.
                steps.append(.onlyOld(i)); i += 1
            } else {
                steps.append(.onlyNew(j)); j += 1
            }
        }
        return steps
    }
}
