@testable import FormSessions
import Testing

/// A hostile transcript's `(re)` lines cannot make one replay's merge run for hours: the merge's
/// pattern matches are counted and timed, and past the budget a pattern line is compared as text.
@Suite struct PatternBudgetTests {
    @Test func theBudgetGivesItsMatchesThenRefuses() {
        let budget = PatternBudget(maxMatches: 3)
        #expect([budget.take(), budget.take(), budget.take(), budget.take()] == [true, true, true, false])
    }

    @Test func theBudgetEndsWithItsTime() {
        let budget = PatternBudget(maxMatches: 1_000, maxTime: .zero)
        #expect(budget.take() == false)
    }

    @Test func aPatternLinePastTheBudgetIsComparedAsText() {
        let line = LinePattern("Age: [0-9]+ (re)")
        let spent = PatternBudget(maxMatches: 0)
        #expect(line.matches("Age: 42", budget: PatternBudget()) == true)
        #expect(line.matches("Age: 42", budget: spent) == false)
        #expect(line.matches("Age: [0-9]+ (re)", budget: spent) == true)
    }

    /// 300 runaway patterns against 300 lines they never match: tens of thousands of slow (if
    /// bounded) matches without a budget; with it the merge ends, showing what was recorded.
    @Test(.timeLimit(.minutes(1))) func aMergeOfManyRunawayPatternsEnds() {
        let recorded = String(repeating: "a", count: 40) + "!"
        let expected = (0..<300).map { TranscriptLine(number: $0 + 1, text: "(a+)+$ (re)", kind: .output("(a+)+$ (re)")) }
        let actual = (0..<300).map { TranscriptLine(number: $0 + 1, text: recorded, kind: .output(recorded)) }
        let merged = TranscriptMatcher.merge(expected: expected, actual: actual)
        #expect(merged == Array(repeating: recorded, count: 300))
    }
}
