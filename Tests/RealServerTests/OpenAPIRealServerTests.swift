import Foundation
import Testing

/// `fill --openapi` with the documents the stock apps publish (FastAPI, django-ninja, DRF with
/// drf-spectacular, FastAPI with fastapi-problem-details, DRF with drf-standardized-errors; kept
/// as fixtures by Tests/RealServers/openapi.py), through the real binary
/// against each live app: a rule the schema states is refused at the prompt before anything is
/// sent, a rule only the server knows (the username `admin` is taken) comes back and lands on
/// its field, and the corrected submission is accepted.
@Suite("OpenAPI documents of real servers")
struct OpenAPIRealServerTests {
    /// The apps whose framework publishes an OpenAPI document, and each one's signup operation.
    static let apps: [(app: String, operation: String)] = [
        ("fastapi", "signup_api_signup_post"), ("ninja", "POST /api/signup"), ("drf", "signup"),
        // Error renderers that change the answers' shape: fastapi-problem-details answers
        // problem+json, drf-standardized-errors its own list (the form's dialect is a preference
        // guessed from the document, so either is read onto its field).
        ("fastapi_problem", "signup_api_signup_post"), ("drf_standardized", "signup"),
    ]

    static func document(_ app: String) -> String {
        RealServerCase.fixturesRoot.appendingPathComponent("\(app)/openapi.json").path
    }

    @Test("each fixture is an OpenAPI document whose signup operation formline lists")
    func documentsList() throws {
        for (app, operation) in Self.apps {
            let result = try FormlineProcess.run(["operations", Self.document(app)], lines: [])
            #expect(result.status == 0, "\(app): \(result.output)")
            // One line per operation with a body (the apps also have /api/receipt; the FastAPI app
            // also takes the server checks' /api/orders), in document order.
            let rows = result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            #expect(rows.count == (app == "fastapi" ? 3 : 2), "\(app): \(result.output)")
            let words = rows.first { Array($0.prefix(2)) == ["POST", "/api/signup"] } ?? []
            #expect(!words.isEmpty, "\(app): \(result.output)")
            if !operation.hasPrefix("POST ") { #expect(words.dropFirst(2).first == operation, "\(app): \(result.output)") }
        }
    }

    @Test("fill --openapi against the live app: a schema rule inline, a server rule on its field, accepted",
          .disabled(if: RealServerEnvironment.skipped, "FORMLINE_SKIP_REAL_SERVERS=1"),
          arguments: OpenAPIRealServerTests.apps.map(\.app))
    func fill(_ app: String) throws {
        guard let port = RealServerEnvironment.port(of: app) else {
            Issue.record("\(RealServerEnvironment.portVariable(app)) is not set: run under Tests/RealServers/start.py")
            return
        }
        let operation = try #require(Self.apps.first { $0.app == app }?.operation)
        // username "ab" (minLength 3: refused here), then "admin" (taken: only the server knows),
        // email, password, age left out, Enter at the review; then the corrected username, Enter.
        let lines = ["ab", "admin", "new@example.com", "s3cretpass", "", "", "newuser", ""]
        let result = try FormlineProcess.run(
            ["fill", "--openapi", Self.document(app), "--operation", operation, "--keep-asking",
             "--endpoint", "http://127.0.0.1:\(port)"], lines: lines)
        #expect(!result.timedOut)
        let output = result.output
        let context = Comment(rawValue: "formline's output:\n\(output)")
        // The label is the schema's title, or the property name where the generator writes none.
        let seen = output.lowercased()
        #expect(seen.contains("username: ab\n  ! at least 3 characters\nusername: admin\n"), context)
        let transcript = FillTranscript(output)
        #expect(transcript.submissions.count == 2, context)
        #expect(transcript.submissions.first?.hasPrefix("rejected (") == true, context)
        #expect(transcript.fieldErrors.map(\.field) == ["username"], context)
        #expect(transcript.fieldErrors.first?.message.contains("already exists") == true, context)
        #expect(seen.contains("username [admin]: newuser\n"), context)
        #expect(transcript.submissions.last?.hasPrefix("accepted (201)") == true, context)
        #expect(result.status == 0, context)
    }
}
