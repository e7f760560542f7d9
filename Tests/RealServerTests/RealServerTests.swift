import Foundation
import Testing

/// Known issues: cases formline does not yet handle as the issue requires ("errors: auto maps
/// every app", issue 19). Each case listed runs inside `withKnownIssue`, so the suite stays green
/// and Swift Testing fails the case as soon as it starts passing: then delete its line here.
/// Keyed "APP/CASE" (the fixture's folder and file name).
let knownIssues: [String: String] = [:]

/// Known issues of the secret check (the typed password must never be printed), kept apart so a
/// leak is never hidden by a mapping issue of the same case. Keyed like `knownIssues`.
let knownSecretLeaks: [String: String] = [:]

/// The corrected answers, by case: what an operator types once the server has said what is wrong.
/// A field asked again gets its value at its prompt; one not asked again is edited from the review.
let corrections: [String: [String: String]] = [
    "field_error": ["username": "newuser"],
    "two_field_errors": ["username": "newuser", "email": "new@example.com"],
    "coded_non_field_error": ["password": "s3cretpass"],
    "uncoded_non_field_error": ["username": "newuser"],
    "accepted": [:],
]

/// The real-server suite (Tests/RealServers/README.md): the real formline binary fills
/// Tests/RealServers/signup.yaml against each stock framework app, once per captured case, then
/// answers as an operator would, and must put each server error where the fixture's `expect` says.
/// Needs the apps running: `Tests/RealServers/start.py all -- swift test --skip-build --filter RealServerTests`.
@Suite("Real servers")
struct RealServerTests {
    @Test("every fixture is readable, and the suite has each app's five cases")
    func fixturesLoad() {
        #expect(RealServerCase.loadErrors == [])
        let apps = Set(RealServerCase.all.map(\.app))
        #expect(apps.count >= 9, "apps with fixtures: \(apps.sorted())")
        for app in apps.sorted() {
            let names = Set(RealServerCase.all.filter { $0.app == app }.map(\.name))
            #expect(names == Set(corrections.keys), "\(app)'s replayable cases")
        }
        for key in knownIssues.keys.sorted() + knownSecretLeaks.keys.sorted() {
            #expect(RealServerCase.all.contains { $0.id == key }, "known issue for \(key), which is no case")
        }
    }

    @Test("the password check tells the username's echoes from the password's")
    func passwordCheck() {
        let echoes = "Username: samename1\n  1 Username  samename1\nUsername [samename1]: \n  ! detail.0.input.username: samename1\n"
        #expect(!printsPassword(echoes, password: "samename1", username: "samename1"))
        #expect(printsPassword(echoes + "  ! detail.0.input.password: samename1\n", password: "samename1", username: "samename1"))
        #expect(printsPassword(#"{"username":"samename1","password":"samename1"}"#, password: "samename1", username: "samename1"))
        #expect(printsPassword("  ! input: s3cretpass", password: "s3cretpass", username: "admin"))
        #expect(!printsPassword("  3 Password  ********", password: "s3cretpass", username: "admin"))
    }

    @Test("formline fills the form against a live app: errors on their fields, then accepted",
          .disabled(if: RealServerEnvironment.skipped, "FORMLINE_SKIP_REAL_SERVERS=1"), arguments: RealServerCase.all)
    func fill(_ serverCase: RealServerCase) throws {
        guard let port = RealServerEnvironment.port(of: serverCase.app) else {
            Issue.record("""
                \(RealServerEnvironment.portVariable(serverCase.app)) is not set: run these tests under \
                Tests/RealServers/start.py (`Tests/RealServers/start.py all -- swift test --skip-build \
                --filter RealServerTests`, after Scripts/install-real-servers.sh), or set \
                FORMLINE_SKIP_REAL_SERVERS=1 to skip them
                """)
            return
        }
        let lines = answerLines(for: serverCase)
        let result = try FormlineProcess.run(
            ["fill", SignupForm.path(for: serverCase.app), "--keep-asking", "--endpoint", "http://127.0.0.1:\(port)"], lines: lines)
        #expect(!result.timedOut, "formline did not finish within 30 s")

        let secretCheck = { checkNoPasswordPrinted(serverCase, result.output) }
        if let reason = knownSecretLeaks[serverCase.id] {
            withKnownIssue(Comment(rawValue: reason), secretCheck)
        } else {
            secretCheck()
        }

        let mappingCheck = { checkOutcome(serverCase, result) }
        if let reason = knownIssues[serverCase.id] {
            withKnownIssue(Comment(rawValue: reason), mappingCheck)
        } else {
            mappingCheck()
        }
    }
}

