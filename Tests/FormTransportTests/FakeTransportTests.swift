import FormCore
import Testing
import FormRunner

@Suite struct FakeTransportTests {
    private func request(_ payload: [String: JSONValue]) -> TransportRequest {
        TransportRequest(method: "POST", path: "/signup", payload: .object(payload), idempotencyKey: "k")
    }

    @Test func acceptedIdsIncrement() throws {
        let fake = FakeTransport(fake: FakeSpec())
        let answers = try (0..<3).map { _ in try fake.send(request(["username": .string("a")])).get() }
        #expect(answers.map(\.status) == [201, 201, 201])
        #expect(answers.map(\.contentType) == ["application/json", "application/json", "application/json"])
        #expect(answers.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"id":1}"#, #"{"id":2}"#, #"{"id":3}"#])
        #expect(SubmissionClassifier.classify(status: answers[2].status, contentType: answers[2].contentType, body: answers[2].body, dialect: .auto)
            == .accepted(status: 201, summary: "id=3"))
    }

    @Test func rejectRulesAnswerInDRFShapeThatTheParserReadsBack() throws {
        let fake = FakeTransport(fake: FakeSpec(reject: [
            .init(when: Condition(field: "username", test: .equals("admin")), field: "username", code: "unique", message: "A user with that username already exists."),
            .init(when: Condition(field: "username", test: .equals("admin")), field: nil, code: "password_matches_username", message: "Password can't be the same as username"),
            .init(when: Condition(field: "username", test: .equals("root")), field: "username", code: "reserved", message: "never"),
        ]))
        let answer = try fake.send(request(["username": .string("admin")])).get()
        #expect(answer.status == 422)
        for dialect in [ErrorDialect.auto, .drf] {
            #expect(SubmissionClassifier.classify(status: answer.status, contentType: answer.contentType, body: answer.body, dialect: dialect)
                == .rejected(status: 422, errors: [
                    ServerError(path: nil, message: "Password can't be the same as username", code: "password_matches_username"),
                    ServerError(path: [.key("username")], message: "A user with that username already exists.", code: "unique"),
                ]))
        }
        // A rejection does not use up an id.
        #expect(String(decoding: try fake.send(request(["username": .string("ann")])).get().body, as: UTF8.self) == #"{"id":1}"#)
    }

    @Test func aRejectRuleNamingAGroupsFieldFiresPerItemInDRFsNestedListShape() throws {
        let fake = FakeTransport(fake: FakeSpec(reject: [
            .init(when: Condition(field: "lines.sku", test: .equals("XXX-0")), field: "lines.sku", code: "unknown_sku", message: "No such article"),
        ]))
        let lines = JSONValue.array([
            .object(["sku": .string("ABC-1")]), .object(["sku": .string("XXX-0")]), .object(["sku": .string("ABC-2")]),
        ])
        let answer = try fake.send(request(["lines": lines])).get()
        #expect(answer.status == 422)
        #expect(String(decoding: answer.body, as: UTF8.self)
            == #"{"lines":[{},{"sku":[{"code":"unknown_sku","message":"No such article"}]},{}]}"#)
        #expect(SubmissionClassifier.classify(status: answer.status, contentType: answer.contentType, body: answer.body, dialect: .auto)
            == .rejected(status: 422, errors: [
                ServerError(path: [.key("lines"), .index(1), .key("sku")], message: "No such article", code: "unknown_sku"),
            ]))
        #expect(try fake.send(request(["lines": .array([.object(["sku": .string("ABC-1")])])])).get().status == 201)
    }
}
