import Testing
@testable import FormOpenAPI

/// Listing and naming operations, refusing what is not a form, and bounded work on hostile documents.
@Suite struct DocumentTests {
    @Test func operationsListsEveryOperationWithWhetherItTakesJSON() throws {
        let ops = try OpenAPIForms.operations(in: try TestDocuments.bytes("profile-3.1.json"))
        #expect(ops == [
            OpenAPIOperationSummary(method: "GET", path: "/api/users/{user_id}/profile", operationId: "getProfile", summary: "Read a profile", takesJSONBody: false),
            OpenAPIOperationSummary(method: "PUT", path: "/api/users/{user_id}/profile", operationId: "updateProfile", summary: "Update a profile", takesJSONBody: true),
        ])
        let yamlOps = try OpenAPIForms.operations(in: try TestDocuments.bytes("signup-3.0.yaml"))
        #expect(yamlOps.map(\.label) == ["POST /api/signup", "POST /api/upload"])
        #expect(yamlOps.map(\.takesJSONBody) == [true, false])
    }

    @Test func anOperationIsNamedByIdOrMethodAndPath() throws {
        let bytes = try TestDocuments.bytes("signup-3.0.yaml")
        let byID = try OpenAPIForms.formFile(from: bytes, documentName: "d", operation: "signup")
        let byPath = try OpenAPIForms.formFile(from: bytes, documentName: "d", operation: "post /api/signup")
        #expect(byID == byPath)
        #expect(throws: OpenAPIError.unknownOperation("singup", suggestions: ["signup"])) {
            try OpenAPIForms.formFile(from: bytes, documentName: "d", operation: "singup")
        }
        let error = #expect(throws: OpenAPIError.self) { try OpenAPIForms.formFile(from: bytes, documentName: "d", operation: "POST /api/signin") }
        #expect(error?.description == #"no operation "POST /api/signin" in the document (did you mean "POST /api/signup"?)"#)
    }

    @Test func aBodyThatIsNotJSONOrNoBodyIsRefusedWithTheReason() throws {
        let bytes = try TestDocuments.bytes("signup-3.0.yaml")
        let upload = #expect(throws: OpenAPIError.self) { try OpenAPIForms.formFile(from: bytes, documentName: "d", operation: "upload") }
        #expect(upload?.description == "POST /api/upload takes no JSON request body: #/paths/~1api~1upload/post/requestBody/content: it takes multipart/form-data, and formline sends JSON only")
        #expect(upload?.pointer == "/paths/~1api~1upload/post/requestBody/content")
        let profile = try TestDocuments.bytes("profile-3.1.json")
        let get = #expect(throws: OpenAPIError.self) { try OpenAPIForms.formFile(from: profile, documentName: "d", operation: "getProfile") }
        #expect(get?.description == "GET /api/users/{user_id}/profile can't be a form: #/paths/~1api~1users~1{user_id}~1profile/get: formline submits with POST, PUT or PATCH, not GET")
    }

    @Test func notOpenAPI() {
        func error(_ text: String) -> String? {
            do { _ = try OpenAPIForms.operations(in: Array(text.utf8)); return nil } catch { return error.description }
        }
        #expect(error(#"{"swagger":"2.0"}"#)?.contains("Swagger 2.0") == true)
        #expect(error(#"{"openapi":"4.0.0"}"#) == #"not an OpenAPI 3.0 or 3.1 document: version "4.0.0" (formline reads 3.0 and 3.1)"#)
        #expect(error("id: signup\nfields: []\n") == #"not an OpenAPI 3.0 or 3.1 document: it has no "openapi" version field"#)
        #expect(error("{\"openapi\": ") != nil)
        #expect(error("- a\n- b\n") == "not an OpenAPI 3.0 or 3.1 document: the top level is not a mapping")
        #expect(error("") == "not an OpenAPI 3.0 or 3.1 document: the file is empty")
    }

    @Test func checkReportsEveryOperationItCannotFullyExpress() throws {
        let problems = OpenAPIForms.check(try TestDocuments.bytes("unsupported-3.1.yaml"))
        #expect(Set(problems.compactMap(\.operation)) == ["POST /pets", "POST /pets/strict", "POST /pets/list"])
        #expect(problems.contains { $0.operation == "POST /pets/strict" && $0.message.contains("is required, and a map") })
        #expect(OpenAPIForms.check(try TestDocuments.bytes("lists-3.1.yaml")).isEmpty)
        // A non-JSON body is something the document's operation can't be as a form.
        #expect(OpenAPIForms.check(try TestDocuments.bytes("signup-3.0.yaml")).map(\.operation) == ["POST /api/upload"])
    }

    @Test func aPathParameterNamedLikeABodyPropertyIsRenamedInFieldAndPath() throws {
        let doc = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /items/{id}:
                patch:
                  parameters: [{name: id, in: path, required: true, schema: {type: string, format: uuid}}]
                  requestBody:
                    content: {application/json: {schema: {type: object, properties: {id: {type: integer}, note: {type: string}}}}}
                  responses: {}
            """
        let form = try OpenAPIForms.formFile(from: Array(doc.utf8), documentName: "t", operation: "PATCH /items/{id}")
        #expect(form.yaml.contains("  - name: id_path\n    label: id\n    type: uuid\n") || form.yaml.contains("  - name: id_path\n    type: uuid\n"))
        #expect(form.yaml.contains("  path: \"/items/{id_path}\"\n"))
        #expect(form.yaml.contains("  method: PATCH\n"))
    }

    // MARK: Hostile documents

    @Test func referenceLoopsAndLongChainsAreProblemsNotHangs() throws {
        var schemas = ""
        for i in 0..<100 { schemas += "    S\(i): {$ref: '#/components/schemas/S\(i + 1)'}\n" }
        schemas += "    S100: {type: string}\n    Loop: {$ref: '#/components/schemas/Loop'}\n"
        let doc = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /x:
                post:
                  requestBody:
                    content: {application/json: {schema: {type: object, properties: {long: {$ref: '#/components/schemas/S0'}, loop: {$ref: '#/components/schemas/Loop'}, ok: {type: string}}}}}
                  responses: {}
            components:
              schemas:
            \(schemas)
            """
        let form = try OpenAPIForms.formFile(from: Array(doc.utf8), documentName: "t", operation: "POST /x")
        #expect(form.problems.contains { $0.message.contains("a chain of more than 64 references") })
        #expect(form.problems.contains { $0.message.contains("leads back to itself") })
    }

    @Test func yamlAliasBombsAreRefusedByTheNodeBudget() {
        var doc = "openapi: 3.1.0\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 { doc += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let error = #expect(throws: OpenAPIError.self) { try OpenAPIForms.operations(in: Array(doc.utf8)) }
        #expect(error?.description.contains("an alias bomb") == true)
    }

    @Test func diamondReferencesAreBoundedByTheFieldCount() throws {
        // Each level refers twice to the next: 2^20 fields if expanded.
        var schemas = ""
        for i in 0..<20 {
            schemas += "    L\(i): {type: object, properties: {a: {$ref: '#/components/schemas/L\(i + 1)'}, b: {$ref: '#/components/schemas/L\(i + 1)'}}}\n"
        }
        schemas += "    L20: {type: string}\n"
        let doc = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /x:
                post:
                  requestBody:
                    content: {application/json: {schema: {$ref: '#/components/schemas/L0'}}}
                  responses: {}
            components:
              schemas:
            \(schemas)
            """
        let clock = ContinuousClock()
        let start = clock.now
        let error = #expect(throws: OpenAPIError.self) { try OpenAPIForms.formFile(from: Array(doc.utf8), documentName: "t", operation: "POST /x") }
        #expect(error?.description.contains("the document is too large to read") == true)
        #expect(clock.now - start < .seconds(5))
    }

    @Test func deepNestingIsRefusedNotOverflowed() {
        let deep = "{\"openapi\":\"3.1.0\",\"x\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: OpenAPIError.self) { try OpenAPIForms.operations(in: Array(deep.utf8)) }
        let deepYAML = "openapi: 3.1.0\nx: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n"
        #expect(throws: OpenAPIError.self) { try OpenAPIForms.operations(in: Array(deepYAML.utf8)) }
    }

    @Test func documentTextCannotBreakTheGeneratedYAML() throws {
        let doc = #"""
            {"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"summary":"a: b # c\n- d","operationId":"op\nid: evil","requestBody":{"content":{"application/json":{"schema":
            {"type":"object","properties":{"a":{"type":"string","title":"x\"\n  - name: injected","description":"line1\nline2 \u0085 \u2028","enum":["a, b","c: d","#e"]}}}}}},"responses":{}}}}}
            """#
        let form = try OpenAPIForms.formFile(from: Array(doc.utf8), documentName: "t\n# x", operation: "POST /x")
        let spec = try TranslationTests.spec(form)
        #expect(spec.fields.map(\.name) == ["a"])
        // Form text holds no control characters (issue 33 item 3): a one-line text's line break
        // and help's C1 control are shown as spaces.
        #expect(spec.fields.first?.label == "x\"   - name: injected")
        #expect(spec.fields.first?.choices == ["a, b", "c: d", "#e"])
        #expect(spec.fields.first?.help == "line1\nline2   \u{2028}")
        #expect(spec.title == "a: b # c - d")
        #expect(spec.id == "op-id-evil")
    }
}
