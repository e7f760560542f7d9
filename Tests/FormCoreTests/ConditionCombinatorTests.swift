import FormCore
import Testing

/// `all`, `any` and `not` over comparisons of several fields.
@Suite struct ConditionCombinatorTests {
    let values: [String: [String]] = ["severity": ["critical"], "paged": ["true"], "tags": ["db", "net"]]
    func holds(_ c: Condition) -> Bool { c.holds { values[$0] } }

    let critical = Condition(field: "severity", test: .equals("critical"))
    let paged = Condition(field: "paged", test: .equals("true"))
    let low = Condition(field: "severity", test: .equals("low"))

    @Test func allAnyNot() {
        #expect(holds(.all([critical, paged])))
        #expect(!holds(.all([critical, low])))
        #expect(holds(.any([low, paged])))
        #expect(!holds(.any([low, .not(paged)])))
        #expect(holds(.not(low)) && !holds(.not(critical)))
        #expect(holds(.all([.any([low, critical]), .not(Condition(field: "missing", test: .filled(true)))])))
    }

    @Test func fieldsListsEveryName() {
        let c = Condition.all([critical, .not(.any([paged, Condition(field: "tags", test: .isIn(["db"]))]))])
        #expect(c.fields == ["severity", "paged", "tags"])
        #expect(c.field == nil && c.test == nil)
        #expect(critical.field == "severity" && critical.test == .equals("critical"))
    }
}
