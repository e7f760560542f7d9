import Foundation
import Testing

/// The receipt (`POST /api/receipt`, a list of lines with a sku and a qty;
/// Tests/RealServers/README.md, "Every app also serves") filled through the real binary against
/// each live app: an unknown sku on the second line is only the server's to know, so the first
/// submission is rejected with the error on exactly that line's sku; only that field is asked
/// again, and the corrected receipt is accepted. Once from the receipt form file
/// (`Tests/RealServers/receipt.yaml`, Rails' and JSON:API's own), once from the OpenAPI document
/// the framework publishes (`fill --openapi`).
@Suite("Receipts on real servers")
struct ReceiptRealServerTests {
    static let apps = ["drf", "drf_standardized", "drf_jsonapi", "fastapi", "fastapi_problem", "ninja", "express", "symfony", "rails",
                       "flask_smorest", "apiflask", "litestar"]

    /// The apps whose framework publishes an OpenAPI document, and each one's receipt operation.
    static let openAPIApps: [(app: String, operation: String)] = [
        ("fastapi", "receipt_api_receipt_post"), ("ninja", "POST /api/receipt"), ("drf", "receipt"),
    ]

    /// Line 1 ABC-1 x 3, line 2 XYZ-9 (unknown) x 5, an empty sku to end the list, Enter at the
    /// review; then the second line's sku again, Enter.
    static let lines = ["ABC-1", "3", "XYZ-9", "5", "", "", "ABC-2", ""]

    static func form(for app: String) -> String {
        let own = RealServerCase.fixturesRoot.appendingPathComponent("\(app)/receipt.yaml").path
        return FileManager.default.fileExists(atPath: own) ? own : RealServerCase.fixturesRoot.appendingPathComponent("receipt.yaml").path
    }

    @Test("the receipt form: a per-line server error lands on that line's field, only it is asked again, then accepted",
          .disabled(if: RealServerEnvironment.skipped, "FORMLINE_SKIP_REAL_SERVERS=1"),
          arguments: ReceiptRealServerTests.apps)
    func formFile(_ app: String) throws {
        guard let port = RealServerEnvironment.port(of: app) else {
            Issue.record("\(RealServerEnvironment.portVariable(app)) is not set: run under Tests/RealServers/start.py")
            return
        }
        let result = try FormlineProcess.run(
            ["fill", Self.form(for: app), "--keep-asking", "--endpoint", "http://127.0.0.1:\(port)"], lines: Self.lines)
        Self.checkSecondLineRejectedThenAccepted(result, app: app, reviewLine: "Line 2: XYZ-9 x 5", prompt: "Line 2: SKU [XYZ-9]: ABC-2")
    }

    @Test("fill --openapi with the published document: the same receipt, the error on the second line's sku",
          .disabled(if: RealServerEnvironment.skipped, "FORMLINE_SKIP_REAL_SERVERS=1"),
          arguments: ReceiptRealServerTests.openAPIApps.map(\.app))
    func openAPI(_ app: String) throws {
        guard let port = RealServerEnvironment.port(of: app) else {
            Issue.record("\(RealServerEnvironment.portVariable(app)) is not set: run under Tests/RealServers/start.py")
            return
        }
        let operation = try #require(Self.openAPIApps.first { $0.app == app }?.operation)
        let result = try FormlineProcess.run(
            ["fill", "--openapi", OpenAPIRealServerTests.document(app), "--operation", operation, "--keep-asking",
             "--endpoint", "http://127.0.0.1:\(port)"], lines: Self.lines)
        // The labels come from the schema: FastAPI and ninja title the array ("Lines 2: Sku"),
        // drf-spectacular does not ("lines 2: sku").
        Self.checkSecondLineRejectedThenAccepted(result, app: app, reviewLine: nil, prompt: "[XYZ-9]: ABC-2")
    }

    /// The run's output: two submissions, rejected then accepted; the rejection's only message is
    /// an unknown-sku message under review line 2; exactly one prompt between it and the next
    /// review, the second line's sku (`prompt` is its end, `reviewLine` the line's review text).
    static func checkSecondLineRejectedThenAccepted(_ result: FormlineProcess.Result, app: String, reviewLine: String?, prompt: String) {
        #expect(!result.timedOut, "\(app): formline did not finish within 30 s")
        let output = result.output
        let context = Comment(rawValue: "\(app): formline's output:\n\(output)")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let submissions = lines.filter { $0.contains("Submitting... ") }
        #expect(submissions.count == 2, context)
        #expect(submissions.first?.contains("Submitting... rejected (") == true, context)
        #expect(submissions.last?.contains("Submitting... accepted (201)") == true, context)
        guard let rejected = lines.firstIndex(where: { $0.contains("Submitting... rejected") }) else { return }
        // The rejection's block: review lines with their messages, indented.
        var block: [String] = []
        var index = rejected + 1
        while index < lines.count, lines[index].hasPrefix("  ") {
            block.append(lines[index])
            index += 1
        }
        let messages = block.filter { $0.hasPrefix("    ! ") }
        #expect(messages.count == 1, context)
        #expect(block.first?.hasPrefix("  2 ") == true, context)
        if let reviewLine { #expect(block.first == "  2 " + reviewLine, context) }
        let message = messages.first?.lowercased() ?? ""
        #expect(message.hasPrefix("    ! sku: "), context)
        #expect(message.contains("unknown sku") || message.contains("not a known sku"), context)
        // Only the second line's sku is asked again, then the review comes back.
        var asked: [String] = []
        while index < lines.count, lines[index] != "Review" {
            asked.append(lines[index])
            index += 1
        }
        #expect(asked.count == 1, context)
        #expect(asked.first?.hasSuffix(prompt) == true, context)
        #expect(asked.first?.contains("2") == true, context)
        #expect(result.status == 0, context)
    }
}
