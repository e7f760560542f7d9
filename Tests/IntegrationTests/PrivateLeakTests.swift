import Foundation
import Testing

/// Issue 32 item 1, the leaks a reviewer found with the built binary: a private or secret value
/// in a submit path or a server check's path (encoded or not), and a private value spared
/// because an ordinary answer happened to hold it inside a longer word. Each reached the
/// transcript (`--record`) or the diagnostic log (`--log`); docs/privacy.md says neither may
/// hold one.
@Suite(.serialized) struct PrivateLeakTests {
    /// The lines formline wrote, not the operator's (`> ...`), which are what replay types.
    private func written(_ transcript: String) -> [Substring] {
        transcript.split(separator: "\n").filter { !$0.hasPrefix(">") }
    }

    @Test func privateValuesInTheSubmitPathAreReplacedInTheTranscriptAndTheLog() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("chart.yaml", """
            id: chart
            private: true
            fields:
              - name: mrn
                label: MRN
              - name: given_name
                label: Given name
              - name: ward
                label: Ward
                private: false
            submit:
              method: PUT
              path: /patients/{mrn}/names/{given_name}
            """)
        let recording = runner.home.appendingPathComponent("chart.session").path
        let log = runner.home.appendingPathComponent("chart.log").path
        let result = try runner.run(["fill", form, "--record", recording, "--log", log],
                                    lines: ["MRN-999111", "Ola Nordmann", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording), logged = BinaryRunner.read(log)
        #expect(transcript.contains("=> PUT /patients/[mrn]/names/[given_name] {\"ward\":\"Cardiology\"}\n"), "\(transcript)")
        #expect(logged.contains(" path=/patients/[mrn]/names/[given_name]\n"), "\(logged)")
        for value in ["MRN-999111", "Ola Nordmann", "Ola%20Nordmann", "Nordmann"] {
            #expect(!transcript.contains(value), "\(value) in the transcript:\n\(transcript)")
            #expect(!logged.contains(value), "\(value) in the log:\n\(logged)")
        }
        try runner.expectReplays(recording)
    }

    @Test func aSecretInTheSubmitPathIsReplacedInTheTranscriptAndTheLog() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("reset.yaml", """
            id: reset
            fields:
              - name: token
                type: secret
              - name: ward
                private: false
            submit:
              method: POST
              path: /reset/{token}
            """)
        let recording = runner.home.appendingPathComponent("reset.session").path
        let log = runner.home.appendingPathComponent("reset.log").path
        let result = try runner.run(["fill", form, "--record", recording, "--log", log],
                                    lines: ["Tok-5550123", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording), logged = BinaryRunner.read(log)
        #expect(transcript.contains("=> POST /reset/[token] {\"ward\":\"Cardiology\"}\n"), "\(transcript)")
        #expect(logged.contains(" path=/reset/[token]\n"), "\(logged)")
        #expect(!transcript.contains("Tok-5550123"), "\(transcript)")
        #expect(!logged.contains("Tok-5550123"), "\(logged)")
    }

    @Test func aPrivateValueInACheckPathIsRecordedAsItsNameAndReplays() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("names.yaml", """
            id: names
            fields:
              - name: full_name
                label: Name
                private: true
                server_check:
                  path: /api/names/{value}
                  query: { spelled: "{value}" }
              - name: ward
                private: false
            submit:
              method: POST
              path: /patients
            """)
        let recording = runner.home.appendingPathComponent("names.session").path
        let result = try runner.run(["fill", form, "--record", recording], lines: ["Ola Nordmann", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains("=> GET /api/names/[full_name]?spelled=[full_name] null\n"), "\(transcript)")
        #expect(!transcript.contains("Nordmann"), "\(transcript)")
        try runner.expectReplays(recording)
    }

    @Test func aPrivateValueInsideAnOrdinaryAnswersWordIsStillReplaced() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("referral.yaml", """
            id: referral
            fields:
              - name: given_name
                label: Given name
                private: true
              - name: referral
                label: Referral
                private: false
            submit:
              method: POST
              path: /patients
            """)
        let recording = runner.home.appendingPathComponent("referral.session").path
        let result = try runner.run(["fill", form, "--record", recording],
                                    lines: ["Anna", "Referred by Annabelle Clinic, ref MRN-1234567", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains("> Referred by Annabelle Clinic, ref MRN-1234567\n"), "\(transcript)")
        let shown = written(transcript).filter { $0.contains("Anna") && !$0.contains("Annabelle") }
        #expect(shown.isEmpty, "the private value in \(shown):\n\(transcript)")
        #expect(transcript.contains("\"given_name\":\"[given_name]\""), "\(transcript)")
        #expect(transcript.contains("Given name  [given_name]\n"), "\(transcript)")
        try runner.expectReplays(recording)
    }

