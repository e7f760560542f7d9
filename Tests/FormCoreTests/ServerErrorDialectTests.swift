import Testing
@testable import FormCore

/// Shorthand for the expected errors: `E("items.0.name", "msg", "code")`, `E(nil, "msg")`.
private func E(_ path: [ServerError.PathComponent]?, _ message: String, _ code: String? = nil) -> ServerError {
    ServerError(path: path, message: message, code: code)
}

private func parse(_ body: String, _ dialect: ErrorDialect = .auto, contentType: String? = "application/json") -> [ServerError]? {
    ServerErrorParser.parse(contentType: contentType, body: Array(body.utf8), dialect: dialect)
}

private func detect(_ body: String, contentType: String? = "application/json") -> ErrorDialect? {
    JSONValue.parse(body).map { ServerErrorParser.detect(contentType: contentType, json: $0) }
}

@Suite struct DRFDialectTests {
    @Test func recordedExampleWithPlainAndFullDetails() {
        let body = #"{"username":["A user with that username already exists."],"non_field_errors":[{"message":"Password can't be the same as username","code":"password_matches_username"}]}"#
        #expect(detect(body) == .drf)
        #expect(parse(body) == [
            E(nil, "Password can't be the same as username", "password_matches_username"),
            E([.key("username")], "A user with that username already exists."),
        ])
    }

    @Test func nestedSerializerWithItsOwnNonFieldErrors() {
        let body = #"{"address":{"city":["This field is required."],"non_field_errors":["Unknown postcode for this city."]}}"#
        #expect(parse(body, .drf) == [
            E([.key("address")], "Unknown postcode for this city."),
            E([.key("address"), .key("city")], "This field is required."),
        ])
    }

    @Test func manyTrueListOfObjectsKeepsPositions() {
        let body = #"{"items":[{},{"qty":[{"message":"Ensure this value is greater than or equal to 1.","code":"min_value"}]}]}"#
        #expect(parse(body) == [E([.key("items"), .index(1), .key("qty")], "Ensure this value is greater than or equal to 1.", "min_value")])
    }

    @Test func listFieldErrorsByIndex() {
        let body = #"{"tags":{"1":["\"blue\" is not a valid choice."]}}"#
        #expect(parse(body) == [E([.key("tags"), .index(1)], "\"blue\" is not a valid choice.")])
    }

    @Test func topLevelDetailIsNonField() {
        #expect(parse(#"{"detail":"JSON parse error - Expecting value"}"#, .drf) == [E(nil, "JSON parse error - Expecting value")])
    }

    @Test func fakeTransportShapeReadsBack() {
        let body = #"{"email":[{"code":"taken","message":"This email is taken"}],"non_field_errors":[{"code":"x","message":"No"}]}"#
        #expect(parse(body) == [E(nil, "No", "x"), E([.key("email")], "This email is taken", "taken")])
    }

    @Test func notDRFShapes() {
        #expect(parse(#"{"age":[12]}"#, .drf) == nil)
        #expect(parse(#"{"age":true}"#, .drf) == nil)
        #expect(parse(#"["a"]"#, .drf) == nil)
        #expect(parse("<html>", .drf) == nil)
        #expect(parse("", .drf) == nil)
    }
}

@Suite struct LaravelDialectTests {
    @Test func recordedExample() {
        let body = #"{"message":"The email has already been taken. (and 1 more error)","errors":{"email":["The email has already been taken."],"items.0.qty":["The items.0.qty field must be at least 1."]}}"#
        #expect(detect(body) == .laravel)
        #expect(parse(body) == [
            E([.key("email")], "The email has already been taken."),
            E([.key("items"), .index(0), .key("qty")], "The items.0.qty field must be at least 1."),
        ])
    }

    @Test func messageAloneIsTheNonFieldError() {
        #expect(parse(#"{"message":"Too many signups from this address.","errors":{}}"#, .laravel) == [E(nil, "Too many signups from this address.")])
        #expect(parse(#"{"message":"CSRF token mismatch."}"#, .laravel) == [E(nil, "CSRF token mismatch.")])
    }

    @Test func malformed() {
        #expect(parse(#"{"errors":["x"]}"#, .laravel) == nil)
        #expect(parse(#"{"errors":{"email":{"x":1}}}"#, .laravel) == nil)
        #expect(parse(#"{"email":["x"]}"#, .laravel) == nil)
    }
}

