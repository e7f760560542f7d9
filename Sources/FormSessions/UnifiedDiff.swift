import FormCore

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
package enum UnifiedDiff {
    /// Lines of diff shown at most (headers, hunk lines): a failing replay of a hostile or very
    /// different transcript prints a readable start, and the whole result is in the `.actual` file.
    package static let maxLines = 400
    /// Characters of diff shown at most, for a transcript of a few very long lines.
    package static let maxCharacters = 64 * 1024

    /// Empty when the lines are equal. Every line quoted is escaped (`TextCleaning.visible`): a
    /// transcript may hold escape sequences meant for the terminal reading the CI log.
    package static func make(old: [String], new: [String], oldName: String, newName: String, context: Int = 3,
                            maxLines: Int = maxLines, maxCharacters: Int = maxCharacters) -> String {
        let (steps, gaveUp) = LineAlignment.alignment(old, new, equal: ==)
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

        var out = "--- \(shown(oldName))\n+++ \(shown(newName))\n"
        var lines = 2, characters = out.utf8.count
        // Position (0-based) in old and new just before the next step, kept as the hunks advance.
        var oldAt = 0, newAt = 0, stepAt = 0
        func advance(to index: Int) {
            while stepAt < index {
                switch steps[stepAt] {
                case .both: oldAt += 1; newAt += 1
                case .onlyOld: oldAt += 1
                case .onlyNew: newAt += 1
                }
                stepAt += 1
            }
        }
        hunkLoop: for hunk in hunks {
            advance(to: hunk.lowerBound)
            var body: [String] = [], oldCount = 0, newCount = 0
            for step in steps[hunk] {
                switch step {
                case .both(let i, _): body.append(" " + shown(old[i])); oldCount += 1; newCount += 1
                case .onlyOld(let i): body.append("-" + shown(old[i])); oldCount += 1
                case .onlyNew(let j): body.append("+" + shown(new[j])); newCount += 1
                }
            }
            for line in ["@@ -\(range(oldAt, oldCount)) +\(range(newAt, newCount)) @@"] + body {
                if lines >= maxLines || characters + line.utf8.count >= maxCharacters {
                    out += "... diff cut after \(lines) lines: the whole replay is in \(shown(newName))\n"
                    break hunkLoop
                }
                out += line + "\n"
                lines += 1
                characters += line.utf8.count + 1
            }
        }
        if gaveUp {
            out += "... the files differ too much to line up: their differing middle is shown removed and added whole\n"
        }
        return out
    }

    /// A quoted line as it may reach a terminal.
    private static func shown(_ line: String) -> String {
        TextCleaning.visible(line, keepingTabs: true)
    }

    /// `start,count` with diff's conventions: 1-based, and an empty range names the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }
}
