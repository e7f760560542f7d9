import FormCore
import Testing

/// `submit.body`: the payload as plain JSON, a JSON:API document or an HTML form body.
@Suite struct RequestBodyTests {
    let payload = JSONValue.object([
        "username": .string("ann lee"),
        "age": .number("42"),
        "news": .bool(true),
        "spam": .bool(false),
        "note": .null,
        "empty": .string(""),
        "user": .object(["address": .object(["city": .string("Oslo & Bergen")])]),
        "items": .array([.object(["qty": .number("2")]), .object(["qty": .number("3")])]),
        "tags": .array([]),
    ])

    @Test func jsonIsTheDefaultAndAcceptListsEveryErrorTypeFormlineReads() {
        let body = RequestBody()
        #expect(body.format == .json)
        #expect(body.contentType == "application/json")
        #expect(body.accept == "application/json, application/problem+json, application/vnd.api+json")
        #expect(body.encode(.object(["a": .number("1")])) == #"{"a":1}"#)
    }

    @Test func jsonAPIWrapsThePayloadAsAResourceOfTheFormsType() {
        let body = RequestBody(format: .jsonapi, type: "signups")
        #expect(body.contentType == "application/vnd.api+json")
        #expect(body.accept.hasPrefix("application/vnd.api+json, "))
        #expect(body.encode(.object(["username": .string("ann")]))
            == #"{"data":{"attributes":{"username":"ann"},"type":"signups"}}"#)
    }

    @Test func formBodiesNestInTheBracketStyleRailsAndPHPRead() {
        let body = RequestBody(format: .form)
        #expect(body.contentType == "application/x-www-form-urlencoded")
        #expect(body.encode(payload) == [
            "age=42", "empty=", "items%5B0%5D%5Bqty%5D=2", "items%5B1%5D%5Bqty%5D=3", "news=true", "note=",
            "spam=false", "user%5Baddress%5D%5Bcity%5D=Oslo+%26+Bergen", "username=ann+lee",
        ].joined(separator: "&"))
    }

    @Test func formEncodingEscapesEverythingButUnreservedBytes() {
        #expect(FormEncoding.encode(.object(["k=&+": .string("é/ü?#%")])) == "k%3D%26%2B=%C3%A9%2F%C3%BC%3F%23%25")
    }
}
