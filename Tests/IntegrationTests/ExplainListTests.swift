import Foundation
import Testing

/// `formline explain` with a form that has a list (a repeated group): the group is expanded into
/// concrete fields as long as the errors' paths need (`lines[3]` means a fourth line), so each
/// error names the item's field (`lines.4.qty`), not only declared fields. Checked against every
/// stock app's captured receipt answers (`Tests/RealServers/APP/fixtures/lines/`) and the places
/// their `expect` blocks say.
@Suite("explain with lists through the binary")
struct ExplainListTests {
    static let apps = ["drf", "drf_standardized", "drf_jsonapi", "fastapi", "fastapi_problem", "ninja", "express", "symfony", "rails",
                       "flask_smorest", "apiflask", "litestar"]

    /// The receipt form each app takes: Rails reads `lines_attributes`, the JSON:API app a
    /// `receipts` document; the others the shared form.
    static func form(for app: String) -> String {
        switch app {
        case "rails", "drf_jsonapi": return "Tests/RealServers/\(app)/receipt.yaml"
        default: return "Tests/RealServers/receipt.yaml"
        }
    }

    /// What explain printed: the fields errors land on, the fields asked with them, the banner lines.
    struct Places: Equatable {
        var fields: [String] = []
        var alsoAsked: [String] = []
        var banner = 0

        init(explainOutput: String) {
            for line in explainOutput.split(separator: "\n") where line.hasPrefix("    -> ") {
                for destination in line.dropFirst(7).split(separator: ", ").map(String.init) {
                    if destination.hasPrefix("field ") { fields.append(String(destination.dropFirst(6))) }
                    else if destination.hasPrefix("also asks ") { alsoAsked.append(String(destination.dropFirst(10))) }
                    else if destination == "banner" { banner += 1 }
                }
            }
        }

        init(fields: [String], alsoAsked: [String], banner: Int) {
            self.fields = fields
            self.alsoAsked = alsoAsked
            self.banner = banner
        }
    }

    @Test("every captured receipt rejection lands where its fixture expects", arguments: ExplainListTests.apps)
    func capturedReceipts(_ app: String) throws {
        let runner = try BinaryRunner()
        let folder = "Tests/RealServers/\(app)/fixtures/lines"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 5, "\(folder): \(files)")
        var explained = 0
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
            let fixture = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            guard let expect = fixture["expect"] as? [String: Any], expect["outcome"] as? String == "rejected" else { continue }
            // Rails without index_errors names no line: the fields asked are every line the
            // request had, which explain (no request, sized by the errors' paths) can't know.
            if file == "unindexed_two_item_errors.json" { continue }
            let result = try runner.run(["explain", Self.form(for: app), folder + "/" + file], lines: [])
            #expect(result.status == 0, "\(app)/\(file): \(result.stderr)")
            let context = Comment(rawValue: "\(app)/\(file):\n\(result.stdout)")
            #expect(result.stdout.hasPrefix("rejected ("), context)
            let places = Places(explainOutput: result.stdout)
            #expect(places.fields.sorted() == ((expect["fields"] as? [String]) ?? []).sorted(), context)
            #expect(places.alsoAsked.sorted() == ((expect["also_asked"] as? [String]) ?? []).sorted(), context)
            #expect(places.banner == (expect["banner_messages"] as? Int ?? 0), context)
            explained += 1
        }
        #expect(explained >= 4, "\(app): \(explained) rejections explained")
    }

    @Test("an error on an item beyond min_items expands the list to reach it; beyond max_items it is the banner's")
    func itemsSizedFromPaths() throws {
        let runner = try BinaryRunner()
        let body = runner.home.appendingPathComponent("body.json")
        try Data(#"{"detail":[{"loc":["body","lines",3,"qty"],"msg":"Input should be less than or equal to 100","type":"less_than_equal"},{"loc":["body","lines",50,"sku"],"msg":"Unknown SKU.","type":"unknown_sku"}]}"#.utf8).write(to: body)
        let result = try runner.run(
            ["explain", "Tests/RealServers/receipt.yaml", "--status", "422", "--content-type", "application/json", body.path], lines: [])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            rejected (422)
            read as: auto: rule 6 (`detail` is a list holding `loc`/`msg` entries, or a string alone in the body): fastapi
              lines.3.qty: Input should be less than or equal to 100 [less_than_equal]
                -> field lines.4.qty
                by: the path names the field
                read: the fastapi preset of the structural reader (entries of `detail`, path `loc` (a list of keys), message `msg`, code `type`): an entry pairing a path key with a message key
              lines.50.sku: Unknown SKU. [unknown_sku]
                -> banner
                by: the path names no field
                read: the fastapi preset of the structural reader (entries of `detail`, path `loc` (a list of keys), message `msg`, code `type`): an entry pairing a path key with a message key

            """)
    }
}
