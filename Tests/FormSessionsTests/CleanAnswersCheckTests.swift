import FormCore
import FormFiles
import FormRunner
import Testing
import SeededRandom

/// `CleanAnswersCheck` says a batch record is valid without the wizard: it must say so exactly
/// when the wizard's own road (`apply`, then `unansweredProblems`, then `scriptedCheckProblems`,
/// as `batch` calls them) finds nothing. Held over generated records for every shipped form it
/// takes and for forms written to reach its corners: conditions on conditions, defaults that
/// show or hide answered fields, checks on hidden fields, secrets, Norwegian yes/no words.
@Suite struct CleanAnswersCheckTests {
    static let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    /// The wizard's verdict, as `BatchRecordRunner` reaches it.
    static func wizardFindsNothing(_ blank: Wizard, _ answers: [ScriptedAnswer], language: MessageLanguage) -> Bool {
        let setup = SessionSetup(flags: SessionSetup.Flags(noInput: true, language: language), interactive: false, answers: answers)
        let (wizard, applied) = setup.answering(blank)
        guard applied.isEmpty, wizard.unansweredProblems(file: nil).isEmpty else { return false }
        return wizard.scriptedCheckProblems().isEmpty
    }

    static func blank(_ spec: FormSpec, language: MessageLanguage) -> Wizard {
        SessionSetup(flags: SessionSetup.Flags(noInput: true, language: language), interactive: false, answers: [])
            .blankWizard(spec: spec)
    }

    /// Texts of every shape: valid ones for each field type, near misses, and blanks.
    static let pool = [
        "", " ", "  \t", "x", "ab", "abc", "user_1", "Åse", "root", "a b", String(repeating: "y", count: 25),
        "user@example.net", "not-an-email", "https://example.net/a", "nope://", "0", "1", "2", "13", "42", "120",
        "121", "-5", "1.5", "3.25", "1e3", "2024-01-02", "2024-13-01", "2024-05-01T22:00:00+02:00",
        "2019-05-01T22:00:00Z", "2025-05-01T22:00:00Z", "22:30", "25:61", "yes", "no", "ja", "nei", "true", "maybe",
        "192.0.2.1", "192.0.2.1/24", "2001:db8::1", "300.1.1.1", "sw-core-01.example.net", "-bad-.host",
        "00:1a:2b:3c:4d:5e", "00:1a", "123e4567-e89b-12d3-a456-426614174000", "+47 22 33 44 55", "correct horse",
        "correct horse 1", "short", "a\u{7}b", "ge1/0/1", "ge1/", "ABC-123456", "ABC-12345", "MRN-123456", "MRN-1",
        "ABC-12", "abc-12", "Oslo", "0150", "2023-12-31", "2024-06-30",
    ]

    /// A generated record for `spec`: each field left out, answered with a text that parses,
    /// one that may not, a blank, twice; now and then an unknown name.
    static func record(_ spec: FormSpec, _ random: inout SplitMix64, good: [[String]], language: MessageLanguage) -> [ScriptedAnswer] {
        var answers: [ScriptedAnswer] = []
        // Half the records careful (each field nearly always given a text it takes), half wild.
        let careful = random.next() % 2 == 0
        for (i, field) in spec.fields.enumerated() {
            let roll = careful ? 40 + random.next() % 62 : random.next() % 100
            let text: String
            switch roll {
            case 0..<15, 100..<102: continue
            case 15..<95 where !good[i].isEmpty && (careful || roll < 72): text = good[i][Int(random.next() % UInt64(good[i].count))]
            case 72..<80, 95..<97: text = ["", " "][Int(random.next() % 2)]
            default: text = pool[Int(random.next() % UInt64(pool.count))]
            }
            answers.append(ScriptedAnswer(path: field.name, text: text, origin: "r:\(i)", fromCommandLine: false))
            if random.next() % 50 == 0 {
                answers.append(ScriptedAnswer(path: field.name, text: pool[Int(random.next() % UInt64(pool.count))], origin: "r:d", fromCommandLine: false))
            }
        }
        if random.next() % 40 == 0 { answers.append(ScriptedAnswer(path: "no_such_field", text: "1", origin: "r:u", fromCommandLine: false)) }
        if random.next() % 4 == 0 { answers.shuffle(using: &random) }
        return answers
    }

    /// The texts of the pool (and the field's own choices, default and the values conditions
    /// compare with) that `field` takes.
    static func goodTexts(_ spec: FormSpec, language: MessageLanguage) -> [[String]] {
        var compared: [String] = []
        func collect(_ condition: Condition) {
            switch condition.node {
            case .compare(_, .equals(let v)), .compare(_, .notEquals(let v)): compared.append(v)
            case .compare(_, .isIn(let vs)): compared += vs
            case .compare(_, .filled): break
            case .all(let items), .any(let items): items.forEach(collect)
            case .not(let inner): collect(inner)
            }
        }
        for field in spec.fields { field.when.map(collect) }
        return language.speaking {
            spec.fields.map { field in
                let candidates = pool + compared + field.choices + [field.defaultText].compactMap { $0 }
                return candidates.filter { text in
                    guard case .success(let value) = field.parse(text) else { return false }
                    return !value.isEmpty
                }
            }
        }
    }

