import Foundation
import Testing

/// `formline batch` never harms its own input, keeps its files private, speaks the run's language
/// on every worker and reads the form's error dialect (issue 31, the reviewer's findings).
@Suite(.serialized)
struct BatchSafetyTests {
    static let accepted = #"{"username":"ann_1","email":"ann@example.com","password":"long-enough-1"}"#
    static let young = #"{"username":"bob_2","email":"bob@example.com","password":"long-enough-2","age":9}"#

    private func write(_ lines: [String], _ name: String, _ runner: BinaryRunner) throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("--rejects or --report naming the input (or a link to it), or each other: refused (exit 2), the input untouched")
    func neverWritesItsInput() throws {
        let runner = try BinaryRunner()
        let fixed = try write([Self.accepted, Self.young], "fixed.ndjson", runner)
        let before = try String(contentsOfFile: fixed, encoding: .utf8)
        let same = try runner.run(["batch", "Forms/signup.yaml", fixed, "--rejects", fixed], lines: [])
        #expect(same.status == 2, "\(same.stdout)\(same.stderr)")
        #expect(same.stderr.contains("--rejects \(fixed) is the input file: writing it would erase the records before they are read; name another file"), "\(same.stderr)")
        let link = runner.home.appendingPathComponent("link.ndjson").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixed)
        let linked = try runner.run(["batch", "Forms/signup.yaml", fixed, "--report", link], lines: [])
        #expect(linked.status == 2, "\(linked.stdout)\(linked.stderr)")
        #expect(linked.stderr.contains("--report \(link) is the input file"), "\(linked.stderr)")
        let out = runner.home.appendingPathComponent("out.ndjson").path
        try "old\n".write(toFile: out, atomically: true, encoding: .utf8)
        let both = try runner.run(["batch", "Forms/signup.yaml", fixed, "--report", out, "--rejects", out], lines: [])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--report and --rejects both name \(out): name two files"), "\(both.stderr)")
        #expect(try String(contentsOfFile: fixed, encoding: .utf8) == before)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old\n")
    }

    @Test("an existing report or rejects file with another mode becomes 0600; the rejects file is whole, no temporary left")
    func existingFilesBecomePrivate() throws {
        let runner = try BinaryRunner()
        let input = try write([Self.accepted, Self.young], "records.ndjson", runner)
        let report = runner.home.appendingPathComponent("report.ndjson").path
        let rejects = runner.home.appendingPathComponent("rejects.ndjson").path
        for path in [report, rejects] {
            try "old\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
        let r = try runner.run(["batch", "Forms/signup.yaml", input, "--report", report, "--rejects", rejects], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        for path in [report, rejects] {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(path)")
        }
        #expect(try String(contentsOfFile: rejects, encoding: .utf8) == Self.young + "\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: runner.home.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("--resume compares each record's key: an edited record under an old report is sent again, an unchanged one skipped")
    func resumeMatchesByKey() throws {
        let runner = try BinaryRunner()
        let other = #"{"username":"cat_3","email":"cat@example.com","password":"long-enough-3"}"#
        let input = try write([Self.accepted, other], "records.ndjson", runner)
        let report = runner.home.appendingPathComponent("report.ndjson").path
        let first = try runner.run(["batch", "Forms/signup.yaml", input, "--report", report], lines: [])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let edited = #"{"username":"dan_4","email":"dan@example.com","password":"long-enough-4"}"#
        _ = try write([edited, other], "records.ndjson", runner)
        let again = try runner.run(["batch", "Forms/signup.yaml", input, "--resume", report], lines: [])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        let lines = again.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(again.stdout)")
        #expect(withoutKey(lines[0]) == #"{"errors":[],"id":"1","line":1,"record":1,"status":"accepted"}"#, "sent again: \(lines[0])")
        #expect(withoutKey(lines[1]) == #"{"errors":[],"id":"2","line":2,"record":2,"resumed":true,"status":"accepted"}"#, "\(lines[1])")
        #expect(lines[1].contains(#""key":"formline-batch-"#))
    }

    @Test("the run's language on every worker: --jobs 4 reports what --jobs 1 does, in Norwegian")
    func languageOnEveryWorker() throws {
        let runner = try BinaryRunner()
        let input = try write(Array(repeating: Self.young, count: 8), "records.ndjson", runner)
        func lines(_ jobs: String, _ locale: String) throws -> [String] {
            let r = try runner.run(["batch", "Forms/signup.yaml", input, "--jobs", jobs], lines: [], environment: ["LC_ALL": locale])
            #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
            return r.stdout.split(separator: "\n").map(String.init).filter { !$0.contains("summary") }.sorted()
        }
        let english = try lines("1", "C.UTF-8")
        #expect(english.first?.contains("Must be between 13 and 120") == true, "\(english)")
        let one = try lines("1", "nb_NO.UTF-8")
        let four = try lines("4", "nb_NO.UTF-8")
        #expect(one.count == 8)
        #expect(one != english, "Norwegian: \(one)")
        #expect(four == one)
    }

    @Test("the fake answers in the form's error dialect: a rejection names its field")
    func fakeSpeaksTheFormsDialect() throws {
        let runner = try BinaryRunner()
        let form = runner.home.appendingPathComponent("member.yaml").path
        try """
            id: member
            title: Member
            fields:
              - name: username
                type: text
            submit:
              method: POST
              path: /api/members
              errors: jsonapi
            fake:
              reject:
                - when: { field: username, in: [admin] }
                  field: username
                  code: unique
                  message: This username is already taken.

            """.write(toFile: form, atomically: true, encoding: .utf8)
        let input = try write([#"{"username":"admin"}"#], "records.ndjson", runner)
        let r = try runner.run(["batch", form, input], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix(#"{"errors":[{"field":"username","message":"This username is already taken."}]"#), "\(r.stdout)")
    }
}
