import Testing
import FormCore

@Suite struct ServerErrorMapperTests {
    let spec = FormSpec(
        id: "signup",
        fields: [
            Field(name: "username"),
            Field(name: "email", serverCodes: ["email_blocked"]),
            Field(name: "password", type: .secret, serverCodes: ["password_matches_username"]),
            Field(name: "first_name"),
            Field(name: "address.city"),
            Field(name: "items"),
            Field(name: "company", required: false),
        ],
        submit: SubmitSpec(aliases: ["user_email": "email", "Items[0].Sku": "company", "login": "company"]))

    var visible: Set<String> { Set(spec.fields.map(\.name)) }

    func place(_ errors: [ServerError], visible: Set<String>? = nil) -> ErrorPlacement {
        ServerErrorMapper.place(errors, in: spec, visibleFields: visible ?? self.visible)
    }

    @Test func exactNameIncludingDottedPaths() {
        let placement = place([
            ServerError(path: [.key("username")], message: "taken"),
            ServerError(path: [.key("address"), .key("city")], message: "unknown city"),
        ])
        #expect(placement == ErrorPlacement(fieldErrors: ["username": ["taken"], "address.city": ["unknown city"]]))
    }

    @Test func caseInsensitiveIgnoringSeparators() {
        let placement = place([
            ServerError(path: [.key("Username")], message: "a"),
            ServerError(path: [.key("FirstName")], message: "b"),
            ServerError(path: [.key("first-name")], message: "c"),
            ServerError(path: [.key("Address"), .key("City")], message: "d"),
        ])
        #expect(placement.fieldErrors == ["username": ["a"], "first_name": ["b", "c"], "address.city": ["d"]])
        #expect(placement.banner.isEmpty)
    }

    @Test func aliases() {
        let placement = place([
            ServerError(path: [.key("user_email")], message: "blocked"),
            ServerError(path: [.key("UserEmail")], message: "loose alias"),
            ServerError(path: [.key("Items"), .index(0), .key("Sku")], message: "alias written with brackets"),
        ])
        #expect(placement.fieldErrors == ["email": ["blocked", "loose alias"], "company": ["alias written with brackets"]])
    }

    @Test func nearestParentKeepsTheFullPathInTheMessage() {
        let placement = place([
            ServerError(path: [.key("items"), .index(0), .key("name")], message: "can't be blank"),
            ServerError(path: [.key("Items"), .index(2)], message: "unknown sku"),
        ])
        #expect(placement.fieldErrors == ["items": ["items.0.name: can't be blank", "Items.2: unknown sku"]])
    }

    @Test func exactBeatsParentAndAlias() {
        // `login` is an alias, but it is only tried after exact and loose names.
        let spec = FormSpec(id: "f", fields: [Field(name: "login"), Field(name: "company")],
                            submit: SubmitSpec(aliases: ["login": "company"]))
        let placement = ServerErrorMapper.place([ServerError(path: [.key("login")], message: "x")], in: spec, visibleFields: ["login", "company"])
        #expect(placement.fieldErrors == ["login": ["x"]])
    }

    @Test func nonFieldErrorsByServerCode() {
        let placement = place([
            ServerError(path: nil, message: "Password can't be the same as username", code: "password_matches_username"),
            ServerError(path: nil, message: "by URI", code: "https://api.example.net/problems/email_blocked"),
            ServerError(path: nil, message: "Signups are closed", code: "closed"),
            ServerError(path: nil, message: "No code"),
        ])
        #expect(placement.fieldErrors == ["password": ["Password can't be the same as username"], "email": ["by URI"]])
        #expect(placement.banner == ["Signups are closed", "No code"])
    }

    @Test func unmatchedPathsGoToTheBanner() {
        let placement = place([
            ServerError(path: [.key("nickname")], message: "is reserved"),
            ServerError(path: [.key("data"), .key("type")], message: "must be users"),
        ])
        #expect(placement == ErrorPlacement(banner: ["nickname: is reserved", "data.type: must be users"]))
    }

    @Test func hiddenFieldsDoNotCount() {
        var visible = self.visible
        visible.remove("company")
        visible.remove("password")
        let placement = place([
            ServerError(path: [.key("company")], message: "required"),
            ServerError(path: [.key("login")], message: "alias to a hidden field"),
            ServerError(path: nil, message: "same as username", code: "password_matches_username"),
        ], visible: visible)
        #expect(placement == ErrorPlacement(banner: ["company: required", "login: alias to a hidden field", "same as username"]))
    }

    @Test func nothingIsDropped() {
        let errors = (0..<40).map { i -> ServerError in
            switch i % 5 {
            case 0: return ServerError(path: [.key("username")], message: "m\(i)")
            case 1: return ServerError(path: [.key("ghost\(i)")], message: "m\(i)")
            case 2: return ServerError(path: nil, message: "m\(i)", code: "password_matches_username")
            case 3: return ServerError(path: nil, message: "m\(i)")
            default: return ServerError(path: [.key("items"), .index(i)], message: "m\(i)")
            }
        }
        let placement = place(errors)
        let placed = placement.fieldErrors.values.reduce(0) { $0 + $1.count } + placement.banner.count
        #expect(placed == errors.count)
        // Duplicates are kept too: the server said it twice.
        let twice = place([ServerError(path: [.key("email")], message: "x"), ServerError(path: [.key("email")], message: "x")])
        #expect(twice.fieldErrors == ["email": ["x", "x"]])
    }

