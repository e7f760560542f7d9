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
        let refusal = refuse(.retryPressEnter(inRun: inRun))
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
            return Wizard.wrapped(.retryHelp(inRun: inRun), .notice) + [.prompt(retryPrompt)]
        case .back, .next, .done, .skip, .clear, .add, .delete, .ditto, .unknown:
            return refusal
        }
    }
}
