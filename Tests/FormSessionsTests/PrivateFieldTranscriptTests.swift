import FormCore
import FormFiles
import FormRunner
import FormSessions
import Testing

/// Issue 32 item 1: a private field's value is echoed and sent, but a transcript holds it only as
/// `>* [name]` and `[name]`, and replays with a value of `#! private` or one replay makes.
@Suite struct PrivateFieldTranscriptTests {
    static let intake: FormSpec = {
        var name = Field(name: "patient_name", label: "Patient name", maxLength: 60)
        name.isPrivate = true
        var birth = Field(name: "birth", label: "Date of birth", type: .date)
        birth.isPrivate = true
        var phone = Field(name: "phone", label: "Phone", type: .phone, required: false)
        phone.isPrivate = true
        var family = Field(name: "family", label: "Family name")
        family.isPrivate = true
        let ward = Field(name: "ward", label: "Ward")
        return FormSpec(id: "intake", title: "Patient intake", fields: [name, family, birth, phone, ward],
                        submit: SubmitSpec(method: .POST, path: "/patients"))
    }()

    let replayer = Replayer(loadForm: { _ in .success(PrivateFieldTranscriptTests.intake) })

    func record(_ lines: [LineResult]) -> (text: String, status: FormCore.ExitStatus) {
        Fixtures.record(Self.intake, lines: lines, formPath: "intake.yaml")
    }

    @Test func aRecordedSessionHoldsNoPrivateValueAndReplaysLineForLine() {
        let recorded = record(.lines("Kari Nordmann", "Nordmann-Hansen", "1984-02-14", "+47 912 34 567", "Cardiology", ""))
        #expect(recorded.status == .accepted)
        for value in ["Kari Nordmann", "Nordmann-Hansen", "1984-02-14", "912 34 567", "+4791234567"] {
            #expect(!recorded.text.contains(value), "\(value) in\n\(recorded.text)")
        }
        #expect(recorded.text.contains("Patient name:\n>* [patient_name]\nFamily name:\n>* [family]\n"), "\(recorded.text)")
        #expect(recorded.text.contains("  5 Ward           Cardiology\n"), "\(recorded.text)")
        #expect(recorded.text.contains("  4 Phone          [phone]\n"), "the phone as kept (+4791234567) is replaced too: \(recorded.text)")
        #expect(recorded.text.contains(
            #"=> POST /patients {"birth":"[birth]","family":"[family]","patient_name":"[patient_name]","phone":"[phone]","ward":"Cardiology"}"#))
        let result = replayer.replay(text: recorded.text, path: "t.session")
        #expect(result.passed, "\(result.report)")
    }

    @Test func aRefusedPrivateValueIsRecordedAsRefusedAndReplays() {
        // A refusal replay can make again: the date's format (an over-long name's message
        // would name the recorded length, which the replay's value can't know).
        let recorded = record(.lines("Kari Nordmann", "Hansen", "14.02.1984", "1984-02-14", "", "Maternity", ""))
        #expect(recorded.status == .accepted)
        #expect(recorded.text.contains("Date of birth (YYYY-MM-DD):\n>* [birth: refused]\n  ! Enter a date as YYYY-MM-DD\n"), "\(recorded.text)")
        #expect(!recorded.text.contains("14.02.1984"))
        let result = replayer.replay(text: recorded.text, path: "t.session")
        #expect(result.passed, "\(result.report)")
    }

    @Test func aPrivateLineGivesTheValueReplayTypes() throws {
        let recorded = record(.lines("Kari Nordmann", "Hansen", "1984-02-14", "", "Ward 7", ""))
        let pinned = recorded.text.replacing("#! args: --plain\n", with: "#! args: --plain\n#! private birth = 1999-12-31\n")
        let transcript = try TranscriptParser.parse(pinned, file: "t.session")
        #expect(transcript.secrets == ["birth": "1999-12-31"])
        #expect(replayer.replay(text: pinned, path: "t.session").passed)
        #expect(throws: (any Error).self) { try TranscriptParser.parse("#! formline-session 1\n#! private birth\n", file: "t.session") }
    }

    @Test func commandsAtAPrivatePromptAreRecordedAsTyped() {
        let recorded = record(.lines("Kari Nordmann", ".back", "Kari Nordmann", "Hansen", "1984-02-14", "", "W1", ""))
        #expect(recorded.text.contains("Family name:\n> .back\nPatient name [patient_name]:\n>* [patient_name]\n"), "\(recorded.text)")
        #expect(replayer.replay(text: recorded.text, path: "t.session").passed)
    }

