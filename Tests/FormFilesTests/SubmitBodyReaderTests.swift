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

    @Test func preferErrorsIsADialectBesideAuto() throws {
        let preferring = try #require(loadedForm(form("  - name: a\n", "submit:\n  errors: auto\n  prefer_errors: fastapi\n")))
        #expect(preferring.submit.errors == .auto && preferring.submit.preferredErrors == .fastapi)
        let implicit = try #require(loadedForm(form("  - name: a\n", "submit:\n  prefer_errors: problem\n")))
        #expect(implicit.submit.preferredErrors == .problem)
        #expect(try #require(loadedForm(form("  - name: a\n", "submit:\n  path: /x\n"))).submit.preferredErrors == nil)
        #expect(errorLines(form("  - name: a\n", "submit:\n  errors: drf\n  prefer_errors: fastapi\n"))
            == ["t.yaml:6:3: prefer_errors goes with errors: auto (a named dialect or an own shape is the only one read)"])
        #expect(errorLines(form("  - name: a\n", "submit:\n  prefer_errors: fastap\n"))
            == [#"t.yaml:5:18: unknown error dialect "fastap" for prefer_errors (did you mean "fastapi"?)"#])
        #expect(errorLines(form("  - name: a\n", "submit:\n  prefer_errors: auto\n")).count == 1)
    }
}
