/// The submitting phase: what the server's answer does (accepted, rejected onto fields, failed).
extension Wizard {
    mutating func submitted(_ result: SubmissionResult) -> [WizardEffect] {
        switch result {
        case .accepted(let status, let summary):
            phase = .finished
            submissions.lastAnswerWasRejection = false
            return [.output(OutputLine(.accepted(status: status, note: summary.map { serverText($0) }))), .deleteDraft, .finish(.accepted)]
        case .rejected(let status, let errors):
            return rejected(status: status, errors: errors)
        case .failed(let reason):
            submissions.lastAnswerWasRejection = false
            var effects: [WizardEffect] = [.output(OutputLine(.failed, style: .error))]
            effects += Wizard.wrapped(serverText(reason), .error, indent: "  ! ", continuation: "    ")
            // Why it failed, for `--output json` should the session end on it (no operator, a
            // cancel at the retry prompt): a script must learn more than "transport-failed".
            report.endingErrors = [EndingError(field: nil, message: serverText(reason), line: nil)]
            guard interactive else { return effects + end(.transportFailed) }
            if recordRun != nil { return effects + keepAndAskToGoOn() }
            phase = .failed
            return effects + [.prompt(retryPrompt)]
        case .queued(let reason):
            // The form is in the outbox: the session ends (a run of records goes on with the next
            // record), and the draft it may have resumed is done with.
            submissions.lastAnswerWasRejection = false
            var effects: [WizardEffect] = [.output(OutputLine(.failed, style: .error))]
            effects += Wizard.wrapped(serverText(reason), .error, indent: "  ! ", continuation: "    ")
            effects += Wizard.wrapped(.queuedNotSent, .notice, indent: "  ", continuation: "  ")
            report.endingErrors = [EndingError(field: nil, message: serverText(reason), line: nil)]
            phase = .finished
            recordRun?.decision = .keepAndGoOn
            return effects + [.deleteDraft, .finish(.transportFailed)]
        }
    }

    mutating func rejected(status: Int, errors: [ServerError]) -> [WizardEffect] {
        // The server answered: the next submission is a new attempt even if nothing changes
        // (a server that honours the key would otherwise answer with the same rejection).
        let refused = submissions.last.map { Wizard.attempt($0.path, $0.payload) }
        submissions.last = nil
        submissions.rejectionStatus = status
        submissions.lastAnswerWasRejection = true
        if policy.reviewsAfterRejection { policy.submitsWithoutReview = false }
        let visible = form.visibleIndices
        let placement = ServerErrorMapper.place(errors, in: spec, fields: fields, visibleFields: Set(visible.map { fields[$0].name }))
        var effects: [WizardEffect] = [.output(OutputLine(.rejected(status: status), style: .error))]
        // Bound 8a: a server may send any number of messages; the operator sees the first ones.
        submissions.banner = placement.banner.prefix(Wizard.shownServerMessages).map(serverText)
            + (Wizard.moreMessagesLine(placement.banner.count).map { [$0] } ?? [])
        // Only a different value can fix a 422 (the server understood and refused the values) or
        // an error the server put on a field; a 400/409 with only banner lines ("try again
        // tomorrow", a conflict) may clear by itself, so Enter still sends it again.
        let valuesRefused = status == 422 || !placement.fieldErrors.isEmpty || !placement.alsoAsked.isEmpty
        submissions.rejectedPayload = valuesRefused ? refused : nil
        effects += bannerLines()
        var failed: [Int] = []
        let entries = reviewEntries()
        let rows = reviewRows(entries)
        let recordedRows = recordedReviewRows(entries)
        var entryOf: [Int: Int] = [:]
        for (n, entry) in entries.enumerated() { for i in entry.indices { entryOf[i] = n } }
        var shownEntries: Set<Int> = []
        for i in visible {
            let field = fields[i]
            let messages = placement.fieldErrors[field.name] ?? []
            guard !messages.isEmpty || placement.alsoAsked.contains(field.name) else { continue }
            failed.append(i)
            guard let n = entryOf[i] else { continue }
            if shownEntries.insert(n).inserted {
                effects += Wizard.reviewRowLines(rows[n], recorded: recordedRows.map { $0[n] }).map { .output($0) }
            }
            // Under an item's line, each message says which of its fields it is about.
            // In the accessible presentation every message names its field, item or not.
            let about = entries[n].item != nil ? (spec.fields.first { $0.name == field.item?.declaration }?.label ?? field.label) + ": "
                : policy.presentation.namesFieldInErrors ? field.label + ": " : ""
            for message in messages.prefix(Wizard.shownServerMessages) {
                effects += Wizard.wrapped(about + serverText(message), .error, indent: Wizard.fieldErrorIndent, continuation: "      ")
            }
            if let more = Wizard.moreMessagesLine(messages.count) {
                effects.append(.output(OutputLine(Wizard.fieldErrorIndent + more, style: .error)))
            }
        }
        if policy.stopsAtRefusal {
            // No operator to fix the fields: every mapped error is shown, then the ending.
            report.endingErrors = placement.banner.map { EndingError(field: nil, message: serverText($0), line: nil) }
            for i in visible {
                let field = fields[i]
                for message in placement.fieldErrors[field.name] ?? [] {
                    report.endingErrors.append(EndingError(field: field.name, message: serverText(message), line: nil))
                }
            }
            return effects + Wizard.wrapped(.stoppedServerRejected, .error, indent: "") + end(.inputRefused)
        }
        guard !failed.isEmpty else {
            phase = .review
            // The banner was printed just above: the review does not repeat it here.
            return effects + reviewLines(withBanner: false) + [.prompt(reviewPrompt)]
        }
        return effects + ask(failed[0], walk: .revisiting(failed))
    }

    /// How many server messages are shown in the banner, and under each field (docs/SECURITY.md,
    /// rule 8a).
    package static let shownServerMessages = 20

    /// "and 99980 more messages from the server" when `count` is over the shown bound.
    static func moreMessagesLine(_ count: Int) -> String? {
        let more = count - shownServerMessages
        guard more > 0 else { return nil }
        return WizardMessage.moreServerMessages(more).text
    }
}
