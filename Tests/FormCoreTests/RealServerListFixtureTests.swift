import Foundation
import Testing
@testable import FormCore

/// Issue 11 item 6 against the real frameworks: each stock app in Tests/RealServers answers a
/// receipt with line items (`POST /api/receipt`, captured by `capture.py` into
/// `APP/fixtures/lines/CASE.json`); the answer is read with `errors: auto` and placed on the
/// concrete fields a walk of that receipt has (`lines.1.sku` ... `lines.N.qty`, the group named
/// as the request names its list: Rails sends `lines_attributes`). `expect` in the fixture says
/// where each case must land.
struct ListFixture: Sendable, CustomTestStringConvertible {
    let app: String
    let name: String
    let status: Int
    let contentType: String
    let body: String
    /// The list's key in the request and how many items it sent.
    let group: String
    let items: Int
    let expectAccepted: Bool
    let fields: [String]
    let alsoAsked: [String]
    let bannerMessages: Int

    var testDescription: String { "\(app)/\(name)" }

    /// The concrete fields of the walk that sent the request.
    var concreteFields: [Field] {
        (0..<items).flatMap { i in [Field(name: "\(group).\(i + 1).sku"), Field(name: "\(group).\(i + 1).qty")] }
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("RealServers")

    static let apps = ["drf", "drf_jsonapi", "drf_standardized", "express", "fastapi", "fastapi_problem", "ninja", "rails", "symfony",
                       "flask_smorest", "apiflask", "litestar"]

    /// Every fixture under APP/fixtures/lines, sorted; a file that cannot be read is a failing entry.
    static func all() -> [Result<ListFixture, FixtureError>] {
        var out: [Result<ListFixture, FixtureError>] = []
        for app in apps {
            let folder = root.appendingPathComponent("\(app)/fixtures/lines")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            for file in names {
                let path = folder.appendingPathComponent(file)
                out.append(Result { try ListFixture(app: app, data: Data(contentsOf: path)) }.mapError { FixtureError(path: path.path, reason: "\($0)") })
            }
        }
        return out
    }

    struct FixtureError: Error, Sendable, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    private struct Unreadable: Error, CustomStringConvertible { let description: String }

    init(app: String, data: Data) throws {
        guard let fixture = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let name = fixture["case"] as? String, let status = fixture["status"] as? Int,
              let contentType = fixture["content_type"] as? String, let body = fixture["body"] as? String,
              let request = fixture["request"] as? [String: Any], let requestBody = request["body"] as? String,
              let expect = fixture["expect"] as? [String: Any], let outcome = expect["outcome"] as? String
        else { throw Unreadable(description: "missing case, status, content_type, body, request.body or expect") }
        guard var sent = try JSONSerialization.jsonObject(with: Data(requestBody.utf8)) as? [String: Any] else {
            throw Unreadable(description: "request.body is not an object")
        }
        if let attributes = (sent["data"] as? [String: Any])?["attributes"] as? [String: Any] { sent = attributes }
        guard sent.count == 1, let (group, list) = sent.first, let lines = list as? [Any] else {
            throw Unreadable(description: "request.body does not hold one list")
        }
        self.app = app
        self.name = name
        self.status = status
        self.contentType = contentType
        self.body = body
        self.group = group
        self.items = lines.count
        self.expectAccepted = outcome == "accepted"
        self.fields = expect["fields"] as? [String] ?? []
        self.alsoAsked = expect["also_asked"] as? [String] ?? []
        self.bannerMessages = expect["banner_messages"] as? Int ?? 0
    }
}

@Suite struct RealServerListFixtureTests {
    static let fixtures = ListFixture.all()

    @Test(arguments: fixtures.indices)
    func landsWhereTheFixtureSays(_ index: Int) throws {
        let fixture = try Self.fixtures[index].get()
        let spec = FormSpec(id: "receipt", fields: [])
        let result = SubmissionClassifier.classify(
            status: fixture.status, contentType: fixture.contentType, body: Array(fixture.body.utf8), submit: spec.submit)
        if fixture.expectAccepted {
            guard case .accepted = result else {
                Issue.record("\(fixture.testDescription): expected accepted, got \(result)")
                return
            }
            return
        }
        guard case .rejected(_, let errors) = result else {
            Issue.record("\(fixture.testDescription): expected a rejection, got \(result)")
            return
        }
        let fields = fixture.concreteFields
        let placement = ServerErrorMapper.place(errors, in: spec, fields: fields, visibleFields: Set(fields.map(\.name)))
        let inOrder = fields.map(\.name)
        #expect(inOrder.filter { placement.fieldErrors[$0] != nil } == fixture.fields, "\(fixture.testDescription)")
        #expect(inOrder.filter { placement.alsoAsked.contains($0) } == fixture.alsoAsked, "\(fixture.testDescription)")
        #expect(placement.banner.count == fixture.bannerMessages, "\(fixture.testDescription): banner \(placement.banner)")
        // Nothing dropped: every error the server sent is shown once, on a field or in the banner.
        #expect(placement.fieldErrors.values.reduce(0) { $0 + $1.count } + placement.banner.count == errors.count)
        // Every message shown is the server's (possibly after the path it names).
        let serverMessages = errors.map(\.message)
        for message in placement.fieldErrors.values.flatMap({ $0 }) + placement.banner {
            #expect(serverMessages.contains { message.hasSuffix($0) }, "\(message)")
        }
    }

    @Test func everyAppHasEveryCase() throws {
        let loaded = try Self.fixtures.map { try $0.get() }
        let cases = ["accepted", "item_field_error", "item_non_field_error", "two_item_errors", "whole_list_error"]
        for app in ListFixture.apps {
            #expect(loaded.filter { $0.app == app && !$0.name.hasPrefix("unindexed_") }.map(\.name).sorted() == cases, "\(app)")
        }
        #expect(loaded.filter { $0.name.hasPrefix("unindexed_") }.map(\.app) == ["rails", "rails", "rails"])
    }
}
