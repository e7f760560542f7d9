/// The failed phase: after a transport failure, on a terminal: retry, edit or cancel.
extension Wizard {
    mutating func failedLine(_ line: String) -> [WizardEffect] {
        if recordRun != nil { return goOnLine(line) }
        let trimmed = line.trimmedWhitespace
        if trimmed.isEmpty { return submit(retry: true) }
        if let n = Int(trimmed), let targets = resolveEditTargets(String(n)) { return edit(targets) }
        switch WizardCommand.parse(line) {
        case .retry?: return submit(retry: true)
        case .edit(let target)?:
            guard let targets = resolveEditTargets(target) else { return [error(editTargetMessage(target)), .prompt(retryPrompt)] }
            return edit(targets)
        case .cancel?: return end(.transportFailed)
        case .review?: return reviewLines() + [.prompt(retryPrompt)]
        case .help?:
            return Wizard.wrapped("The form could not be sent; nothing you typed is lost. Enter or .retry sends the same attempt again. A number (or .edit N) edits that field, then comes back to the review. .cancel ends and keeps a draft.", .notice) + [.prompt(retryPrompt)]
        default:
            return [error("Press Enter (or .retry) to try again, a number to edit, or .cancel"), .prompt(retryPrompt)]
        }
    }
}
