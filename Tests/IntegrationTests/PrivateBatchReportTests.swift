import Foundation
import Testing

/// Issue 32, the second review: `formline batch --report` copied a record's error messages as
/// they came, private values and all (`2023-02-29 is not a real date` for a private date of
/// birth). The report is kept and passed on, so it writes them `[name]`; the rejects file is the
/// input as given, the operator's own data to fix (docs/privacy.md).
@Suite(.serialized) struct PrivateBatchReportTests {
    @Test func theReportWritesPrivateValuesInMessagesAsTheirNames() throws {
        let runner = try BinaryRunner()
        let input = runner.home.appendingPathComponent("patients.ndjson").path
        let record = #"{"mrn":"MRN-004211","given_name":"Kari","family_name":"Nordmann","birth":"2023-02-29","phone":"+4791234567"}"#
        try (record + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let report = runner.home.appendingPathComponent("report.ndjson").path
        let rejects = runner.home.appendingPathComponent("rejects.ndjson").path
        let result = try runner.run(["batch", "Forms/patient-intake.yaml", input, "--report", report, "--rejects", rejects], lines: [])
        #expect(result.status != 0, "\(result.stdout)\(result.stderr)")
        let written = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        #expect(written.contains(#""field":"birth","message":"[birth] is not a real date""#), "\(written)")
        for value in ["2023-02-29", "Kari", "Nordmann", "MRN-004211", "4791234567"] {
            #expect(!written.contains(value), "\(value) in the report:\n\(written)")
        }
        let kept = (try? String(contentsOfFile: rejects, encoding: .utf8)) ?? ""
        #expect(kept == record + "\n", "\(kept)")
    }
}
