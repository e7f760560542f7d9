import FormCore
import FormFiles
import Testing
@testable import FormOpenAPI

/// The rules of issue 21 item 1, each from a small hand-written document, checked both in the
/// generated text and in the FormSpec the ordinary form-file loader makes of it.
@Suite struct TranslationTests {
    static func form(_ file: String, _ operation: String) throws -> OpenAPIFormFile {
        try OpenAPIForms.formFile(from: try TestDocuments.bytes(file), documentName: file, operation: operation)
    }

    static func spec(_ form: OpenAPIFormFile) throws -> FormSpec {
        switch FormFileLoader.parse(yaml: form.yaml, path: "derived.yaml") {
        case .success(let spec): return spec
        case .failure(let errors):
            Issue.record("the derived form does not load: \(errors)\n\(form.yaml)")
            throw errors
        }
    }

    @Test func everyScalarRuleOf31LoadsAsTheExpectedFields() throws {
        let spec = try Self.spec(try Self.form("profile-3.1.json", "updateProfile"))
        #expect(spec.id == "updateProfile")
        #expect(spec.title == "Update a profile")
        // Path parameter first; readOnly `id` left out although required.
        #expect(spec.fields.map(\.name) == [
            "user_id", "email", "name", "age", "score", "role", "website", "born", "meeting", "alarm", "ip4", "ip6",
            "host", "key", "password", "pin", "active", "address.city", "address.zip", "nickname", "bio", "code", "not_root",
        ])
        func f(_ name: String) throws -> Field { try #require(spec.field(named: name)) }
        #expect(try f("user_id").type == .integer)
        #expect(try f("user_id").minNumber == DecimalText("1"))
        #expect(try f("user_id").help == "Whose profile")
        #expect(try f("email").type == .email)
        #expect(try f("email").label == "Email address")
        #expect(try f("email").required)
        let name = try f("name")
        #expect(name.minLength == 2 && name.maxLength == 40)
        #expect(name.help == "Your full name")
        #expect(name.parse("Ada Lovelace").isSuccess)
        #expect(!name.parse("Ada1").isSuccess)
        // exclusiveMinimum 0 on an integer: at least 1.
        #expect(try f("age").minNumber == DecimalText("1"))
        #expect(try f("age").maxNumber == DecimalText("150"))
        // 3.1 numeric exclusive bounds on a decimal stay exclusive.
        let score = try f("score")
        #expect(score.type == .decimal && score.minimumIsExclusive && score.maximumIsExclusive)
        #expect(score.parse("0").failureText == "Must be more than 0")
        #expect(score.parse("1").failureText == "Must be less than 1")
        #expect(score.parse("0.5").isSuccess)
        #expect(try f("role").type == .choice)
        #expect(try f("role").choices == ["admin", "user"])
        #expect(try f("role").defaultText == "user")
        #expect(try f("website").type == .uri)
        #expect(try f("website").maxLength == 2083)
        #expect(try f("website").parse("mailto:ada@example.com").isSuccess)
        #expect(try f("born").type == .date)
        #expect(try f("meeting").type == .datetime)
        let alarm = try f("alarm")
        #expect(alarm.parse("14:30:00+02:00").isSuccess)
        #expect(alarm.parse("14:30:00.5Z").isSuccess)
        #expect(!alarm.parse("14:30").isSuccess)
        #expect(try f("ip4").type == .ipv4)
        #expect(try f("ip6").type == .ipv6)
        #expect(try f("host").type == .hostname)
        #expect(try f("key").type == .uuid)
        #expect(try f("password").type == .secret)  // writeOnly
        #expect(try f("pin").type == .secret)  // format: password
        #expect(try f("active").type == .boolean)
        #expect(try f("active").defaultText == "true")
        #expect(try f("address.city").label == "City")
        #expect(try f("address.city").required == false)  // address itself is optional
        #expect(try f("address.zip").label == "address: zip")  // no title: the parent's label (its name here) and the property's
        // type: [string, null], required: asked as optional, empty sends null.
        let nickname = try f("nickname")
        #expect(!nickname.required && nickname.sendsNullWhenEmpty)
        // anyOf [string, null], optional: an empty answer leaves it out.
        let bio = try f("bio")
        #expect(!bio.required && !bio.sendsNullWhenEmpty && bio.maxLength == 200 && bio.label == "Bio")
        // An unanchored ECMA pattern is found anywhere, and \d is ASCII.
        let code = try f("code")
        #expect(code.parse("ab123cd").isSuccess)
        #expect(!code.parse("12").isSuccess)
        #expect(!code.parse("١٢٣").isSuccess)
        #expect(spec.submit.method == .PUT)
        #expect(spec.submit.path == "/api/users/{user_id}/profile")
        #expect(spec.submit.errors == .auto && spec.submit.preferredErrors == .fastapi)
    }

    @Test func thirtyStyleAllOfNullableAndExclusiveBooleans() throws {
        let form = try Self.form("signup-3.0.yaml", "POST /api/signup")
        let spec = try Self.spec(form)
        #expect(spec.fields.map(\.name) == ["username", "country", "age", "price", "team", "middle_name"])
        #expect(spec.field(named: "username")?.label == "Username")
        #expect(spec.field(named: "username")?.minLength == 3)
        // YAML 1.1 would read NO as false; the document's YAML is read by the core schema.
        #expect(spec.field(named: "country")?.choices == ["NO", "SE", "DK"])
        // minimum 13 with exclusiveMinimum: true on an integer: 14.
        #expect(spec.field(named: "age")?.minNumber == DecimalText("14"))
        #expect(spec.field(named: "price")?.minimumIsExclusive == true)
        // allOf [$ref] with siblings: the enum from the reference, description and default beside it.
        #expect(spec.field(named: "team")?.choices == ["red", "blue"])
        #expect(spec.field(named: "team")?.defaultText == "red")
        #expect(spec.field(named: "team")?.help == "Your team")
        // nullable: true, required by Base: empty sends null.
        #expect(spec.field(named: "middle_name")?.sendsNullWhenEmpty == true)
        #expect(spec.submit.errors == .auto && spec.submit.preferredErrors == .problem)
        #expect(form.yaml.contains("# OpenAPI 3.0 document"))
    }

    @Test func listsAndRepeatedGroupsUseTheListSyntax() throws {
        let form = try Self.form("lists-3.1.yaml", "createOrder")
        #expect(form.yaml.contains("""
              - name: vlans
                type: integer
                list: { min_items: 1, max_items: 8, unique: true }
                min: 1
                max: 4094
              - group: lines
                min_items: 1
                label: "Order lines {n}: {sku}, {qty}"
                fields:
                  - name: sku
                  - name: qty
                    type: integer
                    min: 1
              - name: notes
                list: true
            """))
        #expect(form.problems.isEmpty)
        // And the ordinary loader reads it as lists.
        let spec = try Self.spec(form)
        #expect(spec.field(named: "vlans")?.list == ListRule(minItems: 1, maxItems: 8, unique: true))
        #expect(spec.field(named: "notes")?.list == ListRule())
        #expect(spec.group(named: "lines")?.rule == ListRule(minItems: 1))
        #expect(spec.fields.map(\.name) == ["vlans", "lines.sku", "lines.qty", "notes"])
    }

    @Test func itemCountsTheLoaderRefusesAreFittedOrLeftOut() throws {
        let form = try Self.form("list-bounds-3.1.yaml", "createBatch")
        let spec = try Self.spec(form)
        // maxItems 5000: clamped to the loader's 1000, with a comment and a problem.
        #expect(spec.field(named: "serials")?.list == ListRule(minItems: 1, maxItems: ListRule.itemLimit))
        #expect(form.yaml.contains("# maxItems 5000: the form takes at most 1000 items"))
        // A required list that may be empty sends []; an optional one is left out when empty.
        #expect(spec.field(named: "tags")?.list == ListRule(sendEmpty: true))
        // maxItems 0: the bound is the server's (a form list holds at least one item).
        #expect(spec.field(named: "empty")?.list == ListRule())
        // minItems over the limit, or over maxItems: optional, so left out.
        #expect(spec.field(named: "huge") == nil)
        #expect(spec.field(named: "impossible") == nil)
        // A group: clamped, send_empty (required, may be empty); a list inside it is left out, a
        // multichoice stays.
        #expect(spec.group(named: "lines")?.rule == ListRule(maxItems: ListRule.itemLimit, sendEmpty: true))
        #expect(spec.fields.map(\.name) == ["serials", "tags", "empty", "lines.sku", "lines.flags"])
        #expect(spec.field(named: "lines.flags")?.type == .multichoice)
        let body = "/paths/~1batches/post/requestBody/content/application~1json/schema/properties"
        #expect(Set(form.problems.map(\.pointer)) == [
            body + "/serials", body + "/empty", body + "/huge", body + "/impossible", body + "/lines",
            body + "/lines/items/properties/codes",
        ])
    }

    @Test func requiredArraysWhoseCountsCantBeAskedRefuseTheOperation() throws {
        let document = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /x:
                post:
                  operationId: x
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          required: [ids]
                          properties:
                            ids: {type: array, minItems: 1001, items: {type: integer}}
                  responses: {'201': {description: ok}}
            """
        #expect(throws: OpenAPIError.self) {
            try OpenAPIForms.formFile(from: Array(document.utf8), documentName: "x.yaml", operation: "x")
        }
    }

    @Test func unsupportedConstructsAreProblemsWithPointersAndTheRestIsAsked() throws {
        let form = try Self.form("unsupported-3.1.yaml", "createPet")
        let spec = try Self.spec(form)
        #expect(spec.fields.map(\.name) == ["name", "tree.value", "size", "remote"])
        let body = "/paths/~1pets/post/requestBody/content/application~1json/schema/properties"
        let pointers = form.problems.map(\.pointer)
        #expect(pointers.contains(body + "/pet"))  // oneOf with a discriminator
        #expect(pointers.contains(body + "/labels"))  // additionalProperties map
        #expect(pointers.contains("/components/schemas/Node/properties/children"))  // recursive
        #expect(pointers.contains(body + "/size"))  // oneOf of scalars: text
        #expect(pointers.contains(body + "/remote"))  // external reference
        #expect(form.problems.allSatisfy { $0.operation == "POST /pets" })
        #expect(form.problems.first { $0.pointer == body + "/pet" }?.message.contains("discriminator") == true)
        #expect(form.problems.first { $0.pointer.hasSuffix("children") }?.message.contains("recursive") == true)
        // The text field shows the schema it stands for.
        #expect(spec.field(named: "size")?.help?.contains(#""oneOf":[{"type":"integer"},{"type":"string"}]"#) == true)
        #expect(form.yaml.contains("# \"pet\" is not asked: oneOf/anyOf with a discriminator"))
    }

    @Test func aRequiredUnsupportedPropertyRefusesTheOperationWithItsPointer() throws {
        #expect(throws: OpenAPIError.unsupported(
            operation: "POST /pets/strict",
            pointer: "/paths/~1pets~1strict/post/requestBody/content/application~1json/schema/properties/labels",
            reason: "\"labels\" is required, and a map (additionalProperties with a schema: keys the operator would invent) can't be asked as questions")) {
            try Self.form("unsupported-3.1.yaml", "createStrictPet")
        }
        let arrayBody = #expect(throws: OpenAPIError.self) { try Self.form("unsupported-3.1.yaml", "createPets") }
        #expect(arrayBody?.description.contains("the request body is a list") == true)
    }

    @Test func notAndTypeListsAndUntypedValuesAreAskedAsTextWithAComment() throws {
        let doc = """
            {"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"requestBody":{"content":{"application/json":{"schema":
            {"type":"object","properties":{"a":{"type":"string","not":{"enum":["root"]}},"b":{"type":["string","integer"]},"c":{}}}}}},"responses":{}}}}}
            """
        let form = try OpenAPIForms.formFile(from: Array(doc.utf8), documentName: "t.json", operation: "POST /x")
        let spec = try Self.spec(form)
        #expect(spec.fields.map(\.type) == [.text, .text, .text])
        #expect(form.yaml.contains(#"# not {"enum":["root"]}: checked by the server"#))
        #expect(form.problems.map(\.pointer) == [
            "/paths/~1x/post/requestBody/content/application~1json/schema/properties/a/not",
            "/paths/~1x/post/requestBody/content/application~1json/schema/properties/b",
            "/paths/~1x/post/requestBody/content/application~1json/schema/properties/c",
        ])
        #expect(spec.id == "post-x")
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}

extension Result where Failure == ValueError {
    var failureText: String? { if case .failure(let e) = self { e.description } else { nil } }
}
