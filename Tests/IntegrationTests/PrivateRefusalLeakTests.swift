import Foundation
import Testing

/// Issue 32, the second review's leaks: a private choice given away by the choice list, a
/// `distinct` clash quoting a private value, and refusals quoting a short private answer. Each
/// reached the transcript (`--record`); docs/privacy.md says it may hold none, and each
/// transcript must still replay.
@Suite(.serialized) struct PrivateRefusalLeakTests {
    private let intake = """
        id: intake
        fields:
          - name: sex
            label: Sex
            type: choice
            choices: [female, male, fuzzy]
            private: true
          - name: tags
            label: Tags
            type: multichoice
            choices: [alpha, beta, gamma]
            private: true
          - name: ward
            private: false
        submit:
          method: POST
          path: /patients
        """

    @Test(arguments: ["female", "male", "fuzzy"])
    func aPrivateChoiceLeavesTheChoiceListWholeAndReplays(answer: String) throws {
        let runner = try BinaryRunner()
        let form = try runner.file("intake.yaml", intake)
        let recording = runner.home.appendingPathComponent("intake.session").path
        let result = try runner.run(["fill", form, "--plain", "--record", recording],
                                    lines: [answer, "alpha, beta", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains("\n  1 female  2 male  3 fuzzy\nSex:\n>* [sex]\n  1 alpha  2 beta  3 gamma\n"), "\(transcript)")
        #expect(transcript.contains("\n  1 Sex   [sex]\n  2 Tags  [tags]\n"), "\(transcript)")
        #expect(transcript.contains("=> POST /patients {\"sex\":\"[sex]\",\"tags\":\"[tags]\",\"ward\":\"Cardiology\"}\n"), "\(transcript)")
        try runner.expectReplays(recording)
    }

    /// A long private list (over 12 choices, narrowed by prefix): `secr?` asks for matches and
    /// the answer that none start with it quotes `secr`, which is typed text like any other.
    @Test func aLongPrivateListsNoMatchQuotesItsName() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("codes.yaml", """
            id: codes
            fields:
              - name: code
                type: choice
                private: true
                choices: [a1, a2, a3, a4, a5, a6, a7, a8, a9, b1, b2, b3, b4, b5]
              - name: ward
                private: false
            submit:
              method: POST
              path: /codes
            """)
        let recording = runner.home.appendingPathComponent("codes.session").path
        let result = try runner.run(["fill", form, "--plain", "--keep-asking", "--record", recording],
                                    lines: ["secr?", "secretzz", "a1", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording)
        #expect(!transcript.contains("secr"), "\(transcript)")
        #expect(transcript.contains("  ! No choice starts with '[code]'\n"), "\(transcript)")
        try runner.expectReplays(recording)
    }

    @Test func refusalsQuotingAShortPrivateAnswerQuoteItsName() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("intake.yaml", intake)
        let recording = runner.home.appendingPathComponent("intake.session").path
        let result = try runner.run(["fill", form, "--plain", "--keep-asking", "--record", recording],
                                    lines: ["f", "female", "alpha, qq", "alpha", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("  ! 'f' matches female and fuzzy: type more\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  ! 'qq': Choose one of: alpha, beta, gamma\n"), "\(result.stdout)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains("Sex:\n>* [sex: refused]\n  ! '[sex]' matches female and fuzzy: type more\nSex:\n>* [sex]\n"), "\(transcript)")
        #expect(transcript.contains(">* [tags: refused]\n  ! '[tags]': Choose one of: alpha, beta, gamma\n"), "\(transcript)")
        #expect(!transcript.contains("'f'") && !transcript.contains("qq"), "\(transcript)")
        try runner.expectReplays(recording)
    }

    @Test func aRefusalThatStopsTheRunQuotesThePrivateAnswersName() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("intake.yaml", intake)
        let recording = runner.home.appendingPathComponent("intake.session").path
        let result = try runner.run(["fill", form, "--plain", "--record", recording], lines: ["male", "alpha, qq"])
        #expect(result.status == 5, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains(">* [tags: refused]\n  ! '[tags]': Choose one of: alpha, beta, gamma\n"
            + "Stopped at input line 2 (Tags): '[tags]': Choose one of: alpha, beta, gamma.\n"), "\(transcript)")
        #expect(!transcript.contains("qq"), "\(transcript)")
        try runner.expectReplays(recording)
    }

    /// A run's private `distinct` field.
    static let codes = """
        id: codes
        fields:
          - name: code
            label: Code
            private: true
            distinct: true
        submit:
          method: POST
          path: /codes
        """

    @Test(arguments: ["AB", "CODE-0123456789-0123456789-0123456789-XYZ"])
    func aDistinctClashOnAPrivateFieldQuotesItsName(code: String) throws {
        let runner = try BinaryRunner()
        let form = try runner.file("codes.yaml", Self.codes)
        let recording = runner.home.appendingPathComponent("codes.session").path
        let result = try runner.run(["fill", form, "--plain", "--repeat", "--record", recording], lines: [code, "", code])
        #expect(result.status == 5, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("  ! Record 1 already has Code "), "\(result.stdout)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains(">* [code: refused]\n  ! Record 1 already has Code [code]: each record needs its own\n"
            + "Stopped at input line 3 (Code): Record 1 already has Code [code]: each record\nneeds its own."), "\(transcript)")
        #expect(!transcript.contains(code) && !transcript.contains("CODE-"), "\(transcript)")
        try runner.expectReplays(recording)
    }

    /// Found by reading the replay: every record of a run typed one value at a private field, so
    /// a `distinct` one was refused from the second record on as the first record's, and a run
    /// with two accepted records did not replay. The records are marked `#! record N` now, and
    /// replay types each its own; a clash with record 2 types record 2's.
    @Test func aRunWithAPrivateDistinctFieldMarksItsRecordsAndReplays() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("codes.yaml", Self.codes)
        let recording = runner.home.appendingPathComponent("codes.session").path
        let result = try runner.run(["fill", form, "--plain", "--repeat", "--keep-asking", "--record", recording],
                                    lines: ["K-1001", "", "K-2002", "", "K-2002", "K-3003", "", ".end"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Records: 3 accepted"), "\(result.stdout)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains("accepted (201) id=1\n#! record 2\nRecord 2\n"), "\(transcript)")
        #expect(transcript.contains("#! record 3\nRecord 3\nCode:\n>* [code: refused]\n"
            + "  ! Record 2 already has Code [code]: each record needs its own\nCode:\n>* [code]\n"), "\(transcript)")
        #expect(transcript.contains("#! record 4\nRecord 4\n"), "\(transcript)")
        #expect(!transcript.contains("K-"), "\(transcript)")
        try runner.expectReplays(recording)
        // A form without a private distinct field: no marks, as before.
        let plain = try runner.file("notes.yaml", "id: notes\nfields:\n  - name: note\n    private: false\n")
        let notes = runner.home.appendingPathComponent("notes.session").path
        let run = try runner.run(["fill", plain, "--plain", "--repeat", "--record", notes], lines: ["a", "", "b", "", ".end"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!BinaryRunner.read(notes).contains("#! record"), "\(BinaryRunner.read(notes))")
    }

    /// Found with the change above: a run's recorder passed every call on to the transcript but
    /// the one that turns a private value refused by its server check into `>* [name: refused]`,
    /// so such a run recorded the refused value as taken and did not replay.
    @Test func aPrivateValueRefusedByItsCheckInARunIsRecordedRefusedAndReplays() throws {
        let runner = try BinaryRunner()
        let form = try runner.file("handles.yaml", """
            id: handles
            fields:
              - name: username
                label: Username
                private: true
                server_check:
                  path: /api/usernames/{value}
                  fake:
                    refuse: [mallory]
                    message: This username is already taken.
              - name: note
                private: false
            submit:
              method: POST
              path: /handles
            """)
        let recording = runner.home.appendingPathComponent("handles.session").path
        let result = try runner.run(["fill", form, "--plain", "--repeat", "--keep-asking", "--record", recording],
                                    lines: ["mallory", "bobby", "hi", "", ".end"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains("Username:\n>* [username: refused]\n=> GET /api/usernames/[username]"), "\(transcript)")
        #expect(transcript.contains("  ! This username is already taken.\nUsername:\n>* [username]\n"), "\(transcript)")
        #expect(!transcript.contains("mallory") && !transcript.contains("bobby"), "\(transcript)")
        try runner.expectReplays(recording)
    }

    /// Found by the session fuzzer: replay types a private date's bound (`min`) when it has no
    /// value of its own, and replaced it in the rules `?` shows, so the transcript did not replay.
    /// A bound is the form's text, like a choice: the rules stay as the form says them.
    @Test(arguments: ["1985-05-05", "1900-01-01"])
    func aPrivateValueEqualToABoundLeavesTheRulesWhole(birth: String) throws {
        let runner = try BinaryRunner()
        let form = try runner.file("birth.yaml", """
            id: birth
            fields:
              - name: birth
                label: Date of birth
                type: date
                min: 1900-01-01
                private: true
              - name: ward
                private: false
            submit:
              method: POST
              path: /patients
            """)
        let recording = runner.home.appendingPathComponent("birth.session").path
        let result = try runner.run(["fill", form, "--plain", "--record", recording],
                                    lines: [birth, ".back", "?", "", "Cardiology", ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let transcript = BinaryRunner.read(recording)
        #expect(transcript.contains("  Rules: required; a date as YYYY-MM-DD; on or after 1900-01-01\n"), "\(transcript)")
        #expect(!transcript.contains("1985"), "\(transcript)")
        try runner.expectReplays(recording)
    }
}
