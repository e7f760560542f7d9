import FormCore
import FormFiles
import Testing
@testable import FormOpenAPI

/// writeOnly of any type as a secret, every comment-only rule also a problem, unique form ids,
/// the label of an untitled nested property, and the guessed error dialect as a preference.
@Suite struct SecretsDefaultsAndIDsTests {
    static func form(_ yaml: String, _ operation: String = "POST /x") throws -> (OpenAPIFormFile, FormSpec) {
        let form = try OpenAPIForms.formFile(from: Array(yaml.utf8), documentName: "t.yaml", operation: operation)
        switch FormFileLoader.parse(yaml: form.yaml, path: "derived.yaml") {
        case .success(let spec): return (form, spec)
        case .failure(let errors):
            Issue.record("the derived form does not load: \(errors)\n\(form.yaml)")
            throw errors
        }
    }

    static func document(properties: String, required: String = "[]", responses: String = "{}") -> String {
        """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /x:
            post:
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      required: \(required)
                      properties:
        \(properties.split(separator: "\n").map { "                " + $0 }.joined(separator: "\n"))
              responses: \(responses)
        """
    }

    static let base = "/paths/~1x/post/requestBody/content/application~1json/schema/properties"

    /// Issue 32: `x-formline-private` says which properties are personal; nothing is guessed.
    @Test func xFormlinePrivateMakesAPrivateField() throws {
        let (form, spec) = try Self.form(Self.document(properties: """
            name: {type: string, x-formline-private: true}
            ward: {type: string, x-formline-private: false}
            email: {type: string, format: email}
            pin: {type: string, format: password, x-formline-private: true}
            """))
        #expect(spec.fields.map(\.name) == ["name", "ward", "email", "pin"])
        #expect(spec.fields.map(\.isPrivate) == [true, false, false, false])
        // Nothing written for an email the document says nothing about, nor for a secret.
        #expect(spec.fields.map(\.privacyDeclared) == [true, true, false, false])
        #expect(form.yaml.contains("  - name: name\n    required: false\n    private: true\n"), "\(form.yaml)")
    }