    @Test func replayMakesEachPrivateFieldAValueOfItsOwnThatPassesItsRules() {
        let text = Field(name: "a", label: "A")
        let first = DefaultPrivate.value(for: text, avoiding: [])
        #expect(first == "Replay Private")
        #expect(DefaultPrivate.value(for: text, avoiding: ["Replay Private"]) == "Replay Privacy")
        #expect(DefaultPrivate.value(for: Field(name: "d", type: .date), avoiding: []) == "1970-01-01")
        #expect(DefaultPrivate.value(for: Field(name: "e", type: .email), avoiding: []) == "replay.private@example.org")
        #expect(DefaultPrivate.value(for: Field(name: "n", type: .integer, minNumber: DecimalText("18"), maxNumber: DecimalText("30")), avoiding: []) == "18")
        let mrn = Field(name: "mrn", pattern: try? FieldPattern("^MRN-[0-9]{6}$"))
        #expect(DefaultPrivate.value(for: mrn, avoiding: []) == nil)
    }

    @Test func anItemsFieldIsFoundByItsDeclaration() {
        let spec = FormSpec(id: "f", fields: [Field(name: "lines.qty", type: .integer)])
        #expect(DefaultPrivate.declaration(of: "lines.2.qty", in: spec)?.name == "lines.qty")
        #expect(DefaultPrivate.declaration(of: "other.2", in: spec) == nil)
    }

