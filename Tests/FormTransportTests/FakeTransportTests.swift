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

    /// Issue 35 item 17: the fake answers in the form's declared dialect or described shape, and
    /// reading that answer as the form says gives the rules' errors (an item's field, a non-field
    /// error); `auto` keeps DRF's shape with 422.
    @Test(arguments: ErrorDialect.allCases)
    func theFakeAnswersInTheFormsDeclaredDialect(dialect: ErrorDialect) throws {
        try expectAnswerReadsBack(SubmitSpec(errors: dialect), status: dialect == .auto ? 422 : nil)
    }

    @Test func theFakeAnswersInTheFormsDescribedShape() throws {
        let shape = ErrorShape(list: ["errors"], path: ["field"], pathSyntax: .bracket, message: ["text"], code: ["kind"])
        try expectAnswerReadsBack(SubmitSpec(errorShape: shape), status: 422)
    }

    private func expectAnswerReadsBack(_ submit: SubmitSpec, status: Int?) throws {
        let fake = FakeTransport(fake: FakeSpec(reject: [
            .init(when: Condition(field: "lines.sku", test: .equals("XXX-0")), field: "lines.sku", code: "unknown_sku", message: "No such article"),
            .init(when: Condition(field: "supplier", test: .equals("nobody")), field: nil, code: "closed", message: "Receipts are closed"),
        ]), submit: submit)
        let lines = JSONValue.array([.object(["sku": .string("ABC-1")]), .object(["sku": .string("XXX-0")])])
        let answer = try fake.send(request(["lines": lines, "supplier": .string("nobody")])).get()
        if let status { #expect(answer.status == status) }
        guard case .rejected(_, let errors) = SubmissionClassifier.classify(
            status: answer.status, contentType: answer.contentType, body: answer.body, submit: submit) else {
            Issue.record("not read as a rejection: \(String(decoding: answer.body, as: UTF8.self))")
            return
        }
        let codeless: Set<ErrorDialect> = [.laravel, .rails, .aspnet]
        let keepsCodes = submit.errorShape != nil || !codeless.contains(submit.errors)
        let sku: [ServerError.PathComponent] = submit.errors == .aspnet ? [.key("Lines"), .index(1), .key("Sku")] : [.key("lines"), .index(1), .key("sku")]
        #expect(Set(errors.map(\.description)) == [
            ServerError(path: sku, message: "No such article", code: keepsCodes ? "unknown_sku" : nil).description,
            ServerError(path: nil, message: "Receipts are closed", code: keepsCodes ? "closed" : nil).description,
        ])
    }
}
