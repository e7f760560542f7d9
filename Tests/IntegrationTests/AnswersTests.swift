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
        #expect(r.stdout == #"{"payload":{"age":42,"country":"Denmark","email":"bob@example.com","password":"[secret]","username":"bob_smith"},"response":{"id":1},"status":201}"# + "\n")
        #expect(!r.stderr.contains("Review"))
    }

    @Test("JSON answers, a byte-order mark and CRLF are fine; a pipe with answers asks nothing")
    func jsonAnswersWithBOM() throws {
        let json = "\u{FEFF}{\"username\": \"bob_smith\",\r\n \"email\": \"bob@example.com\",\r\n \"password\": \"hunter2hunter2\", \"age\": 42, \"country\": [\"den\"]}\r\n"
        let answers = try file("a.json", json)
        let r = try runner.run(["fill", "Forms/signup.yaml", "--answers", answers], lines: ["this line is never read"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Submitting... accepted (201)"))
        #expect(!r.stdout.contains("never read"))
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
        #expect(r.stderr.contains("\(open):3: password: the answers file holds a secret but other users can read it"))
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
        #expect(r.stderr.contains("\(answers):7: escalation_contact: this field is hidden by its condition"))
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
        let first = try runner.run(["fill", "Forms/signup.yaml"], lines: ["bob_smith", "old@example.com", "hunter2hunter2", "30"])
        #expect(first.status == 4)
        let answers = try file("p.yaml", "email: new@example.com\npassword: hunter2hunter2\nage: 40\n")
        let r = try runner.run(["fill", "Forms/signup.yaml", "--resume", "--answers", answers, "--set", "age=50",
                                "--no-input", "--output", "json"], lines: [])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""payload":{"age":50,"country":"Norway","email":"new@example.com","password":"[secret]","username":"bob_smith"}"#))
    }
}
