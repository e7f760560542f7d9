import FormCore
import FormFiles
import Testing

/// Issue 28 item 4: `check` knows which aliases and message routes can fire.
@Suite("check: routes and aliases that can never place an error")
struct RouteReachTests {
    static let form = """
        id: rx
        fields:
          - name: patient
          - name: kind
            type: choice
            choices: [oral, injection]
          - section: oral
            when: { field: kind, equals: oral }
            fields:
              - section: odd
                when: { field: kind, equals: injection }
                fields:
                  - name: never
          - group: medications
            fields:
              - name: code
              - name: dose
        submit:
          aliases: { drug_code: medications.code, nv: never, pt: patient }
          messages:
            "unknown drug code": medications.code
            "patient": patient
            "patient is deceased": kind
            "": patient
            "nothing here": never
        """

    func warnings(_ yaml: String) -> [String] {
        FormFileLoader.check(yaml: yaml, path: "t.yaml").warnings.map(\.description)
    }

    @Test("each route or alias that can never fire is a FILE:LINE:COL warning with the reason; the others are accepted")
    func neverFires() throws {
        let report = FormFileLoader.check(yaml: Self.form, path: "t.yaml")
        guard case .success(let spec) = report.form else { Issue.record("did not load: \(report.form)"); return }
        #expect(spec.submit.aliases["pt"] == "patient")
        let never = #""never" is shown only when kind is oral and kind is injection, which never holds (kind can't be "oral" and "injection" at once), and an error lands only on a field that is shown"#
        #expect(report.warnings.map(\.description) == [
            "t.yaml:19:25: this alias can never place an error: \"medications.code\" is a member of the group medications: an alias lands on one field, and each item's is its own (medications.2.code); the server's item paths find them without an alias, and a message route (submit.messages) to \"medications.code\" lands on the item the error's path names",
            "t.yaml:19:47: this alias can never place an error: \(never)",
            "t.yaml:23:28: this message route can never fire: every message containing \"patient is deceased\" also contains \"patient\", whose route before it (to \"patient\", always shown) takes it first",
            "t.yaml:24:9: this message route can never fire: an empty text matches no message",
            "t.yaml:25:21: this message route can never fire: \(never)",
        ])
    }

    @Test("a route to one item's field is an error naming the member to route to")
    func routeToOneItem() {
        let yaml = Self.form.replacingOccurrences(of: "\"unknown drug code\": medications.code", with: "\"unknown drug code\": medications.2.code")
        #expect(errorLines(yaml) == [
            "t.yaml:21:26: a message route names item 2 of medications (\"medications.2.code\"): route to the member, \"medications.code\", and it lands on the item the error's path names",
        ])
    }
}
