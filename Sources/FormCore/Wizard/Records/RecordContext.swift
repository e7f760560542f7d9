/// What one record of a run of records (`fill --repeat`) knows of the records before it.
///
/// The loop that runs record after record lives at the edge (`RecordLoop` in FormRunner); the
/// wizard takes this as plain input before `.start`, so a record stays a pure state machine and
/// is tested like a single form.
public struct RecordContext: Sendable, Equatable {
    /// 1 for the run's first record.
    public var number: Int
    /// The previous record's answers, by field name; never a secret. What `carry:` and a `"`
    /// line (ditto) copy.
    public var previous: [String: FieldValue]
    /// For `distinct` fields: each value an accepted record of the run has (as `Wizard.distinctKey`
    /// writes it), with that record's number.
    public var seen: [String: [String: Int]]
    /// Choice fields whose list of choices was shown already: shown once per run.
    public var choicesListed: Set<String>
    /// Input lines the records before this one read: a refusal names the line of the whole input.
    public var linesBefore: Int
    /// The server checks' verdicts of the records before (docs/checks.md): a question asked in
    /// one record is not asked again in the next.
    var checkVerdicts = CheckBook()

    public init(number: Int = 1, previous: [String: FieldValue] = [:], seen: [String: [String: Int]] = [:],
                choicesListed: Set<String> = [], linesBefore: Int = 0) {
        self.number = number
        self.linesBefore = linesBefore
        self.previous = previous
        self.seen = seen
        self.choicesListed = choicesListed
    }

    /// `spec` with each carried field's default replaced by what this record carries: the previous
    /// answer (`carry: true`) or that answer counted on (`carry: next`). A carried text that breaks
    /// the field's rules (port 53 of a 52-port switch) is no default: the form's own stays.
    public func carryingDefaults(into spec: FormSpec) -> FormSpec {
        var spec = spec
        for i in spec.fields.indices {
            let field = spec.fields[i]
            guard !field.isSecret, let text = field.carry.carried(previous[field.name], type: field.type) else { continue }
            guard case .success(let value) = field.parse(text), !value.isEmpty else { continue }
            spec.fields[i].defaultText = value.editableText
            spec.fields[i].clockDefault = nil
        }
        return spec
    }
}

/// What became of a record of a run, beyond its exit status: decided by the operator at its
/// first prompt or after a transport failure.
public enum RecordDecision: Sendable, Equatable {
    /// `.end` or end of input at the record's first prompt: the run ends and this record, which
    /// was never begun, does not count.
    case endRunHere
    /// After a transport failure: the record is kept as a draft and the next record begins.
    case keepAndGoOn
    /// After a transport failure: the record is kept as a draft and the run ends.
    case keepAndEndRun
}

/// The wizard's own state for a record of a run (`Wizard.recordRun`).
struct RecordRun: Sendable, Equatable {
    var context: RecordContext
    var decision: RecordDecision?
}
