import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `fill --answers`, `--set`, `--no-input` and `formline template` through the real binary.
@Suite("answers files and --set", .serialized)
struct AnswersTests {
    let runner: BinaryRunner

    init() throws { runner = try BinaryRunner() }

    /// Writes `text` into the test's home with `mode`; returns the path.
    func file(_ name: String, _ text: String, mode: mode_t = 0o600) throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return path
    }

    let complete = "username: bob_smith\nemail: bob@example.com\npassword: hunter2hunter2\nage: 42\ncountry: den\n"

    @Test("--no-input with every answer valid submits without asking anything")
    func completeAnswersSubmit() throws {
        let answers = try file("a.yaml", complete)
        let r = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == #"{"ending":"accepted","exit":0,"payload":{"age":42,"country":"Denmark","email":"bob@example.com","password":"[secret]","username":"bob_smith"},"response":{"id":1},"status":201}"# + "\n")
        #expect(!r.stderr.contains("Review"))
    }

    @Test("YAML and JSON answers with a byte-order mark and CRLF are fine; a pipe with answers asks nothing")
    func answersWithBOM() throws {
        // The YAML one fails without the reader's own mark handling (Yams refuses it there).
        let yaml = "\u{FEFF}" + complete.replacingOccurrences(of: "\n", with: "\r\n")
        let json = "\u{FEFF}{\"username\": \"bob_smith\",\r\n \"email\": \"bob@example.com\",\r\n \"password\": \"hunter2hunter2\", \"age\": 42, \"country\": [\"den\"]}\r\n"
        for (name, text) in [("a.yaml", yaml), ("a.json", json)] {
            let answers = try file(name, text)
            let r = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--output", "json"], lines: ["this line is never read"])
            #expect(r.status == 0, "\(name): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains(#""payload":{"age":42,"country":"Denmark","email":"bob@example.com","password":"[secret]","username":"bob_smith"}"#))
            #expect(r.stderr.contains("Submitting... accepted (201)"))
            #expect(!r.stderr.contains("never read"))
        }
    }

    @Test("--no-input reports every missing and refused answer at once as FILE:LINE: field: message, exit 5")
    func everyProblemAtOnce() throws {
        let answers = try file("bad.yaml", "username: ad\nemial: bob@example.com\nage: 12\ncountry: den\n")
        let r = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input"], lines: [])
        #expect(r.status == 5)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(answers):1: username: At least 3 characters"))
        #expect(lines.contains("\(answers):2: emial: the form has no such field (did you mean \"email\"?)"))
        #expect(lines.contains("\(answers):3: age: Must be between 13 and 120"))
        #expect(lines.contains("\(answers): email: Required"))
        #expect(lines.contains { $0.hasPrefix("\(answers): password: Required") })
        #expect(!r.stdout.contains("Submitting"))
    }

    @Test("--set wins over the answers file, and its values go through the same rules")
    func setWins() throws {
        let answers = try file("a.yaml", complete)
        let ok = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--set", "age=30", "--set=country=Sweden",
                                 "--no-input", "--output", "json"], lines: [])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains(#""age":30,"country":"Sweden""#))
        let bad = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--set", "age=200", "--no-input", "--output", "json"], lines: [])
        #expect(bad.status == 5)
        #expect(bad.stdout == #"{"ending":"refused","errors":[{"field":"age","message":"Must be between 13 and 120","origin":"--set age"}],"exit":5}"# + "\n")
    }

    @Test("a secret is never taken from --set, and an answers file holding one must be private")
    func secrets() throws {
        let answers = try file("a.yaml", "username: bob_smith\nemail: bob@example.com\n")
        let set = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--set", "password=hunter2hunter2", "--no-input"], lines: [])
        #expect(set.status == 5)
        #expect(set.stderr.contains("--set password: password: a secret is never taken from the command line"))
        #expect(!set.stdout.contains("hunter2") && !set.stderr.contains("hunter2"))
        let open = try file("open.yaml", complete, mode: 0o644)
        let r = try runner.run(["fill", "Forms/signup.yaml", "--answers", open, "--no-input"], lines: [])
        #expect(r.status == 5)
        #expect(r.stderr.contains("\(open):3: password: the answers file holds a secret but may be read or changed by other users (mode 644); chmod 600 it"))
    }

    @Test("an answers file holding a secret is refused at mode 0640 and 0620 too (like ssh: no group or other bit)",
          arguments: [0o640, 0o620, 0o604] as [mode_t])
    func secretInGroupAccessibleFile(_ mode: mode_t) throws {
        let answers = try file("g.yaml", complete, mode: mode)
        let r = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 5, "\(r.stderr)")
        let octal = String(mode, radix: 8)
        #expect(r.stderr.contains("\(answers):3: password: the answers file holds a secret but may be read or changed by other users (mode \(octal)); chmod 600 it"))
        #expect(!r.stdout.contains("hunter2") && !r.stderr.contains("hunter2"))
        #expect(r.stdout.hasPrefix(#"{"ending":"refused","errors":[{"field":"password""#), "\(r.stdout)")
        // The same file at 0600 (and 0400) is fine.
        chmod(answers, 0o400)
        let ok = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input"], lines: [])
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    @Test("--no-input with every answer valid but rejected by the server: every mapped error, exit 5")
    func noInputRejected() throws {
        let answers = try file("admin.yaml", complete.replacingOccurrences(of: "bob_smith", with: "admin"))
        let text = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input"], lines: [])
        #expect(text.status == 5, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("Submitting... rejected (422)\n  1 Username  admin\n    ! This username is already taken.\nStopped: the server rejected the form"), "\(text.stdout)")
        let json = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input", "--output", "json"], lines: [])
        #expect(json.status == 5)
        #expect(json.stdout == #"{"ending":"rejected","errors":[{"field":"username","message":"This username is already taken."}],"exit":5,"status":422}"# + "\n")
    }

    @Test("--secret password=fd:3 reads the secret from an inherited descriptor")
    func secretFromDescriptor() throws {
        let answers = try file("a.yaml", "username: bob_smith\nemail: bob@example.com\nage: 42\ncountry: den\n")
        let secret = try file("pw.txt", "hunter2hunter2\n", mode: 0o644)
        let r = try runner.shell(#""$FORMLINE" fill Forms/signup.yaml --answers "$1" --secret password=fd:3 --no-input --output json 3<"$2""#,
                                 arguments: [answers, secret], lines: [])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""password":"[secret]""#))
        #expect(!r.stdout.contains("hunter2") && !r.stderr.contains("hunter2"))
        // Without the descriptor the run says how to pass one, and sends nothing.
        let closed = try runner.shell(#""$FORMLINE" fill Forms/signup.yaml --answers "$1" --secret password=fd:3 --no-input 3<&-"#,
                                      arguments: [answers], lines: [])
        #expect(closed.status == 5)
        #expect(closed.stderr.contains("--secret password: password: fd:3 is not open (pass it with 3<FILE"), "\(closed.stderr)")
        #expect(!closed.stdout.contains("Submitting"))
    }

    @Test("no answers file and no --set: a missing answer is `field: Required`, with no origin")
    func noInputWithoutAnswers() throws {
        let r = try runner.run(["fill", "Forms/signup.yaml", "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 5)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("username: Required"), "\(r.stderr)")
        #expect(lines.contains("email: Required"))
        #expect(lines.contains { $0.hasPrefix("password: Required") })
        #expect(!r.stderr.contains("--set"))
        #expect(r.stdout.hasPrefix(#"{"ending":"refused","errors":[{"field":"username","message":"Required"}"#), "\(r.stdout)")
    }

    @Test("--secret password=env:/file: answers a secret through its rules; a file others can read is refused")
    func secretSources() throws {
        let answers = try file("a.yaml", "username: bob_smith\nemail: bob@example.com\nage: 42\ncountry: den\n")
        let env = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--secret", "password=env:SIGNUP_PW",
                                  "--no-input", "--output", "json"], lines: [], environment: ["SIGNUP_PW": "hunter2hunter2"])
        #expect(env.status == 0, "\(env.stderr)")
        #expect(env.stdout.contains(#""password":"[secret]""#))
        #expect(!env.stdout.contains("hunter2") && !env.stderr.contains("hunter2"))

        let privateFile = try file("pw.txt", "hunter2hunter2\n", mode: 0o600)
        let fromFile = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--secret=password=file:\(privateFile)",
                                       "--no-input", "--output", "json"], lines: [])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout.contains(#""password":"[secret]""#))

        let openFile = try file("open-pw.txt", "hunter2hunter2\n", mode: 0o644)
        let refused = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--secret", "password=file:\(openFile)",
                                      "--no-input"], lines: [])
        #expect(refused.status == 5)
        #expect(refused.stderr.contains("--secret password: password: file:\(openFile) may be read or changed by other users (mode 644); chmod 600 it"))
        #expect(!refused.stderr.contains("hunter2") && !refused.stdout.contains("Submitting"))

        // The value goes through the field's rules like a typed one, and is never repeated.
        let short = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--secret", "password=env:SIGNUP_PW",
                                    "--no-input"], lines: [], environment: ["SIGNUP_PW": "abc"])
        #expect(short.status == 5)
        #expect(short.stderr.contains("--secret password: password: "))
        #expect(!short.stderr.contains("'abc'"))

        let unset = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--secret", "password=env:NOT_SET_ANYWHERE",
                                    "--no-input"], lines: [])
        #expect(unset.status == 5)
        #expect(unset.stderr.contains("--secret password: password: the environment variable NOT_SET_ANYWHERE is not set"))

        let notSecret = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--secret", "age=env:SIGNUP_PW",
                                        "--secret", "password=env:SIGNUP_PW", "--no-input"], lines: [], environment: ["SIGNUP_PW": "hunter2hunter2"])
        #expect(notSecret.status == 5)
        #expect(notSecret.stderr.contains("--secret age: age: not a secret field; answer it with --set or --answers"))

        // The value itself on the command line is a usage error that does not repeat it.
        let inline = try runner.run(["fill", "Forms/signup.yaml", "--secret", "password=hunter2hunter2"], lines: [])
        #expect(inline.status == 2)
        #expect(inline.stderr.contains("password: the value must be env:NAME, file:PATH or fd:N"))
        #expect(!inline.stderr.contains("hunter2"))

        // And --set points to --secret.
        let set = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--set", "password=x", "--no-input"], lines: [])
        #expect(set.status == 5)
        #expect(set.stderr.contains("use --secret password=env:NAME (or file:PATH, fd:N)"))
    }

    @Test("an answer for a field hidden by its condition is an error naming it")
    func hiddenField() throws {
        // incident-report: escalation_contact shows only when severity is critical.
        let answers = try file("i.yaml", "title: Server down\ndescription: |\n  It went down.\noccurred_on: 2024-01-02\ndetected_on: 2024-01-03\nseverity: low\nescalation_contact: ops@example.com\n")
        let r = try runner.run(["fill", "Forms/incident-report.yaml", "--answers", answers, "--no-input"], lines: [])
        #expect(r.status == 5)
        #expect(r.stderr.contains("\(answers):7: escalation_contact: this field is hidden by its condition (asked only when severity is critical), so it takes no answer"))
        let fixed = try file("j.yaml", "title: Server down\ndescription: |\n  It went down.\noccurred_on: 2024-01-02\ndetected_on: 2024-01-03\nseverity: critical\npaged_on_call: yes\nescalation_contact: ops@example.com\n")
        let ok = try runner.run(["fill", "Forms/incident-report.yaml", "--answers", fixed, "--no-input"], lines: [])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
    }

    @Test("formline template: comments, defaults, no secrets; a filled-in template passes --no-input")
    func template() throws {
        let t = try runner.run(["template", "Forms/signup.yaml"], lines: [])
        #expect(t.status == 0, "\(t.stderr)")
        #expect(t.stdout.contains("# Username (text): required"))
        #expect(t.stdout.contains("country: \"Norway\"\n"))
        #expect(t.stdout.contains("choices: Norway, Sweden, Denmark, Finland, Iceland"))
        #expect(!t.stdout.contains("\npassword:"), "a secret is never a value in a template")
        let filled = t.stdout
            .replacingOccurrences(of: "\nusername:\n", with: "\nusername: bob_smith\n")
            .replacingOccurrences(of: "\nemail:\n", with: "\nemail: bob@example.com\n")
            .replacingOccurrences(of: "# password: a secret", with: "password: hunter2hunter2\n# a secret")
        let answers = try file("t.yaml", filled)
        let r = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers, "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 0, "\(filled)\n\(r.stderr)")
        #expect(r.stdout.contains(#""country":"Norway""#))
    }

    /// The payload of an accepted `--output json` run.
    private func payload(_ r: BinaryRunner.Result) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any])
        return try #require(object["payload"] as? [String: Any])
    }

    @Test("template -> filled in by hand -> --no-input: goods-receipt (a group of items and a list)")
    func goodsReceiptTemplateRoundTrip() throws {
        let t = try runner.run(["template", "Forms/goods-receipt.yaml"], lines: [])
        #expect(t.status == 0, "\(t.stderr)")
        #expect(t.stdout.contains("\nlines:\n"))
        #expect(t.stdout.contains("only when lines.lot is DAMAGED"))
        // What a person does: fill the blanks, copy the item for a second line, write the list.
        let filled = t.stdout
            .replacingOccurrences(of: "\nsupplier:\n", with: "\nsupplier: ACME Freight\n")
            .replacingOccurrences(of: "\nreceived:\n", with: "\nreceived: 2024-05-02\n")
            .replacingOccurrences(of: "  - sku:\n", with: "  - sku: ABC-12\n")
            .replacingOccurrences(of: "    qty:\n", with: "    qty: 3\n")
            .replacingOccurrences(of: "    damaged:\n", with: "    damaged:\n  - sku: XYZ-7\n    qty: 2\n    lot: L-1\n")
            .replacingOccurrences(of: "\nserials:\n", with: "\nserials: [SN-1, SN-2]\n")
            .replacingOccurrences(of: "\nsigned_by_driver:\n", with: "\nsigned_by_driver: yes\n")
            .replacingOccurrences(of: "\ndriver_name:\n", with: "\ndriver_name: Ola\n")
        let answers = try file("receipt.yaml", filled)
        let r = try runner.run(["fill", "Forms/goods-receipt.yaml", "--answers", answers, "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 0, "\(filled)\n\(r.stderr)")
        let sent = try payload(r)
        #expect(sent["supplier"] as? String == "ACME Freight")
        #expect(sent["dock"] as? String == "A", "the default, as the template wrote it")
        #expect(sent["serials"] as? [String] == ["SN-1", "SN-2"])
        #expect(sent["driver_name"] as? String == "Ola")
        #expect(sent["signed_by_driver"] == nil, "send: false")
        let lines = try #require(sent["lines"] as? [[String: Any]])
        #expect(lines.map { $0["sku"] as? String } == ["ABC-12", "XYZ-7"])
        #expect(lines.map { $0["qty"] as? Int } == [3, 2])
        #expect(lines.map { $0["lot"] as? String } == [nil, "L-1"])
    }

    @Test("template -> filled in by hand -> --no-input: incident-report (fields shown under a when:)")
    func incidentTemplateRoundTrip() throws {
        let t = try runner.run(["template", "Forms/incident-report.yaml"], lines: [])
        #expect(t.status == 0, "\(t.stderr)")
        #expect(t.stdout.contains("only when severity is critical"))
        let base = t.stdout
            .replacingOccurrences(of: "\ntitle:\n", with: "\ntitle: Disk full on db-2\n")
            .replacingOccurrences(of: "\ndescription:\n", with: "\ndescription: |\n  The data disk filled up.\n  Writes failed.\n")
            .replacingOccurrences(of: "\noccurred_on:\n", with: "\noccurred_on: 2024-01-02\n")
            .replacingOccurrences(of: "\ndetected_on:\n", with: "\ndetected_on: 2024-01-03\n")
        // As written (severity medium), the conditional fields stay empty and are not asked.
        let plain = try file("incident.yaml", base)
        let medium = try runner.run(["fill", "Forms/incident-report.yaml", "--answers", plain, "--no-input", "--output", "json"], lines: [])
        #expect(medium.status == 0, "\(base)\n\(medium.stderr)")
        let first = try payload(medium)
        #expect(first["severity"] as? String == "medium")
        #expect(first["description"] as? String == "The data disk filled up.\nWrites failed.", "a YAML | block's final line break goes, as typed")
        #expect(first["escalation_contact"] == nil)
        // Critical shows them: filled in, they are sent.
        let critical = base
            .replacingOccurrences(of: "severity: \"medium\"", with: "severity: critical")
            .replacingOccurrences(of: "\npaged_on_call:\n", with: "\npaged_on_call: yes\n")
            .replacingOccurrences(of: "\nescalation_contact:\n", with: "\nescalation_contact: ops@example.com\n")
        let answers = try file("critical.yaml", critical)
        let r = try runner.run(["fill", "Forms/incident-report.yaml", "--answers", answers, "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 0, "\(critical)\n\(r.stderr)")
        let second = try payload(r)
        #expect(second["severity"] as? String == "critical")
        #expect(second["paged_on_call"] as? Bool == true)
        #expect(second["escalation_contact"] as? String == "ops@example.com")
    }

    @Test("a template of a form whose every field has a default submits unchanged")
    func allDefaultsTemplate() throws {
        let form = try file("defaults.yaml", """
            id: defaults
            title: All defaults
            fields:
              - { name: site, label: Site, type: text, default: oslo-1 }
              - { name: rack.row, label: Row, type: integer, default: "4" }
              - { name: rack.power, label: Power, type: choice, choices: [ac, dc], default: dc }
              - { name: monitored, label: Monitored, type: boolean, default: "yes" }
            submit: { path: /api/site }
            """)
        let t = try runner.run(["template", form], lines: [])
        #expect(t.status == 0, "\(t.stderr)")
        let answers = try file("d.yaml", t.stdout)
        let r = try runner.run(["fill", form, "--answers", answers, "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 0, "\(t.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains(#""payload":{"monitored":true,"rack":{"power":"dc","row":4},"site":"oslo-1"}"#))
    }

    @Test("--set needs name=value; --record can't take answers")
    func usage() throws {
        let bad = try runner.run(["fill", "Forms/signup.yaml", "--set", "age"], lines: [])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--set must look like name=value"))
        let record = try runner.run(["fill", "Forms/signup.yaml", "--set", "age=3", "--record", "x.session"], lines: [])
        #expect(record.status == 2)
        #expect(record.stderr.contains("--record can't be combined with --answers or --set"))
    }

    @Test("precedence: --set over the answers file over a resumed draft over defaults")
    func precedence() throws {
        // The draft holds every level's field: age (--set wins), email (the file wins), country
        // (the draft wins over the default Norway) and username (the draft's alone).
        let first = try runner.run(["fill", "Forms/signup.yaml"], lines: ["bob_smith", "old@example.com", "hunter2hunter2", "30", "Sweden"])
        #expect(first.status == 4)
        let draft = try String(contentsOfFile: runner.draftPath("signup"), encoding: .utf8)
        #expect(draft.contains(#""country":"Sweden""#), "\(draft)")
        let answers = try file("p.yaml", "email: new@example.com\npassword: hunter2hunter2\nage: 40\n")
        let r = try runner.run(["fill", "Forms/signup.yaml", "--resume", "--answers", answers, "--set", "age=50",
                                "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""payload":{"age":50,"country":"Sweden","email":"new@example.com","password":"[secret]","username":"bob_smith"}"#))
    }
}
