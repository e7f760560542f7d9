import Testing
@testable import FormCore

/// Issue 33 item 8: a negative item index names no item. An index is a whole number written with
/// digits alone; `-2` (or `_1`) lost its sign when paths were compared loosely and landed on
/// item 2. Each dialect path reader that can carry one is tried: dotted and bracketed paths, JSON
/// Pointers (plain and as fragments), and JSON `loc` arrays (strings and numbers).
private let spec = FormSpec(id: "receipt", fields: [Field(name: "customer")])

private let concrete: [Field] = [Field(name: "customer")]
    + (1...3).flatMap { n in [Field(name: "lines.\(n).sku"), Field(name: "lines.\(n).qty")] }

private func placed(_ body: String, contentType: String = "application/json", status: Int = 422) -> ErrorPlacement? {
    guard case .rejected(_, let errors) = SubmissionClassifier.classify(
        status: status, contentType: contentType, body: Array(body.utf8), submit: spec.submit) else { return nil }
    return ServerErrorMapper.place(errors, in: spec, fields: concrete, visibleFields: Set(concrete.map(\.name)))
}

private func banner(_ line: String) -> ErrorPlacement { ErrorPlacement(banner: [line]) }

@Suite struct NegativeIndexTests {
    @Test func laravelDottedNegativeIndexGoesToTheBanner() {
        #expect(placed(##"{"message":"m","errors":{"lines.-2.qty":["must be at least 1"]}}"##)
            == banner("lines.-2.qty: must be at least 1"))
    }

    @Test func railsBracketedNegativeIndexGoesToTheBanner() {
        #expect(placed(##"{"lines[-2].qty":["must be at least 1"]}"##) == banner("lines.-2.qty: must be at least 1"))
    }

    @Test func jsonPointerNegativeIndexGoesToTheBanner() {
        #expect(placed(##"{"type":"about:blank","title":"Invalid","errors":[{"detail":"must be at least 1","pointer":"/lines/-2/qty"}]}"##)
            == banner("lines.-2.qty: must be at least 1"))
        #expect(placed(##"{"type":"https://example.net/v","title":"Invalid","errors":[{"detail":"must be at least 1","pointer":"#/lines/-2/qty"}]}"##,
                       contentType: "application/problem+json") == banner("lines.-2.qty: must be at least 1"))
        #expect(placed(##"{"errors":[{"keyword":"minimum","instancePath":"/lines/-2/qty","schemaPath":"#/x","params":{},"message":"must be at least 1"}]}"##)
            == banner("lines.-2.qty: must be at least 1"))
    }

    @Test func jsonAPIPointerNegativeIndexGoesToTheBanner() {
        #expect(placed(##"{"errors":[{"detail":"must be at least 1","source":{"pointer":"/data/attributes/lines/-2/qty"}}]}"##,
                       contentType: "application/vnd.api+json") == banner("lines.-2.qty: must be at least 1"))
    }

    @Test func fastAPILocNegativeIndexAsTextOrNumberGoesToTheBanner() {
        #expect(placed(##"{"detail":[{"type":"x","loc":["body","lines","-1","qty"],"msg":"must be at least 1"}]}"##)
            == banner("lines.-1.qty: must be at least 1"))
        #expect(placed(##"{"detail":[{"type":"x","loc":["body","lines",-1,"qty"],"msg":"must be at least 1"}]}"##)
            == banner("lines.-1.qty: must be at least 1"))
    }

    @Test func signedOrSeparatedDigitsAreKeysNotIndexes() {
        #expect(ServerPath.dotted("lines.+1.qty") == [.key("lines"), .key("+1"), .key("qty")])
        #expect(ServerPath.pointer("/lines/-0/qty") == [.key("lines"), .key("-0"), .key("qty")])
        #expect(ServerPath.component(JSONValue.number("-1")) == .key("-1"))
        #expect(ServerPath.component(JSONValue.number("1.0")) == .key("1.0"))
        #expect(ServerPath.component(JSONValue.number("2")) == .index(2))
        #expect(ItemNames.looseKey(["lines", "_1", "qty"]) == "lines._1.qty")
        #expect(ItemNames.looseKey(["first-name", "1"]) == "firstname.1")
    }

    @Test func aValidIndexStillLandsOnItsItem() {
        #expect(placed(##"{"lines[1].qty":["must be at least 1"]}"##) == ErrorPlacement(fieldErrors: ["lines.2.qty": ["must be at least 1"]]))
    }
}
