import FormCore
import FormFiles
import Testing

/// `carry:` and `distinct:` (docs/records.md), read from a form file.
@Suite struct RecordKeysTests {
    @Test func carryAndDistinctAreRead() throws {
        let spec = try #require(loadedForm(form("""
              - name: host
                type: hostname
                carry: true
              - name: port
                carry: next
                distinct: true
              - name: note
                carry: false

            """)))
        #expect(spec.fields.map(\.carry) == [.same, .next, Carry.none])
        #expect(spec.fields.map(\.distinct) == [false, true, false])
    }

    @Test func mistakesAreReportedAtTheValue() {
        #expect(errorLines(form("  - name: a\n    carry: always\n")) == [
            "t.yaml:4:12: carry must be true, false or next, not \"always\"",
        ])
        #expect(errorLines(form("  - name: a\n    type: secret\n    carry: true\n")) == [
            "t.yaml:5:5: a secret is never carried into the next record",
        ])
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices: [x, y]\n    carry: next\n")) == [
            "t.yaml:6:12: carry: next does not apply to choice fields: it counts on text, email, url, integer, date, ipv4, hostname, time and uri fields (use carry: true)",
        ])
        #expect(errorLines(form("  - name: a\n    carry: true\n    distinct: true\n")) == [
            "t.yaml:5:5: distinct and carry: true contradict: Enter would repeat the value distinct refuses (use carry: next)",
        ])
        #expect(errorLines(form("  - name: a\n    distinct: yes\n")) == [
            "t.yaml:4:15: distinct must be true or false, not \"yes\"",
        ])
    }

    @Test func theShippedPortEntryFormLoads() throws {
        let spec = try SampleFormTests.load("port-entry")
        #expect(spec.field(named: "port")?.carry == .next)
        #expect(spec.field(named: "port")?.distinct == true)
    }
}
