import FormSessions
import Testing

@Suite struct MatchingAndDiffTests {
    @Test(arguments: [
        ("Submitting... accepted (201) id=[..]", "Submitting... accepted (201) id=17", true),
        ("Submitting... accepted (201) id=[..]", "Submitting... accepted (201)", false),
        ("[..]", "anything at all", true),
        ("[..]", "", true),
        ("a[..]b[..]c", "a--b--c", true),
        ("a[..]b[..]c", "a--c--b", false),
        ("ab[..]ba", "aba", false),
        ("exact", "exact", true),
        ("exact", "exact ", false),
    ])
    func wildcardsMatchWithinALine(expected: String, actual: String, matches: Bool) {
        #expect(TranscriptMatcher.matches(expected: expected, actual: actual) == matches)
    }

    @Test func unifiedDiffHasRealLineNumbers() {
        let old = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
        var new = old
        new[1] = "B"
        new.insert("x", at: 9)
        let diff = UnifiedDiff.make(old: old, new: new, oldName: "s.session", newName: "s.session.actual", context: 1)
        #expect(diff == """
            --- s.session
            +++ s.session.actual
            @@ -1,3 +1,3 @@
             a
            -b
            +B
             c
            @@ -9,2 +9,3 @@
             i
            +x
             j

            """)
        #expect(UnifiedDiff.make(old: old, new: old, oldName: "a", newName: "b") == "")
    }

    @Test func diffOfAnAdditionToAnEmptyFile() {
        #expect(UnifiedDiff.make(old: [], new: ["x"], oldName: "a", newName: "b") == "--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n")
    }

    /// Issue 33 item 1: the bounded Myers alignment that replaced the n*m table still finds a
    /// shortest edit (checked against the table on small random files), and a long diff is cut.
    @Test func diffIsShortestOnSmallRandomFiles() {
        var seed: UInt64 = 33
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let old = (0..<next(12)).map { _ in ["a", "b", "c"][next(3)] }
            let new = (0..<next(12)).map { _ in ["a", "b", "c"][next(3)] }
            var lcs = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
            for i in stride(from: old.count - 1, through: 0, by: -1) {
                for j in stride(from: new.count - 1, through: 0, by: -1) {
                    lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                }
            }
            let diff = UnifiedDiff.make(old: old, new: new, oldName: "o", newName: "n", context: 100)
            guard old != new else { #expect(diff.isEmpty); continue }
            let body = diff.split(separator: "\n").dropFirst(2)
            let edits = body.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count
            #expect(edits == old.count + new.count - 2 * lcs[0][0], "\(old) -> \(new)")
            #expect(body.filter { !$0.hasPrefix("+") && !$0.hasPrefix("@") }.map { String($0.dropFirst()) } == old)
            #expect(body.filter { !$0.hasPrefix("-") && !$0.hasPrefix("@") }.map { String($0.dropFirst()) } == new)
        }
    }

    @Test func longDiffIsCutAndSaysSo() {
        let old = (0..<3000).map { "old \($0)" }, new = (0..<3000).map { "new \($0)" }
        let diff = UnifiedDiff.make(old: old, new: new, oldName: "s.session", newName: "s.session.actual")
        let lines = diff.split(separator: "\n")
        #expect(lines.count == 402)
        #expect(lines[2] == "@@ -1,3000 +1,3000 @@")
        #expect(lines[400] == "... diff cut after 400 lines: the whole replay is in s.session.actual")
        #expect(lines[401] == "... the files differ too much to line up: their differing middle is shown removed and added whole")
    }

    @Test func diffQuotesEscapeSequencesVisibly() {
        let diff = UnifiedDiff.make(old: ["\u{1B}]0;pwned\u{7}"], new: ["ok \u{202E}"], oldName: "a", newName: "b")
        #expect(diff == "--- a\n+++ b\n@@ -1 +1 @@\n-<U+001B>]0;pwned<U+0007>\n+ok <U+202E>\n")
    }
}
