import Testing
@testable import FormCore

/// Each framework's real rejection body (stock setup, its own validation and error rendering),
/// read with `errors: auto` and placed on the signup form.
private let signup = FormSpec(
    id: "signup",
    fields: [
        Field(name: "username"),
        Field(name: "email"),
        Field(name: "first_name", required: false),
        Field(name: "password", type: .secret, serverCodes: ["password_matches_username"]),
    ])

private func E(_ path: [ServerError.PathComponent]?, _ message: String, _ code: String? = nil) -> ServerError {
    ServerError(path: path, message: message, code: code)
}

private func parse(_ body: String, contentType: String = "application/json", _ dialect: ErrorDialect = .auto) -> [ServerError]? {
    ServerErrorParser.parse(contentType: contentType, body: Array(body.utf8), dialect: dialect)
}

private func detect(_ body: String, contentType: String = "application/json") -> ErrorDialect? {
    JSONValue.parse(body).map { ServerErrorParser.detect(contentType: contentType, json: $0) }
}

private func placed(_ body: String, contentType: String = "application/json", spec: FormSpec = signup) -> ErrorPlacement? {
    guard case .rejected(_, let errors) = SubmissionClassifier.classify(
        status: 422, contentType: contentType, body: Array(body.utf8), submit: spec.submit) else { return nil }
    return ServerErrorMapper.place(errors, in: spec, visibleFields: Set(spec.fields.map(\.name)))
}

@Suite struct DRFStandardizedErrorsTests {
    static let body = #"{"type":"validation_error","errors":[{"code":"unique","detail":"A user with that username already exists.","attr":"username"},{"code":"password_matches_username","detail":"The password is too similar to the username.","attr":"non_field_errors"}]}"#

    @Test func readsAttrDetailAndCode() {
        #expect(detect(Self.body) == .drf)
        #expect(parse(Self.body) == [
            E([.key("username")], "A user with that username already exists.", "unique"),
            E(nil, "The password is too similar to the username.", "password_matches_username"),
        ])
    }

    @Test func forcedDRFReadsItToo() {
        #expect(parse(Self.body, .drf) == parse(Self.body))
    }

    @Test func landsOnFields() {
        #expect(placed(Self.body) == ErrorPlacement(fieldErrors: [
            "username": ["A user with that username already exists."],
            "password": ["The password is too similar to the username."],
        ]))
    }

    @Test func nestedAttrsAndClientErrors() {
        #expect(parse(#"{"type":"validation_error","errors":[{"code":"required","detail":"This field is required.","attr":"items.0.name"}]}"#)
            == [E([.key("items"), .index(0), .key("name")], "This field is required.", "required")])
        #expect(parse(#"{"type":"client_error","errors":[{"code":"parse_error","detail":"JSON parse error","attr":null}]}"#)
            == [E(nil, "JSON parse error", "parse_error")])
    }
}

@Suite struct FastAPIProblemDetailsTests {
    static let body = #"{"type":"about:blank","title":"Unprocessable Entity","status":422,"detail":"Request validation failed","errors":[{"type":"string_too_short","loc":["body","username"],"msg":"String should have at least 3 characters","input":"ab","ctx":{"min_length":3}},{"type":"password_matches_username","loc":["body"],"msg":"The password is too similar to the username","input":{}}]}"#

    @Test func pydanticEntriesInAProblem() {
        #expect(detect(Self.body, contentType: "application/problem+json") == .problem)
        #expect(parse(Self.body, contentType: "application/problem+json") == [
            E([.key("username")], "String should have at least 3 characters", "string_too_short"),
            E(nil, "The password is too similar to the username", "password_matches_username"),
        ])
        #expect(placed(Self.body, contentType: "application/problem+json") == ErrorPlacement(fieldErrors: [
            "username": ["String should have at least 3 characters"],
            "password": ["The password is too similar to the username"],
        ]))
    }
}

@Suite struct DjangoNinjaTests {
    static let body = #"{"detail":[{"type":"value_error","loc":["body","payload","username"],"msg":"Value error, A user with that username already exists","ctx":{"error":"A user with that username already exists"}},{"type":"string_too_short","loc":["body","payload","email"],"msg":"String should have at least 5 characters","ctx":{"min_length":5}},{"type":"password_matches_username","loc":["body","payload"],"msg":"The password is too similar to the username"}]}"#

    @Test func theViewParameterIsDroppedAndTheCodedErrorReachesServerCodes() {
        #expect(detect(Self.body) == .fastapi)
        #expect(placed(Self.body) == ErrorPlacement(fieldErrors: [
            "username": ["Value error, A user with that username already exists"],
            "email": ["String should have at least 5 characters"],
            "password": ["The password is too similar to the username"],
        ]))
    }

    @Test func anUncodedErrorAtTheParameterStaysInTheBannerWithItsPath() {
        let body = #"{"detail":[{"type":"value_error","loc":["body","payload"],"msg":"Value error, signups are closed"}]}"#
        #expect(placed(body) == ErrorPlacement(banner: ["payload: Value error, signups are closed"]))
    }
}

