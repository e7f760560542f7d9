import FormCore
import Testing
@testable import FormOpenAPI

/// Defects found by trying documents in the shapes of generators the other tests don't use, and
/// hostile ones: one test each, failing before its fix.
@Suite struct ReviewFindingsTests {
    /// A C1 control (U+009B is CSI on many terminals) in a document's text must not reach a
    /// form file's comments raw: `import` prints them on the terminal.
    @Test func commentsCarryNoC1OrBidiControls() throws {
        let form = try RuleEdgeTests.form(#"{"type":"object","properties":{"p":{"type":"string","pattern":"[a-\u009b2J\u202e"},"k":{"type":"integer","enum":[1,"x\u009b2J"]}}}"#)
        let comments = form.yaml.split(separator: "\n").filter { $0.trimmingPrefix(while: { $0 == " " }).hasPrefix("#") }
        #expect(!comments.isEmpty)
        for line in comments {
            #expect(!line.unicodeScalars.contains { TextCleaning.isControl($0) || TextCleaning.isBidiControl($0) }, "\(line)")
        }
    }

    /// The reason an operation is refused, for a body that can't be a form.
    static func refusal(_ document: String, operation: String = "POST /x") -> String? {
        do {
            _ = try OpenAPIForms.formFile(from: Array(document.utf8), documentName: "t.json", operation: operation)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A body that is a `$ref` loop (A -> B -> A) is refused as a loop, not as "an object with
    /// no listed properties" (which would send the author looking for the wrong mistake).
    @Test func aBodyThatIsAReferenceLoopIsRefusedAsALoop() throws {
        let doc = ##"{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/A"}}}},"responses":{}}}},"components":{"schemas":{"A":{"$ref":"#/components/schemas/B"},"B":{"$ref":"#/components/schemas/A"}}}}"##
        let reason = try #require(Self.refusal(doc))
        #expect(reason.contains("leads back to itself"), "\(reason)")
        #expect(!reason.contains("no listed properties"), "\(reason)")
    }

    /// A body whose every property is left out says why each was (here: nested deeper than the
    /// 16-level bound), not only that none can be asked.
    @Test func aBodyWithNothingToAskSaysWhyEachPropertyWasLeftOut() throws {
        var schema = #"{"type":"string"}"#
        for i in 0..<20 { schema = #"{"type":"object","properties":{"p\#(i)":"# + schema + "}}" }
        let doc = #"{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"requestBody":{"content":{"application/json":{"schema":"# + schema + #"}}},"responses":{}}}}}"#
        let reason = try #require(Self.refusal(doc))
        #expect(reason.contains("no property of the body can be asked"), "\(reason)")
        #expect(reason.contains("\"p19.p18."), "\(reason)")
        #expect(reason.contains("16"), "\(reason)")
    }

    /// A parameter `$ref` to nothing (or one without `name`/`in`) is a problem with its pointer,
    /// not skipped without a word (a required query parameter could hide behind it).
    @Test func anUnreadableParameterIsAProblem() throws {
        let doc = ##"{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"parameters":[{"$ref":"#/components/parameters/Nope"},{"in":"query"}],"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"a":{"type":"string"}}}}}},"responses":{}}}}}"##
        let form = try OpenAPIForms.formFile(from: Array(doc.utf8), documentName: "t.json", operation: "POST /x")
        #expect(form.problems.map(\.pointer) == ["/paths/~1x/post/parameters/0", "/paths/~1x/post/parameters/1"])
        #expect(form.problems.first?.message.contains("points at nothing") == true, "\(form.problems)")
        #expect(form.yaml.contains("# a parameter is left out"), "\(form.yaml)")
    }

    /// A `const` that is not text (`const: 5`, `const: true`) is a rule the form can't enforce:
    /// a problem and help, never silently dropped.
    @Test func aNonTextConstIsAProblemNotDropped() throws {
        let form = try RuleEdgeTests.form(#"{"type":"object","properties":{"c":{"const":5},"t":{"type":"boolean","const":true}}}"#)
        #expect(form.problems.map(\.pointer) == [RuleEdgeTests.at + "c/const", RuleEdgeTests.at + "t/const"])
        let spec = try TranslationTests.spec(form)
        #expect(spec.field(named: "c")?.help == "Must be 5")
    }

    /// Two operations with one operationId (the document breaks OpenAPI's uniqueness rule): the
    /// id names neither, so it is refused with both, never the first taken silently.
    @Test func aDuplicateOperationIdIsRefusedNamingBoth() throws {
        let body = #"{"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"a":{"type":"string"}}}}}},"responses":{},"operationId":"dup"}"#
        let doc = #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/one":{"post":"# + body + #"},"/two":{"post":"# + body + "}}}"
        let reason = try #require(Self.refusal(doc, operation: "dup"))
        #expect(reason.contains("POST /one") && reason.contains("POST /two"), "\(reason)")
        #expect(Self.refusal(doc, operation: "POST /two") == nil)
    }

    /// A request body `$ref` that points at nothing is named as such, not as "no request body".
    @Test func aBrokenRequestBodyReferenceIsNamed() throws {
        let doc = ##"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"requestBody":{"$ref":"#/components/requestBodies/Nope"},"responses":{}}}}}"##
        let reason = try #require(Self.refusal(doc))
        #expect(reason.contains("points at nothing"), "\(reason)")
    }
}