@Suite struct RailsDialectTests {
    @Test func topLevelWithBase() {
        let body = #"{"email":["has already been taken","is invalid"],"base":["Signups are closed today"]}"#
        #expect(detect(body) == .rails)
        #expect(parse(body) == [
            E(nil, "Signups are closed today"),
            E([.key("email")], "has already been taken"),
            E([.key("email")], "is invalid"),
        ])
    }

    @Test func underErrorsWithNestedAttributes() {
        let body = #"{"errors":{"items[1].price":["must be greater than 0"],"items.name":["can't be blank"]}}"#
        #expect(detect(body) == .rails)
        #expect(parse(body) == [
            E([.key("items"), .key("name")], "can't be blank"),
            E([.key("items"), .index(1), .key("price")], "must be greater than 0"),
        ])
    }

    @Test func fullMessagesAndDetails() {
        #expect(parse(#"{"errors":["Email has already been taken"]}"#) == [E(nil, "Email has already been taken")])
        #expect(parse(#"{"errors":{"name":[{"error":"blank"}]}}"#, .rails) == [E([.key("name")], "blank", "blank")])
    }

    @Test func malformed() {
        #expect(parse(#"{"errors":42}"#, .rails) == nil)
        #expect(parse(#"{"name":[{"what":1}]}"#, .rails) == nil)
    }
}

@Suite struct ProblemDialectTests {
    @Test func rfc9457Example() {
        let body = ##"{"type":"https://example.net/validation","title":"Invalid request","errors":[{"detail":"must be a positive integer","pointer":"#/age"},{"detail":"must be 'green', 'red' or 'blue'","pointer":"#/profile/color"}]}"##
        #expect(detect(body, contentType: "application/problem+json") == .problem)
        #expect(parse(body, contentType: "application/problem+json") == [
            E([.key("age")], "must be a positive integer"),
            E([.key("profile"), .key("color")], "must be 'green', 'red' or 'blue'"),
        ])
    }

    @Test func plainPointersEscapesAndCodes() {
        let body = ##"{"title":"Bad","errors":[{"detail":"x","pointer":"/items/0/name","code":"blank"},{"detail":"y","pointer":"#/a~1b/c%20d"},{"detail":"z","pointer":"#","type":"https://e.net/p/too_many"}]}"##
        #expect(parse(body, contentType: "application/problem+json") == [
            E([.key("items"), .index(0), .key("name")], "x", "blank"),
            E([.key("a/b"), .key("c d")], "y"),
            E(nil, "z", "https://e.net/p/too_many"),
        ])
    }

    @Test func rfc7807InvalidParams() {
        let body = #"{"type":"https://example.net/validation-error","title":"Your request parameters didn't validate.","invalid-params":[{"name":"age","reason":"must be a positive integer"},{"name":"color","reason":"must be 'green', 'red' or 'blue'"}]}"#
        #expect(detect(body) == .problem)
        #expect(parse(body) == [
            E([.key("age")], "must be a positive integer"),
            E([.key("color")], "must be 'green', 'red' or 'blue'"),
        ])
        #expect(parse(#"{"title":"t","invalid_params":[{"name":"items[2].qty","reason":"too big"}]}"#, .problem) == [
            E([.key("items"), .index(2), .key("qty")], "too big"),
        ])
    }

    @Test func titleAndDetailOnlyWithoutFieldErrors() {
        #expect(parse(#"{"type":"https://e.net/out-of-credit","title":"You do not have enough credit.","detail":"Your current balance is 30, but that costs 50.","status":409}"#, contentType: "application/problem+json")
            == [E(nil, "Your current balance is 30, but that costs 50.", "https://e.net/out-of-credit")])
        #expect(parse(#"{"type":"about:blank","title":"Conflict","status":409}"#, contentType: "application/problem+json") == [E(nil, "Conflict")])
    }

    @Test func malformed() {
        #expect(parse(#"{"title":"x","errors":{"a":1}}"#, .problem) == nil)
        #expect(parse(#"{"title":"x","errors":[{"pointer":"/a"}]}"#, .problem) == nil)
        #expect(parse(#"{"foo":1}"#, .problem) == nil)
    }
}

