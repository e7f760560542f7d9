import FormCore
import FormRunner

/// What a replay types at each `>*` line of a transcript, worked out from the transcript alone,
/// so the in-process replay and the pty replay type the same values.
///
/// A `>* [name]` line gets the field's value (`firstValues`: a `#! secret`/`#! private`
/// line's, else one made for the field); a `>* [name: refused]` line one the field refuses as the
/// recorded run's was (`RefusedSecret`). In a run of records marked with `#! record N` (a form
/// with a private `distinct` field, docs/privacy.md), each record from the second on types a
/// value of its own at such a field: the first record's counted on once a record
/// (`Carry.countedOn`: `MRN-000124` in record 2 after `MRN-000123`, `MRN-000125` in record 3),
/// which is also what `carry: next` offers a record whose operator pressed Enter, else a made one
/// no other line uses. One value for every record would be refused from the second on as the
/// first record's.
///
/// And a field typed again after the server refused a submission, where the transcript next
/// sends the form with no empty line between that sent nothing (a password the server found too
/// common, typed anew and sent), types a new value, counted on from the one before or made: the
/// same value again would change nothing, and the wizard would say so instead of sending. Where
/// an Enter sent nothing first, or nothing is sent, the operator typed the refused value again
/// (the wizard said nothing had changed), and so does the replay.
package struct ReplayValues {
    /// By transcript line number: the value typed at each `>*` line.
    package var typed: [Int: String] = [:]
    /// Where a field's value changes from the first one: from transcript line `line` on (a
    /// record's mark, or the line typed after a rejection), `name` is `value`.
    private var changes: [(line: Int, name: String, value: String)] = []
    /// The values typed first, by field name.
    package var first: [String: String] = [:]

    /// The values by field name in effect at transcript line `line`: what a prompt there shows
    /// for a private field (`Given name [[given_name]]:`).
    package func values(atLine line: Int) -> [String: String] {
        var values = first
        for change in changes.sorted(by: { $0.line < $1.line }) where change.line < line { values[change.name] = change.value }
        return values
    }

    /// The values for `transcript` replayed against `spec` (the form as the wizard has it).
    package static func make(_ transcript: Transcript, spec: FormSpec) -> Result<ReplayValues, ReplayFailure> {
        // The recorded run's language: a refusal is matched by its words.
        let language = (try? SessionSetup.Flags(transcriptArgs: transcript.args))?.language ?? .english
        return language.speaking { build(transcript, spec: spec) }
    }

    /// The first value typed at each `>* [name]` of `transcript`: a secret's or a private field's,
    /// from `#! secret`/`#! private` lines or made for the field (`DefaultSecret`,
    /// `DefaultPrivate`, each private field a value of its own).
    private static func firstValues(_ transcript: Transcript, spec: FormSpec) -> Result<[String: String], ReplayFailure> {
        var secrets: [String: String] = [:]
        for line in transcript.lines {
            guard case .secretInput(let name) = line.kind, secrets[name] == nil else { continue }
            if let given = transcript.secrets[name] {
                secrets[name] = given
            } else if let field = spec.field(named: name), field.isSecret {
                guard let value = DefaultSecret.value(for: field) else { return .failure(.noDefaultSecret(line: line.number, field: name)) }
                secrets[name] = value
            } else if let field = DefaultPrivate.declaration(of: name, in: spec), field.isPrivate {
                // Each private field its own value: the transcript's `[name]` copies tell them apart.
                guard let value = DefaultPrivate.value(for: field, avoiding: Set(secrets.values)) else {
                    return .failure(.noDefaultPrivate(line: line.number, field: name))
                }
                secrets[name] = value
            } else {
                return .failure(.notASecretField(line: line.number, field: name))
            }
        }
        return .success(secrets)
    }

    private static func build(_ transcript: Transcript, spec: FormSpec) -> Result<ReplayValues, ReplayFailure> {
        let first: [String: String]
        switch firstValues(transcript, spec: spec) {
        case .success(let values): first = values
        case .failure(let problem): return .failure(problem)
        }
        var out = ReplayValues(first: first)
        var record = 1, recordLine = 0
        // The value in effect, by record and field name: record 1 holds every field's but a
        // private `distinct` one's from the second record on, which each record holds its own.
        var held: [Int: [String: String]] = [:]
        // Every value a line types (a new one must differ from them all).
        var used = Set(first.values)
        // Rejected submissions so far, and their count when each field was last typed.
        var rejections = 0
        var typedAt: [String: Int] = [:]
        var inSubmission = false
        // For each `>*` line, by position: whether the form is next sent with no Enter on an empty
        // line between that sent nothing (the wizard's "Nothing has changed" after a refused value
        // typed again unchanged), before its field is typed again. One pass from the end, so a
        // long transcript costs one look a line.
        var sentBeforeNext: [Int: Bool] = [:]
        do {
            var nextSubmission = Int.max
            var nextTyped: [String: Int] = [:]
            // Going back from a submission: the operator line that sent it is yet to be passed;
            // an empty line passed since then sent nothing.
            var senderAhead = false, emptyLineSince = false
            for (position, line) in transcript.lines.enumerated().reversed() {
                switch line.kind {
                case .request where Replayer.isSubmission(line.text, submit: spec.submit):
                    nextSubmission = position
                    senderAhead = true
                    emptyLineSince = false
                    continue
                case .secretInput(let name), .refusedSecretInput(let name):
                    sentBeforeNext[position] = nextSubmission < (nextTyped[name] ?? Int.max) && !emptyLineSince
                    nextTyped[name] = position
                case .input(let text):
                    if !senderAhead && text.isEmpty { emptyLineSince = true }
                case .endOfInput, .unreadable, .interrupt:
                    break
                default:
                    continue
                }
                senderAhead = false
            }
        }

        /// A value for `field` unlike every one typed so far: `counted` (a value before counted
        /// on, as `carry: next` counts: `Replay-Secret-43` after `Replay-Secret-42`) where the
        /// field takes it, else a made one.
        func fresh(_ counted: String?, _ field: Field, name: String, line: Int) -> Result<String, ReplayFailure> {
            let taken = counted.flatMap { text -> String? in
                guard !used.contains(text), case .success = field.parse(text) else { return nil }
                return text
            }
            let made = taken ?? (field.isSecret ? DefaultSecret.value(for: field, avoiding: used) : DefaultPrivate.value(for: field, avoiding: used))
            guard let made else {
                return .failure(field.isSecret ? .noDefaultSecret(line: line, field: name) : .noDefaultPrivate(line: line, field: name))
            }
            used.insert(made)
            return .success(made)
        }

        // The value typed now at `name`: the one in effect, except that a private `distinct`
        // field's is each record's own, and a field typed again after the server refused a
        // submission gets a new one (the operator typed one: typing the refused one again
        // changes nothing, and the wizard says so instead of sending).
        func value(_ name: String, field: Field, line: Int, position: Int, refused: Bool) -> Result<String?, ReplayFailure> {
            let key = record > 1 && field.isPrivate && field.distinct ? record : 1
            // A refused line is not the value the operator went on with: the next one decides.
            let retyped = !refused && (typedAt[name].map { rejections > $0 } ?? false) && sentBeforeNext[position] == true
            if !refused { typedAt[name] = rejections }
            var now = held[key]?[name] ?? (key == 1 ? first[name] : nil)
            if now == nil, key > 1 {
                // Counted by the record's number, not from the record before's: a record that
                // took `carry: next`'s default typed no line, yet has the value one count on. In
                // one addition (`countedOn(_:by:)`): a mark may skip to a record far ahead.
                switch fresh(first[name].flatMap { Carry.countedOn($0, by: record - 1) }, field, name: name, line: line) {
                case .success(let made):
                    now = made
                    held[key, default: [:]][name] = made
                    out.changes.append((recordLine, name, made))
                case .failure(let problem):
                    return .failure(problem)
                }
            }
            guard retyped, let before = now else { return .success(now) }
            switch fresh(Carry.countedOn(before), field, name: name, line: line) {
            case .success(let new):
                held[key, default: [:]][name] = new
                out.changes.append((line, name, new))
                return .success(new)
            case .failure(let problem):
                return .failure(problem)
            }
        }

        for (position, line) in transcript.lines.enumerated() {
            switch line.kind {
            case .record(let number):
                // Marks only go up (the parser sees to it); a hand-written file may skip one.
                record = number
                recordLine = line.number
            case .request:
                inSubmission = Replayer.isSubmission(line.text, submit: spec.submit)
            case .response(let outcome):
                if inSubmission, case .success(let response) = outcome,
                   case .rejected = SubmissionClassifier.classify(status: response.status, contentType: response.contentType,
                                                                  body: response.body, location: response.location, submit: spec.submit) {
                    rejections += 1
                }
                inSubmission = false
            case .secretInput(let name):
                guard let field = DefaultPrivate.declaration(of: name, in: spec) else {
                    return .failure(.notASecretField(line: line.number, field: name))
                }
                switch value(name, field: field, line: line.number, position: position, refused: false) {
                case .success(let typed): out.typed[line.number] = typed ?? ""
                case .failure(let problem): return .failure(problem)
                }
            case .refusedSecretInput(let name):
                guard let field = DefaultPrivate.declaration(of: name, in: spec), field.isWithheld else {
                    return .failure(.notASecretField(line: line.number, field: name))
                }
                let accepted: String?
                switch value(name, field: field, line: line.number, position: position, refused: true) {
                case .success(let typed):
                    accepted = typed ?? transcript.secrets[name]
                        ?? (field.isSecret ? DefaultSecret.value(for: field) : DefaultPrivate.value(for: field, avoiding: []))
                case .failure(let problem): return .failure(problem)
                }
                // The earlier records' values: a `distinct` clash names the record it repeats.
                let earlier = field.isPrivate && field.distinct && record > 1
                    ? (1..<record).compactMap { number in (held[number]?[name] ?? (number == 1 ? first[name] : nil)).map { (number, $0) } }
                    : []
                guard let refused = RefusedSecret.value(for: field, accepted: accepted, earlier: earlier,
                                                        shownAfter: RefusedSecret.outputAfter(position, in: transcript.lines)) else {
                    return .failure(.noRefusedSecret(line: line.number, field: name))
                }
                out.typed[line.number] = refused
            default:
                continue
            }
        }
        return .success(out)
    }
}
