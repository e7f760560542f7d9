import FormCore
import FormRunner

/// What a replay types at each `>*` line of a transcript, worked out from the transcript alone,
/// so the in-process replay and the pty replay type the same values.
///
/// A `>* [name]` line gets the field's value (`Replayer.typedValues`: a `#! secret`/`#! private`
/// line's, else one made for the field); a `>* [name: refused]` line one the field refuses as the
/// recorded run's was (`RefusedSecret`). In a run of records marked with `#! record N` (a form
/// with a private `distinct` field, docs/privacy.md), each record from the second on types a
/// value of its own at such a field: the first record's counted on once a record
/// (`Carry.countedOn`: `MRN-000124` in record 2 after `MRN-000123`, `MRN-000125` in record 3),
/// which is also what `carry: next` offers a record whose operator pressed Enter, else a made one
/// no other line uses. One value for every record would be refused from the second on as the
/// first record's.
package struct ReplayValues {
    /// By transcript line number: the value typed at each `>*` line.
    package var typed: [Int: String] = [:]
    /// By transcript line number of each `#! record N` line: the values of the record it begins,
    /// by field name, where they differ from the first record's.
    private var recordStarts: [(line: Int, values: [String: String])] = []
    /// The first record's values (and a transcript's without records), by field name.
    package var first: [String: String] = [:]

    /// The values by field name in effect at transcript line `line`: what a prompt there shows
    /// for a private field (`Given name [[given_name]]:`).
    package func values(atLine line: Int) -> [String: String] {
        guard let start = recordStarts.last(where: { $0.line < line }) else { return first }
        return first.merging(start.values) { _, own in own }
    }

    /// The values for `transcript` replayed against `spec` (the form as the wizard has it).
    package static func make(_ transcript: Transcript, spec: FormSpec) -> Result<ReplayValues, ReplayFailure> {
        // The recorded run's language: a refusal is matched by its words.
        let language = (try? SessionSetup.Flags(transcriptArgs: transcript.args))?.language ?? .english
        return language.speaking { build(transcript, spec: spec) }
    }

    private static func build(_ transcript: Transcript, spec: FormSpec) -> Result<ReplayValues, ReplayFailure> {
        let first: [String: String]
        switch Replayer.typedValues(transcript, spec: spec) {
        case .success(let values): first = values
        case .failure(let problem): return .failure(problem)
        }
        var out = ReplayValues(first: first)
        var record = 1
        // Per record from the second on: the values of its own, by field name.
        var own: [Int: [String: String]] = [:]
        // Every value a line types (each record's own must be new).
        var used = Set(first.values)
        // By field name: the first record's value counted on to the record last asked for (marks
        // only go up, so counting goes on from there).
        var countedTo: [String: (number: Int, value: String?)] = [:]

        // The value record `number` types at `name`: its own for a private `distinct` field from
        // the second record on, else the first record's.
        func value(_ name: String, in number: Int, field: Field, line: Int) -> Result<String?, ReplayFailure> {
            guard number > 1, field.isPrivate, field.distinct else { return .success(first[name]) }
            if let made = own[number]?[name] { return .success(made) }
            // Counted by the record's number, not from the record before's: a record that took
            // `carry: next`'s default typed no line, yet has the value one count on.
            let from = countedTo[name] ?? (number: 1, value: first[name])
            var counted = from.value
            for _ in from.number..<number { counted = counted.flatMap(Carry.countedOn) }
            countedTo[name] = (number, counted)
            let made = counted.flatMap { text -> String? in
                guard !used.contains(text), case .success = field.parse(text) else { return nil }
                return text
            }
            guard let made = made ?? DefaultPrivate.value(for: field, avoiding: used) else {
                return .failure(.noDefaultPrivate(line: line, field: name))
            }
            used.insert(made)
            own[number, default: [:]][name] = made
            return .success(made)
        }

        for (position, line) in transcript.lines.enumerated() {
            switch line.kind {
            case .record(let number):
                // Marks only go up (the parser sees to it); a hand-written file may skip one.
                record = number
                out.recordStarts.append((line.number, [:]))
            case .secretInput(let name):
                guard let field = DefaultPrivate.declaration(of: name, in: spec) else {
                    return .failure(.notASecretField(line: line.number, field: name))
                }
                switch value(name, in: record, field: field, line: line.number) {
                case .success(let typed): out.typed[line.number] = typed ?? ""
                case .failure(let problem): return .failure(problem)
                }
            case .refusedSecretInput(let name):
                guard let field = DefaultPrivate.declaration(of: name, in: spec), field.isWithheld else {
                    return .failure(.notASecretField(line: line.number, field: name))
                }
                let accepted: String?
                switch value(name, in: record, field: field, line: line.number) {
                case .success(let typed):
                    accepted = typed ?? transcript.secrets[name]
                        ?? (field.isSecret ? DefaultSecret.value(for: field) : DefaultPrivate.value(for: field, avoiding: []))
                case .failure(let problem): return .failure(problem)
                }
                // The earlier records' values: a `distinct` clash names the record it repeats.
                let earlier = field.isPrivate && field.distinct && record > 1
                    ? (1..<record).compactMap { number in (number == 1 ? first[name] : own[number]?[name]).map { (number, $0) } }
                    : []
                guard let refused = RefusedSecret.value(for: field, accepted: accepted, earlier: earlier,
                                                        shownAfter: RefusedSecret.outputAfter(position, in: transcript.lines)) else {
                    return .failure(.noRefusedSecret(line: line.number, field: name))
                }
                out.typed[line.number] = refused
            default:
                continue
            }
            if let index = out.recordStarts.indices.last, let values = own[record] {
                out.recordStarts[index].values = values
            }
        }
        return .success(out)
    }
}
