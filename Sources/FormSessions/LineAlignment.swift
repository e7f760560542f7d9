/// Lines up two sequences: the core of the unified diff, the transcript merge and the first
/// difference a failing replay reports. `equal` may be looser than `==` (wildcards), so this takes
/// a predicate.
///
/// A transcript may come from an untrusted pull request, so the work is bounded (issue 33 item 1:
/// the earlier table of common-subsequence lengths took n*m memory, 810 GB for a 6 MB transcript).
/// The common head and tail are matched first (linear), then Myers' greedy algorithm aligns the
/// middle with at most `maxEdits` insertions and deletions and `maxComparisons` calls of `equal`;
/// memory is the edit-distance table, at most about `maxEdits`² small integers. Past either bound
/// the middle is shown as removed and added whole: still a correct alignment, only not the
/// shortest, and `Alignment.cut` says so.
enum LineAlignment {
    enum Step: Equatable {
        case both(Int, Int)
        case onlyOld(Int)
        case onlyNew(Int)
    }

    /// Insertions plus deletions Myers' search goes to before giving up (the table it keeps grows
    /// with the square of this: 1,000 is about 4 MB).
    static let maxEdits = 1_000
    /// Calls of `equal` along the diagonals before giving up: a few seconds at most.
    static let maxComparisons = 20_000_000

    static func align<T>(_ old: [T], _ new: [T], equal: (T, T) -> Bool) -> [Step] {
        alignment(old, new, equal: equal).steps
    }

    /// The steps, and whether the search gave up and the middle is shown whole.
    static func alignment<T>(_ old: [T], _ new: [T], equal: (T, T) -> Bool,
                             maxEdits: Int = maxEdits, maxComparisons: Int = maxComparisons) -> (steps: [Step], cut: Bool) {
        var head = 0
        while head < old.count && head < new.count && equal(old[head], new[head]) { head += 1 }
        var tail = 0
        while tail < old.count - head && tail < new.count - head
            && equal(old[old.count - 1 - tail], new[new.count - 1 - tail]) { tail += 1 }

        var steps: [Step] = []
        steps.reserveCapacity(max(old.count, new.count) + 1)
        for i in 0..<head { steps.append(.both(i, i)) }
        let oldMiddle = head..<(old.count - tail), newMiddle = head..<(new.count - tail)
        var cut = false
        if let middle = myers(old, oldMiddle, new, newMiddle, equal: equal, maxEdits: maxEdits, maxComparisons: maxComparisons) {
            steps += middle
        } else {
            // Removals before additions at the same place, as diff(1) shows them.
            steps += oldMiddle.map { .onlyOld($0) }
            steps += newMiddle.map { .onlyNew($0) }
            cut = true
        }
        for t in 0..<tail { steps.append(.both(old.count - tail + t, new.count - tail + t)) }
        return (steps, cut)
    }

    /// Myers' O((N+M)D) greedy search over `a[ar]` and `b[br]`, keeping each round's furthest
    /// reach to walk back; nil past the bounds.
    private static func myers<T>(_ a: [T], _ ar: Range<Int>, _ b: [T], _ br: Range<Int>, equal: (T, T) -> Bool,
                                 maxEdits: Int, maxComparisons: Int) -> [Step]? {
        let n = ar.count, m = br.count
        if n == 0 { return br.map { .onlyNew($0) } }
        if m == 0 { return ar.map { .onlyOld($0) } }
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        // v[offset + k]: the furthest x reached on diagonal k (x - y == k).
        var v = [Int32](repeating: 0, count: 2 * limit + 3)
        // trace[d]: v[-d...d] as it stood before round d.
        var trace: [[Int32]] = []
        var comparisons = 0
        var found: Int?
        rounds: for d in 0...limit {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = Int(v[offset + k + 1])
                } else {
                    x = Int(v[offset + k - 1]) + 1
                }
                var y = x - k
                while x < n && y < m {
                    comparisons += 1
                    guard equal(a[ar.lowerBound + x], b[br.lowerBound + y]) else { break }
                    x += 1; y += 1
                }
                v[offset + k] = Int32(x)
                if x >= n && y >= m { found = d; break rounds }
                if comparisons > maxComparisons { return nil }
            }
        }
        guard let edits = found else { return nil }

        var reversed: [Step] = []
        var x = n, y = m
        for d in stride(from: edits, to: 0, by: -1) {
            let before = trace[d]
            let k = x - y
            let fromK = (k == -d || (k != d && before[k - 1 + d] < before[k + 1 + d])) ? k + 1 : k - 1
            let fromX = Int(before[fromK + d]), fromY = fromX - fromK
            // The diagonal run after the edit, then the edit itself.
            while x > fromX + (fromK == k - 1 ? 1 : 0) && y > fromY + (fromK == k + 1 ? 1 : 0) {
                x -= 1; y -= 1
                reversed.append(.both(ar.lowerBound + x, br.lowerBound + y))
            }
            if fromK == k + 1 {
                y -= 1
                reversed.append(.onlyNew(br.lowerBound + y))
            } else {
                x -= 1
                reversed.append(.onlyOld(ar.lowerBound + x))
            }
        }
        while x > 0 && y > 0 {
            x -= 1; y -= 1
            reversed.append(.both(ar.lowerBound + x, br.lowerBound + y))
        }
        return removalsFirst(reversed.reversed())
    }

    /// Within each run of changes between two kept lines, removals before additions, as diff(1)
    /// shows them (any order inside a run is an equally good alignment).
    private static func removalsFirst(_ steps: [Step]) -> [Step] {
        var out: [Step] = [], added: [Step] = []
        out.reserveCapacity(steps.count)
        for step in steps {
            switch step {
            case .both: out += added; added.removeAll(); out.append(step)
            case .onlyOld: out.append(step)
            case .onlyNew: added.append(step)
            }
        }
        return out + added
    }
}