@Suite struct JSONAPIDialectTests {
    @Test func recordedExample() {
        let body = #"{"errors":[{"status":"422","source":{"pointer":"/data/attributes/title"},"detail":"is too short","code":"too_short"}]}"#
        #expect(detect(body, contentType: "application/vnd.api+json") == .jsonapi)
        #expect(detect(body) == .jsonapi)
        #expect(parse(body, contentType: "application/vnd.api+json") == [E([.key("title")], "is too short", "too_short")])
    }

    @Test func nonFieldPointersAndTitles() {
        let body = #"{"errors":[{"source":{"pointer":"/data"},"title":"Invalid Resource","detail":"Password can't be the same as username","code":"password_matches_username"},{"source":{"pointer":""},"title":"Bad document"},{"title":"Rate limited","code":"429"},{"source":{"pointer":"/data/attributes/address/city"},"detail":"is unknown"},{"source":{"pointer":"/data/relationships/team"},"detail":"must exist"},{"source":{"parameter":"include"},"detail":"unknown include"}]}"#
        #expect(parse(body, contentType: "application/vnd.api+json") == [
            E(nil, "Password can't be the same as username", "password_matches_username"),
            E(nil, "Bad document"),
            E(nil, "Rate limited", "429"),
            E([.key("address"), .key("city")], "is unknown"),
            E([.key("team")], "must exist"),
            E([.key("include")], "unknown include"),
        ])
    }

    @Test func malformed() {
        #expect(parse(#"{"errors":[{"source":{"pointer":"/data/attributes/x"}}]}"#, .jsonapi) == nil)
        #expect(parse(#"{"data":{}}"#, .jsonapi) == nil)
    }
}

@Suite struct FastAPIDialectTests {
    @Test func recordedExample() {
        let body = #"{"detail":[{"type":"string_too_short","loc":["body","username"],"msg":"String should have at least 3 characters","input":"ab","ctx":{"min_length":3}}]}"#
        #expect(detect(body) == .fastapi)
        #expect(parse(body) == [E([.key("username")], "String should have at least 3 characters", "string_too_short")])
    }

    @Test func nestedListsModelValidatorsAndQuery() {
        let body = #"{"detail":[{"type":"missing","loc":["body","items",0,"name"],"msg":"Field required","input":{}},{"type":"value_error","loc":["body"],"msg":"Value error, passwords do not match","input":{}},{"type":"int_parsing","loc":["query","page"],"msg":"Input should be a valid integer"}]}"#
        #expect(parse(body) == [
            E([.key("items"), .index(0), .key("name")], "Field required", "missing"),
            E(nil, "Value error, passwords do not match", "value_error"),
            E([.key("page")], "Input should be a valid integer", "int_parsing"),
        ])
    }

    @Test func stringDetailIsNonField() {
        #expect(detect(#"{"detail":"Username already registered"}"#) == .fastapi)
        #expect(parse(#"{"detail":"Username already registered"}"#) == [E(nil, "Username already registered")])
    }

    @Test func malformed() {
        #expect(parse(#"{"detail":[{"loc":["body","x"]}]}"#, .fastapi) == nil)
        #expect(parse(#"{"detail":7}"#, .fastapi) == nil)
        #expect(parse(#"{"errors":[]}"#, .fastapi) == nil)
    }
}

@Suite struct ASPNetDialectTests {
    @Test func recordedExample() {
        let body = #"{"title":"One or more validation errors occurred.","status":400,"errors":{"Email":["The Email field is not a valid e-mail address."],"":["Password can't be the same as username."]}}"#
        #expect(detect(body, contentType: "application/problem+json") == .aspnet)
        #expect(detect(body) == .aspnet)
        #expect(parse(body, contentType: "application/problem+json") == [
            E(nil, "Password can't be the same as username."),
            E([.key("Email")], "The Email field is not a valid e-mail address."),
        ])
    }

    @Test func memberAndJSONPaths() {
        let body = #"{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,"errors":{"Items[0].Name":["The Name field is required."],"$.age":["The JSON value could not be converted to System.Int32. Path: $.age | LineNumber: 0 | BytePositionInLine: 9."],"$":["Malformed"]},"traceId":"00-1-2-00"}"#
        #expect(parse(body, contentType: "application/problem+json; charset=utf-8") == [
            E(nil, "Malformed"),
            E([.key("age")], "The JSON value could not be converted to System.Int32. Path: $.age | LineNumber: 0 | BytePositionInLine: 9."),
            E([.key("Items"), .index(0), .key("Name")], "The Name field is required."),
        ])
    }

    @Test func emptyErrorsFallsBackToTitle() {
        #expect(parse(#"{"title":"One or more validation errors occurred.","status":400,"errors":{}}"#, .aspnet) == [E(nil, "One or more validation errors occurred.")])
    }
}

