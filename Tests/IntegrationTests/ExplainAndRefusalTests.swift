import Foundation
import Testing

/// `formline explain` (issue 19 item 8) and the review after a refusal (issue 22 item 3), through
/// the real binary.
@Suite("explain and refusals through the binary", .serialized)
struct ExplainAndRefusalTests {
    @Test("explain names the dialect and rule and where each error of a capture lands")
    func explainCaptures() throws {
        let runner = try BinaryRunner()
        let ninja = try runner.run(
            ["explain", "Tests/RealServers/signup.yaml", "Tests/RealServers/ninja/fixtures/coded_non_field_error.json"], lines: [])
        #expect(ninja.status == 0, "\(ninja.stderr)")
        #expect(ninja.stdout == """
            rejected (422)
            read as: auto: rule 6 (`detail` is a list holding `loc`/`msg` entries, or a string alone in the body): fastapi
              payload: The password must not equal the username. [password_matches_username]
                -> field password
                by: server_codes of password lists the code
                read: the fastapi preset of the structural reader (entries of `detail`, path `loc` (a list of keys), message `msg`, code `type`): an entry pairing a path key with a message key

            """)
        let symfony = try runner.run(
            ["explain", "Tests/RealServers/signup.yaml", "Tests/RealServers/symfony/fixtures/two_field_errors.json"], lines: [])
        #expect(symfony.status == 0, "\(symfony.stderr)")
        #expect(symfony.stdout.hasPrefix("rejected (422)\nread as: auto: rule 1 (`application/problem+json`, `violations` is a list): problem\n"))
        #expect(symfony.stdout.contains("  username: This username is already taken. [urn:uuid:unique]\n    -> field username\n    by: the path names the field\n"))
        #expect(symfony.stdout.contains("    -> field email\n"))
        #expect(symfony.stdout.contains("    by: the path names the field\n    read: the problem (Symfony) preset of the structural reader (entries of `violations`, path `propertyPath` (bracket syntax), message `title`/`message`, code `code`/`type`): an entry pairing a path key with a message key\n"))
        let jsonapi = try runner.run(
            ["explain", "Tests/RealServers/drf_jsonapi/signup.yaml", "Tests/RealServers/drf_jsonapi/fixtures/uncoded_non_field_error.json"], lines: [])
        #expect(jsonapi.status == 0, "\(jsonapi.stderr)")
        #expect(jsonapi.stdout.contains("read as: auto: rule 4 (`application/vnd.api+json`, always): jsonapi\n"))
        #expect(jsonapi.stdout.contains("    -> banner\n"))
        let accepted = try runner.run(
            ["explain", "Tests/RealServers/signup.yaml", "Tests/RealServers/drf/fixtures/accepted.json"], lines: [])
        #expect(accepted.stdout.hasPrefix("accepted (201)"))
    }

    @Test("explain takes a raw body with --status and --content-type, and refuses bad captures clearly")
    func explainRawBodyAndErrors() throws {
        let runner = try BinaryRunner()
        let body = runner.home.appendingPathComponent("body.json")
        try Data(#"{"mgmt":{"non_field_errors":["The address is not in the subnet."]},"name":["Unknown switch."]}"#.utf8).write(to: body)
        let form = runner.home.appendingPathComponent("port.yaml")
        try Data("""
            id: port
            fields:
              - name: name
              - name: mgmt.ip
              - name: mgmt.mask
            submit:
              path: /ports
            """.utf8).write(to: form)
        let raw = try runner.run(["explain", form.path, body.path, "--status", "400", "--content-type", "application/json"], lines: [])
        #expect(raw.status == 0, "\(raw.stderr)")
        #expect(raw.stdout.contains("  mgmt: The address is not in the subnet.\n    -> field mgmt.ip, also asks mgmt.mask\n    by: the path is a prefix of fields: they are asked together\n"))
        #expect(raw.stdout.contains("  name: Unknown switch.\n    -> field name\n"))
        #expect(raw.stdout.contains("    read: the drf reader (its own code: nested serializers, `many=True` lists, `non_field_errors` at any depth)\n"))
        let notCapture = try runner.run(["explain", form.path, body.path], lines: [])
        #expect(notCapture.status == 2)
        #expect(notCapture.stderr.contains("the capture's status must be an HTTP status number"))
        let badStatus = try runner.run(["explain", form.path, body.path, "--status", "1000"], lines: [])
        #expect(badStatus.status == 2)
        #expect(badStatus.stderr.contains("--status must be an HTTP status from 100 to 599"))
    }

    @Test("the login form: Enter with the refused values says what to do instead of sending them again")
    func loginRefusedEnter() throws {
        let runner = try BinaryRunner()
        // A pipe stops at a rejection unless told to keep asking (docs/scripting.md).
        let r = try runner.run(["fill", "Forms/login.yaml", "--keep-asking"], lines: ["bob", "wrong horse", "", "", "2", "correct horse", ""])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.components(separatedBy: "Submitting...").count == 3, "two submissions, not three")
        #expect(r.stdout.contains("  ! Nothing has changed since the server refused these values"))
        #expect(r.stdout.contains("  ! Wrong username or password."))
        #expect(r.stdout.hasSuffix("Submitting... accepted (201) id=1\n"))
    }
}
