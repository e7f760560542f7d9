import Foundation
import Testing

/// One captured case of one app in Tests/RealServers (`APP/fixtures/CASE.json`): the answers that
/// produce it and where formline should put the server's errors. Cases without an `expect` block
/// (the JSON:API app's plain-JSON 406) or written by hand (ajv 8, no live app answers them) are
/// not replayable against a live app and are left out.
struct RealServerCase: Sendable, CustomTestStringConvertible {
    /// What formline should do with the server's answer (the fixture's `expect`).
    enum Outcome: Sendable {
        case accepted
        case rejected(fields: [String], bannerMessages: Int)
    }

    let app: String
    let name: String
    /// The answers typed for username, email, password and age (empty: skipped).
    let answers: [String: String]
    /// The status the app answered when captured.
    let status: Int
    /// Every sentence (a string with a space) in the captured body: the server's messages.
    let serverSentences: [String]
    let outcome: Outcome

    var id: String { "\(app)/\(name)" }
    var testDescription: String { id }

    static let fixturesRoot = repositoryRoot.appendingPathComponent("Tests/RealServers")

    /// The repository root, from this file's path (Tests/RealServerTests/RealServerCase.swift).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every replayable case, sorted by app then case; unreadable fixtures are in `loadErrors`.
    static let all: [RealServerCase] = loaded.cases
    static let loadErrors: [String] = loaded.errors

    private static let loaded: (cases: [RealServerCase], errors: [String]) = load()

    private static func load() -> (cases: [RealServerCase], errors: [String]) {
        let files = FileManager.default
        var cases: [RealServerCase] = [], errors: [String] = []
        let apps = ((try? files.contentsOfDirectory(atPath: fixturesRoot.path)) ?? []).sorted()
        for app in apps {
            let folder = fixturesRoot.appendingPathComponent("\(app)/fixtures")
            guard let names = try? files.contentsOfDirectory(atPath: folder.path) else { continue }
            for file in names.sorted() where file.hasSuffix(".json") {
                let path = folder.appendingPathComponent(file)
                do {
                    if let serverCase = try RealServerCase(app: app, fixture: Data(contentsOf: path)) {
                        cases.append(serverCase)
                    }
                } catch {
                    errors.append("\(path.path): \(error)")
                }
            }
        }
        return (cases, errors)
    }

    private struct Fixture: Decodable {
        struct Request: Decodable { let body: String }
        struct Expect: Decodable {
            let outcome: String
            let fields: [String]?
            let banner_messages: Int?
        }
        let `case`: String
        let request: Request
        let status: Int
        let body: String
        let expect: Expect?
        let hand_written: Present?
    }

    /// A key that is there, whatever its value (`hand_written` holds a note saying why).
    private struct Present: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
    }

    /// Nil for a case that is not replayable (see the type's comment).
    init?(app: String, fixture data: Data) throws {
        let fixture = try JSONDecoder().decode(Fixture.self, from: data)
        guard let expect = fixture.expect, fixture.hand_written == nil else { return nil }
        self.app = app
        self.name = fixture.case
        self.status = fixture.status
        switch expect.outcome {
        case "accepted":
            outcome = .accepted
        case "rejected":
            outcome = .rejected(fields: expect.fields ?? [], bannerMessages: expect.banner_messages ?? 0)
        default:
            throw FixtureError(description: "expect.outcome \"\(expect.outcome)\" is neither accepted nor rejected")
        }
        var request = try JSONSerialization.jsonObject(with: Data(fixture.request.body.utf8)) as? [String: Any] ?? [:]
        // The JSON:API app's requests are documents: the answers are the attributes.
        if let document = request["data"] as? [String: Any], let attributes = document["attributes"] as? [String: Any] {
            request = attributes
        }
        var answers: [String: String] = [:]
        for field in SignupForm.fields {
            switch request[field.name] {
            case let text as String: answers[field.name] = text
            case let number as NSNumber: answers[field.name] = number.stringValue
            default: answers[field.name] = ""
            }
        }
        self.answers = answers
        let body = (try? JSONSerialization.jsonObject(with: Data(fixture.body.utf8), options: [.fragmentsAllowed])) ?? fixture.body
        serverSentences = RealServerCase.sentences(in: body)
    }

    private static func sentences(in json: Any) -> [String] {
        switch json {
        case let text as String: return text.contains(" ") ? [text] : []
        case let array as [Any]: return array.flatMap(sentences(in:))
        case let object as [String: Any]: return object.values.flatMap(sentences(in:))
        default: return []
        }
    }
}

/// Tests/RealServers/signup.yaml's fields in order (number in the review, label in prompts).
/// Written out rather than parsed so this target needs no YAML reader; keep it in step with the form.
enum SignupForm {
    struct Field: Sendable {
        let name: String
        let label: String
        var number: Int { SignupForm.fields.firstIndex { $0.name == name }.map { $0 + 1 } ?? 0 }
    }

    static let fields: [Field] = [
        Field(name: "username", label: "Username"),
        Field(name: "email", label: "Email"),
        Field(name: "password", label: "Password"),
        Field(name: "age", label: "Age"),
    ]

    static func field(labelled label: String) -> Field? { fields.first { $0.label == label } }

    /// The form an app is filled with: `Tests/RealServers/APP/signup.yaml` when the app needs its
    /// own (the JSON:API app needs a form that asks for a JSON:API body), else the suite's form.
    static func path(for app: String) -> String {
        let own = "Tests/RealServers/\(app)/signup.yaml"
        let exists = FileManager.default.fileExists(atPath: RealServerCase.repositoryRoot.appendingPathComponent(own).path)
        return exists ? own : "Tests/RealServers/signup.yaml"
    }
}
