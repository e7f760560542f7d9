import FormSessions
import Testing

/// `...` (any number of lines) and ` (re)` (a whole-line regular expression) in expected
/// transcripts (issue 29, item 3), replayed against real sessions.
@Suite struct ElisionAndPatternTests {
    let replayer = Replayer(loadForm: Fixtures.loadForm)

    private func lines(_ text: String) -> [String] {
        var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if all.last == "" { all.removeLast() }
        return all
    }

    private func replay(_ lines: [String]) -> ReplayResult {
        replayer.replay(text: lines.map { $0 + "\n" }.joined(), path: "t.session")
    }

    private var signup: [String] { lines(ReplayerTests.signup) }

    @Test(arguments: [
        ("  1 Username  ad[a-z]+ (re)", "  1 Username  admin", true),
        ("  1 Username  [0-9]+ (re)", "  1 Username  admin", false),
        ("  1 Username  ad (re)", "  1 Username  admin", false),   // whole line, not a search
        ("a( (re)", "a(", false),                                   // does not compile: compared as text
        ("a( (re)", "a( (re)", true),
        ("(a+)+$ (re)", String(repeating: "a", count: 40) + "!", false),  // bounded: no runaway
    ])
    func regexLinesMatchTheWholeLine(expected: String, actual: String, matches: Bool) {
        #expect(TranscriptMatcher.matches(expected: expected, actual: actual) == matches)
    }

    @Test func anElisionStandsForTheReviewLines() throws {
        var expected = signup
        let first = try #require(expected.firstIndex { $0.hasPrefix("  1 Username") })
        let last = try #require(expected.firstIndex { $0.hasPrefix("  5 Country") })
        expected.replaceSubrange(first...last, with: ["..."])
        let result = replay(expected)
        #expect(result.passed, "\(result.report)")
        #expect(result.actualLines == expected)
    }

    @Test func anElisionMatchesZeroLines() throws {
        var expected = signup
        let review = try #require(expected.firstIndex(of: "Review"))
        expected.insert("...", at: review)
        expected.insert("...", at: review + 2)
        let result = replay(expected)
        #expect(result.passed, "\(result.report)")
    }

    @Test func aLineAfterAnElisionThatNeverComesFails() throws {
        var expected = signup
        let review = try #require(expected.firstIndex(of: "Review"))
        expected.insert(contentsOf: ["...", "Never printed"], at: review + 1)
        let result = replay(expected)
        #expect(!result.passed)
        #expect(result.diff.contains("\n-Never printed\n"))
    }

    @Test func updateKeepsElisionsAndPatternsThatStillMatch() throws {
        var expected = signup
        let first = try #require(expected.firstIndex { $0.hasPrefix("  1 Username") })
        let last = try #require(expected.firstIndex { $0.hasPrefix("  5 Country") })
        expected.replaceSubrange(first...last, with: ["..."])
        let title = try #require(expected.firstIndex { $0.hasPrefix("Create an account") })
        let original = expected[title]
        expected[title] = "Create an account  \\(\\d fields.* (re)"
        let username = try #require(expected.firstIndex(of: "Username:"))
        expected[username] = "User[a-z]+: (re)"
        let email = try #require(expected.firstIndex(of: "Email:"))
        expected[email] = "Mail: (re)"   // no longer matches: replaced by the line produced
        let result = replay(expected)
        #expect(!result.passed)
        var merged = expected
        merged[email] = "Email:"
        #expect(result.actualLines == merged)
        #expect(merged[title] != original)
    }

    @Test func requestLinesTakeWildcardsAndPatterns() throws {
        var expected = lines(ReplayerTests.incident)
        let request = try #require(expected.firstIndex { $0.hasPrefix("=> POST ") })
        expected[request] = "=> POST /api/incidents [..]"
        #expect(replay(expected).passed, "\(replay(expected).report)")
        expected[request] = #"=> POST /api/incidents \{.*"title":"Printer fire".*\} (re)"#
        #expect(replay(expected).passed, "\(replay(expected).report)")
        expected[request] = #"=> POST /api/incidents \{.*"title":"Other".*\} (re)"#
        #expect(!replay(expected).passed)
    }
}
