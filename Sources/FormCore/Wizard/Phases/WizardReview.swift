/// The review phase: a line at the review, editing from it, and sending the form.
extension Wizard {
    // MARK: - Review and submission

    mutating func reviewLine(_ line: String) -> [WizardEffect] {
        let trimmed = line.trimmedWhitespace
        if trimmed.isEmpty { return submitIfChanged() }
        if let n = Int(trimmed) {
            guard let targets = resolveEditTargets(String(n)) else {
                return refuse(.atReview(numberMessage(n))) + [.prompt(reviewPrompt)]
            }
            return edit(targets)
        }
        // `3.2`: the second field of the item on review line 3.
        if spec.hasLists, trimmed.first?.isNumber == true, trimmed.contains(".") {
            guard let targets = resolveEditTargets(trimmed) else { return refuse(editTargetMessage(trimmed)) + [.prompt(reviewPrompt)] }
            return edit(targets)
        }
        switch WizardCommand.parse(line, inRun: recordRun != nil) {
        case .done?, .next?:
            return submitIfChanged()
        case .retry? where submissions.rejectedPayload != nil:
            // The operator knows the server may answer differently now (a name freed meanwhile).
            return submit(retry: false)
        case .edit(let target)?:
            guard let targets = resolveEditTargets(target) else { return refuse(editTargetMessage(target)) + [.prompt(reviewPrompt)] }
            return edit(targets)
        case .add(let argument)?:
            switch addCommand(argument, at: nil) {
            case .failure(let problem): return refuse(problem.message) + [.prompt(reviewPrompt)]
            case .success(let added): return edit(added)
            }
        case .delete(let argument)?:
            switch deleteTarget(argument, at: nil) {
            case .failure(let problem): return refuse(problem.message) + [.prompt(reviewPrompt)]
            case .success(let target): return askDelete(list: target.list, number: target.number)
            }
        case .back?:
            guard let last = form.visibleIndices.last else { return [.prompt(reviewPrompt)] }
            return edit([last])
        case .review?:
            return reviewLines() + [.prompt(reviewPrompt)]
        case .cancel?:
            return end(.cancelled)
        case .end?:
            return endRun() ?? refuse(.endMidRecord) + [.prompt(reviewPrompt)]
        case .help?:
            let words = policy.presentation.promptInWords
            return Wizard.wrapped(words ? WizardMessage.reviewHelpInWords : .reviewHelp, .notice)
                + (spec.hasLists ? Wizard.wrapped(words ? WizardMessage.listCommandsHelpInWords : .listCommandsHelp, .notice) : [])
                + [.prompt(reviewPrompt)]
        case .unknown(let typed)?:
            return refuse(WizardCommand.unknownMessage(typed, lists: spec.hasLists)) + [.prompt(reviewPrompt)]
        case nil, .skip?, .clear?, .retry?, .ditto?:
            return refuse(.reviewPressEnter) + [.prompt(reviewPrompt)]
        }
    }

    /// Edits from the review (or the retry prompt): asks `targets`, then comes back to the review.
    mutating func edit(_ targets: [Int]) -> [WizardEffect] {
        guard let first = targets.first else { return [.prompt(reviewPrompt)] }
        return ask(first, walk: .revisiting(targets))
    }

    /// What identifies an attempt's values: the body and the filled path (a path parameter is a
    /// value too), so changing either one is a change.
    static func attempt(_ path: String, _ payload: JSONValue) -> JSONValue { .array([.string(path), payload]) }

    /// The visible fields sent in the body: those `submit.path` names go in the path instead.
    var bodyFields: LazyMapSequence<[Int], Field> {
        // The fields are read where they are, one at a time: an array of copies of every visible
        // field (of a 200-item receipt) was as costly as building the payload itself.
        let inPath = Set(spec.submit.pathFieldNames)
        let all = fields
        let sent = form.visibleIndices.filter { inPath.isEmpty || !inPath.contains(all[$0].name) }
        return sent.lazy.map { all[$0] }
    }

