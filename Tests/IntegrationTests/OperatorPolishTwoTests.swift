import Foundation
import Testing

/// Issue 35 through the real binary: what a new user tripped over with three new forms.
@Suite("operator polish, second round (issue 35)", .serialized)
struct OperatorPolishTwoTests {
    /// Writes `text` as a file in the runner's home and returns its path.
    private func file(_ runner: BinaryRunner, _ name: String, _ text: String) throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A patient intake: a group of medications with a label template, a list of allergies.
    private let intake = """
        id: intake
        title: Patient intake
        fields:
          - name: patient
            label: Patient
          - group: meds
            label: "Med {n}: {code}"
            fields:
              - { name: code, label: Code }
              - { name: dose, label: Dose, required: false }
          - name: allergies
            label: Allergy
            list: true
        """

    // MARK: Item 10

    @Test(".delete on the offered item names it without a dangling colon or dash")
    func deleteTheOfferedItem() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "intake.yaml", intake)
        let r = try runner.run(["fill", form], lines: ["Ann", ".delete", "y", "peanut", ".delete", "y", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Med 1: Code: .delete\nDelete Med 1? (y/N): y\n  Deleted Med 1.\n"), "\(r.stdout)")
        #expect(r.stdout.contains("Delete Allergy 2? (y/N): y\n  Deleted Allergy 2.\n"), "\(r.stdout)")
        #expect(!r.stdout.contains(":?") && !r.stdout.contains(": -?") && !r.stdout.contains(":."), "\(r.stdout)")
    }

    // MARK: Item 11

    @Test("the --repeat summary never breaks between a record's number and its id")
    func repeatSummaryWrapsBetweenRecords() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "count.yaml", "id: count\ntitle: Cycle count\nfields:\n  - name: qty\n    type: integer\n")
        let r = try runner.run(["fill", form, "--repeat"], lines: Array(repeating: ["5", ""], count: 10).flatMap { $0 })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("Records: 10 accepted, 0 rejected, 0 kept as drafts.\n"
            + "Accepted: 1 id=1, 2 id=2, 3 id=3, 4 id=4, 5 id=5, 6 id=6, 7 id=7, 8 id=8,\n  9 id=9, 10 id=10\n"), "\(r.stdout)")
    }

    // MARK: Item 14

    @Test("formline template shows a group's items as the review reads them")
    func templateReadsAsTheReview() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "intake.yaml", intake)
        let r = try runner.run(["template", form], input: [])
        #expect(r.status == 0)
        #expect(r.stdout.contains("\n# A list of items, shown in the review as \"Med 1: <code>\": copy the item below for each one\nmeds:\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("{n}") && !r.stdout.contains("{code}"))
    }

    // MARK: Item 8

    @Test("a block scalar in an answers file loses its final newline; |+ keeps it")
    func blockScalarAnswers() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "wo.yaml", """
            id: wo
            fields:
              - { name: fault, type: multiline }
              - { name: notes, type: multiline }
              - { name: site }
            """)
        let answers = try file(runner, "a.yaml", "fault: |\n  Pump leaks\n  at the seal\nnotes: |+\n  kept\n\nsite: >\n  north\n  yard\n")
        let r = try runner.run(["fill", form, "--answers", answers, "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains(#""payload":{"fault":"Pump leaks\nat the seal","notes":"kept\n\n","site":"north yard"}"#), "\(r.stdout)")
    }

    // MARK: Item 7

    @Test("--resume does not ask again an optional field answered empty")
    func resumeSkipsEmptyOptionalAnswers() throws {
        let runner = try BinaryRunner()
        let first = try runner.run(["fill", "Forms/signup.yaml"], lines: ["bob_smith", "bob@example.com", "hunter2hunter2", ""])
        #expect(first.status == 4, "\(first.stdout)")
        // Password (a secret is never saved), Country's default, and the review's Enter.
        let resumed = try runner.run(["fill", "Forms/signup.yaml", "--resume"], lines: ["hunter2hunter2", "", ""])
        #expect(resumed.status == 0, "\(resumed.stdout)\(resumed.stderr)")
        #expect(resumed.stdout.contains("Resuming a saved draft: 2 answers kept."), "\(resumed.stdout)")
        #expect(!resumed.stdout.contains("\nAge"), "Age was answered (empty): \(resumed.stdout)")
        let list = try runner.run(["drafts"], input: [])
        #expect(!list.stdout.contains("signup"), "the resumed draft is done with: \(list.stdout)")
    }

    // MARK: Item 9

    @Test("the title's field count is what the form has, whatever the answers reveal")
    func titleCountIsStable() throws {
        let runner = try BinaryRunner()
        let plain = try runner.run(["fill", "Forms/incident-report.yaml"], lines: [])
        #expect(plain.stdout.hasPrefix("Report an incident  (up to 8 fields; ? for help)\n"), "\(plain.stdout)")
        // At a terminal, an answer that shows the conditional fields: the same title.
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", "Forms/incident-report.yaml", "--set", "severity=critical"],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
        try pty.expect("Report an incident  (up to 8 fields; ? for help)")
        pty.send(".cancel\r")
        _ = try pty.waitForExit()
        let flat = try runner.run(["fill", "Forms/signup.yaml"], lines: [])
        #expect(flat.stdout.hasPrefix("Create an account  (5 fields; ? for help)\n"), "no condition, no \"up to\"")
    }

    // MARK: Item 3

    @Test("a file path past 80 columns is never split: it gets a line of its own")
    func longPathUnbroken() throws {
        let runner = try BinaryRunner()
        let id = "post-api-patients-" + String(repeating: "4ce6712e", count: 8)
        let form = try file(runner, "long.yaml", "id: \(id)\nfields:\n  - name: a\n  - name: b\n")
        let r = try runner.run(["fill", form], lines: ["x"])
        #expect(r.status == 4)
        let path = runner.stateHome + "/formline/drafts/\(id).json"
        #expect(r.stdout.hasSuffix("Draft saved:\n  \(path)\n"), "\(r.stdout)")
    }

    // MARK: Item 15

    @Test("--no-input lists problems by line, each with its origin, item checks too")
    func noInputProblemsByLineWithOrigins() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "intake.yaml", """
            id: intake
            fields:
              - name: patient
              - name: age
                type: integer
                max: 150
              - group: meds
                unique: [code]
                fields:
                  - { name: code }
              - name: allergies
                list: { unique: true }
            """)
        let mixed = try file(runner, "b.yaml", "age: 200\nmeds:\n  - code: AMOX\nallergies: [peanut]\ncolour: blue\n")
        let r = try runner.run(["fill", form, "--answers", mixed, "--no-input"], lines: [])
        #expect(r.status == 5)
        #expect(r.stderr == "\(mixed):1: age: Must be at most 150\n\(mixed):5: colour: the form has no such field\n\(mixed): patient: Required\n", "\(r.stderr)")
        let twice = try file(runner, "c.yaml", "patient: Ann\nage: 3\nmeds:\n  - code: AMOX\n  - code: AMOX\nallergies: [peanut, peanut]\n")
        let items = try runner.run(["fill", form, "--answers", twice, "--no-input", "--output", "json"], lines: [])
        #expect(items.status == 5)
        #expect(items.stderr == "\(twice):5: meds.2.code: code is the same as in item 1: each item must differ\n"
            + "\(twice):6: allergies.2: This is the same as in item 1: each item must differ\n", "\(items.stderr)")
        #expect(items.stdout.contains(#"{"field":"allergies.2","message":"This is the same as in item 1: each item must differ","origin":"\#(twice):6"}"#), "\(items.stdout)")
    }

    // MARK: Item 4

    @Test("check reports every mistake of a field with a mistyped type in one pass")
    func checkReportsEveryMistake() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "t.yaml", "id: x\nfields:\n  - name: a\n    type: txt\n    carry: yes\n    max_length: -1\n")
        let r = try runner.run(["check", form], input: [])
        #expect(r.status == 2)
        #expect(r.stderr == "\(form):4:11: unknown field type \"txt\" (did you mean \"text\"?)\n"
            + "\(form):5:12: carry must be true, false or next, not \"yes\"\n"
            + "\(form):6:17: max_length must be a whole number of 0 or more, not \"-1\"\n", "\(r.stderr)")
    }

    // MARK: Item 12

    @Test("no line of formline's own text is 80 columns wide (the stop message of a pipe)")
    func noEightyColumnLines() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml"], lines: ["bob_smith", "bob@example.com", "hunter2hunter2", "12"])
        #expect(r.status == 5)
        #expect(r.stderr.contains("Stopped at input line 4 (Age): Must be between 13 and 120. This run stops at\n") || r.stdout.contains("Stopped at input line 4 (Age): Must be between 13 and 120. This run stops at\n"), "\(r.stdout)\(r.stderr)")
        // The draft's path is the one exception (item 3): a line of its own, whole.
        for line in (r.stdout + r.stderr).split(separator: "\n") where !line.hasPrefix("  /") {
            #expect(line.count <= 79, "\(line)")
        }
    }

    // MARK: Item 6

    @Test("a datetime typed to the minute is told to add the seconds and the offset")
    func datetimeToTheMinute() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "at.yaml", "id: at\nfields:\n  - name: at\n    label: Arrived\n    type: datetime\n")
        let r = try runner.run(["fill", form, "--keep-asking"], lines: ["2026-11-26 11:38", "2026-11-26 11:38:00Z", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("  ! Add the seconds and the offset from UTC to the time, like 11:38:00Z or\n    11:38:00+02:00\n"), "\(r.stdout)")
    }
}
