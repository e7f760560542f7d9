import Testing
@testable import FormCore

/// `submit.prefer_errors` (what `fill --openapi` guesses from documented error responses): an
/// answer that fits the preferred dialect is read as it; one whose media type names another
/// dialect, or that does not fit, is read by `auto`. A named `errors` dialect stays strict.
@Suite struct PreferredDialectTests {
    /// fastapi-problem-details' answers (Tests/RealServers/fastapi_problem/fixtures): the app's
    /// document still says 422 is FastAPI's `HTTPValidationError`.
    static let problemTaken = #"{"type":"about:blank","title":"Unprocessable Entity","status":422,"detail":"Request validation failed","errors":[{"type":"unique","loc":["body","username"],"msg":"A user with that username already exists.","input":"admin"}]}"#
    static let problemClosed = #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"Sign-ups from this account are closed."}"#

    func classify(_ status: Int, _ body: String, contentType: String, submit: SubmitSpec) -> SubmissionResult {
        SubmissionClassifier.classify(status: status, contentType: contentType, body: Array(body.utf8), submit: submit)
    }

    @Test func aGuessedDialectYieldsToTheMediaTypeTheServerNames() {
        let preferring = SubmitSpec(errors: .auto, preferredErrors: .fastapi)
        let taken = ServerError(path: [.key("username")], message: "A user with that username already exists.", code: "unique")
        #expect(classify(422, Self.problemTaken, contentType: "application/problem+json", submit: preferring)
            == .rejected(status: 422, errors: [taken]))
        #expect(classify(400, Self.problemClosed, contentType: "application/problem+json", submit: preferring)
            == .rejected(status: 400, errors: [ServerError(path: nil, message: "Sign-ups from this account are closed.")]))
        // The same answer read strictly as fastapi (a form file's `errors: fastapi`) gives only the
        // detail string; the field error it leaves out is read by structure beside it (issue 28),
        // its `body` dropped by the mapper as a wrapper.
        let strict = SubmitSpec(errors: .fastapi)
        #expect(classify(422, Self.problemTaken, contentType: "application/problem+json", submit: strict)
            == .rejected(status: 422, errors: [ServerError(path: nil, message: "Request validation failed"), Self.structuralTaken]))
    }

    @Test func anAnswerThatFitsThePreferenceIsReadAsIt() throws {
        let body = #"{"detail":[{"type":"unique","loc":["body","username"],"msg":"taken"}]}"#
        let preferring = SubmitSpec(errors: .auto, preferredErrors: .fastapi)
        #expect(classify(422, body, contentType: "application/json", submit: preferring)
            == .rejected(status: 422, errors: [ServerError(path: [.key("username")], message: "taken", code: "unique")]))
        // Where more than one dialect claims an answer, the preferred one wins over auto's order.
        let json = try #require(JSONValue.parse(Array(#"{"detail":"Not allowed."}"#.utf8)))
        #expect(DialectDetection.claim(contentType: "application/json", json: json).dialect == .fastapi)
        #expect(DialectDetection.preferredClaim(.drf, contentType: "application/json", json: json)?.dialect == .drf)
    }

    @Test func anAnswerThatDoesNotFitThePreferenceIsReadByAuto() throws {
        // drf-standardized-errors' shape, plain application/json, a fastapi guess: auto reads it.
        let body = #"{"type":"validation_error","errors":[{"code":"unique","detail":"taken","attr":"username"}]}"#
        let json = try #require(JSONValue.parse(Array(body.utf8)))
        #expect(DialectDetection.preferredClaim(.fastapi, contentType: "application/json", json: json) == nil)
        let preferring = SubmitSpec(errors: .auto, preferredErrors: .fastapi)
        #expect(classify(400, body, contentType: "application/json", submit: preferring)
            == .rejected(status: 400, errors: [ServerError(path: [.key("username")], message: "taken", code: "unique")]))
        // The same with auto alone: the preference changed nothing here.
        #expect(classify(400, body, contentType: "application/json", submit: SubmitSpec(errors: .auto))
            == classify(400, body, contentType: "application/json", submit: preferring))
    }

    @Test func aPreferenceIsIgnoredBesideANamedDialect() {
        var submit = SubmitSpec(errors: .fastapi)
        submit.preferredErrors = .problem
        #expect(classify(422, Self.problemTaken, contentType: "application/problem+json", submit: submit)
            == .rejected(status: 422, errors: [ServerError(path: nil, message: "Request validation failed"), Self.structuralTaken]))
    }

    /// The field error of `problemTaken` as the structural reader finds it.
    static let structuralTaken = ServerError(path: [.key("body"), .key("username")], message: "A user with that username already exists.", code: "unique")
}
