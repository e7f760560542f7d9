/// Whether scripted answers, applied to a blank wizard, would leave nothing to report: no answer
/// refused, none unknown or hidden, nothing required missing, every cross-field check passed.
/// That is `apply`, `unansweredProblems` and `scriptedCheckProblems` all empty, found without
/// copying the wizard or filling its tables: `batch --dry-run` asks it of every record, and the
/// wizard's copy, tables and settled second copy were most of a record's time.
///
/// It can only say yes. Anything it does not follow step for step (a list, a duplicate answer,
/// a refused value, an answer to a hidden field) is "not shown", and the
/// caller asks the wizard itself, which also words the problems. The values go through the
/// same `Field.parse`, conditions through the same `Condition`, checks through the same
/// `CrossFieldCheck.passes`; what is simpler here is the bookkeeping, which a form whose
/// conditions look only at earlier fields (as the form reader insists) makes one forward pass.
/// `CleanAnswersCheckTests` holds it to the wizard's verdict over generated records.
package struct CleanAnswersCheck: Sendable {
    private let fields: [Field]
    private let fieldIndex: [String: Int]
    /// The form's checks (their kinds) with their fields' indices looked up once (nil: no such
    /// field).
    private let checks: [(check: CrossFieldCheck, target: Int?, first: Int?, second: Int?)]
    /// Each field's default as the wizard's `settleForReview` would set it (nil: none, or it no
    /// longer parses, and then the wizard sets nothing either), parsed once.
    private let defaults: [FieldValue?]
    /// What the wizard's queue asks when the field has no value: a secret, or required with no
    /// usable default.
    private let needsValue: [Bool]
    /// Whether any field has a `when`: without one every field shows and the passes are trivial.
    private let hasConditions: Bool
    private let language: MessageLanguage

    /// Nil when the check cannot follow the wizard for this form or this wizard: a list (items
    /// come and go with the answers), a condition naming a later field, two fields of one name,
    /// or a wizard that is not blank (a resumed draft, answers already applied).
    package init?(blank wizard: Wizard) {
        let form = wizard.form
        guard !form.spec.hasLists, form.tentativeLists.isEmpty, form.itemCounts.isEmpty,
              form.store.byName.isEmpty, form.store.keptWhileHidden.isEmpty,
              wizard.progress.isEmpty, wizard.progress.pendingErrors.isEmpty,
              wizard.scripted.refusals.isEmpty, wizard.scripted.origins.isEmpty else { return nil }
        let fields = form.fields
        // Every name once (the reader insists; a form built in code might not): a name then
        // means one field, whichever way it is found.
        guard form.fieldIndex.count == fields.count else { return nil }
        for (i, field) in fields.enumerated() {
            guard let when = field.when else { continue }
            for name in when.fields {
                if let j = form.fieldIndex[name], j >= i { return nil }
            }
        }
        self.fields = fields
        fieldIndex = form.fieldIndex
        checks = form.checks.map { check in
            // Only the kind decides whether a check passes: the copy kept holds no other text, so
            // reading it a record retains no strings.
            (CrossFieldCheck(kind: check.kind, first: "", second: "", field: "", message: ""),
             form.fieldIndex[check.field], form.fieldIndex[check.first], form.fieldIndex[check.second])
        }
        language = wizard.policy.language
        // Parsed as the wizard parses them: in the session's language (yes/no words).
        let defaults = language.speaking { fields.map(\.defaultValue) }
        self.defaults = defaults
        needsValue = fields.indices.map { fields[$0].isSecret || (fields[$0].required && defaults[$0] == nil) }
        hasConditions = fields.contains { $0.when != nil }
    }

    /// True when the wizard would find no problem with `answers`; false when this check cannot
    /// tell (the wizard must be asked).
    package func passes(_ answers: [ScriptedAnswer]) -> Bool {
        language.speaking { passesInLanguage(answers) }
    }

    private func passesInLanguage(_ answers: [ScriptedAnswer]) -> Bool {
        // The values and answered flags on the stack: two arrays a record, each allocated through
        // a lookup of its storage's type, were a tenth of this check.
        let count = fields.count
        return withUnsafeTemporaryAllocation(of: FieldValue?.self, capacity: count) { values in
            values.initialize(repeating: nil)
            defer { _ = values.deinitialize() }
            return withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { answered in
                answered.initialize(repeating: false)
                return passes(answers, values: values, answered: answered)
            }
        }
    }

    private func passes(_ answers: [ScriptedAnswer], values: UnsafeMutableBufferPointer<FieldValue?>,
                        answered: UnsafeMutableBufferPointer<Bool>) -> Bool {
        let count = fields.count
        var expected = 0
        for answer in answers {
            // Records mostly give their fields in form order: the next field's name is compared
            // before the table is asked (a short name compares in a word or two, a lookup hashes).
            let index = expected < count && fields[expected].name == answer.path ? expected : fieldIndex[answer.path]
            // Unknown fields, and a field answered twice (the wizard takes the last): not followed.
            guard let i = index, i < count, !answered[i] else { return false }
            answered[i] = true
            expected = i + 1
            let field = fields[i]
            if field.isSecret && answer.fromCommandLine { return false }
            if answer.text.trimmedWhitespace.isEmpty { continue }
            let limit = field.type == .multiline ? Wizard.multilineValueBytes : Wizard.scriptedLineBytes
            guard answer.text.utf8.count <= limit, case .success(let value) = field.parse(answer.text) else { return false }
            if !value.isEmpty { values[i] = value }
        }
        guard hasConditions else {
            // Every field shows: nothing asked may be missing, and unanswered fields take their
            // defaults before the checks.
            for i in 0..<count where values[i] == nil {
                if needsValue[i] { return false }
                values[i] = defaults[i]
            }
            return checksPass(values, shown: nil)
        }
        // As applied: every answered field shows, and nothing the queue would ask is missing.
        let shown = visibility(of: Array(values))
        for i in 0..<count where shown[i] {
            if values[i] == nil && needsValue[i] { return false }
        }
        for i in 0..<count where answered[i] && !shown[i] { return false }
        // Settled for review (in place: the values as applied are not read again): defaults of
        // unanswered fields that show, in form order.
        var settledShown = [Bool](repeating: true, count: count)
        for i in 0..<count {
            let show = isShown(i) { values[$0] }
            settledShown[i] = show
            if !show {
                // A default hid an answer: the wizard keeps it aside, out of the checks.
                values[i] = nil
                continue
            }
            if values[i] == nil { values[i] = defaults[i] }
        }
        return checksPass(values, shown: settledShown)
    }

    /// The cross-field checks over the settled values; `shown` nil: every field shows.
    private func checksPass(_ values: UnsafeMutableBufferPointer<FieldValue?>, shown: [Bool]?) -> Bool {
        for (check, target, first, second) in checks {
            guard let target, shown?[target] ?? true else { continue }
            if !check.passes(first.flatMap { values[$0] }, second.flatMap { values[$0] }) { return false }
        }
        return true
    }

    /// Which fields show with `values` (each field's condition reads earlier fields only, a
    /// hidden field counting as having no value): one pass in form order.
    private func visibility(of values: [FieldValue?]) -> [Bool] {
        var shown = [Bool](repeating: true, count: fields.count)
        var effective = values
        for i in fields.indices {
            shown[i] = isShown(i) { effective[$0] }
            if !shown[i] { effective[i] = nil }
        }
        return shown
    }

    /// Whether field `i` shows, given the values of the earlier fields (by index, hidden ones
    /// cleared).
    private func isShown(_ i: Int, value: (Int) -> FieldValue?) -> Bool {
        guard let when = fields[i].when else { return true }
        return when.holds(answers: { name in
            guard let j = fieldIndex[name], j < fields.count else { return nil }
            return value(j)
        })
    }
}
