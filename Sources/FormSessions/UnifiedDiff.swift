/// A unified diff (`diff -u` style) between two texts, with real line numbers in each hunk header
/// so an editor can jump to the line.
///
/// ```
/// --- Tests/Sessions/signup.session
/// +++ Tests/Sessions/signup.session.actual
/// @@ -4,3 +4,3 @@
///  Username:
/// -> ad
/// +> adm
///  Email:
/// ```
public enum UnifiedDiff {
    /// Empty when the lines are equal.
    public static func make(old: [String], new: [String], oldName: String, newName: String, context: Int = 3) -> String {
        let steps = LineAlignment.align(old, new, equal: ==)
        // Indices of steps that change something.
        let changes = steps.indices.filter { if case .both = steps[$0] { return false } else { return true } }
        guard !changes.isEmpty else { return "" }

        // Group changes whose context overlaps into hunks of step ranges.
        var hunks: [Range<Int>] = []
        var start = max(0, changes[0] - context)
        var end = min(steps.count, changes[0] + context + 1)
        for c in changes.dropFirst() {
            if c - context <= end {
                end = min(steps.count, c + context + 1)
            } else {
                hunks.append(start..<end)
                start = max(0, c - context)
                end = min(steps.count, c + context + 1)
            }
        }
        hunks.append(start..<end)

        var out = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks {
            // Position (0-based) in old and new just before the hunk's first step.
            var oldStart = 0, newStart = 0
            for step in steps[..<hunk.lowerBound] {
                switch step {
                case .both: oldStart += 1; newStart += 1
                case .onlyOld: oldStart += 1
                case .onlyNew: newStart += 1
                }
            }
            var body = "", oldCount = 0, newCount = 0
            for step in steps[hunk] {
                switch step {
                case .both(let i, _): body += " " + old[i] + "\n"; oldCount += 1; newCount += 1
                case .onlyOld(let i): body += "-" + old[i] + "\n"; oldCount += 1
                case .onlyNew(let j): body += "+" + new[j] + "\n"; newCount += 1
                }
            }
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
        }
        return out
    }

    /// `start,count` with diff's conventions: 1-based, and an empty range names the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }
}
