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
}
