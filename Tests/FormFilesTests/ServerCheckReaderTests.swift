import FormCore
import FormFiles
import Testing

/// `server_check:` on a field (docs/checks.md), read from a form file, and its mistakes at their
/// positions.
@Suite struct ServerCheckReaderTests {
    @Test func aCheckIsReadWithItsLookupDefaultsAndFake() throws {
        let spec = try #require(loadedForm(form("""
              - name: warehouse
              - name: sku
                server_check:
                  path: /api/skus/{value}
                  query: { warehouse: "{warehouse}" }
                  on_failure: refuse
                  timeout: 5
                  lookup: /name
                  defaults: { price: /price }
                  fake:
                    answers:
                      ABC-1: { name: Widget, price: "12.50" }
              - name: price
                type: decimal

            """)))
        let check = try #require(spec.fields[1].serverCheck)
        #expect(check.method == .GET)
        #expect(check.path == "/api/skus/{value}")
        #expect(check.query == [ServerCheck.Parameter(name: "warehouse", template: "{warehouse}")])
        #expect(check.onFailure == .refuse)
        #expect(check.timeoutSeconds == 5)
        #expect(check.lookup?.description == "/name")
        #expect(check.defaults.map(\.field) == ["price"])
        #expect(check.fake?.answers["ABC-1"] == .object(["name": .string("Widget"), "price": .string("12.50")]))
        let request = check.request(field: "sku", value: .text("AB C/1"), values: ["warehouse": .text("Oslo & Co")])
        #expect(request.path == "/api/skus/AB%20C%2F1?warehouse=Oslo%20%26%20Co")
        #expect(request.payload == .null)
        #expect(request.key == "GET /api/skus/AB%20C%2F1?warehouse=Oslo%20%26%20Co null")
    }

    @Test func aPostBodyKeepsAWholePlaceholdersJSON() throws {
        let spec = try #require(loadedForm(form("""
              - name: age
                type: integer
              - name: username
                server_check:
                  method: POST
                  path: /api/checks
                  body: { name: "{value}", age: "{age}", note: "age {age}" }

            """)))
        let check = try #require(spec.fields[1].serverCheck)
        let request = check.request(field: "username", value: .text("ada"), values: ["age": .number("34")])
        #expect(request.payload.compactText == #"{"age":34,"name":"ada","note":"age 34"}"#)
    }

    @Test func mistakesAreReportedWhereTheyAre() {
        #expect(errorLines(form("  - name: a\n    server_check:\n      path: api\n")) == [
            "t.yaml:5:13: server_check path \"api\" must start with / and have no spaces",
        ])
        #expect(errorLines(form("  - name: a\n    server_check:\n      path: /x/{b}\n  - name: b\n")) == [
            "t.yaml:5:13: server_check placeholder {b} names a field after this one (a check may only look back)",
        ])
        #expect(errorLines(form("  - name: a\n    server_check:\n      path: /x/{a}\n")) == [
            "t.yaml:5:13: server_check placeholder {a} names its own field (write {value})",
        ])
        #expect(errorLines(form("  - name: a\n    server_check:\n      path: /x\n      on_failure: maybe\n")) == [
            "t.yaml:6:19: on_failure must be accept or refuse, not \"maybe\"",
        ])
        #expect(errorLines(form("  - name: a\n    server_check:\n      path: /x\n      timeout: 90\n")) == [
            "t.yaml:6:16: timeout is seconds from 1 to 60, not 90",
        ])
        #expect(errorLines(form("  - name: a\n    server_check:\n      path: /x\n      lookup: name\n")) == [
            "t.yaml:6:15: \"name\" is not a JSON pointer (write /name or /items/0/price)",
        ])
        #expect(errorLines(form("  - name: a\n    server_check:\n      path: /x\n      body: { v: \"{value}\" }\n")) == [
            "t.yaml:6:7: a server_check body goes with method: POST (a GET sends the answer in the path or query)",
        ])
        #expect(errorLines(form("  - name: b\n  - name: a\n    server_check:\n      path: /x\n      defaults: { b: /b }\n")) == [
            "t.yaml:7:19: server_check defaults names \"b\", which is not after this field (a default only helps a field still to come)",
        ])
        #expect(errorLines(form("  - name: a\n    type: secret\n    server_check:\n      path: /x\n")) == [
            "t.yaml:5:5: a secret field can't have a server_check (its value never leaves the form but in the submission)",
        ])
    }

    @Test func theShippedPartOrderLoads() throws {
        let spec = try SampleFormTests.load("part-order")
        #expect(spec.fields.first { $0.name == "sku" }?.serverCheck?.lookup?.description == "/name")
    }
}
