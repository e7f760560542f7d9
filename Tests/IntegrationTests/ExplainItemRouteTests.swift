import Foundation
import Testing

/// Issue 28 item 4 through the binary: `check` accepts a message route to a group's member and
/// warns about one that can never fire; `explain` shows the routed message on the item the
/// error's path names.
@Suite("explain and check: message routes to list members")
struct ExplainItemRouteTests {
    static let form = """
        id: rx
        fields:
          - name: patient
          - group: medications
            fields:
              - name: code
              - name: dose
        submit:
          aliases: { drug: medications.code }
          messages:
            "unknown dose unit": medications.dose
        """

    @Test("explain: a DRF item error routed to the member lands on that item (0-based on the wire, item 2 on screen)")
    func explainLandsOnTheItem() throws {
        let runner = try BinaryRunner()
        let form = runner.home.appendingPathComponent("rx.yaml").path
        let body = runner.home.appendingPathComponent("body.json").path
        try Self.form.write(toFile: form, atomically: true, encoding: .utf8)
        try #"{"medications":[{},{"non_field_errors":["Unknown dose unit: mgg"]}]}"#.write(toFile: body, atomically: true, encoding: .utf8)
        let r = try runner.run(["explain", form, body, "--status", "400"], input: [])
        #expect(r.status == 0, "\(r.stderr)")
        // Only the placement is asserted: how the body was read is another test's business.
        let placed = r.stdout.split(separator: "\n").filter { $0.hasPrefix("    -> ") }
        #expect(placed == ["    -> field medications.2.dose"], "\(r.stdout)")

        let check = try runner.run(["check", form], input: [])
        #expect(check.status == 0)
        #expect(check.stdout == "\(form): ok (rx, 3 fields)\n")
        #expect(check.stderr.hasPrefix("\(form):9:20: warning: this alias can never place an error: \"medications.code\" is a member of the group medications"), "\(check.stderr)")
    }
}