    @Test func checkWarnsAboutANorwegianLabelInAnyLanguage() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("nb.yaml", """
            id: nb
            fields:
              - name: code
                label: { en: Code, nb: Fødselsdato }
            submit:
              path: /codes
            """)
        let result = try runner.run(["check", form], lines: [])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains(
            "warning: \"code\" looks like personal data (\"fødselsdato\"): add private: true, or private: false if it is not"),
            "\(result.stdout)\(result.stderr)")
    }

    @Test func aPrivateAnswerACheckRefusesIsRecordedRefusedAndReplays() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("listed.yaml", """
            id: listed
            fields:
              - name: full_name
                label: Name
                private: true
                server_check:
                  path: /api/names/{value}
                  fake: { refuse: [Kari Nordmann], message: Not on the list. }
              - name: ward
                private: false
            submit:
              method: POST
              path: /patients
            """)
        let recording = runner.home.appendingPathComponent("listed.session").path
        let result = try runner.run(["fill", form, "--record", recording, "--keep-asking"],
                                    lines: ["Kari Nordmann", "Ola Nordmann", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Not on the list."), "\(result.stdout)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains(">* [full_name: refused]\n=> GET /api/names/[full_name] null\n<= 422"), "\(transcript)")
        #expect(transcript.contains(">* [full_name]\n=> GET /api/names/[full_name] null\n<= 200"), "\(transcript)")
        #expect(!transcript.contains("Nordmann"), "\(transcript)")
        try runner.expectReplays(recording)
    }

    /// Item 4 and 5 of the review: a private value the review wraps, and one of three
    /// characters, are recorded `[name]`, in the table and in the accessible sentences.
    @Test func wrappedAndShortPrivateValuesAreRecordedAsTheirNames() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("long.yaml", """
            id: long
            fields:
              - name: given_name
                label: Given name
                private: true
              - name: family_name
                label: Family name
                private: true
              - name: ward
                private: false
            submit:
              method: POST
              path: /patients
            """)
        let long = "Kristoffersenmarie " + String(repeating: "Aaslandsdatter ", count: 3) + "Bjoernstadholmen"
        #expect(long.count > 60)
        for extra in [[], ["--accessible"]] {
            let recording = runner.home.appendingPathComponent("long\(extra.count).session").path
            let result = try runner.run(["fill", form, "--record", recording] + extra, lines: ["Bob", long, "Cardiology", ""])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("Bjoernstadholmen"), "the screen shows it: \(result.stdout)")
            let transcript = BinaryRunner.read(recording)
            for piece in ["Kristoffersenmarie", "Aaslandsdatter", "Bjoernstadholmen"] {
                #expect(!transcript.contains(piece), "\(piece) in the transcript:\n\(transcript)")
            }
            let shown = written(transcript).filter { $0.contains("Bob") }
            #expect(shown.isEmpty, "the short value in \(shown):\n\(transcript)")
            try runner.expectReplays(recording)
        }
    }

    /// A private value shown again in its prompt (`.back`: `Given name [Bob]: `, a long one
    /// shortened to fit) is recorded with the field's name in its place, in both faces.
    @Test func aPrivateValueShownInItsPromptIsRecordedAsItsName() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("back.yaml", """
            id: back
            fields:
              - name: given_name
                label: Given name
                private: true
              - name: family_name
                label: Family name
                private: true
              - name: ward
                private: false
            submit:
              method: POST
              path: /patients
            """)
        let long = "Kristoffersenmarie Aaslandsdatter Bjoernstadholmen"
        for (extra, shown) in [([String](), "Given name [given_name]:"), (["--accessible"], "Given name, required, now [given_name]:")] {
            let recording = runner.home.appendingPathComponent("back\(extra.count).session").path
            let result = try runner.run(["fill", form, "--record", recording] + extra,
                                        lines: ["Bob", long, ".back", ".back", "", "", "Cardiology", ""])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("Bob]") || result.stdout.contains("now Bob"), "the screen shows it: \(result.stdout)")
            let transcript = BinaryRunner.read(recording)
            #expect(transcript.contains(shown + "\n"), "\(transcript)")
            for piece in ["Kristoffersenmarie", "Aaslandsdatter", "Bjoernstadholmen"] {
                #expect(!transcript.contains(piece), "\(piece) in the transcript:\n\(transcript)")
            }
            let leaked = written(transcript).filter { $0.contains("Bob") }
            #expect(leaked.isEmpty, "the short value in \(leaked):\n\(transcript)")
            try runner.expectReplays(recording)
        }
    }

    /// Item 5: the accessible read-back of a refused private answer is recorded with `[name]`,
    /// however short the answer.
    @Test func theAccessibleReadBackOfAPrivateAnswerIsRecordedAsItsName() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("age.yaml", """
            id: age
            fields:
              - name: code
                label: Code
                private: true
                pattern: "^[A-Z]{3}$"
              - name: ward
                private: false
            submit:
              method: POST
              path: /patients
            """)
        let recording = runner.home.appendingPathComponent("age.session").path
        let result = try runner.run(["fill", form, "--record", recording, "--accessible", "--keep-asking"],
                                    lines: ["x7q", "ABC", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("  You typed \"x7q\".\n"), "\(result.stdout)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains("  You typed \"[code]\".\n"), "\(transcript)")
        #expect(!transcript.contains("x7q"), "\(transcript)")
        // The pattern refuses every value replay makes: the author's made-up one.
        let pinned = transcript.replacingOccurrences(of: "#! args: --accessible\n",
                                                     with: "#! args: --accessible\n#! private code = XYZ\n")
        #expect(pinned != transcript, "\(transcript)")
        try pinned.write(toFile: recording, atomically: true, encoding: .utf8)
        try runner.expectReplays(recording)
    }
    /// The review rows of private items (a group's label and the members it leaves out, a list's
    /// item) and the one-line review of a run's later records are recorded with `[name]`, in both
    /// faces: values of 1 to 3 characters, which the transcript's scrubber spares, never reach it.
    @Test func shortPrivateItemValuesInTheReviewAreRecordedAsTheirNames() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("family.yaml", """
            id: family
            fields:
              - {name: code, label: Code, private: true}
              - {name: codes, label: Codes, list: true, private: true}
              - group: children
                label: "Child {n}: {name}"
                fields:
                  - {name: name, label: Name, private: true}
                  - {name: nick, label: Nickname, private: true}
                  - {name: ward, label: Ward, private: false}
            submit:
              method: POST
              path: /families
            """)
        let lines = ["Q", "Zx", "", "Xqz", "Qx", "Ward 7", "", "", "Zq", "", "", "", ".end"]
        for extra in [[], ["--accessible"]] {
            let recording = runner.home.appendingPathComponent("family\(extra.count).session").path
            let result = try runner.run(["fill", form, "--repeat", "--record", recording] + extra, lines: lines)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("Child 1: Xqz"), "the screen shows it: \(result.stdout)")
            let transcript = BinaryRunner.read(recording)
            let leaked = written(transcript).filter { line in line.contains(where: { "QZX".contains($0) }) }
            #expect(leaked.isEmpty, "a short value in \(leaked):\n\(transcript)")
            for name in ["[children.1.name]", "[children.1.nick]", "[codes.1]", "[code]"] {
                #expect(transcript.contains(name), "\(name) in\n\(transcript)")
            }
            try runner.expectReplays(recording)
        }
    }
    /// A `choices_from` fetch whose path or query names a private field is recorded with
    /// `[name]`, as a server check's request is, and the transcript replays.
    @Test func aPrivateValueInAChoicesFetchIsRecordedAsItsNameAndReplays() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("wards.yaml", """
            id: wards
            fields:
              - name: mrn
                label: MRN
                private: true
              - name: ward
                type: choice
                private: false
                choices_from:
                  path: /api/wards/{mrn}
                  query: { patient: "{mrn}" }
                  fake: [Cardiology, Maternity]
            submit:
              method: POST
              path: /patients
            """)
        let recording = runner.home.appendingPathComponent("wards.session").path
        let result = try runner.run(["fill", form, "--record", recording], lines: ["MRN 4711", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains("=> GET /api/wards/[mrn]?patient=[mrn] null\n"), "\(transcript)")
        for value in ["MRN 4711", "MRN%204711", "4711"] {
            #expect(!transcript.contains(value), "\(value) in the transcript:\n\(transcript)")
        }
        try runner.expectReplays(recording)
    }
}
