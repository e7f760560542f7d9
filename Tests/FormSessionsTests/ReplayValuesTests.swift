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
