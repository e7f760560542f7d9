/// What became of one server check, as the wizard needs to know it (`WizardEvent.checked`).
public enum CheckOutcome: Sendable, Equatable {
    /// 2xx; the body when it is JSON (the lookup and the defaults read it).
    case passed(JSONValue?)
    /// 4xx: the server's message for this answer, as the form's error reader read it.
    case rejected(message: String)
    /// No usable answer (timeout, refused connection, a 3xx or 5xx, a body over the bound):
    /// the check's `on_failure` decides.
    case failed(reason: String)
    /// The operator pressed Ctrl-C while it ran: back to the field, its text kept.
    case cancelled
}

/// Sorts a check's answer into passed, rejected or failed (docs/checks.md, "Answers").
package enum CheckClassifier {
    /// `field`: the checked field's name, so of several errors its own is shown first.
    package static func classify(status: Int, contentType: String?, body: [UInt8], field: String, submit: SubmitSpec) -> CheckOutcome {
        guard body.count <= CheckRequest.maximumBodyBytes else {
            return .failed(reason: WizardMessage.checkAnswerTooLarge(kib: CheckRequest.maximumBodyBytes / 1024).text)
        }
        let json = JSONValue.parse(body)
        switch status {
        case 200..<300:
            return .passed(json)
        case 400..<500:
            if let json, let read = SubmissionClassifier.readErrors(
                contentType: contentType, json: json, dialect: submit.errors, preferred: submit.preferredErrors,
                shape: submit.errorShape) {
                let own = read.errors.first { error in
                    guard let last = error.path?.last else { return false }
                    return last.description == field || last.description == field.split(separator: ".").last.map(String.init)
                }
                if let message = (own ?? read.errors.first)?.message, !message.trimmedWhitespace.isEmpty {
                    return .rejected(message: TextCleaning.oneLine(message, limit: 300))
                }
            }
            return .rejected(message: WizardMessage.checkRefusedValue(status: SubmissionClassifier.statusText(status)).text)
        default:
            return .failed(reason: WizardMessage.checkServerAnswered(status: SubmissionClassifier.statusText(status)).text)
        }
    }
}
