import Foundation
import Glibc
import Testing

/// Issue 35, the remaining items, through the real binary: `today` bounds, the Ctrl-U hint.
@Suite("operator polish, second round, remaining items (issue 35)", .serialized)
struct OperatorPolishThreeTests {
    /// Writes `text` as a file in the runner's home and returns its path.
    private func file(_ runner: BinaryRunner, _ name: String, _ text: String) throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The local date `days` from now at UTC+01:00 (the `TZ` the runs below get), as YYYY-MM-DD.
    private func day(_ days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 3600) ?? .gmt
        let date = calendar.date(byAdding: .day, value: days, to: Date()) ?? Date()
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    private let patient = """
        id: patient
        fields:
          - { name: birth, label: Date of birth, type: date, max: today }
          - { name: visit, label: Visit, type: datetime, exclusive_min: today, required: false }
        """

    // MARK: Item 1

    @Test("max: today refuses a future date of birth with the session's date, at the prompt, ? and in answers")
    func todayBounds() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "patient.yaml", patient)
        let today = day(0), tomorrow = day(1)
        let env = ["TZ": "CET-01"]
        let r = try runner.run(["fill", form, "--keep-asking"], lines: [tomorrow, "?", today, today + "T23:59:59+01:00", tomorrow + "T00:00:00+01:00", ""],
                               environment: env)
        guard day(0) == today else { return }  // the day turned during the run
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Date of birth (YYYY-MM-DD): \(tomorrow)\n  ! Must be on or before \(today)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  Rules: required; a date as YYYY-MM-DD; on or before \(today)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  ! Must be at or after \(tomorrow)T00:00:00+01:00\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  2 Visit          \(tomorrow)T00:00:00+01:00\n"), "\(r.stdout)")

        // An answers file meets the same bound, resolved from the same clock.
        let answers = try file(runner, "a.yaml", "birth: \(tomorrow)\n")
        let scripted = try runner.run(["fill", form, "--answers", answers, "--no-input"], input: [], environment: env)
        #expect(scripted.status == 5, "\(scripted.stdout)\(scripted.stderr)")
        #expect(scripted.stderr.contains("Must be on or before \(today)"), "\(scripted.stderr)")

        // Before a session there is no date yet: `template` shows the bound as written.
        let template = try runner.run(["template", form], input: [])
        #expect(template.stdout.contains("# Date of birth (date): required; a date as YYYY-MM-DD; on or before today\n"), "\(template.stdout)")
        #expect(template.stdout.contains("with its offset, like 2024-05-01T14:30:00+02:00; after today\n"), "\(template.stdout)")

        let check = try runner.run(["check", form], input: [])
        #expect(check.status == 0, "\(check.stderr)")
        let wrong = try file(runner, "wrong.yaml", "id: w\nfields:\n  - name: d\n    type: date\n    max: today+x\n")
        let refused = try runner.run(["check", wrong], input: [])
        #expect(refused.status == 2)
        #expect(refused.stderr == "\(wrong):5:10: max must be today, today+N or today-N (N days up to 99999), not \"today+x\"\n")
    }

    @Test("a recorded run with max: today replays at its recorded clock, whatever the day")
    func todayBoundRecordingReplays() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "patient.yaml", patient)
        let session = runner.home.appendingPathComponent("p.session").path
        let r = try runner.run(["fill", form, "--keep-asking", "--record", session], lines: [day(3), day(-3), "", ""],
                               environment: ["TZ": "CET-01"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let recording = try String(contentsOfFile: session, encoding: .utf8)
        #expect(recording.contains("\n#! clock: "), "\(recording)")
        // Run elsewhere and another day: the bound is the recorded day's.
        let replay = try runner.run(["replay", "--allow-outside", session], input: [], environment: ["TZ": "UTC0"])
        #expect(replay.status == 0, "\(replay.stdout)")
    }

    // MARK: Item 2

    /// A pty session of the signup form in `home` (TERM=dumb, no inputrc).
    private func signupAtPty(home: String, _ arguments: [String] = []) throws -> PseudoTerminal {
        try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", "Forms/signup.yaml"] + arguments,
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
    }

    static let clearHint = "  (The answer stays on the line to fix: Ctrl-U clears it to type anew)"

    @Test("at a terminal the first refusal says once how to clear the pre-filled line; never in a recording")
    func clearHintOnce() throws {
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let session = home + "/s.session"
        let pty = try signupAtPty(home: home, ["--record", session])
        try pty.expect("Username: ")
        pty.send("ab\r")
        try pty.expect("  ! ")
        try pty.expect(OperatorPolishThreeTests.clearHint + "\r\n")
        try pty.expect("Username: ab")
        pty.send("\u{15}ab_c\r")
        try pty.expect("Email: ")
        pty.send("not-an-email\r")
        try pty.expect("  ! ")
        try pty.expect("Email: not-an-email")
        pty.send("\u{15}ab@example.com\r")
        try pty.expect("Password: ")
        pty.send("Zebra-Secret-4711\r")
        try pty.expect("Age")
        pty.send("\r")
        try pty.expect("Country")
        pty.send("\r")
        try pty.expect("Submit?")
        pty.send("\r")
        try pty.expect("accepted (201)")
        #expect(try pty.waitForExit() == .code(0))
        let shown = pty.text
        #expect(shown.components(separatedBy: "Ctrl-U clears").count == 2, "\(shown)")
        let recording = try String(contentsOfFile: session, encoding: .utf8)
        #expect(recording.contains("> ab\n") && !recording.contains("Ctrl-U"), "\(recording)")
    }

    @Test("a pipe run never shows the Ctrl-U hint")
    func noClearHintInAPipe() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"],
                               lines: ["ab", "ab_c", "ab@example.com", "Zebra-Secret-4711", "", "", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("  ! ") && !r.stdout.contains("Ctrl-U"), "\(r.stdout)")
    }

    // MARK: Item 13

    /// The signup form at a pty with `TERM=term`, a refused username, then Ctrl-C: all it wrote.
    private func refusalShown(term: String) throws -> String {
        let home = try PseudoTerminal.temporaryDirectory()
        defer { PseudoTerminal.removeTree(home) }
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", "Forms/signup.yaml"],
            environment: PseudoTerminal.environment(home: home, ["TERM": term]), directory: PseudoTerminal.repositoryRoot)
        try pty.expect("Username: ")
        pty.send("ab\r")
        try pty.expect("At least 3 characters")
        try pty.expect("Username: ")
        pty.send("\u{3}")
        #expect(try pty.waitForExit() == .code(130))
        return pty.text
    }

    @Test("TERM=vt100 and vt220 get no colour and no dim (terminfo has neither), xterm-256color gets both")
    func stylesFollowTerminfo() throws {
        for term in ["vt100", "vt220"] {
            let shown = try refusalShown(term: term)
            #expect(!shown.contains("\u{1B}[31m") && !shown.contains("\u{1B}[2m"), "\(term): \(shown.debugDescription)")
            #expect(shown.contains("\u{1B}[1mCreate an account"), "\(term): \(shown.debugDescription)")
            #expect(shown.contains("  ! At least 3 characters\r\n" + OperatorPolishThreeTests.clearHint), "\(term): \(shown.debugDescription)")
        }
        let xterm = try refusalShown(term: "xterm-256color")
        #expect(xterm.contains("\u{1B}[31m  ! At least 3 characters\u{1B}[0m"), "\(xterm.debugDescription)")
        #expect(xterm.contains("\u{1B}[2m" + OperatorPolishThreeTests.clearHint + "\u{1B}[0m"), "\(xterm.debugDescription)")
        // TERM=dumb: no escape sequence at all.
        #expect(!(try refusalShown(term: "dumb")).contains("\u{1B}"))
    }

    // MARK: Item 16

    @Test("a review number of a list form is recorded as the .edit NAME it stood for, and replays")
    func recordedEditsByName() throws {
        let runner = try BinaryRunner()
        let form = try file(runner, "visit.yaml", """
            id: visit
            fields:
              - { name: patient, label: Patient }
              - { name: parts, label: Part, list: true }
              - { name: visit_date, label: Visit date, type: date }
            """)
        let session = runner.home.appendingPathComponent("v.session").path
        let r = try runner.run(["fill", form, "--record", session],
                               lines: ["Ann", "wheel", "bell", "", "2026-01-02", "4", "2026-01-03", "2", "chain", ""])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Submit? (Enter = submit, number = edit, .cancel): 4\nVisit date (YYYY-MM-DD) [2026-01-02]: "), "\(r.stdout)")
        let recording = try String(contentsOfFile: session, encoding: .utf8)
        #expect(recording.contains("Submit? (Enter = submit, number = edit, .cancel):\n> .edit visit_date\nVisit date (YYYY-MM-DD) [2026-01-02]:\n"), "\(recording)")
        #expect(recording.contains("> .edit parts.1\nPart 1 [wheel]:\n"), "\(recording)")
        #expect(!recording.contains("\n> 4\n") && !recording.contains("\n> 2\n"), "\(recording)")
        let replay = try runner.run(["replay", "--allow-outside", session], input: [])
        #expect(replay.status == 0, "\(replay.stdout)")

        // Without lists a review number is the field's place in the form: recorded as typed.
        let plain = try file(runner, "plain.yaml", "id: p\nfields:\n  - { name: a, label: A }\n  - { name: b, label: B }\n")
        let plainSession = runner.home.appendingPathComponent("p.session").path
        let p = try runner.run(["fill", plain, "--record", plainSession], lines: ["x", "y", "2", "z", ""])
        #expect(p.status == 0, "\(p.stdout)\(p.stderr)")
        #expect(try String(contentsOfFile: plainSession, encoding: .utf8).contains("cancel):\n> 2\nB [y]:\n"))
    }
}
