import Testing
@testable import FormOpenAPI

/// A generated document of thousands of operations is read in one pass: no operation's form
/// costs work proportional to the whole document more than once.
@Suite struct LargeDocumentTests {
    static func document(operations: Int) -> [UInt8] {
        var paths: [String] = [], schemas: [String] = []
        for i in 0..<operations {
            schemas.append(##""Item\##(i)":{"type":"object","required":["name"],"properties":{"name":{"type":"string","maxLength":100,"title":"Name"},"age":{"type":"integer","minimum":0},"address":{"$ref":"#/components/schemas/Address"},"kind":{"enum":["x","y"]}}}"##)
            paths.append(##""/items\##(i)/{id}":{"put":{"operationId":"update\##(i)","parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],"requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Item\##(i)"}}}},"responses":{}}}"##)
        }
        schemas.append(##""Address":{"type":"object","properties":{"city":{"type":"string"}}}"##)
        let text = #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"# + paths.joined(separator: ",")
            + #"},"components":{"schemas":{"# + schemas.joined(separator: ",") + "}}}"
        return Array(text.utf8)
    }

    @Test func twoThousandOperationsListAndTranslateQuickly() throws {
        let bytes = Self.document(operations: 2_000)
        let clock = ContinuousClock()
        let start = clock.now
        let ops = try OpenAPIForms.operations(in: bytes)
        let form = try OpenAPIForms.formFile(from: bytes, documentName: "big.json", operation: "update1999")
        let elapsed = clock.now - start
        #expect(ops.count == 2_000)
        #expect(form.yaml.contains("  path: \"/items1999/{id}\""))
        // Debug build, busy 2-core machine: generous, but far below quadratic behaviour.
        #expect(elapsed < .seconds(10))
    }
}
