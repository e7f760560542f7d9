@testable import FormCore
import Testing

/// The wizard evaluates `when` against answers directly (`holds(answers:)`), without building each
/// answer's comparable strings; it must decide every condition exactly as `holds(_:)` over
/// `comparableStrings` does, the reading the fake transport and the form files use.
@Suite struct ConditionAnswerTests {
    static let answers: [FieldValue?] = [
        nil, .text(""), .text("critical"), .text("low"), .number("12.5"), .number("0"),
        .boolean(true), .boolean(false), .list([]), .list(["db"]), .list(["db", "net"]), .list(["true"]),
    ]
    static let tests: [Condition.Test] = [
        .equals("critical"), .equals(""), .equals("12.5"), .equals("true"), .equals("false"), .equals("db"),
        .notEquals("critical"), .notEquals("true"), .notEquals("net"), .notEquals(""),
        .isIn(["low", "12.5"]), .isIn(["false", "net"]), .isIn([]), .isIn([""]),
        .filled(true), .filled(false),
    ]

    @Test(arguments: tests)
    func answersDecideAsComparableStrings(_ test: Condition.Test) {
        for answer in Self.answers {
            let condition = Condition(field: "f", test: test)
            let byStrings = condition.holds { _ in answer?.comparableStrings }
            let byAnswers = condition.holds(answers: { _ in answer })
            #expect(byAnswers == byStrings, "\(test) on \(String(describing: answer))")
        }
    }

    @Test func combinationsDecideAlike() {
        let values: [String: FieldValue] = ["severity": .text("critical"), "paged": .boolean(true), "tags": .list(["db", "net"])]
        let critical = Condition(field: "severity", test: .equals("critical"))
        let paged = Condition(field: "paged", test: .equals("true"))
        let unpaged = Condition(field: "paged", test: .equals("false"))
        let tagged = Condition(field: "tags", test: .isIn(["net"]))
        let missing = Condition(field: "missing", test: .filled(true))
        let conditions: [Condition] = [
            .all([critical, paged]), .all([critical, unpaged]), .any([unpaged, tagged]), .any([unpaged, missing]),
            .not(missing), .not(.all([critical, .any([tagged, missing])])), .all([]), .any([]),
        ]
        var held = 0
        for condition in conditions {
            let byAnswers = condition.holds(answers: { values[$0] })
            #expect(byAnswers == condition.holds { values[$0]?.comparableStrings })
            if byAnswers { held += 1 }
        }
        // Both outcomes occur, so the comparison above compares something.
        #expect(held == 4)
    }
}