/// The lines typed: the case's answers, Enter at the review, then (after a rejection) the
/// corrections at the prompts formline should ask again, any other correction from the review,
/// and Enter to submit again.
func answerLines(for serverCase: RealServerCase) -> [String] {
    var lines = SignupForm.fields.map { serverCase.answers[$0.name] ?? "" } + [""]
    guard case .rejected(let fields, _) = serverCase.outcome else { return lines }
    let fixes = corrections[serverCase.name] ?? [:]
    lines += fields.map { fixes[$0] ?? "" }
    for field in SignupForm.fields where !fields.contains(field.name) {
        if let value = fixes[field.name] { lines += ["\(field.number)", value] }
    }
    return lines + [""]
}

/// The password the server received never appears in what formline prints: FastAPI echoes the
/// whole request body (password included) in `input`, and any body formline shows must pass its
/// secret masking. Where the password equals the username (the coded non-field case), the
/// username's own echoes ("Username: X", "Username [X]", "username: X") are allowed. (The
/// corrected password is not checked: when formline does not ask for it, the test's input puts it
/// at a prompt that echoes, which is the test typing in the wrong place, not a leak.)
func checkNoPasswordPrinted(_ serverCase: RealServerCase, _ output: String) {
    #expect(!printsPassword(output, password: serverCase.answers["password"] ?? "", username: serverCase.answers["username"] ?? ""),
            "the password the server received is printed:\n\(output)")
}

/// True when `output` shows `password` anywhere but as the username's own value.
func printsPassword(_ output: String, password: String, username: String) -> Bool {
    guard !password.isEmpty else { return false }
    var text = output
    if password == username,
       let echo = try? Regex("username[^A-Za-z0-9]{0,8}" + NSRegularExpression.escapedPattern(for: password)).ignoresCase() {
        text = text.replacing(echo, with: "")
    }
    return text.contains(password)
}

/// What the fixture's `expect` says: the first submission rejected with the app's status, the
/// fields re-asked in order with a server message under each, the rest in the banner, and the
/// corrected resubmission accepted (201, exit 0). Or, for the accepted case, accepted at once.
func checkOutcome(_ serverCase: RealServerCase, _ result: FormlineProcess.Result) {
    let transcript = FillTranscript(result.output)
    let context = Comment(rawValue: "formline's output:\n\(result.output)")
    switch serverCase.outcome {
    case .accepted:
        #expect(transcript.submissions.count == 1, context)
        #expect(transcript.submissions.first?.hasPrefix("accepted (201)") == true, context)
    case .rejected(let fields, let bannerCount):
        #expect(transcript.submissions.count == 2, context)
        #expect(transcript.submissions.first == "rejected (\(serverCase.status))", context)
        #expect(transcript.fieldErrors.map(\.field) == fields, "fields with a message under them; \(context)")
        #expect(transcript.reasked == fields, "fields asked again; \(context)")
        #expect(transcript.bannerMessages.count == bannerCount, "banner messages; \(context)")
        for shown in transcript.fieldErrors.map(\.message) + transcript.bannerMessages {
            #expect(serverCase.isServerMessage(shown), "\"\(shown)\" is none of the server's messages \(serverCase.serverSentences)")
        }
        let underFields = Set(transcript.fieldErrors.map(\.message))
        #expect(underFields.count == transcript.fieldErrors.count, "each field has its own message; \(context)")
        for banner in transcript.bannerMessages {
            #expect(!underFields.contains(banner), "\"\(banner)\" is both under a field and in the banner")
        }
        #expect(transcript.submissions.count >= 2 && transcript.submissions[1].hasPrefix("accepted (201)"), "the corrected resubmission; \(context)")
    }
    #expect(result.status == 0, "exit status; \(context)")
}

extension RealServerCase {
    /// True when the shown text carries one of the server's messages (line wrapping and a key-path
    /// prefix such as "detail: " aside).
    func isServerMessage(_ shown: String) -> Bool {
        let squeezed = shown.filter { !$0.isWhitespace }
        return serverSentences.contains { squeezed.contains($0.filter { !$0.isWhitespace }) }
    }
}

/// The apps' ports, from the environment `Tests/RealServers/start.py all -- CMD` gives CMD.
enum RealServerEnvironment {
    static var skipped: Bool { ProcessInfo.processInfo.environment["FORMLINE_SKIP_REAL_SERVERS"] == "1" }

    static func portVariable(_ app: String) -> String { "REALSERVER_\(app.uppercased())_PORT" }

    static func port(of app: String) -> Int? {
        ProcessInfo.processInfo.environment[portVariable(app)].flatMap { Int($0) }.flatMap { (1...65535).contains($0) ? $0 : nil }
    }
}
