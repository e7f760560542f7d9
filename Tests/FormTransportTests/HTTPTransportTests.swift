import DemoServer
import FormCore
import Foundation
import Testing
import FormRunner
@testable import FormTransport

/// The signup form the demo server's rejections are mapped onto.
private let signupSpec = FormSpec(
    id: "signup",
    fields: [
        Field(name: "username"),
        Field(name: "email"),
        Field(name: "password", type: .secret, serverCodes: ["password_matches_username"]),
    ])

@Suite(.serialized, .timeLimit(.minutes(1))) struct HTTPTransportTests {
    @Test func acceptedWithHeadersAndBody() async throws {
        try await withDemoServer { port, server in
            let request = signupRequest("alice", key: "2b7c0f1e-attempt-1")
            let result = try await withTransport(
                "http://127.0.0.1:\(port)/drf",
                headers: [("Authorization", "Bearer s3cr3t"), ("X-Request-Source", "formline-tests")]
            ) { await $0.send(request) }
            #expect(result.classified() == .accepted(status: 201, summary: "id=1"))
            let received = try #require(server.requests.last)
            #expect(received.method == "POST")
            #expect(received.path == "/drf/signup")
            #expect(received.header("Accept") == "application/json, application/problem+json, application/vnd.api+json")
            #expect(received.header("Content-Type") == "application/json")
            #expect(received.header("Idempotency-Key") == "2b7c0f1e-attempt-1")
            #expect(received.header("Authorization") == "Bearer s3cr3t")
            #expect(received.header("X-Request-Source") == "formline-tests")
            #expect(received.bodyText == request.payload.compactText)
            #expect(received.bodyText == #"{"email":"alice@example.net","password":"correct horse","username":"alice"}"#)
        }
    }

    @Test func retryingTheSameAttemptKeepsTheIdempotencyKey() async throws {
        try await withDemoServer { port, server in
            let first = signupRequest("bob", key: "attempt-A")
            let results = try await withTransport("http://127.0.0.1:\(port)/rails") { transport in
                [await transport.send(first), await transport.send(first), await transport.send(signupRequest("bob", key: "attempt-B"))]
            }
            #expect(server.requests.all.map { $0.header("Idempotency-Key") } == ["attempt-A", "attempt-A", "attempt-B"])
            // The demo honours the key: the retry gets the first answer again, not a second account.
            #expect(results.map { $0.classified() } == [
                .accepted(status: 201, summary: "id=1"), .accepted(status: 201, summary: "id=1"), .accepted(status: 201, summary: "id=2"),
            ])
        }
    }

    @Test func operatorHeadersReplaceOursOfTheSameName() async throws {
        try await withDemoServer { port, server in
            _ = try await withTransport("http://127.0.0.1:\(port)/drf", headers: [("accept", "application/vnd.api+json")]) {
                await $0.send(signupRequest("carol"))
            }
            let received = try #require(server.requests.last)
            #expect(received.headers.filter { $0.name.lowercased() == "accept" }.map(\.value) == ["application/vnd.api+json"])
        }
    }

    @Test func basePathIsKeptWithoutADoubleSlash() async throws {
        try await withDemoServer { port, server in
            _ = try await withTransport("http://127.0.0.1:\(port)/fastapi/") { transport in
                [await transport.send(signupRequest("dave", key: "k1")), await transport.send(signupRequest("dave", key: "k2", path: "v2/signup"))]
            }
            #expect(server.requests.all.map(\.path) == ["/fastapi/signup", "/fastapi/v2/signup"])
        }
    }

    @Test(arguments: DemoServer.dialects)
    func eachDialectsRejectionIsParsedAndPlaced(_ dialect: ErrorDialect) async throws {
        try await withDemoServer { port, _ in
            let result = try await withTransport("http://127.0.0.1:\(port)/\(dialect.rawValue)") {
                await $0.send(signupRequest("admin", password: "admin"))
            }
            let response = try result.get()
            guard case .rejected(let status, let errors) = result.classified() else {
                Issue.record("\(dialect): not a rejection: \(result.classified())")
                return
            }
            #expect([400, 422].contains(status))
            #expect(errors.count == 2)
            // The forced dialect reads the same body the same way as auto-detection.
            #expect(result.classified(dialect: dialect) == .rejected(status: status, errors: errors))
            #expect(response.contentType?.contains(";") == false)

            let placement = ServerErrorMapper.place(errors, in: signupSpec, visibleFields: ["username", "email", "password"])
            #expect(placement.fieldErrors["username"]?.count == 1, "\(dialect): \(placement)")
            switch dialect {
            case .rails, .aspnet:
                // No error codes in these dialects: the non-field error stays in the banner.
                #expect(placement.banner.count == 1 && placement.fieldErrors["password"] == nil, "\(dialect): \(placement)")
            case .drf, .laravel, .problem, .jsonapi, .fastapi, .list:
                // By its code (Laravel: its `different:username` rule reports on `password`).
                #expect(placement.fieldErrors["password"]?.count == 1 && placement.banner.isEmpty, "\(dialect): \(placement)")
            default:
                Issue.record("\(dialect): no expectation written for this dialect")
            }
        }
    }

    @Test(arguments: DemoServer.dialects)
    func eachDialectAcceptsAGoodSignup(_ dialect: ErrorDialect) async throws {
        try await withDemoServer { port, _ in
            let result = try await withTransport("http://127.0.0.1:\(port)/\(dialect.rawValue)") { await $0.send(signupRequest("erin")) }
            #expect(result.classified() == .accepted(status: 201, summary: "id=1"))
        }
    }

    @Test func refusedConnection() async throws {
        try await withRefusingPort { closedPort in
            let started = ContinuousClock.now
            let result = try await withTransport("http://127.0.0.1:\(closedPort)/drf", timeout: .seconds(10)) { await $0.send(signupRequest("x")) }
            #expect(result == .failure(.refused))
            #expect(ContinuousClock.now - started < .seconds(3), "a refused connection fails at once, not at the deadline")
        }
    }

    @Test func tlsToAPlainHTTPServerFailsWithOneLine() async throws {
        try await withDemoServer { port, _ in
            let result = try await withTransport("https://127.0.0.1:\(port)/drf") { await $0.send(signupRequest("x")) }
            guard case .failure(.error(let reason)) = result else {
                Issue.record("expected a TLS failure, got \(result)")
                return
            }
            #expect(reason == "the TLS handshake with 127.0.0.1:\(port) failed: the server does not speak TLS here (is it plain http?)")
        }
    }

    @Test func slowServerTimesOut() async throws {
        try await withDemoServer(slowDelay: .seconds(20)) { port, _ in
            let started = ContinuousClock.now
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/slow", timeout: .milliseconds(400)) {
                await $0.send(signupRequest("x"))
            }
            #expect(result == .failure(.timeout))
            #expect(ContinuousClock.now - started < .seconds(10), "the timeout bounds the whole exchange")
        }
    }

    /// Issue 18, item 3: headers at once, then a byte every 100 ms. No single read is slow, so
    /// only the one deadline over the whole exchange (body included) ends it.
    @Test func trickledBodyTimesOut() async throws {
        try await withDemoServer { port, _ in
            let started = ContinuousClock.now
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/trickle", timeout: .milliseconds(800)) {
                await $0.send(signupRequest("x"))
            }
            #expect(result == .failure(.timeout))
            let elapsed = ContinuousClock.now - started
            #expect(elapsed >= .milliseconds(800) && elapsed < .seconds(4), "took \(elapsed); the whole body takes 40 s")
        }
    }

    @Test func html500() async throws {
        try await withDemoServer { port, _ in
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/html500") { await $0.send(signupRequest("x")) }
            #expect(try result.get().contentType == "text/html")
            #expect(result.classified() == .failed(reason: "the server answered 500 Internal Server Error (text/html)"))
        }
    }

    @Test func garbage200IsAcceptedWithoutSummary() async throws {
        try await withDemoServer { port, _ in
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/garbage200") { await $0.send(signupRequest("x")) }
            #expect(result.classified() == .accepted(status: 200, summary: nil))
        }
    }

    @Test func redirectIsNotFollowed() async throws {
        try await withDemoServer { port, server in
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/redirect") { await $0.send(signupRequest("x")) }
            #expect(try result.get().status == 302)
            #expect(result.classified() == .failed(reason: "the server redirected to https://login.demo.formline.invalid/sso?next=%2Fsignup (redirects are not followed)"))
            #expect(server.requests.all.count == 1)
        }
    }

    @Test func unparseable422() async throws {
        try await withDemoServer { port, _ in
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/unparseable422") { await $0.send(signupRequest("x")) }
            #expect(result.classified() == .failed(reason: "the server answered 422 Unprocessable Content but the body is not JSON (text/plain)"))
        }
    }

    @Test(arguments: ["oversized", "oversized-chunked"])
    func oversizedBody(_ route: String) async throws {
        try await withDemoServer { port, _ in
            let result = try await withTransport("http://127.0.0.1:\(port)/fault/\(route)") { await $0.send(signupRequest("x")) }
            #expect(result == .failure(.error("the response was larger than 1 MiB")))
        }
    }

    @Test func sendAfterShutdownFailsAndShutdownIsIdempotent() async throws {
        let transport = try HTTPTransport(endpoint: "http://127.0.0.1:9/x", headers: [], timeout: .seconds(1))
        await offPool {
            transport.shutdown()
            transport.shutdown()
        }
        let result = await transport.send(signupRequest("x"))
        #expect(result == .failure(.error("the HTTP client was already shut down")))
    }
}

