/// The failed phase: after a transport failure, on a terminal: retry, edit or cancel.
extension Wizard {
    /// A line at the retry prompt after a transport failure. In a run of records (`--repeat`)
    /// the record is already kept as a draft, so Enter goes on with the next record and `.end`
    /// ends the run; otherwise Enter sends the same attempt again and `.cancel` ends.
    mutating func failedLine(_ line: String) -> [WizardEffect] {
        let inRun = recordRun != nil
        let trimmed = line.trimmedWhitespace
        if inRun {
            if trimmed.isEmpty || trimmed.lowercased() == ".next" { return keep(.keepAndGoOn) }
        } else if trimmed.isEmpty {
            return submit(retry: true)
        }
        if let n = Int(trimmed), let targets = resolveEditTargets(String(n)) { return edit(targets) }
        let refusal = refuse(inRun ? "Press Enter to go on with the next record, .retry to send again, a number to edit, or .end"
                                   : "Press Enter (or .retry) to try again, a number to edit, or .cancel")
            + [.prompt(retryPrompt)]
        guard let command = WizardCommand.parse(line, inRun: inRun) else { return refusal }
        switch command {
        case .retry: return submit(retry: true)
        case .edit(let target):
            guard let targets = resolveEditTargets(target) else { return refuse(editTargetMessage(target)) + [.prompt(retryPrompt)] }
            return edit(targets)
        case .cancel: return end(.transportFailed)
        // Only in a run of records (the parser reads `.end` nowhere else).
        case .end: return keep(.keepAndEndRun)
        case .review: return reviewLines() + [.prompt(retryPrompt)]
        case .help:
            let help = inRun
                ? "The record could not be sent and is kept as a draft. Enter goes on with the next record, .retry sends it again (if it is then accepted, its draft is deleted), a number (or .edit N) edits that field, .end ends the run."
                : "The form could not be sent; nothing you typed is lost. Enter or .retry sends the same attempt again. A number (or .edit N) edits that field, then comes back to the review. .cancel ends and keeps a draft."
            return Wizard.wrapped(help, .notice) + [.prompt(retryPrompt)]
        case .back, .next, .done, .skip, .clear, .add, .delete, .ditto, .unknown:
            return refusal
        }
    }
}
