import Testing
import FormCore

@Suite struct SubmissionClassifierTests {
    func classify(
        _ status: Int, _ body: String, contentType: String? = "application/json", location: String? = nil,
        dialect: ErrorDialect = .auto
    ) -> SubmissionResult {
        SubmissionClassifier.classify(status: status, contentType: contentType, body: Array(body.utf8), location: location, dialect: dialect)
    }

    @Test func accepted() {
        #expect(classify(201, #"{"id":1}"#) == .accepted(status: 201, summary: "id=1"))
        #expect(classify(200, #"{"id":"u_42","name":"x"}"#) == .accepted(status: 200, summary: "id=u_42"))
        #expect(classify(201, #"{"data":{"type":"users","id":"7"}}"#, contentType: "application/vnd.api+json") == .accepted(status: 201, summary: "id=7"))
        #expect(classify(204, "", contentType: nil) == .accepted(status: 204, summary: nil))
        #expect(classify(202, #"{"queued":true}"#) == .accepted(status: 202, summary: nil))
    }

    @Test func acceptedEvenWhenTheBodyIsNotJSON() {
        // The server said it took the form; calling that a failure would invite a duplicate.
        #expect(classify(200, "OK thanks!!", contentType: "text/plain") == .accepted(status: 200, summary: nil))
    }

    @Test func rejectedWhenTheBodyHoldsErrors() {
        #expect(classify(422, #"{"username":["taken"]}"#) == .rejected(status: 422, errors: [ServerError(path: [.key("username")], message: "taken")]))
        #expect(classify(409, #"{"detail":"Username already registered"}"#) == .rejected(status: 409, errors: [ServerError(path: nil, message: "Username already registered")]))
        #expect(classify(400, #"{"title":"x","status":400,"errors":{"Email":["bad"]}}"#, contentType: "application/problem+json")
            == .rejected(status: 400, errors: [ServerError(path: [.key("Email")], message: "bad")]))
    }

    @Test func rejectionStatusWithoutReadableErrorsFails() {
        #expect(classify(422, "Unprocessable Entity: bad form\n", contentType: "text/plain")
            == .failed(reason: "the server answered 422 Unprocessable Content but the body is not JSON (text/plain)"))
        #expect(classify(400, "", contentType: nil)
            == .failed(reason: "the server answered 400 Bad Request but the body is not JSON (empty body)"))
        #expect(classify(422, #"{"errors":{}}"#)
            == .failed(reason: "the server answered 422 Unprocessable Content but the body holds no errors in any known error format"))
        // A body outside the named dialect is read as `auto` would read it (issue 28 item 3).
        #expect(classify(422, #"{"username":["taken"]}"#, dialect: .jsonapi)
            == .rejected(status: 422, errors: [ServerError(path: [.key("username")], message: "taken")]))
    }

    @Test func otherStatusesFailWithOneLine() {
        #expect(classify(500, "<html><body>Oops</body></html>", contentType: "text/html")
            == .failed(reason: "the server answered 500 Internal Server Error (text/html)"))
        #expect(classify(401, #"{"message":"Unauthenticated."}"#)
            == .failed(reason: "the server answered 401 Unauthorized: Unauthenticated."))
        #expect(classify(403, #"{"detail":"You do not have\npermission."}"#)
            == .failed(reason: "the server answered 403 Forbidden: You do not have permission."))
        #expect(classify(404, "", contentType: "text/plain") == .failed(reason: "the server answered 404 Not Found (empty body)"))
        #expect(classify(599, "x", contentType: nil) == .failed(reason: "the server answered 599 (no content type)"))
        // A field error under a status that is not a rejection is still a failure: nothing typed is lost.
        #expect(classify(500, #"{"username":["taken"]}"#) == .failed(reason: "the server answered 500 Internal Server Error (application/json)"))
    }

    @Test func redirectsNameTheirLocation() {
        #expect(classify(302, "", contentType: nil, location: "https://login.example.net/sso?next=%2Fsignup")
            == .failed(reason: "the server redirected to https://login.example.net/sso?next=%2Fsignup (redirects are not followed)"))
        #expect(classify(307, "", contentType: nil)
            == .failed(reason: "the server answered 307 Temporary Redirect without a Location (redirects are not followed)"))
    }

    @Test func fakeTransportRejectionsReadBack() {
        // The shape FakeTransport writes: DRF full details.
        let body = #"{"non_field_errors":[{"code":"password_matches_username","message":"Password can't be the same as username"}],"username":[{"code":"unique","message":"taken"}]}"#
        #expect(classify(422, body) == .rejected(status: 422, errors: [
            ServerError(path: nil, message: "Password can't be the same as username", code: "password_matches_username"),
            ServerError(path: [.key("username")], message: "taken", code: "unique"),
        ]))
    }
}