@Suite struct ErrorListDialectTests {
    @Test func spring() {
        let body = #"{"timestamp":"2025-01-01T00:00:00.000+00:00","status":400,"error":"Bad Request","errors":[{"field":"items[0].name","rejectedValue":"","defaultMessage":"must not be blank","code":"NotBlank","objectName":"order"},{"objectName":"order","defaultMessage":"Password can't be the same as username","code":"password_matches_username"}],"path":"/signup"}"#
        #expect(detect(body) == .list)
        #expect(parse(body) == [
            E([.key("items"), .index(0), .key("name")], "must not be blank", "NotBlank"),
            E(nil, "Password can't be the same as username", "password_matches_username"),
        ])
    }

    @Test func expressValidatorSevenAndSix() {
        #expect(parse(#"{"errors":[{"type":"field","value":"x","msg":"Invalid value","path":"email","location":"body"}]}"#)
            == [E([.key("email")], "Invalid value", "field")])
        #expect(parse(#"{"errors":[{"value":"x","msg":"Invalid value","param":"address.city","location":"body"}]}"#)
            == [E([.key("address"), .key("city")], "Invalid value")])
        #expect(parse(#"{"errors":[{"type":"field","path":"age","msg":{"message":"too young","code":"min_age"}}]}"#)
            == [E([.key("age")], "too young", "min_age")])
    }

    @Test func bareArray() {
        #expect(detect(#"[{"field":"email","message":"taken"}]"#) == .list)
        #expect(parse(#"[{"field":"email","message":"taken"},{"message":"try later"}]"#) == [E([.key("email")], "taken"), E(nil, "try later")])
    }

    @Test func malformed() {
        #expect(parse(#"{"errors":[{"field":"x"}]}"#, .list) == nil)
        #expect(parse(#"{"errors":["x"]}"#, .list) == nil)
    }
}

@Suite struct DialectSelectionTests {
    @Test func forcedDialectOverridesDetection() {
        // A Rails-looking body read as DRF keeps `base` as a field name.
        let body = #"{"base":["closed"]}"#
        #expect(parse(body) == [E(nil, "closed")])
        #expect(parse(body, .drf) == [E([.key("base")], "closed")])
    }

    @Test func contentTypeWins() {
        // Under problem+json an `errors` list is RFC 9457, not a Spring list.
        let body = #"{"title":"x","errors":[{"detail":"bad","pointer":"/age"}]}"#
        #expect(detect(body, contentType: "Application/Problem+JSON; charset=utf-8") == .problem)
        #expect(detect(#"{"errors":[{"detail":"bad"}]}"#, contentType: "application/vnd.api+json") == .jsonapi)
    }

    @Test func everyDialectRejectsNonJSON() {
        for dialect in ErrorDialect.allCases {
            #expect(parse("<html><body>Error</body></html>", dialect) == nil)
        }
    }

    @Test func unknownObjectFallsBackToDRF() {
        #expect(detect(#"{"email":["taken"]}"#) == .drf)
    }
}

@Suite struct ServerPathTests {
    @Test func dotted() {
        #expect(ServerPath.dotted("items.0.name") == [.key("items"), .index(0), .key("name")])
        #expect(ServerPath.dotted("Items[0].Name") == [.key("Items"), .index(0), .key("Name")])
        #expect(ServerPath.dotted("$.items[12].name") == [.key("items"), .index(12), .key("name")])
        #expect(ServerPath.dotted("$") == nil)
        #expect(ServerPath.dotted("") == nil)
        #expect(ServerPath.dotted("map[key.with.dots]") == [.key("map"), .key("key.with.dots")])
    }

    @Test func pointer() {
        #expect(ServerPath.pointer("#/age") == [.key("age")])
        #expect(ServerPath.pointer("/items/3/qty") == [.key("items"), .index(3), .key("qty")])
        #expect(ServerPath.pointer("/a~1b~0c") == [.key("a/b~c")])
        #expect(ServerPath.pointer("#") == nil)
        #expect(ServerPath.pointer("") == nil)
        #expect(ServerPath.pointer("/") == nil)
        #expect(ServerPath.pointer("age") == [.key("age")])
    }
}