@Suite struct HTTPTransportConfigurationTests {
    @Test(arguments: [
        ("ftp://example.net/x", "the URL must start with http:// or https:// (not ftp://)"),
        ("localhost:8080", "the URL must start with http:// or https://"),
        ("http://", "the URL has no host"),
        ("http://:8080/x", "the URL has no host"),
        ("https://user:pw@example.net", "credentials do not belong in the URL; pass them with --header"),
        ("http://example.net:99999", "the port 99999 is not valid (1-65535)"),
        ("http://example.net/a b", "the URL must not contain spaces"),
        ("http://example.net/x?y=1", "the URL must not have a query or fragment (the form's submit path is appended to it)"),
    ])
    func badEndpoints(_ endpoint: String, _ message: String) {
        #expect(throws: HTTPTransportError(message)) {
            try HTTPTransport(endpoint: endpoint, headers: [], timeout: .seconds(1))
        }
    }

    @Test func goodEndpoints() throws {
        for endpoint in ["http://127.0.0.1:8080", "https://api.example.net/v1/", "HTTPS://EXAMPLE.NET", "http://[::1]:8080/api"] {
            _ = try HTTPTransport(endpoint: endpoint, headers: [], timeout: .seconds(1))
        }
        #expect(throws: HTTPTransportError("the timeout must be more than 0 seconds")) {
            try HTTPTransport(endpoint: "http://h", headers: [], timeout: .zero)
        }
    }

    @Test func joiningEndpointAndPath() throws {
        #expect(HTTPTransport.join("http://h/base", "/signup") == "http://h/base/signup")
        #expect(HTTPTransport.join("http://h/base/", "/signup") == "http://h/base/signup")
        #expect(HTTPTransport.join("http://h/base", "signup") == "http://h/base/signup")
        #expect(HTTPTransport.join("http://h", "/") == "http://h/")
        #expect(HTTPTransport.join("http://h/api", "") == "http://h/api")
    }

    @Test func tlsReasons() {
        let text = "handshakeFailed(NIOSSL.BoringSSLError.sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /x/y.c:42]))"
        #expect(HTTPTransport.tlsReason(text) == "the server's certificate is not trusted")
        #expect(HTTPTransport.tlsReason("x OPENSSL_internal:TLSV1_ALERT_PROTOCOL_VERSION at y") == "tlsv1 alert protocol version")
        #expect(HTTPTransport.tlsReason("failedToValidateHostname(expectedName: \"a\")") == "the certificate is not for this host name")
    }

    @Test func contentTypeWithoutParameters() {
        #expect(MediaType.of("application/json; charset=utf-8") == "application/json")
        #expect(MediaType.of(" Application/Problem+JSON ;charset=UTF-8") == "application/problem+json")
    }
}

