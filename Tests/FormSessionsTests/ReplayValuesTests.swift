import FormCore
import FormSessions
import Testing

/// What replay types at `>*` lines of a run of records (`ReplayValues`): a private `distinct`
/// field gets a value of each record's own once the transcript marks its records (`#! record N`);
/// one value for every record was refused from the second record on as the first record's.
@Suite struct ReplayValuesTests {
    static func field(_ name: String, distinct: Bool = true, pattern: String? = nil) -> Field {
        var field = Field(name: name, label: name.capitalized, pattern: pattern.flatMap { try? FieldPattern($0) })
        field.isPrivate = true
        field.distinct = distinct
        return field
    }

    static let spec = FormSpec(id: "codes", fields: [field("code"), field("name", distinct: false)])

    static func transcript(_ body: String) throws -> Transcript {
        try TranscriptParser.parse("#! formline-session 1\n#! form: codes.yaml\n#! args: --repeat\n" + body, file: "t.session")
    }

    static func values(_ body: String, spec: FormSpec = spec) throws -> (Transcript, ReplayValues) {
        let transcript = try transcript(body)
        switch ReplayValues.make(transcript, spec: spec) {
        case .success(let values): return (transcript, values)
        case .failure(let problem): throw problem
        }
    }

    /// The value typed at each `>*` line of `name`, in order.
    static func typed(_ transcript: Transcript, _ values: ReplayValues, at name: String) -> [String] {
        transcript.lines.compactMap { line in
            switch line.kind {
            case .secretInput(name), .refusedSecretInput(name): return values.typed[line.number]
            default: return nil
            }
        }
    }

