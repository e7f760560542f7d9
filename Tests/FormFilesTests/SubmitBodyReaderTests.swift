import FormCore
import FormFiles
import Testing

/// `submit.body` and `submit.type` in a form file.
@Suite struct SubmitBodyReaderTests {
    @Test func bodyAndTypeAreRead() throws {
        let jsonapi = try #require(loadedForm(form("  - name: a\n", "submit:\n  body: jsonapi\n  type: signups\n")))
        #expect(jsonapi.submit.body == RequestBody(format: .jsonapi, type: "signups"))
        let formBody = try #require(loadedForm(form("  - name: a\n", "submit:\n  body: form\n")))
        #expect(formBody.submit.body == RequestBody(format: .form))
        let plain = try #require(loadedForm(form("  - name: a\n", "submit:\n  path: /x\n")))
        #expect(plain.submit.body == RequestBody())
    }

    @Test func mistakesAreReportedAtTheirPosition() {
        #expect(errorLines(form("  - name: a\n", "submit:\n  body: jsonap\n"))
            == [#"t.yaml:5:9: unknown submit body "jsonap" (did you mean "jsonapi"?)"#])
        #expect(errorLines(form("  - name: a\n", "submit:\n  body: xml\n"))
            == [#"t.yaml:5:9: unknown submit body "xml" (use json, jsonapi, form)"#])
        #expect(errorLines(form("  - name: a\n", "submit:\n  body: jsonapi\n"))
            == ["t.yaml:5:9: body: jsonapi needs the resource type: add type: (e.g. type: signups) to submit"])
        #expect(errorLines(form("  - name: a\n", "submit:\n  type: signups\n"))
            == ["t.yaml:5:3: submit type is the JSON:API resource type; it needs body: jsonapi"])
        #expect(errorLines(form("  - name: a\n", "submit:\n  body: jsonapi\n  type: \"sign ups\"\n"))
            == [#"t.yaml:6:9: submit type "sign ups" must be a resource type with no spaces (signups)"#])
    }
}
