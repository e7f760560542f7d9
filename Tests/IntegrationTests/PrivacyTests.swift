import Foundation
import Testing

/// Issue 32 items 1 and 4 through the real binary: private fields are echoed and sent but never
/// kept in history, transcripts or the diagnostic log (`--log`), over generated sessions too.
@Suite(.serialized) struct PrivacyTests {
    static let form = "Forms/patient-intake.yaml"

    /// One patient, made up from a seed.
    struct Patient {
        var mrn, given, family, birth, phone, ward, reason: String
        /// Every private value as typed and as formline keeps it (the phone without spaces).
        var privateValues: [String] { [mrn, given, family, birth, phone, phone.filter { $0 != " " }] }

        init(seed: UInt64) {
            var state = seed
            func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            func digits(_ n: Int) -> String { (0..<n).map { _ in String(next() % 10) }.joined() }
            let syllables = ["ka", "ri", "nor", "mann", "sol", "veig", "bjo", "ern", "lis", "tu", "hav", "dis"]
            func word(_ n: Int) -> String {
                let w = (0..<n).map { _ in syllables[Int(next() % UInt64(syllables.count))] }.joined()
                return w.prefix(1).uppercased() + w.dropFirst()
            }
            mrn = "MRN-" + digits(6)
            given = word(3)
            family = word(2) + "-" + word(2)
            birth = "19\(30 + next() % 70)-0\(1 + next() % 9)-1\(next() % 9)"
            phone = "+47 9" + digits(2) + " " + digits(2) + " " + digits(3)
            ward = ["Emergency", "Cardiology", "Maternity"][Int(next() % 3)]
            reason = "Follow-up " + digits(2)
        }

        var lines: [String] { [mrn, given, family, birth, phone, ward, reason, ".", ""] }
    }

    func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Over generated patients: the screen shows what was typed, the transcript and the log hold
    /// none of it (only `[name]`), and the transcript replays. The form's copy sends the MRN in
    /// the path (`/patients/{mrn}`, which the log writes); the names include a short one and one
    /// the review wraps; a last run fails to connect (the log's `reason=`).
    @Test func noPrivateValueReachesTheTranscriptOrTheLog() throws {
        let runner = try BinaryRunner()
        let original = try String(contentsOf: BinaryRunner.root.appendingPathComponent(Self.form), encoding: .utf8)
        let form = runner.home.appendingPathComponent("patient-intake.yaml").path
        try original.replacingOccurrences(of: "  path: /patients\n", with: "  path: /patients/{mrn}\n")
            .write(toFile: form, atomically: true, encoding: .utf8)
        for seed in UInt64(1)...7 {
            var patient = Patient(seed: seed)
            if seed == 2 { patient.given = "Bob" }
            if seed == 3 { patient.given = String(repeating: "Kristoffersen ", count: 4) + "Aaslandsdatter" }
            let recording = runner.home.appendingPathComponent("intake-\(seed).session").path
            let log = runner.home.appendingPathComponent("formline.log").path
            let unreachable = seed == 7 ? ["--endpoint", "http://127.0.0.1:1"] : []
            let result = try runner.run(["fill", form, "--record", recording, "--log", log] + unreachable, lines: patient.lines)
            let transcript = read(recording), logged = read(log)
            if seed == 7 {
                #expect(result.status != 0, "\(result.stdout)\(result.stderr)")
                #expect(logged.contains(" reason="), "\(logged)")
                for value in patient.privateValues {
                    #expect(!transcript.contains(value), "\(value) in the transcript:\n\(transcript)")
                    #expect(!logged.contains(value), "\(value) in the log:\n\(logged)")
                }
                continue
            }
            #expect(result.status == 0, "\(result.stderr)")
            #expect(logged.contains(" path=/patients/[mrn]\n"), "\(logged)")
            #expect(result.stdout.contains(String(patient.given.suffix(14))), "the screen is unchanged: \(result.stdout)")
            if patient.given.count < 40 {
                #expect(result.stdout.contains("  2 Given name        " + patient.given + "\n"), "the screen is unchanged: \(result.stdout)")
            }
            for value in patient.privateValues {
                #expect(!transcript.contains(value), "\(value) in the transcript:\n\(transcript)")
                #expect(!logged.contains(value), "\(value) in the log:\n\(logged)")
            }
            #expect(!transcript.contains("Kristoffersen"), "half a wrapped name:\n\(transcript)")
            #expect(transcript.contains(">* [given_name]\n"))
            #expect(transcript.contains("  2 Given name        [given_name]\n"), "\(transcript)")
            let pinned = transcript.replacingOccurrences(of: "#! args: --stop-at-refusal\n", with: "#! args: --stop-at-refusal\n#! private mrn = MRN-000042\n")
            try pinned.write(toFile: recording, atomically: true, encoding: .utf8)
            let replay = try runner.run(["replay", "--allow-outside", recording], lines: [])
            #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        }
        // Appended, one "form loaded" a run, and the owner's alone.
        let log = runner.home.appendingPathComponent("formline.log").path
        #expect(read(log).components(separatedBy: " info form loaded ").count - 1 == 7)
        let mode = try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func theLogSaysWhatFormlineDecided() throws {
        let runner = try BinaryRunner()
        let log = runner.home.appendingPathComponent("support.log").path
        // FORMLINE_LOG when --log is not given; the fake rejects "admin" with a field error.
        let result = try runner.run(["fill", "Forms/signup.yaml"], lines: ["admin", "a@example.com", "Secret-Pass-1", "", "", ""],
                                    environment: ["FORMLINE_LOG": log])
        #expect(result.status == 5, "\(result.stderr)")
        // Without the time stamp, and the timing as N (the fake answers in about no time).
        let lines = read(log).split(separator: "\n").map {
            String($0.drop { $0 != " " }.dropFirst()).replacing(#/ ms=[0-9]+/#, with: " ms=N")
        }
        #expect(lines == [
            "info form loaded errors=auto fields=5 id=signup path=Forms/signup.yaml prefer_errors=- withheld=password",
            "info submitting attempt=1 method=POST path=/api/signup",
            "info answered attempt=1 errors=auto:drf ms=N status=422",
            "info server error placed code=unique field=username path=username",
            "info session ended status=5",
        ])
        #expect(!read(log).contains("Secret-Pass-1"))
    }

    @Test func aLogThatCannotBeOpenedIsAUsageError() throws {
        let runner = try BinaryRunner()
        let missing = runner.home.appendingPathComponent("no/such/folder.log").path
        let result = try runner.run(["fill", Self.form, "--log", missing], lines: [])
        #expect(result.status == 2)
        #expect(result.stderr == "formline: --log \(missing): No such file or directory (the diagnostic log is appended to a file of your own, mode 600)\n")
        let open = runner.home.appendingPathComponent("open.log").path
        #expect(FileManager.default.createFile(atPath: open, contents: nil, attributes: [.posixPermissions: 0o644]))
        let refused = try runner.run(["fill", Self.form, "--log", open], lines: [])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("may be read or changed by other users (mode 644); chmod 600 it"), "\(refused.stderr)")
    }