@Suite struct Rails61Tests {
    static let body = #"{"username":["has already been taken"],"email":["is invalid"],"base":["The password is too similar to the username"]}"#

    @Test func baseWithoutACodeGoesToTheBanner() {
        #expect(placed(Self.body) == ErrorPlacement(
            fieldErrors: ["username": ["has already been taken"], "email": ["is invalid"]],
            banner: ["The password is too similar to the username"]))
    }

    @Test func baseIsRoutedByItsMessageWhenTheFormSaysSo() {
        var spec = signup
        spec.submit.messageRoutes = [MessageRoute(text: "TOO SIMILAR to the username", field: "password")]
        #expect(placed(Self.body, spec: spec) == ErrorPlacement(fieldErrors: [
            "username": ["has already been taken"], "email": ["is invalid"],
            "password": ["The password is too similar to the username"],
        ]))
    }

    @Test func aRouteToAHiddenFieldDoesNotCount() {
        var spec = signup
        spec.submit.messageRoutes = [MessageRoute(text: "similar", field: "password")]
        let errors = [E(nil, "The password is too similar to the username")]
        #expect(ServerErrorMapper.place(errors, in: spec, visibleFields: ["username"]) == ErrorPlacement(banner: ["The password is too similar to the username"]))
    }

    @Test func nestedParamsLoseTheirModelName() {
        // `user[email]`-style paths: the model name names no field of the form.
        #expect(ServerErrorMapper.place([E([.key("user"), .key("email")], "is invalid")], in: signup, visibleFields: ["email"])
            == ErrorPlacement(fieldErrors: ["email": ["is invalid"]]))
    }
}

@Suite struct ExpressAjvTests {
    static let ajv6 = ##"{"errors":[{"keyword":"minLength","dataPath":".username","schemaPath":"#/properties/username/minLength","params":{"limit":3},"message":"should NOT be shorter than 3 characters"},{"keyword":"required","dataPath":"","schemaPath":"#/required","params":{"missingProperty":"email"},"message":"should have required property 'email'"},{"keyword":"pattern","dataPath":"['first-name']","schemaPath":"#/properties/first-name/pattern","params":{"pattern":"^[A-Z]"},"message":"should match pattern \"^[A-Z]\""}]}"##
    static let ajv8 = ##"{"errors":[{"instancePath":"/username","schemaPath":"#/properties/username/minLength","keyword":"minLength","params":{"limit":3},"message":"must NOT have fewer than 3 characters"},{"instancePath":"","schemaPath":"#/required","keyword":"required","params":{"missingProperty":"email"},"message":"must have required property 'email'"}]}"##

    @Test func ajv6DataPaths() {
        #expect(detect(Self.ajv6) == .list)
        #expect(parse(Self.ajv6) == [
            E([.key("username")], "should NOT be shorter than 3 characters", "minLength"),
            E([.key("email")], "should have required property 'email'", "required"),
            E([.key("first-name")], "should match pattern \"^[A-Z]\"", "pattern"),
        ])
        #expect(placed(Self.ajv6) == ErrorPlacement(fieldErrors: [
            "username": ["should NOT be shorter than 3 characters"],
            "email": ["should have required property 'email'"],
            "first_name": ["should match pattern \"^[A-Z]\""],
        ]))
    }

    @Test func forcedListReadsAjvToo() {
        #expect(parse(Self.ajv8, .list) == parse(Self.ajv8))
    }

    @Test func ajv8InstancePaths() {
        #expect(detect(Self.ajv8) == .list)
        #expect(parse(Self.ajv8) == [
            E([.key("username")], "must NOT have fewer than 3 characters", "minLength"),
            E([.key("email")], "must have required property 'email'", "required"),
        ])
    }

    @Test func requiredInsideANestedObject() {
        let body = #"{"errors":[{"instancePath":"/address","keyword":"required","params":{"missingProperty":"city"},"message":"must have required property 'city'"}]}"#
        #expect(parse(body) == [E([.key("address"), .key("city")], "must have required property 'city'", "required")])
    }
}

@Suite struct SymfonyViolationsTests {
    static let body = #"{"type":"https://symfony.com/errors/validation","title":"Validation Failed","detail":"username: This value is too short. It should have 3 characters or more.\nemail: This value is not a valid email address.","violations":[{"propertyPath":"username","title":"This value is too short. It should have 3 characters or more.","parameters":{"{{ value }}":"\"ab\"","{{ limit }}":"3"},"type":"urn:uuid:9ff3fdc4-b214-49db-8718-39c315e33d45","code":"9ff3fdc4-b214-49db-8718-39c315e33d45"},{"propertyPath":"email","title":"This value is not a valid email address.","parameters":{"{{ value }}":"\"x\""},"type":"urn:uuid:bd79c0ab-ddba-46cc-a703-a7a4b08de310","code":"bd79c0ab-ddba-46cc-a703-a7a4b08de310"},{"propertyPath":"","title":"The password is too similar to the username.","parameters":{},"code":"password_matches_username"}]}"#
    static let expected = [
        E([.key("username")], "This value is too short. It should have 3 characters or more.", "9ff3fdc4-b214-49db-8718-39c315e33d45"),
        E([.key("email")], "This value is not a valid email address.", "bd79c0ab-ddba-46cc-a703-a7a4b08de310"),
        E(nil, "The password is too similar to the username.", "password_matches_username"),
    ]

