import Testing
@testable import FormCore

/// Issue 28 items 1 and 3: a body no dialect reads lands by its structure (`StructuralReader`),
/// resolved against the form by the mapper; a declared shape never hides what `auto` shows.
private typealias E = ServerError

/// A form with a plain field and a group `items` of `code`, three items walked.
private let spec = FormSpec(id: "order", fields: [Field(name: "mrn"), Field(name: "note", required: false)])
private let concrete: [Field] = [Field(name: "mrn")] + (1...3).map { Field(name: "items.\($0).code") } + [Field(name: "note", required: false)]

private func read(_ body: String) -> [ServerError]? {
    JSONValue.parse(Array(body.utf8)).map(StructuralReader.read)
}

private func classify(_ body: String, status: Int = 422, submit: SubmitSpec = SubmitSpec()) -> SubmissionResult {
    SubmissionClassifier.classify(status: status, contentType: "application/json", body: Array(body.utf8), submit: submit)
}

private func placed(_ body: String, status: Int = 422) -> ErrorPlacement? {
    guard case .rejected(_, let errors) = classify(body, status: status, submit: spec.submit) else { return nil }
    return ServerErrorMapper.place(errors, in: spec, fields: concrete, visibleFields: Set(concrete.map(\.name)))
}

@Suite struct StructuralReaderTests {
    static let smorest = #"{"errors":{"json":{"mrn":["Missing data for required field."],"items":{"1":{"code":["Unknown code."]}}}},"status":"Unprocessable Entity","code":422}"#
    static let litestar = #"{"status_code":400,"detail":"Validation failed for POST /x","extra":[{"message":"Not a known MRN.","key":"mrn","source":"body"}]}"#

