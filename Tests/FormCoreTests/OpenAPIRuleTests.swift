import FormCore
import Testing

/// The field rules issue 21 added for OpenAPI schemas: uuid, uri, exclusive bounds, nullable,
/// and path parameters in `submit.path`.
@Suite struct OpenAPIRuleTests {
    func message(_ field: Field, _ input: String) -> String? {
        if case .failure(let e) = field.parse(input) { e.description } else { nil }
    }

    @Test func uuid() throws {
        let f = Field(name: "key", type: .uuid)
        #expect(try f.parse("F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6").get() == .text("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"))
        #expect(try f.parse("00000000-0000-0000-0000-000000000000").get() == .text("00000000-0000-0000-0000-000000000000"))
        for bad in ["f81d4fae7dec11d0a76500a0c91e6bf6", "f81d4fae-7dec-11d0-a765-00a0c91e6bfg", "{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}", "f81d4fae-7dec-11d0-a765-00a0c91e6bf"] {
            #expect(message(f, bad) == "Enter a UUID like f81d4fae-7dec-11d0-a765-00a0c91e6bf6 (8-4-4-4-12 hex digits)")
        }
    }

    @Test func uriIsAnyAbsoluteURINotOnlyTheWeb() throws {
        let f = Field(name: "u", type: .uri)
        for good in ["https://example.com/a?b=c#d", "mailto:ada@example.com", "urn:isbn:0451450523", "ftp://x/%20y", "tag:example.com,2024:x"] {
            #expect(try f.parse(good).get() == .text(good))
        }
        #expect(message(f, "example.com/x") == "Enter a URI with its scheme, like https://example.com/x or mailto:a@example.com")
        #expect(message(f, "1http://x") == "Enter a URI with its scheme, like https://example.com/x or mailto:a@example.com")
        #expect(message(f, "http:") == "Enter a URI with its scheme, like https://example.com/x or mailto:a@example.com")
        #expect(message(f, "http://x/a b") == "A URI can't contain spaces: write %20")
        #expect(message(f, "http://x/å") == "\"å\" can't be in a URI as it is: percent-encode it")
        #expect(message(f, "http://x/%2") == "% in a URI must be followed by two hex digits (%20)")
        #expect(FieldType.uri.isTextual)
    }

    @Test func exclusiveBoundsRefuseTheBoundItself() throws {
        var f = Field(name: "price", type: .decimal, minNumber: DecimalText("0"), maxNumber: DecimalText("100"))
        f.minimumIsExclusive = true
        #expect(message(f, "0") == "Must be more than 0")
        #expect(message(f, "-1") == "Must be more than 0")
        #expect(try f.parse("0.01").get() == .number("0.01"))
        #expect(try f.parse("100").get() == .number("100"))
        f.maximumIsExclusive = true
        #expect(message(f, "100") == "Must be less than 100")
        #expect(message(f, "0.00") == "Must be more than 0")
    }

    @Test func anEmptyNullableFieldIsSentAsNull() {
        var nickname = Field(name: "user.nickname", required: false)
        nickname.sendsNullWhenEmpty = true
        let bio = Field(name: "bio", required: false)
        let payload = Payload.build(fields: [nickname, bio], values: [:])
        #expect(payload == .object(["user": .object(["nickname": .null])]))
        #expect(Payload.build(fields: [nickname], values: ["user.nickname": .text("Ada")]) == .object(["user": .object(["nickname": .string("Ada")])]))
    }

    @Test func pathPlaceholdersTakeTheirFieldsValuesEncoded() {
        #expect(SubmitPath.fieldNames(in: "/a/{x}/b/{y}/{x}") == ["x", "y"])
        #expect(SubmitPath.fill("/users/{id}/keys/{name}", values: ["id": .number("42"), "name": .text("a b/ø")])
            == "/users/42/keys/a%20b%2F%C3%B8")
        #expect(SubmitPath.fill("/no/{placeholder", values: [:]) == "/no/{placeholder")
    }

    @Test func aPathFieldGoesInThePathNotTheBodyAndChangingItIsAChange() {
        let spec = FormSpec(
            id: "p", fields: [Field(name: "user_id", type: .integer), Field(name: "note")],
            submit: SubmitSpec(method: .PUT, path: "/users/{user_id}"))
        var h = WizardHarness(spec)
        h.type("7", "hello", "")
        #expect(h.submissions.count == 1)
        #expect(h.submissions[0].path == "/users/7")
        #expect(h.submissions[0].payload == .object(["note": .string("hello")]))
        h.respond(.rejected(status: 422, errors: [ServerError(path: [.key("user_id")], message: "No such user.")]))
        h.type("8", "")
        #expect(h.submissions.count == 2)
        #expect(h.submissions[1].path == "/users/8")
        #expect(h.submissions[1].payload == .object(["note": .string("hello")]))
    }
}
