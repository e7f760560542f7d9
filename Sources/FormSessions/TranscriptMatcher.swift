/// Compares an expected transcript with the one a replay recorded, and merges the two into the
/// file `--update` writes (and `NAME.session.actual` shows).
///
/// Matching is exact, except that `[..]` in an expected line matches any text within that line,
/// a line ending in ` (re)` is a whole-line regular expression (`LinePattern`), and a line holding
/// only `...` matches any number of produced lines, none included, up to the next line that
/// matches (within one stretch between operator lines).
/// The merge keeps the expected file's comments, `#! secret` lines and operator lines, and takes
/// what the session produced (output, requests, `#! exit`) from the recording; an expected line
/// that still matches is kept as written, so its wildcards and patterns survive an update, and a
/// `...` is always kept (it matches zero lines too), swallowing the lines it stands for.
package enum TranscriptMatcher {
    package static let wildcard = "[..]"

    /// Whether `actual` matches the `expected` line (exactly, through its `[..]` wildcards, or as
    /// the regular expression of a line ending in ` (re)`).
    package static func matches(expected: String, actual: String) -> Bool {
        LinePattern(expected).matches(actual)
    }

    /// The expected file rewritten with what the replay recorded.
    /// `liveResponses`: the actual `<=` lines are a live server's answers, compared with the
    /// recorded ones by `ResponseMatch` (JSON keys in any order, `[..]` inside strings).
    package static func merge(expected: [TranscriptLine], actual: [TranscriptLine], liveResponses: Bool = false) -> [String] {
        // A passing replay: every line matches at its place, and the merge is the file as written
        // (what the alignment below then finds, without its arrays per stretch).
        if matchesInPlace(expected: expected, actual: actual, live: liveResponses) { return expected.map(\.text) }
        let e = Sections(expected), a = Sections(actual)
        let shared = min(e.anchors.count, a.anchors.count)
        let budget = PatternBudget()
        var out = align(e.segments[0], a.segments[0], budget: budget)
        for i in 0..<shared {
            let (ea, aa) = (e.anchors[i], a.anchors[i])
            out.append(sameAnchor(ea, aa, live: liveResponses, budget: budget) ? ea.text : aa.text)
            out += align(e.segments[i + 1], a.segments[i + 1], budget: budget)
        }
        // The replay fed more than the file had (a prompt with no input left, a request with no
        // response): show what happened.
        for i in shared..<a.anchors.count {
            out.append(a.anchors[i].text)
            out += a.segments[i + 1].map(\.text)
        }
        // The session ended before using all of the file: keep its inputs and notes.
        for i in shared..<e.anchors.count {
            out.append(e.anchors[i].text)
            out += e.segments[i + 1].filter(\.isNote).map(\.text)
        }
        return out
    }

    /// Whether a recording's lines are the transcript's own lines one for one, its notes aside,
    /// with no `...` line: then `merge` of the parsed recording gives the transcript as written
    /// (a line always matches its own text, and the same text under the same header parses to
    /// the same kind), so a passing replay need not parse its recording back.
    package static func isVerbatim(expected: [TranscriptLine], recorded: [String]) -> Bool {
        var j = 0
        for line in expected where !line.isNote {
            if line.isProduced && line.text == LinePattern.elision { return false }
            guard j < recorded.count, recorded[j] == line.text else { return false }
            j += 1
        }
        return j == recorded.count
    }

    /// Whether the recording's lines, notes aside, match the expected lines one for one in order,
    /// `...` lines and notes aside: anchors against anchors (`sameAnchor`), produced lines against
    /// produced lines (`LinePattern`). Then every stretch aligns as its common head, so `merge`
    /// keeps each expected line (notes and `...` where they stand). Its own pattern budget: when
    /// this fails the alignment starts afresh, so a hostile pattern costs at most twice the bound.
    private static func matchesInPlace(expected: [TranscriptLine], actual: [TranscriptLine], live: Bool) -> Bool {
        let budget = PatternBudget()
        var j = 0
        // Lines read in place through their indices: a copy of each (text and kind) was a
        // quarter of this walk.
        for i in expected.indices {
            if expected[i].isNote || (expected[i].isProduced && expected[i].text == LinePattern.elision) { continue }
            while j < actual.count && actual[j].isNote { j += 1 }
            guard j < actual.count else { return false }
            let k = j
            j += 1
            if expected[i].isAnchor {
                guard actual[k].isAnchor, sameAnchor(expected[i], actual[k], live: live, budget: budget) else { return false }
            } else {
                guard !actual[k].isAnchor, LinePattern(expected[i].text).matches(actual[k].text, budget: budget) else { return false }
            }
        }
        while j < actual.count {
            if !actual[j].isNote { return false }
            j += 1
        }
        return true
    }

    /// Whether the anchor the session met is the expected one: as a pattern line, or (live) a
    /// server's answer that matches the recorded one.
    private static func sameAnchor(_ expected: TranscriptLine, _ actual: TranscriptLine, live: Bool, budget: PatternBudget) -> Bool {
        if live, case .response(let recorded) = expected.kind, case .response(let answered) = actual.kind {
            return ResponseMatch.difference(expected: recorded, actual: answered) == nil
        }
        return LinePattern(expected.text).matches(actual.text, budget: budget)
    }

    /// Lines up one stretch between two anchors: notes travel with the expected line after them,
    /// and so does a `...`, which swallows the recorded lines left unmatched just before that line.
    private static func align(_ expected: [TranscriptLine], _ actual: [TranscriptLine], budget: PatternBudget) -> [String] {
        var produced: [TranscriptLine] = []
        var notesBefore: [[String]] = [[]]
        var elidedBefore: [Bool] = [false]
        for line in expected {
            if line.isNote {
                notesBefore[notesBefore.count - 1].append(line.text)
            } else if line.isProduced && line.text == LinePattern.elision {
                notesBefore[notesBefore.count - 1].append(line.text)
                elidedBefore[elidedBefore.count - 1] = true
            } else {
                produced.append(line)
                notesBefore.append([])
                elidedBefore.append(false)
            }
        }
        let recorded = actual.filter { !$0.isNote }
        let patterns = produced.map { LinePattern($0.text) }
        var out: [String] = []
        var nextExpected = 0
        for step in LineAlignment.align(Array(produced.indices), Array(recorded.indices), equal: { patterns[$0].matches(recorded[$1].text, budget: budget) }) {
            switch step {
            case .both(let i, _):
                out += notesBefore[i]
                out.append(produced[i].text)
                nextExpected = i + 1
            case .onlyOld(let i):
                out += notesBefore[i]
                nextExpected = i + 1
            case .onlyNew(let j):
                if !elidedBefore[nextExpected] { out.append(recorded[j].text) }
            }
        }
        out += notesBefore[produced.count]
        return out
    }

    /// A transcript cut at its anchors: `segments[0]`, `anchors[0]`, `segments[1]`, ...
    private struct Sections {
        var anchors: [TranscriptLine] = []
        var segments: [[TranscriptLine]] = [[]]

        init(_ lines: [TranscriptLine]) {
            for line in lines {
                if line.isAnchor {
                    anchors.append(line)
                    segments.append([])
                } else {
                    segments[segments.count - 1].append(line)
                }
            }
        }
    }
}
