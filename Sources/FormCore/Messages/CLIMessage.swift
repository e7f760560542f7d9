/// The sentences the command line writes around a session: how `fill` ends (drafts, the summary
/// of a run of records) and the usage errors of `fill`. Like `WizardMessage`, a caller builds a
/// case with its parameters and `text` is the one place the English words are written; it lives
/// in FormCore because every module that writes to the operator (FormRunner, the CLI) sees it.
///
/// Not here: argument-parser's own messages (usage, unknown options), errors that describe
/// themselves (`DraftError`, `FormFileError`: their `description` is their text), and the
/// messages of `check`, `drafts` and `replay`, which are still written where they are printed.
/// To add a sentence: a case, its words in `text`, a sample in `CLIMessageTests.samples`.
package enum CLIMessage: Sendable, Equatable {
    // MARK: Endings of `fill`
    case draftSaved(path: String)
    /// `Records: 3 accepted, 1 rejected, 1 kept as a draft.` (`, 1 lost (draft not saved).`).
    case recordsSummary(accepted: Int, rejected: Int, drafts: Int, lost: Int)
    /// The lead of the list of accepted records: `Accepted: 1 id=14, 2 id=15`.
    case acceptedRecordsLead
    /// After the last listed record: `15 id=117 and 12 more`.
    case andMoreRecords(Int)
    case jsonNotWritten(reason: String, accepted: Bool)
    case recordingLost(reason: String)

    // MARK: Usage errors of `fill`
    case nameAForm
    case standardInputClosed
    case recordAsksNothing
    case draftOfAnotherForm(path: String, draftForm: String, form: String)
    case moreAnswerProblems(origin: String, count: Int)
    case credentialHeaderOnCommandLine(name: String)
    case endpointProblem(String)
    case headerSourceProblem(name: String, problem: String)

    /// The English words. Parameters arrive as they are shown.
    package var text: String {
        switch self {
        case .draftSaved(let path): return "Draft saved: \(path)"
        case .recordsSummary(let accepted, let rejected, let drafts, let lost):
            return "Records: \(accepted) accepted, \(rejected) rejected, \(drafts) kept as "
                + (drafts == 1 ? "a draft" : "drafts")
                + (lost > 0 ? ", \(lost) lost (draft not saved)." : ".")
        case .acceptedRecordsLead: return "Accepted: "
        case .andMoreRecords(let more): return " and \(more) more"
        case .jsonNotWritten(let reason, let accepted):
            return "--output json: the document could not be written to standard output: \(reason)"
                + (accepted ? " (the form was accepted: do not send it again)" : "")
        case .recordingLost(let reason): return "--record: \(reason)"

        case .nameAForm: return "Name a form file (formline fill FORM), or an OpenAPI operation (--openapi DOC --operation OP)."
        case .standardInputClosed:
            return "standard input is closed: run at a terminal, or pipe the answers in (formline fill FORM < answers.txt)"
        case .recordAsksNothing:
            return "--record can't be combined with --answers or --set without a terminal: such a run asks "
                + "nothing (like --no-input), so it has no session to record; record at a terminal"
        case .draftOfAnotherForm(let path, let draftForm, let form):
            return "\(path) is a draft of form \"\(draftForm)\", not \"\(form)\""
        case .moreAnswerProblems(let origin, let count): return "\(origin): and \(count) more problems"
        case .credentialHeaderOnCommandLine(let name):
            return "warning: --header \(name): a credential on the command line can be read by "
                + "every local user (/proc/PID/cmdline); use --header-from \"\(name)=env:NAME\" (or file:PATH, fd:N)"
        case .endpointProblem(let problem): return "--endpoint: \(problem)"
        case .headerSourceProblem(let name, let problem): return "--header-from \(name): \(problem)"
        }
    }
}
