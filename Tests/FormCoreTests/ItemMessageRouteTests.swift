import Testing
@testable import FormCore

/// Issue 28 item 4: a `submit.messages` route to a list's member lands on the item the error's
/// path names, in the operator's numbering.
@Suite struct ItemMessageRouteTests {
    static func spec(routes: [MessageRoute]) -> FormSpec {
        var code = Field(name: "medications.code", label: "Code")
        var dose = Field(name: "medications.dose", label: "Dose")
        code.group = "medications"
        dose.group = "medications"
        var vlans = Field(name: "vlans", label: "VLAN")
        vlans.list = ListRule()
        return FormSpec(id: "rx", fields: [Field(name: "patient"), code, dose, vlans],
                        submit: SubmitSpec(messageRoutes: routes),
                        groups: [RepeatGroup(name: "medications")])
    }

    static let concrete: [Field] = [Field(name: "patient")]
        + (1...3).flatMap { n in [Field(name: "medications.\(n).code"), Field(name: "medications.\(n).dose")] }
        + (1...2).map { Field(name: "vlans.\($0)") }

    func place(_ errors: [ServerError], routes: [MessageRoute], visible: Set<String>? = nil) -> ErrorPlacement {
        ServerErrorMapper.place(errors, in: Self.spec(routes: routes), fields: Self.concrete,
                                visibleFields: visible ?? Set(Self.concrete.map(\.name)))
    }

    static let route = MessageRoute(text: "unknown drug code", field: "medications.code")

    @Test("the item the path names (0-based on the wire) gets the member's error, wrappers dropped")
    func landsOnTheNamedItem() {
        let message = "Unknown drug code ATC-99"
        #expect(place([ServerError(path: [.key("medications"), .index(1)], message: message)], routes: [Self.route])
            == ErrorPlacement(fieldErrors: ["medications.2.code": [message]]))
        #expect(place([ServerError(path: [.key("body"), .key("medications"), .index(2), .key("form")], message: message)], routes: [Self.route])
            == ErrorPlacement(fieldErrors: ["medications.3.code": [message]]))
        // A route to a list of scalars picks the item itself.
        #expect(place([ServerError(path: [.key("vlans"), .index(0)], message: "VLAN reserved")],
                      routes: [MessageRoute(text: "reserved", field: "vlans")])
            == ErrorPlacement(fieldErrors: ["vlans.1": ["VLAN reserved"]]))
    }

    @Test("without the route the item's fields are all asked; with no item in the path, or an item not shown, it does not apply")
    func onlyWithAnItem() {
        let message = "Unknown drug code ATC-99"
        #expect(place([ServerError(path: [.key("medications"), .index(1)], message: message)], routes: [])
            == ErrorPlacement(fieldErrors: ["medications.2.code": [message]], alsoAsked: ["medications.2.dose"]))
        #expect(place([ServerError(path: nil, message: message)], routes: [Self.route]) == ErrorPlacement(banner: [message]))
        #expect(place([ServerError(path: [.key("medications")], message: message)], routes: [Self.route])
            == ErrorPlacement(banner: ["medications: \(message)"]))
        #expect(place([ServerError(path: [.key("medications"), .index(7)], message: message)], routes: [Self.route])
            == ErrorPlacement(banner: ["medications.8: \(message)"]))
        var visible = Set(Self.concrete.map(\.name))
        visible.remove("medications.2.code")
        #expect(place([ServerError(path: [.key("medications"), .index(1)], message: message)], routes: [Self.route], visible: visible)
            == ErrorPlacement(fieldErrors: ["medications.2.dose": [message]]))
    }
}