@Suite(.serialized, .timeLimit(.minutes(1))) struct HTTPTransportCancellationTests {
    @Test func cancellingTheTaskStopsAWaitingSend() async throws {
        try await withDemoServer(slowDelay: .seconds(20)) { port, _ in
            let transport = try HTTPTransport(endpoint: "http://127.0.0.1:\(port)/fault/slow", headers: [], timeout: .seconds(30))
            let started = ContinuousClock.now
            let sending = Task { await transport.send(signupRequest("x")) }
            try await Task.sleep(for: .milliseconds(200))
            sending.cancel()
            let result = await sending.value
            #expect(result == .failure(.error("the request was cancelled")))
            #expect(ContinuousClock.now - started < .seconds(10), "cancelled long before the server answers")
            await offPool { transport.shutdown() }
        }
    }
}

/// A transport to the demo server for an async body (`send` is async), shut down when it ends.
func withTransport<T: Sendable>(
    _ endpoint: String, headers: [(name: String, value: String)] = [], timeout: Duration = .seconds(5),
    _ body: @escaping @Sendable (HTTPTransport) async -> T
) async throws -> T {
    let transport = try HTTPTransport(endpoint: endpoint, headers: headers, timeout: timeout)
    let result = await body(transport)
    await offPool { transport.shutdown() }
    return result
}