    @Test func eachMarkedRecordTypesADistinctValueOfItsOwnAndOneValueWithinARecord() throws {
        let (transcript, values) = try Self.values("""
            Code:
            >* [code]
            Name:
            >* [name]
            #! record 2
            Code:
            >* [code]
            Name:
            >* [name]
            > 1
            Code:
            >* [code]
            #! record 3
            Code:
            >* [code]
            Name:
            >* [name]

            """)
        let codes = Self.typed(transcript, values, at: "code")
        #expect(codes.count == 4)
        #expect(codes[1] == codes[2], "two lines of one record type one value: \(codes)")
        #expect(Set([codes[0], codes[1], codes[3]]).count == 3, "\(codes)")
        for code in codes { #expect(Self.spec.fields[0].parse(code).isSuccess, "\(code)") }
        // A private field that is not distinct keeps the first record's value.
        #expect(Set(Self.typed(transcript, values, at: "name")).count == 1)
        #expect(!Set(codes).contains(Self.typed(transcript, values, at: "name")[0]), "fields keep values apart")
    }

    @Test func aTranscriptWithoutMarksTypesOneValueInEveryRecordAsBefore() throws {
        let (transcript, values) = try Self.values("Code:\n>* [code]\nCode:\n>* [code]\nCode:\n>* [code]\n")
        #expect(Set(Self.typed(transcript, values, at: "code")).count == 1)
    }

    @Test func aPinnedValueIsCountedOnRecordByRecordWhereThePatternRefusesMadeOnes() throws {
        let spec = FormSpec(id: "arrivals", fields: [Self.field("mrn", pattern: "^MRN-[0-9]{6}$")])
        let (transcript, values) = try Self.values("""
            #! private mrn = MRN-000042
            MRN:
            >* [mrn]
            #! record 2
            MRN:
            >* [mrn]
            #! record 3
            MRN:
            >* [mrn]

            """, spec: spec)
        #expect(Self.typed(transcript, values, at: "mrn") == ["MRN-000042", "MRN-000043", "MRN-000044"])
        // A prompt in record 3 that shows the MRN shows record 3's.
        let last = try #require(transcript.lines.last { if case .secretInput = $0.kind { true } else { false } })
        #expect(values.values(atLine: last.number)["mrn"] == "MRN-000044")
        #expect(values.values(atLine: 1)["mrn"] == "MRN-000042")
    }

    /// A record that took `carry: next`'s default by Enter typed no line, yet has the first
    /// record's value counted on once: record 3's own is counted on twice, never that one.
    @Test func aRecordThatTookTheCountedDefaultIsCountedToo() throws {
        var mrn = Self.field("mrn", pattern: "^MRN-[0-9]{6}$")
        mrn.carry = .next
        let (transcript, values) = try Self.values("""
            #! private mrn = MRN-000042
            MRN:
            >* [mrn]
            #! record 2
            MRN [mrn]:
            >
            #! record 3
            MRN [mrn]:
            >* [mrn]

            """, spec: FormSpec(id: "arrivals", fields: [mrn]))
        #expect(Self.typed(transcript, values, at: "mrn") == ["MRN-000042", "MRN-000044"])
        // Without a pinned value, a made one with a number to count on comes first.
        var code = Self.field("code")
        code.carry = .next
        let made = try #require(DefaultPrivate.value(for: code, avoiding: []))
        #expect(Carry.countedOn(made) != nil, "\(made)")
    }

    /// In English and in Norwegian (`--lang nb`): the record is read from the wizard's own words.
    @Test(arguments: [("", "Record 1 already has Code [code]: each record needs its own", 0),
                      ("", "Record 2 already has Code [code]: each record needs its own", 1),
                      (" --lang nb", "Post 2 har allerede Code [code]: hver post trenger sin egen", 1)])
    func aClashTypesTheValueOfTheRecordItNames(args: String, message: String, expected: Int) throws {
        let transcript = try TranscriptParser.parse("""
            #! formline-session 1
            #! form: codes.yaml
            #! args: --repeat\(args)
            Code:
            >* [code]
            #! record 2
            Code:
            >* [code]
            #! record 3
            Code:
            >* [code: refused]
              ! \(message)
            Code:
            >* [code]

            """, file: "t.session")
        guard case .success(let values) = ReplayValues.make(transcript, spec: Self.spec) else {
            Issue.record("no values")
            return
        }
        let codes = Self.typed(transcript, values, at: "code")
        #expect(codes[2] == codes[expected], "\(message): \(codes)")
        #expect(!codes[0...2].contains(codes[3]), "the record's own value is new: \(codes)")
    }

    static let account = FormSpec(id: "account", fields: [Field(name: "password", type: .secret, minLength: 8)],
                                  submit: SubmitSpec(method: .POST, path: "/accounts"))
    static let rejected = "=> POST /accounts {\"password\":\"[password]\"}\n"
        + "<= 422 application/json {\"password\":[{\"code\":\"too_common\",\"message\":\"This password is too common.\"}]}\n"
    static let accepted = "=> POST /accounts {\"password\":\"[password]\"}\n<= 201 application/json {\"id\":1}\n"

    /// A secret the server refused, typed again: a new value where a submission follows before
    /// it is next typed (the operator typed one, or the wizard would not have sent), else the same.
    @Test func aSecretTypedAgainAfterARejectionIsNewOnlyWhereItIsSentAgain() throws {
        let sent = try Self.values("#! secret password = Password123!\nPassword:\n>* [password]\n>\n" + Self.rejected
            + "Password [keep]:\n>* [password]\n>\n" + Self.accepted, spec: Self.account)
        #expect(Self.typed(sent.0, sent.1, at: "password") == ["Password123!", "Password124!"])
        let unsent = try Self.values("#! secret password = Password123!\nPassword:\n>* [password]\n>\n" + Self.rejected
            + "Password [keep]:\n>* [password]\n>\n  ! Nothing has changed\n> .cancel\n", spec: Self.account)
        #expect(Self.typed(unsent.0, unsent.1, at: "password") == ["Password123!", "Password123!"])
        // Typed again unchanged, Enter sent nothing, then another field edited and the form sent
        // (found by the binary fuzzer on the login form): the same value.
        let mixed = try Self.values("#! secret password = Password123!\nPassword:\n>* [password]\n>\n" + Self.rejected
            + "Password [keep]:\n>* [password]\n>\n  ! Nothing has changed\n> .edit note\n> other\n>\n" + Self.accepted,
                                    spec: Self.account)
        #expect(Self.typed(mixed.0, mixed.1, at: "password") == ["Password123!", "Password123!"])
        // Typed again twice before sending: the last typing is the one sent, and both are new.
        let twice = try Self.values("Password:\n>* [password]\n>\n" + Self.rejected
            + "Password [keep]:\n>* [password: refused]\n  ! At least 8 characters\nPassword [keep]:\n>* [password]\n>\n"
            + Self.accepted, spec: Self.account)
        let values = Self.typed(twice.0, twice.1, at: "password")
        #expect(values[0] != values[2] && values[2].count >= 8, "\(values)")
        #expect(values[1].count < 8, "the refused line is one the field refuses: \(values)")
        // No rejection: typed again (an edit at the review) types the same value.
        let edited = try Self.values("Password:\n>* [password]\n> 1\nPassword [keep]:\n>* [password]\n>\n" + Self.accepted,
                                     spec: Self.account)
        #expect(Set(Self.typed(edited.0, edited.1, at: "password")).count == 1)
    }

    /// Hostile input: a mark far ahead costs one addition per field, not a count per record (it
    /// took minutes for 200 fields at record 1,000,000).
    @Test func aMarkFarAheadIsCountedInOneStep() throws {
        let fields = (0..<200).map { Self.field("f\($0)") }
        var body = "#! record 1000000\n"
        for field in fields { body += "#! private \(field.name) = V\(field.name)-0001\n" }
        for field in fields { body += "\(field.name):\n>* [\(field.name)]\n" }
        let (transcript, values) = try Self.values(body, spec: FormSpec(id: "many", fields: fields))
        let typed = fields.flatMap { Self.typed(transcript, values, at: $0.name) }
        #expect(typed.first == "Vf0-1000000", "\(typed.prefix(3))")
        #expect(Set(typed).count == fields.count)
    }

    @Test func aRecordMarkNeedsTheNumberOfALaterRecord() {
        for bad in ["#! record 1", "#! record x", "#! record", "#! record 1000001", "#! record 1234567890",
                    "#! record 3\n#! record 3", "#! record 4\n#! record 2"] {
            #expect(throws: TranscriptError.self, "\(bad)") {
                try TranscriptParser.parse("#! formline-session 1\n#! form: codes.yaml\n\(bad)\n", file: "t.session")
            }
        }
        #expect(throws: Never.self) {
            try TranscriptParser.parse("#! formline-session 1\n#! form: codes.yaml\n#! record 2\n#! record 1000000\n", file: "t.session")
        }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