    @Test func theIssuesWebargsBodyLandsOnTheFieldAndTheItem() {
        #expect(read(Self.smorest) == [
            E(path: [.key("errors"), .key("json"), .key("items"), .index(1), .key("code")], message: "Unknown code."),
            E(path: [.key("errors"), .key("json"), .key("mrn")], message: "Missing data for required field."),
        ])
        // 0-based wire index 1 is the operator's item 2; `status` and `code` are not errors.
        #expect(placed(Self.smorest) == ErrorPlacement(fieldErrors: [
            "mrn": ["Missing data for required field."],
            "items.2.code": ["Unknown code."],
        ]))
    }

    @Test func theIssuesLitestarBodyLandsOnTheFieldWithoutItsSummary() {
        #expect(read(Self.litestar) == [E(path: [.key("mrn")], message: "Not a known MRN.")])
        #expect(placed(Self.litestar, status: 400) == ErrorPlacement(fieldErrors: ["mrn": ["Not a known MRN."]]))
    }

    @Test func nonFieldMarkersAreErrorsOfTheObjectHoldingThem() {
        #expect(read(#"{"errors":{"json":{"_schema":["Dates overlap."]}},"code":422}"#) == [E(path: nil, message: "Dates overlap.")])
        #expect(read(#"{"errors":{"address":{"__all__":["Not in the zone."]}}}"#) == [E(path: [.key("errors"), .key("address")], message: "Not in the zone.")])
        #expect(read(#"{"extra":[{"message":"Model check failed."}]}"#) == [E(path: nil, message: "Model check failed.")])
        #expect(read(#"{"problems":[{"path":"","msg":"whole body"},{"loc":["body"],"msg":"the model"},{"field":null,"message":"global"}]}"#)
            == [E(path: nil, message: "whole body"), E(path: nil, message: "the model"), E(path: nil, message: "global")])
        #expect(read(#"{"errors":{"lines":{"1":{"_schema":["Bulk SKUs ship in tens."]}}}}"#)
            == [E(path: [.key("errors"), .key("lines"), .index(1)], message: "Bulk SKUs ship in tens.")])
    }

    @Test func entriesPairAPathKeyWithAMessageKeyAndKeepTheirCode() {
        let body = #"{"failures":[{"property":"items[2].code","reason":"unknown","rule":"known_code"},{"pointer":"/mrn","title":"bad"},{"loc":["body","items",0,"code"],"msg":"m","type":"t","input":{"password":"hunter22"}}]}"#
        #expect(read(body) == [
            E(path: [.key("items"), .index(2), .key("code")], message: "unknown", code: "known_code"),
            E(path: [.key("mrn")], message: "bad"),
            E(path: [.key("body"), .key("items"), .index(0), .key("code")], message: "m", code: "t"),
        ])
    }

    @Test func keysDescribingTheResponseAreNotErrorsAndASummaryShowsOnlyAlone() {
        let body = #"{"status":"Unprocessable Entity","code":"E_VALIDATION","timestamp":"2026-01-01T00:00:00Z","path":"/api/x","type":"about:blank","title":"Bad","message":"Validation failed","errors":{"json":{"mrn":["bad"]}}}"#
        #expect(read(body) == [E(path: [.key("errors"), .key("json"), .key("mrn")], message: "bad")])
        #expect(read(#"{"code":400,"status":"Bad Request","message":"Closed for today."}"#) == [E(path: nil, message: "Closed for today.")])
        #expect(read(#"{"title":"Conflict","detail":"Zone hazmat is locked","status":409}"#) == [E(path: nil, message: "Zone hazmat is locked")])
        // In a flat map of fields, `code` and `status` are fields like any other.
        #expect(read(#"{"fields":{"code":"is unknown","status":"is blank"}}"#)
            == [E(path: [.key("fields"), .key("code")], message: "is unknown"), E(path: [.key("fields"), .key("status")], message: "is blank")])
    }

    @Test func boundedInCountDepthAndLengthAndCredentialsHidden() throws {
        let many = (0..<700).map { #"{"field":"f\#($0)","message":"m"}"# }.joined(separator: ",")
        let errors = try #require(read(#"{"errors":["# + many + "]}"))
        #expect(errors.count == StructuralReader.maximumErrors + 1)
        #expect(errors.last == E(path: nil, message: "... and 200 more in the server's answer"))
        let deep = String(repeating: #"{"a":"#, count: 200) + #""x""# + String(repeating: "}", count: 200)
        #expect(read(deep) == [])
        let long = try #require(read(#"{"mrn":""# + String(repeating: "y", count: 5000) + #""}"#))
        #expect(long.first?.message.count == StructuralReader.maximumMessageLength)
        #expect(read(#"{"errors":{"mrn":["bad"]},"auth_token":"abc.def"}"#)
            == [E(path: [.key("auth_token")], message: "[hidden]"), E(path: [.key("errors"), .key("mrn")], message: "bad")])
    }

    /// Once 500 errors are kept the walk goes on counting, so nested objects past the 500th are
    /// counted too (they used to stop the count: 600 fields said nothing of the last 100).
    @Test func theMoreCountIsExactInsideObjects() throws {
        let fields = (0..<600).map { n in #""f\#(n + 1000)":"bad""# }.joined(separator: ",")
        let errors = try #require(read(#"{"errors":{"# + fields + "}}"))
        #expect(errors.count == StructuralReader.maximumErrors + 1)
        #expect(errors[499] == E(path: [.key("errors"), .key("f1499")], message: "bad"))
        #expect(errors.last == E(path: nil, message: "... and 100 more in the server's answer"))
    }

    /// A body past `maximumNodes` values stops the walk: the count is then a floor, said so.
    @Test func aWalkStoppedAtTheNodeBoundSaysAtLeast() throws {
        let count = StructuralReader.maximumNodes + 10
        let body = #"{"errors":{"mrn":["# + Array(repeating: #""m""#, count: count).joined(separator: ",") + "]}}"
        let errors = try #require(read(body))
        #expect(errors.count == StructuralReader.maximumErrors + 1)
        // The body, `errors` and `mrn` are three of the values looked at.
        #expect(errors.last == E(path: nil, message: "... and at least \(StructuralReader.maximumNodes - 3 - StructuralReader.maximumErrors) more in the server's answer"))
    }

    @Test func aBodyNoDialectReadsIsReadByStructureUnderAuto() {
        // aspnet claims `errors` beside `status` but cannot read `errors.json`: the structure does.
        #expect(classify(Self.smorest) == .rejected(status: 422, errors: read(Self.smorest) ?? []))
        #expect(classify(Self.litestar, status: 400) == .rejected(status: 400, errors: [E(path: [.key("mrn")], message: "Not a known MRN.")]))
    }
}

@Suite struct StructuralSupplementTests {
    @Test func messagesADialectLeavesOutAreReadByStructureBesideIt() {
        // `laravel` reads `errors` and ignores everything else; the structure adds what it left out.
        let body = #"{"message":"The given data was invalid.","errors":{"mrn":["is taken"]},"extra":{"items":{"1":{"code":["Unknown code."]}}}}"#
        #expect(classify(body) == .rejected(status: 422, errors: [
            E(path: [.key("mrn")], message: "is taken"),
            E(path: [.key("extra"), .key("items"), .index(1), .key("code")], message: "Unknown code."),
        ]))
        #expect(placed(body) == ErrorPlacement(fieldErrors: ["mrn": ["is taken"], "items.2.code": ["Unknown code."]]))
    }

    @Test func explainNamesWhatTheStructureAddedBesideTheDialect() {
        let form = FormSpec(id: "o", fields: [Field(name: "mrn"), Field(name: "note", required: false)])
        let body = #"{"message":"The given data was invalid.","errors":{"mrn":["is taken"]},"extra":{"note":["too long"]}}"#
        #expect(ResponseExplanation.explain(status: 422, contentType: "application/json", body: Array(body.utf8), spec: form).text == """
            rejected (422)
            read as: auto: rule 17 (`errors` is an object beside `message`): laravel
              mrn: is taken
                -> field mrn
                by: the path names the field
                read: the laravel preset of the structural reader (`errors`: each key a path to a list of messages, summary `message` only without errors): a list of messages under its key path (the list's index dropped)
              extra.note: too long
                -> field note
                by: read by structure beside the dialect's errors as a list of messages under its key path (the list's index dropped); the path names the field, wrapper `extra` dropped

            """)
    }

    @Test func nothingIsAddedWhenTheDialectReadEveryMessage() {
        // express-validator with `msg` as an object: the entry's other keys (its `value`, `type`,
        // `location`) are not messages.
        let validator = #"{"errors":[{"type":"field","value":"hunter22x","msg":{"message":"is taken","code":"taken"},"path":"mrn","location":"body"}]}"#
        #expect(classify(validator) == .rejected(status: 422, errors: [E(path: [.key("mrn")], message: "is taken", code: "taken")]))
        // Rails' details entry is read by the dialect; a problem's summary stays a summary.
        #expect(classify(#"{"errors":{"mrn":[{"error":"blank"}]}}"#) == .rejected(status: 422, errors: [E(path: [.key("mrn")], message: "blank", code: "blank")]))
        let problem = ##"{"type":"https://example.net/validation","title":"Invalid request","errors":[{"detail":"must be a positive integer","pointer":"#/age"}]}"##
        #expect(classify(problem) == .rejected(status: 422, errors: [E(path: [.key("age")], message: "must be a positive integer")]))
    }
}

@Suite struct DeclaredShapeFallbackTests {
    @Test func aBodyOutsideTheFormsShapeIsReadAsAutoWouldReadIt() {
        let shape = ErrorShape(list: ["problems"], path: ["field"], pathSyntax: .dotted, message: ["text"])
        let submit = SubmitSpec(errorShape: shape)
        #expect(classify(#"{"detail": "Zone hazmat is locked"}"#, status: 409, submit: submit)
            == .rejected(status: 409, errors: [E(path: nil, message: "Zone hazmat is locked")]))
        #expect(classify(#"{"problems":[{"field":"mrn","text":"bad"}]}"#, submit: submit)
            == .rejected(status: 422, errors: [E(path: [.key("mrn")], message: "bad")]))
    }

    @Test func aBodyOutsideTheNamedDialectIsReadAsAutoWouldReadIt() {
        #expect(classify(#"{"detail": "Zone hazmat is locked"}"#, status: 409, submit: SubmitSpec(errors: .jsonapi))
            == .rejected(status: 409, errors: [E(path: nil, message: "Zone hazmat is locked")]))
        #expect(classify(#"{"errors":{}}"#, submit: SubmitSpec(errors: .jsonapi))
            == .failed(reason: "the server answered 422 Unprocessable Content but the body holds no errors in the jsonapi error format"))
    }

    @Test func explainSaysTheDeclaredShapeDidNotFitAndNamesEachRule() {
        let shape = ErrorShape(list: ["problems"], path: ["field"], pathSyntax: .dotted, message: ["text"])
        let form = FormSpec(id: "z", fields: [Field(name: "zone")], submit: SubmitSpec(errorShape: shape))
        let explained = ResponseExplanation.explain(status: 409, contentType: "application/json", body: Array(#"{"detail":"Zone hazmat is locked"}"#.utf8), spec: form)
        #expect(explained.text == """
            rejected (409)
            read as: the form's own error shape (submit.errors), but the answer holds no errors in it; read as auto: rule 6 (`detail` is a list holding `loc`/`msg` entries, or a string alone in the body): fastapi
              (no field): Zone hazmat is locked
                -> banner
                by: a non-field error without a code or message route
                read: the fastapi reader: a string `detail` (an HTTPException) is a non-field error

            """)
    }
}

/// Review findings on the structural reader: the request's location and JSON-LD/Hydra metadata
/// are not errors, and an echoed `value` is not a message.
@Suite struct StructuralReaderMetadataTests {
    @Test func aRequestPathInTheBodyIsNotAField() {
        let spring = #"{"timestamp":"2026-11-26T10:00:00Z","status":409,"error":"Conflict","message":"Zone hazmat is locked","path":"/api/receipts"}"#
        #expect(read(spring) == [E(path: nil, message: "Zone hazmat is locked")])
        // Inside the body, an entry's `path` still names its field.
        #expect(read(#"{"errors":[{"path":"mrn","message":"Not known."}]}"#) == [E(path: [.key("mrn")], message: "Not known.")])
    }

    @Test func jsonLDAndHydraKeysAreNotErrors() {
        let platform = #"{"@context":"/api/contexts/ConstraintViolationList","@type":"ConstraintViolationList","hydra:title":"An error occurred","hydra:description":"mrn: blank","violations":[{"propertyPath":"mrn","message":"blank"}]}"#
        #expect(read(platform) == [E(path: [.key("mrn")], message: "blank")])
    }

    @Test func anEchoedValueIsNotAMessage() {
        let details = #"{"email":[{"error":"taken","value":"a@b.c"}]}"#
        #expect(read(details)?.contains { $0.message == "a@b.c" } == false)
    }
}