    @Test func writeOnlyOfAnyTypeIsASecret() throws {
        let (form, spec) = try Self.form(Self.document(properties: """
            token: {type: string, format: uuid, writeOnly: true}
            mail: {type: string, format: email, writeOnly: true, maxLength: 60}
            pin: {type: integer, minimum: 1000, writeOnly: true}
            level: {type: string, enum: [low, high], writeOnly: true, default: low}
            plain: {type: string, writeOnly: true}
            """))
        for name in ["token", "mail", "pin", "level", "plain"] {
            #expect(spec.field(named: name)?.type == .secret, "\(name)\n\(form.yaml)")
            #expect(spec.field(named: name)?.isSecret == true)
        }
        // Text-like rules stay on the secret; a fixed shape's, a number's and an enum's are the server's.
        #expect(spec.field(named: "mail")?.maxLength == 60)
        #expect(spec.field(named: "level")?.defaultText == nil && spec.field(named: "level")?.choices.isEmpty == true)
        #expect(spec.field(named: "pin")?.help?.contains(#""minimum":1000"#) == true)
        #expect(form.yaml.contains("# writeOnly integer: asked as a secret (never echoed, recorded or saved), sent as a JSON string; its integer rules are checked by the server"), "\(form.yaml)")
        let pointers = Set(form.problems.map(\.pointer))
        for name in ["token", "mail", "pin", "level"] { #expect(pointers.contains("\(Self.base)/\(name)/writeOnly"), "\(name): \(pointers)") }
        #expect(!pointers.contains("\(Self.base)/plain/writeOnly"), "plain text is simply a secret")
        #expect(pointers.contains("\(Self.base)/level/default"))
    }

    @Test func aListOfWriteOnlyItemsIsLeftOutNotABrokenForm() throws {
        let (form, spec) = try Self.form(Self.document(properties: """
            name: {type: string}
            codes: {type: array, items: {type: string, writeOnly: true}}
            """))
        #expect(spec.field(named: "codes") == nil)
        #expect(form.problems.contains { $0.pointer == "\(Self.base)/codes" && $0.message.contains("a list of secrets") })
    }

    @Test func everyCommentOnlyRuleIsAlsoAProblem() throws {
        let (form, _) = try Self.form(Self.document(properties: """
            day: {type: string, format: date, maxLength: 10}
            ip: {type: string, format: ipv4, pattern: "^10\\\\."}
            at: {type: string, format: time, pattern: "^[0-9]{2}"}
            pw: {type: string, format: password, default: hunter2}
            box: {type: string, default: {a: 1}}
            tags: {type: array, items: {type: string}, default: [a, b]}
            sizes: {type: array, items: {type: string, enum: [s, m]}, default: [xl]}
            lines: {type: array, items: {type: object, properties: {sku: {type: string}}}, default: [{sku: A}]}
            nums: {type: array, items: {type: integer, default: 3}}
            """))
        let problems = Dictionary(grouping: form.problems, by: \.pointer)
        #expect(problems["\(Self.base)/day/maxLength"] != nil, "\(form.problems)")
        #expect(problems["\(Self.base)/ip/pattern"] != nil)
        #expect(problems["\(Self.base)/at/pattern"] != nil)
        #expect(problems["\(Self.base)/pw/default"] != nil)
        #expect(problems["\(Self.base)/box/default"] != nil)
        #expect(problems["\(Self.base)/tags/default"] != nil)
        #expect(problems["\(Self.base)/sizes/default"] != nil)
        #expect(problems["\(Self.base)/lines/default"] != nil)
        #expect(problems["\(Self.base)/nums/items/default"] != nil)
        #expect(form.yaml.contains("# default [\"a\",\"b\"] is not used: a form list has no default"), "\(form.yaml)")
        // An empty list as the default says nothing a form loses.
        let (quiet, _) = try Self.form(Self.document(properties: "tags: {type: array, items: {type: string}, default: []}"))
        #expect(quiet.problems.isEmpty, "\(quiet.problems)")
    }

    @Test func aJavaScriptRegexLiteralIsLeftToTheServer() throws {
        let (form, spec) = try Self.form(Self.document(properties: #"zip: {type: string, pattern: "/^[0-9]{4}$/"}"#))
        #expect(spec.field(named: "zip")?.pattern == nil)
        #expect(spec.field(named: "zip")?.parse("0150").isSuccess == true)
        #expect(form.problems.contains { $0.pointer == "\(Self.base)/zip/pattern" && $0.message.contains("JavaScript regex literal") })
        #expect(ECMAPattern.isRegexLiteral("/^a$/i") && !ECMAPattern.isRegexLiteral("/api/") && !ECMAPattern.isRegexLiteral("^a$"))
    }

    @Test func operationsWhoseBuiltIDsCollideGetDistinctIDs() throws {
        let doc = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /a-b:
                post: {requestBody: {content: {application/json: {schema: {type: object, properties: {n: {type: string}}}}}}, responses: {}}
              /a/b:
                post: {requestBody: {content: {application/json: {schema: {type: object, properties: {n: {type: string}}}}}}, responses: {}}
              /c:
                post: {requestBody: {content: {application/json: {schema: {type: object, properties: {n: {type: string}}}}}}, responses: {}}
            """
        let one = try Self.form(doc, "POST /a-b").1.id
        let two = try Self.form(doc, "POST /a/b").1.id
        #expect(one != two)
        #expect(one.hasPrefix("post-a-b-") && two.hasPrefix("post-a-b-"), "\(one) \(two)")
        #expect(one.count == "post-a-b-".count + 8)
        #expect(try Self.form(doc, "POST /a-b").1.id == one, "stable")
        #expect(try Self.form(doc, "POST /c").1.id == "post-c", "no clash: the plain id")
    }

    @Test func anUntitledNestedPropertyIsLabelledWithItsParent() throws {
        let (_, spec) = try Self.form(Self.document(properties: """
            address: {type: object, title: Address, properties: {zip: {type: string}, city: {type: string, title: City}}}
            home: {type: object, properties: {street: {type: string}}}
            top: {type: string}
            """))
        #expect(spec.field(named: "address.zip")?.label == "Address: zip")
        #expect(spec.field(named: "address.city")?.label == "City")
        #expect(spec.field(named: "home.street")?.label == "home: street")
        #expect(spec.field(named: "top")?.label == "top")
    }

    @Test func theDocumentedDialectIsAPreferenceAndDisagreementIsAuto() throws {
        let problem = #"{"400": {description: bad, content: {application/problem+json: {schema: {type: object}}}}}"#
        let (form, spec) = try Self.form(Self.document(properties: "n: {type: string}", responses: problem))
        #expect(spec.submit.errors == .auto && spec.submit.preferredErrors == .problem)
        #expect(form.yaml.contains("  errors: auto\n"), "\(form.yaml)")
        #expect(form.yaml.contains("  prefer_errors: problem\n"), "\(form.yaml)")
        let both = #"{"400": {description: bad, content: {application/problem+json: {schema: {type: object}}}}, "422": {description: v, content: {application/vnd.api+json: {schema: {type: object}}}}}"#
        let (mixed, mixedSpec) = try Self.form(Self.document(properties: "n: {type: string}", responses: both))
        #expect(mixedSpec.submit.errors == .auto && mixedSpec.submit.preferredErrors == nil)
        #expect(mixed.yaml.contains("several dialects (problem, jsonapi)"), "\(mixed.yaml)")
        let (_, none) = try Self.form(Self.document(properties: "n: {type: string}"))
        #expect(none.submit.errors == .auto && none.submit.preferredErrors == nil)
    }
}
