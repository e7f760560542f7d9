import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 31, item 5: `formline batch --repair` walks the refused and rejected records at a
/// (pseudo-)terminal, asking only their failed fields, then the review, then sends each again.
@Suite(.serialized) final class BatchRepairTests {
    let home: String

    init() throws { home = try PseudoTerminal.temporaryDirectory() }
    deinit { PseudoTerminal.removeTree(home) }

    /// Record 1 accepted; 2 refused here (age 9); 3 rejected by the form's fake (admin is taken).
    static let records = """
        {"username":"ann_1","email":"ann@example.com","password":"long-enough-1"}
        {"username":"bob_2","email":"bob@example.com","password":"long-enough-2","age":9}
        {"username":"admin","email":"adm@example.com","password":"long-enough-3"}

        """

    private func write(_ text: String, name: String) throws -> String {
        let path = home + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func spawn(_ arguments: [String]) throws -> PseudoTerminal {
        try PseudoTerminal.spawn(PseudoTerminal.formline, ["batch", "Forms/signup.yaml"] + arguments,
                                 environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
    }

    @Test("a refused and a rejected record, each asked only its failed field, reviewed and sent again: later report lines accepted, exit 0")
    func bothRepaired() throws {
        let input = try write(Self.records, name: "people.ndjson")
        let report = home + "/report.ndjson"
        let rejects = home + "/rejects.ndjson"
        let pty = try spawn([input, "--repair", "--report", report, "--rejects", rejects])
        try pty.expect("Record 1 of 2 to repair (line 2)")
        try pty.expect("The answer from \(input):2 ('9') was refused:")
        try pty.expect("Age (optional, 13-120): 9")
        pty.send("\u{15}42\r")
        try pty.expect("Submit?")
        pty.send("\r")
        try pty.expect("accepted (201) id=2")
        try pty.expect("Record 2 of 2 to repair (line 3)")
        try pty.expect("rejected (422)")
        try pty.expect("! This username is already taken.")
        try pty.expect("Username [admin]: ")
        pty.send("\u{15}admin_2\r")
        try pty.expect("Submit?")
        pty.send("\r")
        try pty.expect("accepted (201) id=3")
        #expect(try pty.waitForExit() == .code(0), "\(pty.tail)")
        let shown = String(decoding: pty.output, as: UTF8.self)
        #expect(!shown.contains("Email ("), "only the failed fields are asked: \(shown)")

        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(lines)")
        guard lines.count == 6 else { return }
        #expect(lines[1].contains(#""record":2,"status":"refused""#))
        #expect(lines[2].contains(#""record":3,"status":"rejected""#))
        let plain = { (line: String) in
            withoutKey(line).replacingOccurrences(of: #""repair_key":"formline-batch-[0-9a-f]+","#, with: "", options: .regularExpression)
        }
        #expect(plain(lines[3]) == #"{"errors":[],"id":"2","line":2,"record":2,"repaired":true,"status":"accepted"}"#, "\(lines[3])")
        #expect(plain(lines[4]) == #"{"errors":[],"id":"3","line":3,"record":3,"repaired":true,"status":"accepted"}"#, "\(lines[4])")
        // `key` stays the record's (what --resume compares); the send used a new one: the first
        // was answered already (an idempotent server would answer it with the same rejection).
        let key = { (line: String) in line.firstMatch(of: /"key":"(formline-batch-[0-9a-f]+)"/).map { String($0.1) } }
        let repairKey = { (line: String) in line.firstMatch(of: /"repair_key":"(formline-batch-[0-9a-f]+)"/).map { String($0.1) } }
        #expect(key(lines[2]) != nil && key(lines[4]) == key(lines[2]))
        #expect(repairKey(lines[4]) != nil && repairKey(lines[4]) != key(lines[2]))

        // --resume reads the later line: both repaired records are skipped as accepted.
        let again = try spawn([input, "--resume", report])
        #expect(try again.waitForExit() == .code(0), "\(again.tail)")
        #expect(String(decoding: again.output, as: UTF8.self).contains(#""accepted":3"#), "\(again.tail)")
        #expect(lines[5].contains(#""accepted":3"#) && lines[5].contains(#""refused":0"#) && lines[5].contains(#""rejected":0"#)
                && lines[5].contains(#""repaired":2"#), "\(lines[5])")
        #expect(try String(contentsOfFile: rejects, encoding: .utf8) == "", "every record ended accepted")
    }

    @Test("CSV: Ctrl-D at a record skips it, kept in the rejects CSV with its errors; exit 7")
    func skippedStaysInRejects() throws {
        let input = try write("username,email,password,age\nbob_2,bob@example.com,long-enough-2,9\nann_1,ann@example.com,long-enough-1,\n",
                              name: "people.csv")
        let rejects = home + "/rejects.csv"
        let pty = try spawn([input, "--repair", "--rejects", rejects])
        try pty.expect("Record 1 of 1 to repair (line 2)")
        try pty.expect("Age (optional, 13-120): 9")
        pty.send("\u{15}\u{04}")
        try pty.expect("Record 1 skipped: kept in the rejects")
        #expect(try pty.waitForExit() == .code(7), "\(pty.tail)")
        #expect(try String(contentsOfFile: rejects, encoding: .utf8) == """
            username,email,password,age,errors
            bob_2,bob@example.com,long-enough-2,9,age: Must be between 13 and 120

            """)
    }

    @Test("Ctrl-C ends the repair: the report and rejects complete, exit 130")
    func interruptEndsTheRepair() throws {
        let input = try write(Self.records, name: "people.ndjson")
        let rejects = home + "/rejects.ndjson"
        let pty = try spawn([input, "--repair", "--rejects", rejects])
        try pty.expect("Record 1 of 2 to repair (line 2)")
        try pty.expect("Age (optional, 13-120): 9")
        pty.send("\u{03}")
        #expect(try pty.waitForExit() == .code(130), "\(pty.tail)")
        #expect(String(decoding: pty.output, as: UTF8.self).contains(#""interrupted":true"#))
        let kept = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        #expect(kept.count == 2 && kept[0].contains("bob_2") && kept[1].contains("admin"), "\(kept)")
    }

    @Test("--repair without a terminal, or with --dry-run, is a usage error (exit 2)")
    func needsATerminal() throws {
        let runner = try BinaryRunner()
        let input = runner.home.appendingPathComponent("people.ndjson").path
        try Self.records.write(toFile: input, atomically: true, encoding: .utf8)
        let piped = try runner.run(["batch", "Forms/signup.yaml", input, "--repair"], lines: [])
        #expect(piped.status == 2)
        #expect(piped.stderr.contains("--repair asks at a terminal: standard input and output must be one, and FILE cannot be -"), "\(piped.stderr)")
        #expect(piped.stdout.isEmpty, "nothing sent, nothing reported")
        let dry = try runner.run(["batch", "Forms/signup.yaml", input, "--repair", "--dry-run"], lines: [])
        #expect(dry.status == 2)
        #expect(dry.stderr.contains("--repair and --dry-run do not go together: a dry run sends nothing to repair"), "\(dry.stderr)")
    }
}