    /// A server that repeats a private value back (an error quoting the name) is recorded with
    /// `[name]` in its place, in the response line and the message shown.
    @Test func aPrivateValuesSevenBitSpellingIsReplacedToo() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.privateValue(field: "given_name", value: "Bjørn Ødegård")
        recorder.secretInput(field: "given_name")
        recorder.output(OutputLine("  ! Bjoern Oedegaard is registered already"))
        let text = recorder.text
        #expect(!text.contains("Bjoern"), "\(text)")
        #expect(text.contains("  ! [given_name] is registered already\n"), "\(text)")
    }

    /// The same text typed at two private fields is written under the field it was typed at, in
    /// the lines from there on: a replay types a value of its own at each field, and each
    /// message then reads under its own field (the binary fuzzer's case: refused at the MRN, then
    /// at the birth date).
    @Test func aValueTypedAgainAtAnotherPrivateFieldIsThatFieldsFromThere() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.privateValue(field: "mrn", value: "19 may 1970")
        recorder.secretInput(field: "mrn")
        recorder.output(OutputLine("  ! 19 may 1970 does not look like MRN-123456"))
        recorder.privateValue(field: "birth", value: "19 may 1970")
        recorder.secretInput(field: "birth")
        recorder.output(OutputLine("  ! 19 may 1970 is not a real date"))
        recorder.privateValue(field: "mrn", value: "19 may 1970")
        recorder.output(OutputLine("  ! 19 may 1970 again"))
        let lines = recorder.lines
        #expect(lines.contains("  ! [mrn] does not look like MRN-123456"), "\(lines)")
        #expect(lines.contains("  ! [birth] is not a real date"), "\(lines)")
        #expect(lines.contains("  ! [mrn] again"), "\(lines)")
        #expect(!lines.joined().contains("19 may"), "\(lines)")
    }

    @Test func aServerEchoingAPrivateValueIsRecordedWithThePlaceholder() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.privateValue(field: "patient_name", value: "Kari Nordmann")
        recorder.secretInput(field: "patient_name")
        recorder.response(.success(TransportResponse(
            status: 422, contentType: "application/json",
            body: Array(#"{"patient_name":["Kari Nordmann is registered already"]}"#.utf8))))
        recorder.output(OutputLine("  ! Kari Nordmann is registered already"))
        let text = recorder.text
        #expect(!text.contains("Kari"), "\(text)")
        #expect(text.contains(#"<= 422 application/json {"patient_name":["[patient_name] is registered already"]}"#), "\(text)")
        #expect(text.contains("  ! [patient_name] is registered already"))
    }
}

/// Items of lists and repeated groups are private when their declaration is.
@Suite struct PrivateItemsTranscriptTests {
    static let yaml = """
        id: family
        fields:
          - {name: phones, type: phone, list: true, private: true}
          - group: children
            fields:
              - {name: name, private: true}
              - {name: age, type: integer, private: false}

        """

    @Test func privateItemsAreRecordedByNameAndReplay() throws {
        let spec = try FormFileLoader.load(bytes: Array(Self.yaml.utf8), path: "family.yaml").get()
        let recorded = Fixtures.record(spec, lines: .lines(
            "+47 912 34 567", "+47 22 33 44 55", "", "Astrid Nordmann", "7", "Sigurd Nordmann", "9", "", ""), formPath: "family.yaml")
        #expect(recorded.status == .accepted, "\(recorded.text)")
        for value in ["912 34 567", "+4791234567", "+4722334455", "Astrid", "Sigurd"] {
            #expect(!recorded.text.contains(value), "\(value) in\n\(recorded.text)")
        }
        #expect(recorded.text.contains(">* [phones.2]\n"), "\(recorded.text)")
        #expect(recorded.text.contains(">* [children.1.name]\n"), "\(recorded.text)")
        #expect(recorded.text.contains("> 7\n"), "age says private: false: \(recorded.text)")
        let replayer = Replayer(loadForm: { _ in .success(spec) })
        let result = replayer.replay(text: recorded.text, path: "t.session")
        #expect(result.passed, "\(result.report)")
    }
}

/// The review rows of private items (a group's label and the members it leaves out, a list of
/// scalars' item, the one-line review of later records) are recorded with `[name]` put in before
/// they are wrapped or shortened, for a value of every length: the scrubber alone spares values
/// under 4 characters and no longer finds one cut to fit.
@Suite struct PrivateItemReviewRowTests {
    static let yaml = """
        id: family
        fields:
          - {name: codes, label: Codes, list: true, private: true}
          - group: children
            label: "Child {n}: {name}"
            fields:
              - {name: name, label: Name, private: true}
              - {name: nick, label: Nickname, private: true}
              - {name: ward, label: Ward, private: false}

        """

    static func record(_ spec: FormSpec, lines: [String], accessible: Bool) -> (text: String, status: FormCore.ExitStatus) {
        let recorder = TranscriptRecorder(formPath: "family.yaml", args: accessible ? ["--accessible"] : ["--plain"])
        var wizard = Wizard(spec: spec, interactive: false)
        if accessible { wizard.presentation = .accessible }
        let driver = SessionDriver(wizard: wizard, edges: SessionDriver.Edges(
            source: ListLineSource(lines.map { .line($0) }), transport: FakeTransport(form: spec),
            write: { _ in }, recorder: recorder, idempotencyKey: { "test-\($0)" }))
        let status = driver.run()
        return (recorder.text, status)
    }

    @Test(arguments: [false, true])
    func itemValuesOfEveryLengthAreRecordedAsTheirNames(accessible: Bool) throws {
        let spec = try FormFileLoader.load(bytes: Array(Self.yaml.utf8), path: "family.yaml").get()
        // Letters no other line of the session holds, so any copy of one is the value's.
        for length in 1...90 {
            let code = String(repeating: "Q", count: length)
            let name = String(repeating: "Z", count: length)
            let nick = String(repeating: "X", count: max(1, length / 2 + 1))
            let recorded = Self.record(spec, lines: [code, "", name, nick, "Ward 7", "", ""], accessible: accessible)
            #expect(recorded.status == .accepted, "\(length): \(recorded.text)")
            let leaked = recorded.text.split(separator: "\n").filter { line in
                !line.hasPrefix(">") && line.contains(where: { "QZX".contains($0) })
            }
            #expect(leaked.isEmpty, "length \(length): \(leaked)\n\(recorded.text)")
            #expect(recorded.text.contains("[children.1.name]"), "\(recorded.text)")
            #expect(recorded.text.contains("[children.1.nick]"), "\(recorded.text)")
            #expect(recorded.text.contains("[codes.1]"), "\(recorded.text)")
        }
    }
    /// `.delete` names the item by its line: the question and the notice are recorded with the
    /// item's private values by name, however short.
    @Test(arguments: [false, true])
    func deletingAnItemRecordsItsPrivateValuesByName(accessible: Bool) throws {
        let spec = try FormFileLoader.load(bytes: Array(Self.yaml.utf8), path: "family.yaml").get()
        let recorded = Self.record(spec, lines: ["Q", "", "Zq", "X", "Ward 7", "", ".delete children.1", "y", ""], accessible: accessible)
        #expect(recorded.status == .accepted, "\(recorded.text)")
        let leaked = recorded.text.split(separator: "\n").filter { line in
            !line.hasPrefix(">") && line.contains(where: { "QZX".contains($0) })
        }
        #expect(leaked.isEmpty, "\(leaked)\n\(recorded.text)")
        #expect(recorded.text.contains("Delete Child 1: [children.1.name]?"), "\(recorded.text)")
        #expect(recorded.text.contains("  Deleted Child 1: [children.1.name].\n"), "\(recorded.text)")
    }

    /// A private choice is one of the form's words: the choice list keeps it (a list missing the
    /// answer would give it away), also after a request learned it from the payload.
    @Test func aPrivateChoiceIsNotReplacedInTheFormsText() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.output(OutputLine("  1 female  2 male  3 fuzzy"))
        recorder.formText(["female", "male", "fuzzy", "alpha", "beta"])
        recorder.privateValue(field: "sex", value: "female")
        recorder.privateValue(field: "tags", value: "alpha, beta")
        recorder.privateValue(field: "given_name", value: "Kari Nordmann")
        recorder.secretInput(field: "sex")
        recorder.output(OutputLine("  ! Choose one of: alpha, beta (Kari Nordmann)"))
        let text = recorder.text
        #expect(text.contains("  1 female  2 male  3 fuzzy\n"), "\(text)")
        #expect(text.contains("  ! Choose one of: alpha, beta ([given_name])\n"), "\(text)")
    }
}