    static func compare(_ spec: FormSpec, language: MessageLanguage, records: Int, seed: UInt64) -> (valid: Int, total: Int) {
        let blank = blank(spec, language: language)
        guard let check = CleanAnswersCheck(blank: blank) else {
            Issue.record("\(spec.id): the check does not take this form")
            return (0, 0)
        }
        let good = goodTexts(spec, language: language)
        var random = SplitMix64(seed: seed)
        var valid = 0
        for n in 0..<records {
            let answers = record(spec, &random, good: good, language: language)
            let wizard = wizardFindsNothing(blank, answers, language: language)
            let quick = check.passes(answers)
            if wizard { valid += 1 }
            // Yes only when the wizard says yes; and whenever it does, unless a field is answered
            // twice or an unknown name is given (the wizard takes the last, or refuses).
            let names = answers.map(\.path)
            let followed = Set(names).count == names.count && !names.contains("no_such_field")
            guard quick == wizard || (!quick && !followed) else {
                Issue.record("\(spec.id) \(language.code) record \(n): the check says \(quick), the wizard \(wizard): \(answers.map { "\($0.path)=\($0.text.debugDescription)" })")
                return (valid, n + 1)
            }
        }
        return (valid, records)
    }

    static func shipped(_ name: String) throws -> FormSpec {
        try FormFileLoader.load(path: "\(root)/Forms/\(name)").get()
    }

    @Test("every shipped form without lists: the check agrees with the wizard over generated records",
          arguments: ["signup.yaml", "login.yaml", "incident-report.yaml", "port-entry.yaml", "shipment-intake.yaml",
                      "switch-port.yaml", "patient-intake.yaml", "part-order.yaml", "stock-request.yaml",
                      "dock-booking.yaml", "dock-booking-trondheim.yaml"])
    func shippedForms(name: String) throws {
        let spec = try Self.shipped(name)
        for (k, language) in [MessageLanguage.english, MessageLanguage(code: .nb)].enumerated() {
            let (valid, total) = Self.compare(spec, language: language, records: 1_500, seed: 0xC1EA_0000 + UInt64(k) + UInt64(name.utf8.count) << 8)
            // The generator reaches both verdicts, so both sides of the agreement are tested.
            #expect(valid > 20 && valid < total, "\(name): \(valid) of \(total) records valid")
        }
    }

    /// Conditions on conditions, a default that hides an answered field and shows another, a
    /// check whose field a condition hides, a required secret, a boolean.
    static let corners = """
    id: corners
    title: Corners
    fields:
      - name: kind
        label: Kind
        type: choice
        choices: [repair, inspection, other]
        required: false
        default: inspection
      - name: fault
        label: Fault
        when: { field: kind, not_equals: inspection }
        min_length: 3
      - name: detail
        label: Detail
        required: false
        when: { field: fault, filled: true }
      - name: urgent
        label: Urgent
        type: boolean
        required: false
        default: "no"
      - name: reason
        label: Reason
        when: { field: urgent, equals: "yes" }
      - name: start
        label: Start
        type: date
        required: false
      - name: end
        label: End
        type: date
        required: false
        when: { any: [{ field: kind, in: [repair, other] }, { field: detail, filled: true }] }
      - name: pin
        label: PIN
        type: secret
        min_length: 4
      - name: count
        label: Count
        type: integer
        required: false
        min: 1
        max: 50
        default: "6"
    checks:
      - before: [start, end]
        field: end
        message: The end comes after the start
      - differ: [fault, detail]
        field: detail
        message: Say more than the fault
    submit:
      method: POST
      path: /corners
    """

    @Test("conditions on conditions, defaults that hide answers, checks on hidden fields: the check agrees with the wizard")
    func cornerForm() throws {
        let spec = try FormFileLoader.load(bytes: Array(Self.corners.utf8), path: "corners.yaml").get()
        for (k, language) in [MessageLanguage.english, MessageLanguage(code: .nb)].enumerated() {
            let (valid, total) = Self.compare(spec, language: language, records: 6_000, seed: 0xC0DE + UInt64(k))
            #expect(valid > 50 && valid < total, "\(valid) of \(total) records valid")
        }
    }

    @Test("the check takes no form with lists and no wizard that already holds answers")
    func declines() throws {
        let receipt = try Self.shipped("goods-receipt.yaml")
        #expect(CleanAnswersCheck(blank: Self.blank(receipt, language: .english)) == nil)
        let signup = try Self.shipped("signup.yaml")
        var answered = Self.blank(signup, language: .english)
        _ = answered.apply([ScriptedAnswer(path: "username", text: "ada", origin: "a:1", fromCommandLine: false)])
        #expect(CleanAnswersCheck(blank: answered) == nil)
        #expect(CleanAnswersCheck(blank: Self.blank(signup, language: .english)) != nil)
    }

    @Test("a secret given on the command line is never vouched for (the wizard refuses it)")
    func secretOnCommandLine() throws {
        let login = try Self.shipped("login.yaml")
        let blank = Self.blank(login, language: .english)
        let check = try #require(CleanAnswersCheck(blank: blank))
        let answers = [ScriptedAnswer(path: "username", text: "ada", origin: "--set username", fromCommandLine: true),
                       ScriptedAnswer(path: "password", text: "correct horse", origin: "--set password", fromCommandLine: true)]
        #expect(!check.passes(answers))
        #expect(!Self.wizardFindsNothing(blank, answers, language: .english))
        var fromFile = answers
        for i in fromFile.indices { fromFile[i].fromCommandLine = false }
        #expect(check.passes(fromFile) == Self.wizardFindsNothing(blank, fromFile, language: .english))
    }
}
