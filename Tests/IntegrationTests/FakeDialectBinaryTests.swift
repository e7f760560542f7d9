import Foundation
import Testing

/// Issue 35 item 17: the built-in fake answers in each form's declared error format, so every
/// shipped form with `fake.reject` rules can be tried end to end with no server: a value the fake
/// rejects comes back inline on its field (or in the banner, for a non-field rule), the operator
/// corrects it, and the form goes through (exit 0).
@Suite struct FakeDialectBinaryTests {
    struct Case: Sendable, CustomStringConvertible {
        var form: String
        /// The lines typed (through a pipe, `--keep-asking`): the rejected value, then the fix.
        var lines: [String]
        /// The rejection as the wizard shows it.
        var shown: String
        var description: String { form }
    }

    static let cases: [Case] = [
        Case(form: "goods-receipt", lines: ["ACME", "2026-11-20", "", "ABC-1", "3", "", "XXX-0", "5", "", "", "", "no", "", "ABC-2", ""],
             shown: "    ! SKU: No such article"),
        Case(form: "incident-report", lines: ["testing", "Disk full", ".", "2024-03-01", "2024-03-02", "low", "", "", "Disk full on db-2", ""],
             shown: "    ! Describe the incident, not a test."),
        Case(form: "login", lines: ["bob", "wrong", "", "2", "correct horse", ""], shown: "  ! Wrong username or password."),
        Case(form: "port-entry", lines: ["sw1.example.net", "Gi1/0/7", "20", "", "tbd", "", "printer", ""],
             shown: "    ! Say what is plugged in, not \"tbd\"."),
        Case(form: "signup", lines: ["admin", "admin@example.com", "Adele-Day-77", "34", "3", "", "admin2", ""],
             shown: "    ! This username is already taken."),
        Case(form: "switch-port", lines: ["sw1.example.net", "7", "routed", "192.0.2.1/24", "", "", "2024-05-01T22:00:00Z",
                                          "2024-05-01T23:00:00Z", "", "192.0.2.254", ""],
             shown: "    ! A routed port needs a gateway."),
    ]

    @Test func everyShippedFormWithRejectRulesHasACase() throws {
        let folder = BinaryRunner.root.appendingPathComponent("Forms")
        let withRules = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.filter { name in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return text.contains("\nfake:") && text.contains("reject:")
        }.map { String($0.dropLast(".yaml".count)) }.sorted()
        #expect(withRules == Self.cases.map(\.form))
    }

    @Test(arguments: FakeDialectBinaryTests.cases)
    func aRejectedValueComesBackOnItsFieldAndTheCorrectedFormGoesThrough(_ test: Case) throws {
        let runner = try BinaryRunner()
        let result = try runner.run(["fill", "Forms/\(test.form).yaml", "--keep-asking", "--plain"], lines: test.lines)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rejected = try #require(lines.firstIndex(of: "Submitting... rejected (422)") ?? lines.firstIndex(of: "Submitting... rejected (400)"),
                                    "\(result.stdout)\(result.stderr)")
        #expect(lines[rejected...].contains(test.shown))
        #expect(lines.last { $0.hasPrefix("Submitting...") } == "Submitting... accepted (201) id=1")
        #expect(!FileManager.default.fileExists(atPath: runner.draftPath(test.form)))
    }
}
