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

    @Test func aConditionReadsAsWords() {
        #expect(critical.readable == "severity is critical")
        #expect(Condition(field: "severity", test: .notEquals("low")).readable == "severity is not low")
        #expect(Condition(field: "username", test: .isIn(["admin", "root"])).readable == "username is one of admin, root")
        #expect(Condition(field: "url", test: .filled(true)).readable == "url is filled in")
        #expect(Condition(field: "url", test: .filled(false)).readable == "url is empty")
        #expect(Condition(field: "note", test: .equals("keep upright")).readable == #"note is "keep upright""#)
        #expect(Condition.all([critical, Condition.any([paged, low])]).readable
            == "severity is critical and (paged is true or severity is low)")
        #expect(Condition.not(critical).readable == "not (severity is critical)")
        // Bounded and one line whatever the form says.
        let long = Condition(field: "f", test: .isIn((1...500).map { "value\($0)\u{1B}" }))
        #expect(long.readable.count <= 200)
        #expect(!long.readable.contains("\u{1B}"))
    }
}