    @Test func recordingASetPrivateValueIsRefused() throws {
        let runner = try BinaryRunner()
        let result = try runner.run(["fill", Self.form, "--set", "given_name=Kari", "--record", runner.home.appendingPathComponent("r.session").path], lines: [])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("formline: --record can't be combined with --set given_name=...: given_name is private"), "\(result.stderr)")
    }
}

/// History is GNU readline's: only a terminal keeps it.
@Suite(.serialized) final class PrivateHistoryTests {
    let home: String

    init() throws { home = try PseudoTerminal.temporaryDirectory() }
    deinit { PseudoTerminal.removeTree(home) }

    private var historyPath: String { home + "/state/formline/history/patient-intake.json" }

    private func fill(_ patient: PrivacyTests.Patient) throws {
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", PrivacyTests.form],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
        for (prompt, line) in zip(["MRN: ", "Given name: ", "Family name: ", "Date of birth", "Phone", "Ward", "Reason", "| ", "Submit?"], patient.lines) {
            try pty.expect(prompt)
            pty.send(line + "\r")
        }
        try pty.expect("accepted (201)")
        #expect(try pty.waitForExit() == .code(0))
        // Echoed as typed: the operator sees the name.
        #expect(pty.text.contains("Given name: " + patient.given))
    }

    @Test func privateValuesAreNeverInHistoryAndUpArrowOffersNone() throws {
        var patients: [PrivacyTests.Patient] = []
        for seed in UInt64(40)...41 {
            let patient = PrivacyTests.Patient(seed: seed)
            patients.append(patient)
            try fill(patient)
        }
        let history = String(decoding: PseudoTerminal.readFile(historyPath) ?? [], as: UTF8.self)
        #expect(history.contains(patients[1].ward), "the ward (private: false) is kept: \(history)")
        for value in patients.flatMap(\.privateValues) + patients.map(\.reason) {
            #expect(!history.contains(value), "\(value) in \(history)")
        }
        // Up at MRN recalls nothing: Enter then finds the field empty.
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", PrivacyTests.form],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
        try pty.expect("MRN: ")
        pty.send("\u{1B}[A\r")
        try pty.expect("! Required")
        // Ctrl-D once readline asks again: sent earlier, it can reach the terminal between two
        // readline calls, in cooked mode, and be lost.
        try pty.expect("MRN: ")
        pty.send("\u{4}")
        _ = try pty.waitForExit()
    }
}
