import FormCore
import Testing
@testable import FormOpenAPI

/// Rules with more than one reading, and the pattern translation, one case each.
@Suite struct RuleEdgeTests {
    /// The derived form of one body schema (JSON text) under POST /x, and its problems.
    static func form(_ schema: String, version: String = "3.1.0") throws -> OpenAPIFormFile {
        let doc = #"{"openapi":"\#(version)","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"requestBody":{"content":{"application/json":{"schema":"#
            + schema + #"}}},"responses":{}}}}}"#
        return try OpenAPIForms.formFile(from: Array(doc.utf8), documentName: "t.json", operation: "POST /x")
    }

    static let at = "/paths/~1x/post/requestBody/content/application~1json/schema/properties/"

    @Test func aDefaultTheFieldsRulesRefuseIsDroppedWithAProblem() throws {
        let form = try Self.form(#"{"type":"object","properties":{"n":{"type":"integer","maximum":5,"default":9},"s":{"type":"string","enum":["a","b"],"default":"c"}}}"#)
        let spec = try TranslationTests.spec(form)
        #expect(spec.fields.map(\.defaultText) == [nil, nil])
        #expect(form.problems.map(\.pointer) == [Self.at + "n/default", Self.at + "s/default"])
        #expect(form.problems[0].message == "default 9 breaks the field's own rules (Must be at most 5); the form has no default")
    }

    /// NSwag writes .NET's Guid as `format: guid`: a uuid field, not text with a problem.
    @Test func aGuidIsAUUID() throws {
        let form = try Self.form(#"{"type":"object","properties":{"invite":{"type":"string","format":"guid"}}}"#)
        let spec = try TranslationTests.spec(form)
        #expect(spec.fields.map(\.type) == [.uuid])
        #expect(form.problems.isEmpty)
    }

    /// formline's `phone` takes E.164 only: a `format: phone` server may take national numbers,
    /// so the field stays text (no type claims the format) and the problem says so.
    @Test func aPhoneFormatStaysText() throws {
        let form = try Self.form(#"{"type":"object","properties":{"mobile":{"type":"string","format":"phone","maxLength":20}}}"#)
        let spec = try TranslationTests.spec(form)
        #expect(spec.fields.map(\.type) == [.text])
        #expect(spec.field(named: "mobile")?.maxLength == 20)
        #expect(form.problems.map(\.message) == ["format \"phone\" is not checked by the form (asked as text)"])
    }

    @Test func numberEnumsMultipleOfAndConst() throws {
        let form = try Self.form(#"{"type":"object","required":["level","kind"],"properties":{"level":{"type":"integer","enum":[1,2,3]},"step":{"type":"number","multipleOf":0.5},"kind":{"const":"cat"}}}"#)
        let spec = try TranslationTests.spec(form)
        #expect(spec.fields.map(\.type) == [.integer, .decimal, .choice])
        #expect(spec.field(named: "level")?.help == "One of: 1, 2, 3")
        #expect(spec.field(named: "kind")?.choices == ["cat"])
        #expect(spec.field(named: "kind")?.defaultText == "cat")
        #expect(form.problems.map(\.pointer) == [Self.at + "level/enum", Self.at + "step/multipleOf"])
        #expect(form.yaml.contains("# multipleOf 0.5: checked by the server"))
    }

    /// Issue 35 item 5: a bound some generators write as text (`"minimum": "0"`) is the same bound;
    /// text that is no number is a problem at its pointer, never a silently dropped bound.
    @Test func aNumericStringBoundIsReadAndAnyOtherIsAProblem() throws {
        let form = try Self.form(#"{"type":"object","properties":{"price":{"type":"number","minimum":"0","maximum":"99.50"},"qty":{"type":"integer","exclusiveMinimum":"0","maximum":"1e3"},"rate":{"type":"number","minimum":"zero","maximum":"+5","exclusiveMaximum":true}}}"#)
        let spec = try TranslationTests.spec(form)
        #expect(spec.field(named: "price")?.minNumber == DecimalText("0"))
        #expect(spec.field(named: "price")?.maxNumber == DecimalText("99.50"))
        #expect(spec.field(named: "qty")?.minNumber == DecimalText("1"))
        #expect(spec.field(named: "qty")?.maxNumber == DecimalText("1000"))
        #expect(spec.field(named: "rate")?.minNumber == nil)
        #expect(spec.field(named: "rate")?.maxNumber == nil)
        #expect(form.problems.map(\.pointer) == [Self.at + "rate/minimum", Self.at + "rate/maximum"])
        #expect(form.problems.map(\.message) == [
            #"minimum "zero" is not a number: the form has no such bound; the server checks it"#,
            #"maximum "+5" is not a number: the form has no such bound; the server checks it"#,
        ])
        #expect(NumberText.isNumberLiteral("-0.5e-3"))
        for bad in ["", "-", "01", "1.", ".5", " 1", "1 ", "0x10", "1e", "NaN", "Infinity", String(repeating: "1", count: 101)] {
            #expect(!NumberText.isNumberLiteral(bad), "\(bad)")
        }
    }

    @Test func thirtyNullableEnumAndNumberUnion() throws {
        let form = try Self.form(#"{"type":"object","required":["size"],"properties":{"size":{"type":"string","enum":["S","M",null],"nullable":true},"n":{"oneOf":[{"type":"integer","minimum":1},{"type":"number"}]}}}"#, version: "3.0.3")
        let spec = try TranslationTests.spec(form)
        #expect(spec.field(named: "size")?.choices == ["S", "M"])
        #expect(spec.field(named: "size")?.sendsNullWhenEmpty == true)
        #expect(spec.field(named: "n")?.type == .decimal)
        #expect(form.problems.map(\.pointer) == [Self.at + "n"])
    }

    @Test func aRequiredRecursiveOrDiscriminatedValueRefusesTheOperation() {
        let recursive = #expect(throws: OpenAPIError.self) {
            try Self.form(##"{"type":"object","required":["next"],"properties":{"next":{"$ref":"#/paths/~1x/post/requestBody/content/application~1json/schema"}}}"##)
        }
        #expect(recursive?.description.contains("\"next\" is required, and the schema refers back to itself") == true)
        let union = #expect(throws: OpenAPIError.self) {
            try Self.form(#"{"type":"object","required":["p"],"properties":{"p":{"oneOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"string"}}}],"discriminator":{"propertyName":"t"}}}}"#)
        }
        #expect(union?.description.contains("#" + Self.at + "p: \"p\" is required, and oneOf/anyOf with a discriminator") == true)
    }

    @Test func requiredQueryParametersAreNamedInTheForm() throws {
        let doc = """
            {"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"parameters":[{"name":"dry_run","in":"query","required":true,"schema":{"type":"boolean"}}],
            "requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"a":{"type":"string"}}}}}},"responses":{}}}}}
            """
        let form = try OpenAPIForms.formFile(from: Array(doc.utf8), documentName: "t", operation: "POST /x")
        #expect(form.yaml.contains("# required query parameter \"dry_run\" is not asked"))
        #expect(form.problems.map(\.pointer) == ["/paths/~1x/post/parameters/0"])
    }

    @Test func ecmaPatternsBecomeWholeValuePCRE2Patterns() throws {
        func t(_ p: String) -> String? { try? ECMAPattern.translate(p).get() }
        #expect(t("^[a-z]+$") == "^[a-z]+$")
        #expect(t("[a-z]") == "(?s:.*?)(?:[a-z])(?s:.*)")
        #expect(t("^a|b$") == "(?s:.*?)(?:^a|b$)(?s:.*)")
        #expect(t(#"^\d+\w$"#) == "^[0-9]+[A-Za-z0-9_]$")
        #expect(t(#"^[\d.]+$"#) == "^[0-9.]+$")
        #expect(t(#"^\u00e9\u{1F600}$"#) == #"^\x{00e9}\x{1F600}$"#)
        #expect(t("^[^]$") == "^(?s:.)$")
        #expect(t(#"^\/$"#) == "^/$")
        #expect(t(#"^[\D]$"#) == nil)
        #expect(t("^(a$") == nil)  // PCRE2 refuses it
        let code = try FieldPattern(try #require(t(#"\d{3}"#)))
        #expect(code.matchesWhole("x123y"))
        #expect(!code.matchesWhole("١٢٣"))
    }
}

@Suite struct PropertyNameTests {
    @Test func aPropertyNameAFieldCantHoldIsLeftOutOrRefused() throws {
        let optional = try RuleEdgeTests.form(#"{"type":"object","properties":{"a.b":{"type":"string"},"c":{"type":"string"}}}"#)
        #expect(try TranslationTests.spec(optional).fields.map(\.name) == ["c"])
        #expect(optional.problems.map(\.pointer) == [RuleEdgeTests.at + "a.b"])
        let required = #expect(throws: OpenAPIError.self) {
            try RuleEdgeTests.form(#"{"type":"object","required":["a b"],"properties":{"a b":{"type":"string"},"c":{"type":"string"}}}"#)
        }
        #expect(required?.description.contains(#"the required property "a b" can't be a form field name"#) == true)
    }
}