    /// Enter at the review: submits, unless these are the very values the server just refused.
    mutating func submitIfChanged() -> [WizardEffect] {
        // The payload is built to compare only when there is a refused one to compare with.
        guard let refused = submissions.rejectedPayload else { return submit(retry: false) }
        let path = SubmitPath.fill(spec.submit.path, values: values)
        let payload = Payload.build(fields: bodyFields, values: values, emptyLists: emptyListsSent)
        guard refused == Wizard.attempt(path, payload) else { return submit(retry: false, built: (path, payload)) }
        let hint = WizardMessage.unchangedSinceRefusal.text
        return [.refused(Refusal(reason: hint))] + Wizard.wrapped(hint, .error, indent: "  ! ", continuation: "    ")
            + [.prompt(reviewPrompt)]
    }

    /// `built` is the path and payload the caller has just built from the same answers (they are
    /// not built twice).
    mutating func submit(retry: Bool, built: (path: String, payload: JSONValue)? = nil) -> [WizardEffect] {
        submissions.sending()
        // What ended an earlier attempt (a transport failure) says nothing about this one.
        report.endingErrors = []
        let submission: Submission
        if retry, let last = submissions.last {
            submission = last
        } else {
            let sent = bodyFields
            let payload = built?.payload ?? Payload.build(fields: sent, values: values, emptyLists: emptyListsSent)
            let path = built?.path ?? SubmitPath.fill(spec.submit.path, values: values)
            if let last = submissions.last, last.payload == payload, last.path == path {
                // Nothing changed since the last attempt (a field visited and kept): the same
                // attempt, so the server can recognise it by its Idempotency-Key.
                submissions.last = last
                phase = .submitting
                return [.output(OutputLine(.submitting, endsLine: false)), .submit(last)]
            }
            submissions.attempt += 1
            // The transcript's and the screen's payloads differ from the sent one only in secrets
            // (and, in the transcript's, private values): each is the sent one with those values
            // replaced in place (a 200-item payload is not built three times).
            // Every visible withheld value, the body's and the path's (`/patients/{mrn}`): the
            // edges replace each wherever it appears (docs/privacy.md).
            var secrets: [String: String] = [:]
            var privateValues: [String: String] = [:]
            let all = fields
            for index in form.visibleIndices where all[index].isWithheld {
                let field = all[index]
                guard let value = values[field.name] else { continue }
                if field.isSecret, case .text(let text) = value { secrets[field.name] = text }
                if field.isPrivate { privateValues[field.name] = value.editableText }
            }
            var pathPlaceholders: [String: String] = [:]
            for name in spec.submit.pathFieldNames where secrets[name] != nil || privateValues[name] != nil {
                pathPlaceholders[name] = "[\(name)]"
            }
            let hasSecret = sent.contains(where: \.isSecret)
            let hasWithheld = hasSecret || sent.contains(where: \.isPrivate)
            submission = Submission(
                method: spec.submit.method.rawValue,
                path: path,
                payload: payload,
                transcriptPayload: !hasWithheld ? payload
                    : Payload.replacing(in: payload, fields: sent.lazy.filter(\.isWithheld), values: values) { .string("[\($0.name)]") },
                displayPayload: !hasSecret ? payload
                    : Payload.replacing(in: payload, fields: sent.lazy.filter(\.isSecret), values: values) { _ in .string("[secret]") },
                attempt: submissions.attempt,
                secrets: secrets,
                body: spec.submit.body,
                privateValues: privateValues,
                transcriptPath: pathPlaceholders.isEmpty ? nil
                    : SubmitPath.fill(spec.submit.path, values: values, placeholders: pathPlaceholders))
        }
        submissions.last = submission
        phase = .submitting
        return [.output(OutputLine(.submitting, endsLine: false)), .submit(submission)]
    }
}
