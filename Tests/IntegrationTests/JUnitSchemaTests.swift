import Foundation
import Testing

/// Issue 29 item 2: `formline replay --junit FILE` writes a report the JUnit readers of CI systems
/// (Jenkins, GitLab) accept, checked with `xmllint --schema` against Tests/JUnit/junit.xsd (written
/// for formline after Jenkins' junit-10.xsd and GitLab's parser; see its header). xmllint comes with
/// Debian's libxml2-utils, which Scripts/test.sh installs; without it these tests fail saying so.
@Suite("replay --junit validated against the JUnit schema")
struct JUnitSchemaTests {
    static let schema = BinaryRunner.root.path + "/Tests/JUnit/junit.xsd"

    /// `xmllint --noout --schema junit.xsd FILE`: its exit status and what it said.
    static func validate(_ file: String, _ runner: BinaryRunner) throws -> BinaryRunner.Result {
        let xmllint = ["/usr/bin/xmllint", "/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let xmllint else {
            Issue.record("xmllint is missing: install Debian's libxml2-utils (Scripts/test.sh does)")
            return BinaryRunner.Result(status: -1, stdout: "", stderr: "", stdoutBytes: [])
        }
        return try runner.run(["--noout", "--schema", schema, file], input: [], executable: xmllint)
    }

    /// Every kind of case at once: passed, output mismatch (with control characters and `&<>` in
    /// the diff), a replay failure (input left over) and a timeout.
    static func report(_ runner: BinaryRunner) throws -> String {
        let broken = try ReplayRunBinaryTests.failingCopy(runner)
        let original = try String(contentsOfFile: BinaryRunner.root.path + "/Tests/Sessions/signup-cancel.session", encoding: .utf8)
        let leftover = runner.home.appendingPathComponent("leftover.session").path
        try original.replacingOccurrences(of: "#! form: ../../Forms/signup.yaml", with: "#! form: " + BinaryRunner.root.path + "/Forms/signup.yaml")
            .replacingOccurrences(of: "#! exit 1\n", with: "> one line too many\n#! exit 1\n")
            .write(toFile: leftover, atomically: true, encoding: .utf8)
        let report = runner.home.appendingPathComponent("replay.xml").path
        let r = try runner.run(
            ["replay", "--allow-outside", "--timeout", "1", "--junit", report, "Tests/Sessions/signup.session", broken, leftover,
             "Tests/Sessions/signup-eof.session"],
            lines: [], environment: ["FORMLINE_TEST_REPLAY_STALL": "/signup-eof.session"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        return report
    }

    @Test("a report with passed, mismatched, failed and timed-out transcripts validates")
    func reportValidates() throws {
        let runner = try BinaryRunner()
        let report = try Self.report(runner)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        // The report holds every kind the schema must accept.
        for type in ["mismatch", "replay", "timeout"] {
            #expect(text.contains("type=\"\(type)\""), "no failure of type \(type):\n\(text)")
        }
        let result = try Self.validate(report, runner)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("the whole corpus's report validates")
    func corpusReportValidates() throws {
        let runner = try BinaryRunner()
        let report = runner.home.appendingPathComponent("corpus.xml").path
        let r = try runner.run(["replay", "--junit", report, "Tests/Sessions"], lines: [])
        #expect(r.status == 0, "\(r.stdout)")
        let result = try Self.validate(report, runner)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// The check can fail: documents a JUnit reader would misread are each refused.
    @Test("a broken report is refused", arguments: [
        ("a testcase without a name", #"<testcase name="Tests/Sessions/signup.session" "#, "<testcase "),
        ("a count that is not a number", #"skipped="0""#, #"skipped="none""#),
        ("a time with a unit", #"<testcase name="Tests/Sessions/signup.session" classname="Tests.Sessions" time=""#,
         #"<testcase name="Tests/Sessions/signup.session" classname="Tests.Sessions" time="s"#),
        ("a failure without its message", #"<failure message=""#, #"<failure note=""#),
        ("an element JUnit has not", "</testsuite>", "<extra/></testsuite>"),
        ("a testcase outside a testsuite", "  </testsuite>\n", "  </testsuite>\n  <testcase name=\"x\" classname=\"x\" time=\"0\"/>\n"),
    ])
    func brokenReportIsRefused(_ what: String, _ from: String, _ to: String) throws {
        let runner = try BinaryRunner()
        let text = try String(contentsOfFile: try Self.report(runner), encoding: .utf8)
        #expect(text.contains(from), "\(what): the report has no \(from)")
        let broken = runner.home.appendingPathComponent("broken.xml").path
        try text.replacingOccurrences(of: from, with: to).write(toFile: broken, atomically: true, encoding: .utf8)
        let result = try Self.validate(broken, runner)
        #expect(result.status != 0 && result.status != -1, "\(what) validated: \(result.stderr)")
        #expect(result.stderr.contains("fails to validate"), "\(what): \(result.stderr)")
    }
}
