import Foundation
import FormCore
import FormFiles
import Testing

/// Every form in Forms/ loads cleanly, and the samples have the shape their docs promise.
@Suite struct SampleFormTests {
    /// The repository root, found from this file's path (Tests/FormFilesTests/ThisFile.swift).
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static let sampleNames = ["signup", "login", "incident-report", "shipment-intake", "switch-port", "port-entry", "goods-receipt", "work-order"]

    static func load(_ name: String) throws -> FormSpec {
        switch FormFileLoader.load(path: "\(root)/Forms/\(name).yaml") {
        case .success(let form): return form
        case .failure(let errors):
            Issue.record("\(errors)")
            throw errors
        }
    }

    @Test(arguments: sampleNames)
    func loadsCleanly(name: String) throws {
        let form = try Self.load(name)
        #expect(form.id == name)
    }

    @Test func signupIsTheDesignExample() throws {
        let form = try Self.load("signup")
        #expect(form.title == "Create an account")
        #expect(form.fields.map(\.name) == ["username", "email", "password", "age", "country"])
        #expect(form.fields.map(\.type) == [.text, .email, .secret, .integer, .choice])
        let username = form.fields[0]
        #expect(username.minLength == 3 && username.maxLength == 20)
        #expect(username.patternMessage == "Use letters, digits and _ only")
        #expect(username.help == "The name you log in with.")
        #expect(form.fields[2].serverCodes == ["password_matches_username"])
        #expect(!form.fields[3].required)
        #expect(form.fields[3].minNumber == DecimalText("13") && form.fields[3].maxNumber == DecimalText("120"))
        #expect(form.fields[4].choices == ["Norway", "Sweden", "Denmark", "Finland", "Iceland"])
        #expect(form.fields[4].defaultText == "Norway")
        #expect(form.checks == [
            CrossFieldCheck(kind: .differ, first: "password", second: "username", field: "password",
                            message: "Password can't be the same as username")
        ])
        #expect(form.submit == SubmitSpec(method: .POST, path: "/api/signup", errors: .auto, aliases: ["user_name": "username"]))
        #expect(form.fake.reject == [
            .init(when: Condition(field: "username", test: .isIn(["admin", "root"])), field: "username",
                  code: "unique", message: "This username is already taken.")
        ])
    }

    /// The form files the docs show load as written: the reference's example (docs/form-files.md,
    /// "Example") and the README's first form, so a reader who copies either gets a form.
    @Test(arguments: [("docs/form-files.md", "## Example"), ("README.md", "## A first form")])
    func docsExampleLoads(page: String, heading: String) throws {
        let text = try String(contentsOfFile: "\(Self.root)/\(page)", encoding: .utf8)
        let section = try #require(text.range(of: "\n\(heading)\n"), "\(page) has no \(heading)")
        let rest = text[section.upperBound...]
        let open = try #require(rest.range(of: "```yaml\n"), "\(page), \(heading): no YAML example")
        let close = try #require(rest[open.upperBound...].range(of: "```\n"))
        let yaml = String(rest[open.upperBound..<close.lowerBound])
        switch FormFileLoader.load(bytes: Array(yaml.utf8), path: "\(page) example") {
        case .success(let form): #expect(form.fields.count >= 3)
        case .failure(let errors): Issue.record("\(page), \(heading): \(errors)")
        }
    }

    @Test func loginRejectsAWrongPasswordAsANonFieldError() throws {
        let form = try Self.load("login")
        #expect(form.fields.map(\.type) == [.text, .secret])
        let rule = try #require(form.fake.reject.first)
        #expect(rule.field == nil)
        #expect(rule.when.field == "password")
    }

    @Test func incidentReportShape() throws {
        let form = try Self.load("incident-report")
        let byName = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.name, $0) })
        #expect(byName["description"]?.type == .multiline)
        #expect(byName["severity"]?.choices == ["low", "medium", "high", "critical"])
        #expect(byName["paged_on_call"]?.when == Condition(field: "severity", test: .equals("critical")))
        #expect(byName["dashboard_url"]?.type == .url && byName["dashboard_url"]?.required == false)
        #expect(form.checks.map(\.kind) == [.before])
        #expect(form.checks.first.map { [$0.first, $0.second] } == ["occurred_on", "detected_on"])
    }

    @Test func shipmentIntakeShape() throws {
        let form = try Self.load("shipment-intake")
        let byName = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.name, $0) })
        #expect(byName["weight_kg"]?.type == .decimal && byName["weight_kg"]?.minNumber != nil)
        #expect(byName["parcels"]?.type == .integer)
        #expect(byName["handling"]?.choices == ["fragile", "keep upright", "refrigerate", "hazardous"])
        #expect(byName["address.country"]?.choices.first == "NO")
        #expect(byName["address.country"]?.defaultValue == .text("NO"))
        #expect(byName["address.phone"]?.type == .phone && byName["address.phone"]?.required == false)
        let values: [String: FieldValue] = [
            "address.street": .text("Storgata 1"), "address.city": .text("Oslo"),
            "address.postcode": .text("0155"), "address.country": .text("NO"),
        ]
        #expect(Payload.build(fields: form.fields, values: values).compactText
            == #"{"address":{"city":"Oslo","country":"NO","postcode":"0155","street":"Storgata 1"}}"#)
    }

    @Test func switchPortShowsTheNetworkTypesSectionsAndNotAfter() throws {
        let form = try Self.load("switch-port")
        #expect(form.fields.map(\.type) == [.hostname, .integer, .choice, .cidr, .ip, .mac, .datetime, .datetime, .time])
        let routed = Condition(field: "mode", test: .equals("routed"))
        #expect(form.fields[3].when == routed && form.fields[4].when == routed)
        #expect(form.fields[5].when == .not(Condition(field: "mode", test: .equals("trunk"))))
        #expect(form.fields[6].minimum == .instant(Timestamp("2020-01-01T00:00:00Z")!))
        #expect(form.checks.map(\.kind) == [.notAfter])
        #expect(form.fake.reject.first?.when.fields == ["mode", "gateway"])
    }
}