    @Test func violationsUnderProblemJSONAndPlainJSON() {
        #expect(detect(Self.body, contentType: "application/problem+json") == .problem)
        #expect(detect(Self.body) == .problem)
        #expect(parse(Self.body, contentType: "application/problem+json") == Self.expected)
        #expect(placed(Self.body, contentType: "application/problem+json") == ErrorPlacement(fieldErrors: [
            "username": ["This value is too short. It should have 3 characters or more."],
            "email": ["This value is not a valid email address."],
            "password": ["The password is too similar to the username."],
        ]))
    }

    @Test func aForcedProblemDialectKeepsTheViolationsNotOnlyTheSummary() {
        #expect(parse(Self.body, contentType: "application/problem+json", .problem) == Self.expected)
        #expect(parse(Self.body, contentType: "application/json", .problem) == Self.expected)
    }

    @Test func bracketPaths() {
        let body = #"{"violations":[{"propertyPath":"items[0].name","title":"This value should not be blank.","code":"c1051bb4-d103-4f74-8988-acbcafc7fdc3"}]}"#
        #expect(parse(body) == [E([.key("items"), .index(0), .key("name")], "This value should not be blank.", "c1051bb4-d103-4f74-8988-acbcafc7fdc3")])
    }
}

@Suite struct UnknownShapeTests {
    @Test func everyMessageIsReadByStructureWithItsKeyPath() {
        // Issue 28: a body no dialect reads is read by its structure; the summary beside errors and
        // the code describing the response are not errors.
        let body = #"{"error":{"code":"E_VALIDATION","message":"Validation failed","fields":{"username":"is taken","first_name":"bad\u001b[31m\ncharacters"}},"status":422}"#
        let result = SubmissionClassifier.classify(status: 422, contentType: "application/json", body: Array(body.utf8), dialect: .auto)
        #expect(result == .rejected(status: 422, errors: [
            E([.key("error"), .key("fields"), .key("first_name")], "bad\u{1B}[31m\ncharacters"),
            E([.key("error"), .key("fields"), .key("username")], "is taken"),
        ]))
    }

    @Test func aBodyWithoutStructuredErrorsListsEveryTextBoundedAndCredentialsHidden() {
        // Only response-describing keys: nothing by structure, so every text is listed (`UnreadBody`).
        let body = #"{"status":"Bad Request","status_code":400,"code":"E_LOCKED","type":"about:blank","path":"/x"}"#
        #expect(SubmissionClassifier.classify(status: 400, contentType: "application/json", body: Array(body.utf8), dialect: .auto)
            == .rejected(status: 400, errors: [E(nil, "code: E_LOCKED"), E(nil, "path: /x"), E(nil, "status: Bad Request"), E(nil, "type: about:blank")]))
        let entries = (0..<30).map { #"{"note":"problem \#($0) "# + String(repeating: "x", count: 300) + #""}"# }
        let unread = UnreadBody.messages(in: JSONValue.parse(Array((#"{"auth_token":"abc.def","problems":["# + entries.joined(separator: ",") + "]}").utf8)) ?? .null)
        #expect(unread.count == UnreadBody.maximumLines + 1)
        #expect(unread.allSatisfy { $0.message.count <= UnreadBody.maximumLength })
        #expect(unread.first?.message == "auth_token: [hidden]")
        #expect(unread.dropFirst().first?.message.hasPrefix("problems.0.note: problem 0 xxx") == true)
        #expect(unread.last?.message == "... and 11 more in the server's answer")
    }

    @Test func aBodyWithNoTextAtAllIsStillAFailure() {
        #expect(SubmissionClassifier.classify(status: 422, contentType: "application/json", body: Array(#"{"errors":{},"n":3}"#.utf8), dialect: .auto)
            == .failed(reason: "the server answered 422 Unprocessable Content but the body holds no errors in any known error format"))
    }

    @Test func aDRFLookingObjectWithExtraKeysIsNotReadAsOneMessage() {
        // `{"message": ..., "fields": ...}` is not DRF's `{message, code}`: the field list must not be dropped.
        let body = #"{"error":{"message":"Validation failed","fields":{"username":"is taken"}}}"#
        #expect(parse(body, .drf) == nil)
        guard case .rejected(_, let errors) = SubmissionClassifier.classify(status: 422, contentType: "application/json", body: Array(body.utf8), dialect: .auto) else {
            Issue.record("not a rejection")
            return
        }
        // Read by structure (issue 28): the field error at its path, the summary beside it not an error.
        #expect(errors == [E([.key("error"), .key("fields"), .key("username")], "is taken")])
    }
}