    @Test func emptyPathIsNonField() {
        #expect(place([ServerError(path: [], message: "whole form")]).banner == ["whole form"])
    }

    @Test func endToEndFromADialect() throws {
        let body = #"{"title":"One or more validation errors occurred.","status":400,"errors":{"Username":["The username 'admin' is already taken."],"":["Password can't be the same as username."],"Address.City":["Unknown city"]}}"#
        let errors = try #require(ServerErrorParser.parse(contentType: "application/problem+json", body: Array(body.utf8), dialect: .auto))
        let placement = place(errors)
        #expect(placement.fieldErrors == ["username": ["The username 'admin' is already taken."], "address.city": ["Unknown city"]])
        #expect(placement.banner == ["Password can't be the same as username."])
    }
}

/// Issue 22 item 3 and Symfony's coded violations (issue 19 item 6).
@Suite struct PrefixAndURNCodeMappingTests {
    let spec = FormSpec(
        id: "port", title: "Port",
        fields: [
            Field(name: "name", label: "Name"),
            Field(name: "mgmt.ip", label: "Management IP"),
            Field(name: "mgmt.mask", label: "Management mask"),
            Field(name: "mgmt_vlan", label: "VLAN", serverCodes: ["vlan_in_use"]),
        ])

    var all: Set<String> { Set(spec.fields.map(\.name)) }

    @Test func aPathThatIsAPrefixOfFieldsAsksThemAllWithTheMessageOnTheFirst() {
        let placement = ServerErrorMapper.place(
            [ServerError(path: [.key("mgmt")], message: "ip and mask do not match")], in: spec, visibleFields: all)
        #expect(placement == ErrorPlacement(fieldErrors: ["mgmt.ip": ["ip and mask do not match"]], alsoAsked: ["mgmt.mask"]))
        // A wrapper before the prefix is dropped as for field paths.
        let wrapped = ServerErrorMapper.place(
            [ServerError(path: [.key("body"), .key("Mgmt")], message: "bad")], in: spec, visibleFields: all)
        #expect(wrapped == ErrorPlacement(fieldErrors: ["mgmt.ip": ["bad"]], alsoAsked: ["mgmt.mask"]))
        // Hidden fields do not count: only the visible one under the prefix is asked.
        let hidden = ServerErrorMapper.place(
            [ServerError(path: [.key("mgmt")], message: "bad")], in: spec, visibleFields: ["name", "mgmt.mask"])
        #expect(hidden == ErrorPlacement(fieldErrors: ["mgmt.mask": ["bad"]]))
    }

    @Test func aMatchingServerCodeWinsOverThePrefix() {
        let placement = ServerErrorMapper.place(
            [ServerError(path: [.key("mgmt")], message: "VLAN taken", code: "vlan_in_use")], in: spec, visibleFields: all)
        #expect(placement == ErrorPlacement(fieldErrors: ["mgmt_vlan": ["VLAN taken"]]))
    }

    @Test func aPrefixOfNoFieldStillGoesToTheBanner() {
        let placement = ServerErrorMapper.place(
            [ServerError(path: [.key("mgm")], message: "bad")], in: spec, visibleFields: all)
        #expect(placement == ErrorPlacement(banner: ["mgm: bad"]))
    }

    @Test func symfonysURNTypeMatchesServerCodesByItsLastPart() {
        let body = #"{"type":"https://symfony.com/errors/validation","title":"Validation Failed","detail":"The VLAN is taken.","violations":[{"propertyPath":"","title":"The VLAN is taken.","parameters":[],"type":"urn:uuid:vlan_in_use"}]}"#
        guard case .rejected(_, let errors) = SubmissionClassifier.classify(
            status: 422, contentType: "application/problem+json", body: Array(body.utf8), submit: spec.submit) else {
            Issue.record("not a rejection")
            return
        }
        #expect(errors == [ServerError(path: nil, message: "The VLAN is taken.", code: "urn:uuid:vlan_in_use")])
        #expect(ServerErrorMapper.place(errors, in: spec, visibleFields: all)
            == ErrorPlacement(fieldErrors: ["mgmt_vlan": ["The VLAN is taken."]]))
        // A real constraint UUID listed in server_codes matches Symfony's `code` and its `type` alike.
        let uuid = "9ff3fdc4-b214-49db-8718-39c315e33d45"
        let withUUID = FormSpec(id: "u", title: "U", fields: [Field(name: "username", label: "Username", serverCodes: [uuid])])
        #expect(ServerErrorMapper.place([ServerError(path: nil, message: "short", code: "urn:uuid:" + uuid)], in: withUUID, visibleFields: ["username"])
            == ErrorPlacement(fieldErrors: ["username": ["short"]]))
    }
}
