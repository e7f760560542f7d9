/// The sentences the command line writes to an operator or a test author: how `fill` ends
/// (drafts, the summary of a run of records), the usage errors of `fill` and the other commands,
/// drafts (`DraftError`), secret sources, the session's edges (FormRunner), why a transcript did
/// not replay and replay's report lines, `check`, `explain`, `operations` and OpenAPI documents.
/// Like `WizardMessage`, a caller builds a case with its parameters and `text` renders it in the
/// language bound now (`english`, `norwegian`); it lives in FormCore because every module that writes to the
/// operator (FormRunner, FormSessions, FormDrafts, the CLI) sees it.
///
/// Not here (docs/architecture.md, "Messages"): argument-parser's own messages and `--help`
/// texts; positioned reader problems (form files, transcripts, OpenAPI documents: `FILE:LINE:COL`
/// diagnostics, their own catalogue); modules below FormCore (FormSystem, FormTransport).
/// To add a sentence: a case, its words in `english` and `norwegian`, a sample in
/// `CLIMessageTests.samples`.
package enum CLIMessage: Sendable, Equatable {
    // MARK: Endings of `fill`
    case draftSaved(path: String)
    /// `Records: 3 accepted, 1 rejected, 1 kept as a draft.` (`, 1 lost (draft not saved).`).
    /// With records in the outbox: `, 2 queued, not sent.` at the end.
    case recordsSummary(accepted: Int, rejected: Int, drafts: Int, lost: Int, queued: Int = 0)
    /// The lead of the list of accepted records: `Accepted: 1 id=14, 2 id=15`.
    case acceptedRecordsLead
    /// After the last listed record: `15 id=117 and 12 more`.
    case andMoreRecords(Int)
    case jsonNotWritten(reason: String, accepted: Bool)
    case recordingLost(reason: String)

    // MARK: The outbox (docs/outbox-and-batch.md)
    case outboxNotWritten(reason: String)
    case outboxEmpty(folder: String)
    case outboxNothingToSend(folder: String)
    case outboxSent(form: String, key: String, status: Int, note: String?)
    case outboxRejected(form: String, key: String, status: Int)
    case outboxNotSent(form: String, key: String, reason: String)
    case outboxBusy(form: String, key: String)
    case outboxFormUnusable(form: String, key: String, problem: String)
    /// `busy`: entries another sender held (or had sent) when this one came to them.
    case outboxSendSummary(sent: Int, rejected: Int, notSent: Int, busy: Int)
    case outboxJobsOutOfRange
    case outboxNothingToRepair
    case outboxNoSuchEntry(key: String)
    case outboxRepairing(form: String, key: String, status: Int?)
    case outboxRepaired(form: String, key: String)
    case outboxKeptAsItWas(form: String, key: String)
    case queueWithOpenAPI
    case batchShardSyntax
    case batchMaxErrorsOutOfRange
    case batchCannotRead(path: String, reason: String)
    case batchCannotWriteReport(path: String, reason: String)
    case batchCannotWriteRejects(path: String, reason: String)
    /// `--report` or `--rejects` naming the input file: writing it would erase the records.
    case batchOutputIsInput(option: String, path: String)
    case batchReportIsRejects(path: String)
    /// `formline drafts`: how many answers a draft holds.
    case draftAnswerCount(Int)
    case batchLineTooLong
    case batchRetriesOutOfRange
    case batchStopping
    case batchProgress(done: Int, notAccepted: Int, perSecond: Int)
    // CSV input (docs/outbox-and-batch.md, "CSV input").
    case batchCSVNoHeader(path: String)
    case batchCSVTooManyColumns(most: Int)
    case batchCSVEmptyColumnName
    case batchCSVDuplicateColumn(column: Int)
    case batchCSVColumnConflict(column: Int, name: String)
    case batchCSVNotUTF8
    case batchCSVNotOneRow
    case batchCSVRowTooWide(cells: Int, columns: Int)
    case batchCSVStrayQuote(line: Int)
    case batchCSVUnclosedQuote(line: Int)
    case batchCSVSemicolons
    // `--repair` (docs/outbox-and-batch.md, "Repairing at a terminal").
    case batchRepairNeedsTerminal
    case batchRepairWithDryRun
    case batchRepairRecord(index: Int, count: Int, line: Int)
    case batchRepairSkipped(record: Int)

    // MARK: Usage errors of `fill`
    case nameAForm
    case standardInputClosed
    case recordAsksNothing
    /// `fill --record --set NAME=...` where NAME is a private field (docs/privacy.md).
    case recordWithPrivateSet(field: String)
    /// `fill --log FILE` (or FORMLINE_LOG) that can't be opened for appending.
    case logNotOpened(path: String, reason: String)
    case draftOfAnotherForm(path: String, draftForm: String, form: String)
    case moreAnswerProblems(origin: String, count: Int)
    case credentialHeaderOnCommandLine(name: String)
    case endpointProblem(String)
    case headerSourceProblem(name: String, problem: String)
    case namedDraftExists
    case draftsExist(count: Int)
    case secretInOpenAnswersFile(problem: String)
    case notASecretField
    case recordToStandardOutput
    case recordingNotWritable(path: String, problem: String)
    case draftNotWritable(path: String, problem: String)

    // MARK: Options of `fill` that do not go together or are malformed
    case recordWithResume
    case recordWithNoInput
    case recordWithSecret
    case repeatWithNoInput
    case repeatWithDraft
    case keepAskingWithNoInput
    case setSyntax
    case keepAskingWithStopAtRefusal
    case resumeNumberNeedsResume
    case resumeNumberOutOfRange(Int)
    case resumeNumberWithDraft
    case timeoutOutOfBounds
    case clientCertAndKeyTogether
    case tlsNeedsEndpoint
    case headerSyntax
    case headerFromDescriptorTwice(String)
    case secretDescriptorTwice(String)
    case openapiAndForm
    case openapiNeedsOperation
    case operationNeedsOpenapi
    case refreshNeedsOpenapi
    case operationEmpty
    /// `--lang` (or `#! args: --lang`) naming a language formline does not speak.
    case unknownLanguage(String)

    // MARK: `drafts`, `check`, `replay`
    case discardNeedsForm
    case noSuchDraft(form: String, number: Int)
    case draftDiscarded(form: String, number: Int, path: String)
    case noDraftsOf(form: String, folder: String)
    case noDrafts(folder: String)
    case nameFormsToCheck
    case nameSessions
    case jobsOutOfRange(most: Int)
    case timeoutOutOfRange
    case replayShardSyntax(most: Int)
    case replayLiveNeedsEndpoint
    case replayLiveNeverUpdates
    case replayServerOptionsNeedLive
    case replayEndpointProblem(String)
    case formatTextOrTap
    case cannotWriteReport(path: String, reason: String)

    // MARK: Why a transcript did not replay (`ReplayFailure`, `FormPathPolicy`)
    case replayUnreadableFile
    case replayCannotReadFile(reason: String)
    case replayNotUTF8
    case replayFormNotLoaded(path: String, problems: [String])
    /// An OpenAPI session replayed where no document can be read (FormlineTesting without a loader).
    case replayOpenAPISessionElsewhere(operation: String)
    /// At a terminal, once, under the first refusal whose answer comes back pre-filled.
    case clearLineHint
    case replayFormPathRefused(path: String, reason: String)
    case replayAnswersPathRefused(path: String, reason: String)
    case replayAnswersNotLoaded(path: String, problems: [String])
    case replayAnswersRefused(problems: [String])
    case replayNoDefaultSecret(line: Int, field: String)
    case replayNoDefaultPrivate(line: Int, field: String)
    case replayNoRefusedSecret(line: Int, field: String)
    case replayNotASecretField(line: Int, field: String)
    case replayPromptWithNoInput(prompt: String)
    case replayInputLeftOver(line: Int, text: String, more: Int)
    case replayRequestWithNoResponse(method: String, path: String)
    case replayResponseNeverUsed(line: Int, text: String, more: Int)
    case replayRecordingDoesNotParse(problem: String)
    case replayOutputDiffers(line: Int)
    /// `formline replay --live`: a server's answer that differs from the recorded `<=` line.
    case replayLiveResponseDiffers(line: Int, difference: String, more: Int)
    case replayCannotUpdate(reason: String)
    case replayTimedOut(seconds: Double)
    /// `formline replay`'s line for one transcript (escaped by the caller) and its tally.
    case replayPassed(path: String, updated: Bool)
    case replayFailed(path: String, reason: String)
    case replayTally(passed: Int, failed: Int)
    case recordingNotWritten(path: String, reason: String)
    case sessionPathUnreadable(path: String)
    case tooManySessions(path: String, most: Int)
    case noRecordedResponseLeft
    case pathNotOpenAPIDocument
    case pathNotFormFile
    case pathNotAnswersFile
    case pathOutsideReplayFolder(folder: String)

    // MARK: Secret sources of `fill` (`--secret`, `--header-from`, `--header`)
    case headerValueProblem(name: String, problem: String)
    case headerFromProblem(String)
    case secretProblem(String)
    case secretSourceSyntax(syntax: String)
    case secretValueNotASource(field: String, syntax: String)
    case headerSourceSyntax(syntax: String)
    case headerValueNotASource(name: String, syntax: String)

    // MARK: Drafts (`DraftError`)
    case draftNoStateFolder
    case draftNothingToResume(path: String)
    case draftNotADraft(path: String)
    case draftCannotSave(path: String, reason: String)
    case draftCannotRead(path: String, reason: String)

    // MARK: The session's edges (FormRunner: a line source, the transport, `fill`'s fast reader)
    case lineTooLong
    case lineNotUTF8
    case transportTimeout
    case transportRefused
    case requestCancelled
    /// One short line while a server check takes longer than ~150 ms (at most 16 bytes).
    case checking
    /// A check cancelled with Ctrl-C, as the transcript records its answer.
    case checkCancelledByOperator
    case unknownOption(name: String)
    case optionGivenTwice(name: String)
    case optionNeedsValue(name: String)
    case optionTakesNoValue(name: String)
    case outputTakesTextOrJSON
    case transcriptArgsNotRecorded(argument: String, recorded: String)
    case transcriptArgsProblem(String)

    // MARK: `check`, `explain`, `operations`, OpenAPI documents, the first word of the command line
    case checkOK(path: String, form: String, fields: Int)
    case unknownCommandNear(shown: String, nearest: String)
    case unknownCommand(shown: String, commands: [String])
    case noOperationWithBody
    case explainStatusOutOfRange(status: String)
    case explainContentTypeNeedsStatus
    case notACapture
    case captureStatusNotHTTP
    case captureContentTypeNotString
    case openapiFullyExpressed(document: String, withBody: Int)
    case openapiNotFullyExpressed(document: String, affected: Int, withBody: Int, documentWide: Bool, problems: Int)
    case documentChangedWhileRead(path: String)
    case documentCannotRead(path: String, reason: String)
    case documentNotModifiedToPlainGET(url: String)
    case connectionRefused
    case documentKeptCopyUsed(url: String, reason: String, age: String)
    case documentCannotFetch(url: String, reason: String)
    case recordCannotKeepCopy(transcript: String, copy: String, problem: String)
    case recordCopyUnreadable(transcript: String, copy: String)
    case recordCopyDiffers(transcript: String, copy: String)
    case documentCopyNotWritten(path: String, reason: String)
    case openapiNeedsOperationShort
    case derivedFormDoesNotLoad
    case openapiProblem(String)
    case documentProblem(document: String, problem: String)
    /// How long ago a kept copy was fetched: `90 s`, `12 min`, `5 h`, `3 days`.
    case age(seconds: Int)

    /// The words in the language bound now (`MessageLanguage.current`): its translation
    /// (Messages/Norwegian/), English where it has none, transliterated on a 7-bit line.
    package var text: String {
        let language = MessageLanguage.current
        switch language.code {
        case .en: return english
        case .nb: return language.shown(norwegian ?? english)
        }
    }

    /// The words in `language`, whatever is bound now.
    package func text(in language: MessageLanguage) -> String { language.speaking { text } }

    /// The English words. Parameters arrive as they are shown.
    package var english: String {
        switch self {
        case .draftSaved(let path): return "Draft saved: \(path)"
        case .recordsSummary(let accepted, let rejected, let drafts, let lost, let queued):
            return "Records: \(accepted) accepted, \(rejected) rejected, \(drafts) kept as "
                + (drafts == 1 ? "a draft" : "drafts")
                + (lost > 0 ? ", \(lost) lost (draft not saved)" : "")
                + (queued > 0 ? ", \(queued) queued, not sent." : ".")
        case .acceptedRecordsLead: return "Accepted: "
        case .andMoreRecords(let more): return " and \(more) more"
        case .jsonNotWritten(let reason, let accepted):
            return "--output json: the document could not be written to standard output: \(reason)"
                + (accepted ? " (the form was accepted: do not send it again)" : "")
        case .recordingLost(let reason): return "--record: \(reason)"

        case .outboxNotWritten(let reason): return "the outbox could not be written: \(reason)"
        case .outboxEmpty(let folder): return "The outbox is empty (\(folder))."
        case .outboxNothingToSend(let folder):
            return "Nothing to send: the outbox holds no queued entry (\(folder)); rejected ones wait for formline outbox repair."
        case .outboxSent(let form, let key, let status, let note):
            return "\(form) \(key): sent, accepted (\(status))" + (note.map { " " + $0 } ?? "") + ", removed from the outbox"
        case .outboxRejected(let form, let key, let status):
            return "\(form) \(key): rejected (\(status)), kept for formline outbox repair"
        case .outboxNotSent(let form, let key, let reason): return "\(form) \(key): not sent (\(reason)), kept in the outbox"
        case .outboxBusy(let form, let key): return "\(form) \(key): another formline is sending it, skipped"
        case .outboxFormUnusable(let form, let key, let problem):
            return "\(form) \(key): the form file can't be used (\(problem)), kept in the outbox"
        case .outboxSendSummary(let sent, let rejected, let notSent, let busy):
            return "Outbox: \(sent) sent, \(rejected) rejected, \(notSent) not sent"
                + (busy > 0 ? ", \(busy) left to another formline sending them." : ".")
        case .outboxJobsOutOfRange: return "--jobs must be between 1 and 64"
        case .outboxNothingToRepair: return "Nothing to repair: no outbox entry was rejected (formline outbox lists them)."
        case .outboxNoSuchEntry(let key):
            return "no rejected outbox entry has the key \(key) (formline outbox lists them; a queued one is sent by formline outbox send)"
        case .outboxRepairing(let form, let key, let status):
            return "Repairing \(form) \(key)" + (status.map { " (rejected \($0))" } ?? "") + ":"
        case .outboxRepaired(let form, let key): return "\(form) \(key): accepted, removed from the outbox"
        case .outboxKeptAsItWas(let form, let key): return "\(form) \(key): kept in the outbox as it was"
        case .queueWithOpenAPI:
            return "--queue can't be combined with --openapi: an entry is sent later with its form file, and an operation's form has none"

        case .batchShardSyntax: return "--shard takes K/N: this machine's share K of N (1 <= K <= N), e.g. --shard 2/4"
        case .batchMaxErrorsOutOfRange: return "--max-errors must be 1 or more"
        case .batchCannotRead(let path, let reason): return "\(path): cannot read the records: \(reason)"
        case .batchCannotWriteReport(let path, let reason): return "--report \(path): cannot write: \(reason)"
        case .batchCannotWriteRejects(let path, let reason): return "--rejects \(path): cannot write: \(reason)"
        case .batchOutputIsInput(let option, let path):
            return "\(option) \(path) is the input file: writing it would erase the records before they are read; name another file"
        case .batchReportIsRejects(let path): return "--report and --rejects both name \(path): name two files"
        case .draftAnswerCount(let n): return n == 1 ? "1 answer" : "\(n) answers"
        case .batchLineTooLong: return "the record is longer than 1 MiB"
        case .batchRetriesOutOfRange: return "--retries must be between 0 and 10"
        case .batchRepairNeedsTerminal:
            return "--repair asks at a terminal: standard input and output must be one, and FILE cannot be -"
        case .batchRepairWithDryRun: return "--repair and --dry-run do not go together: a dry run sends nothing to repair"
        case .batchRepairRecord(let index, let count, let line): return "Record \(index) of \(count) to repair (line \(line))"
        case .batchRepairSkipped(let record): return "Record \(record) skipped: kept in the rejects"
        case .batchStopping:
            return "stopping: the records in flight finish, the rest are reported as not attempted (Ctrl-C again abandons them)"
        case .batchProgress(let done, let notAccepted, let perSecond):
            return "batch: \(done) records done, \(notAccepted) not accepted, \(perSecond) records/s"
        case .batchCSVNoHeader(let path): return "\(path): no header row: the first row of a CSV file names the fields"
        case .batchCSVTooManyColumns(let most): return "the header names more than \(most) columns"
        case .batchCSVEmptyColumnName: return "the column has no name: each column's header names a field"
        case .batchCSVDuplicateColumn(let column): return "named twice: column \(column) already names it"
        case .batchCSVColumnConflict(let column, let name):
            return "clashes with column \(column) (\(name)): a name is either a value or holds fields, not both"
        case .batchCSVNotUTF8: return "the record is not UTF-8 text"
        case .batchCSVNotOneRow: return "the record is not one CSV row (a carriage return alone ends a row)"
        case .batchCSVRowTooWide(let cells, let columns): return "the row has \(cells) cells; the header names \(columns) columns"
        case .batchCSVStrayQuote(let line):
            return "line \(line): a quoted cell goes on after its closing quote: a quote inside a quoted cell is written twice (\"\"), and a cell holding a quote is quoted whole"
        case .batchCSVUnclosedQuote(let line): return "the quoted cell opened on line \(line) is never closed: the file ends inside it"
        case .batchCSVSemicolons:
            return "comma-separated values only: this header looks separated by semicolons (save the file as CSV with commas)"

        case .nameAForm: return "Name a form file (formline fill FORM), or an OpenAPI operation (--openapi DOC --operation OP)."
        case .standardInputClosed:
            return "standard input is closed: run at a terminal, or pipe the answers in (formline fill FORM < answers.txt)"
        case .recordWithPrivateSet(let field):
            return "--record can't be combined with --set \(field)=...: \(field) is private and a transcript never holds its value; give it in an --answers file (a transcript names the file, never its values) or type it at the prompt"
        case .logNotOpened(let path, let reason):
            return "--log \(path): \(reason) (the diagnostic log is appended to a file of your own, mode 600)"
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
        case .namedDraftExists:
            return "A draft of this form exists: add --resume to continue it. This run leaves it "
                + "alone, unless this run ends unfinished too: then its own draft replaces it."
        case .draftsExist(let count):
            let which = count == 1 ? "add --resume to continue it"
                : "\(count) in all: --resume continues the latest, --resume N another"
            return "A draft of this form exists (\(which); formline drafts lists them). This run "
                + "leaves it alone; if this run ends unfinished too, it is kept as another draft."
        case .secretInOpenAnswersFile(let problem): return "the answers file holds a secret but \(problem)"
        case .notASecretField: return "not a secret field; answer it with --set or --answers"
        case .recordToStandardOutput:
            return "--record -: a recording is written to a file, never to standard output; name a file (--record signup.session)"
        case .recordingNotWritable(let path, let problem): return "--record \(path): cannot write the recording there: \(problem)"
        case .draftNotWritable(let path, let problem):
            return "--draft \(path): cannot keep the draft there: \(problem) "
                + "(name a regular file in a writable folder, or leave --draft out to use the state folder)"

        case .recordWithResume: return "--record can't be combined with --resume: a recording starts from an empty form"
        case .recordWithNoInput: return "--record can't be combined with --no-input: a run that asks nothing has no session to record (record at a terminal, which asks what the answers leave missing or refused)"
        case .recordWithSecret: return "--record can't be combined with --secret: a transcript never holds a secret, so its replay could not give the field the same value; type it at the prompt instead"
        case .repeatWithNoInput: return "--repeat can't be combined with --no-input: a run of records ends when the operator ends it"
        case .repeatWithDraft: return "--repeat can't be combined with --draft: a run may keep several drafts, one file holds one (leave --draft out)"
        case .keepAskingWithNoInput: return "--keep-asking can't be combined with --no-input, which asks nothing"
        case .setSyntax: return "--set must look like name=value (a dotted field path, then =)"
        case .keepAskingWithStopAtRefusal: return "--keep-asking can't be combined with --stop-at-refusal"
        case .resumeNumberNeedsResume: return "--resume-number needs --resume"
        case .resumeNumberOutOfRange(let n): return "--resume \(n): no such draft: drafts are numbered from 1 to 999 (formline drafts lists them)"
        case .resumeNumberWithDraft: return "--resume N picks one of the state folder's drafts: with --draft FILE there is only that file"
        case .timeoutOutOfBounds: return "--timeout must be between 0.001 and 3600 seconds"
        case .clientCertAndKeyTogether: return "--client-cert and --client-key go together"
        case .tlsNeedsEndpoint: return "--ca-file, --client-cert and --client-key apply to --endpoint, which is missing"
        case .headerSyntax: return "--header must look like \"Name: value\" with a valid header name"
        case .headerFromDescriptorTwice(let fd): return "--header-from: fd:\(fd) is named twice; a descriptor is read once"
        case .secretDescriptorTwice(let fd): return "--secret: fd:\(fd) is named twice; a descriptor is read once"
        case .openapiAndForm: return "--openapi builds the form from the document: name a form file or --openapi, not both"
        case .openapiNeedsOperation: return "--openapi needs --operation OP (formline operations DOC lists them)"
        case .operationNeedsOpenapi: return "--operation needs --openapi DOC, the document that describes it"
        case .refreshNeedsOpenapi: return "--refresh applies to --openapi (a document fetched from a server)"
        case .operationEmpty: return "--operation needs an operationId or \"METHOD /path\""
        case .unknownLanguage(let given):
            return "--lang: formline speaks en and nb (also as a locale: nb_NO.UTF-8, no, nn), not \"\(given)\""

        case .discardNeedsForm: return "--discard needs the form: formline drafts FORM --discard N"
        case .noSuchDraft(let form, let number): return "\(form) has no draft \(number) (formline drafts \(form) lists them)"
        case .draftDiscarded(let form, let number, let path): return "Discarded draft \(number) of \(form): \(path)"
        case .noDraftsOf(let form, let folder): return "No drafts of \(form) in \(folder)."
        case .noDrafts(let folder): return "No drafts in \(folder)."
        case .nameFormsToCheck: return "Name form files to check, or --openapi DOC."
        case .nameSessions: return "Name at least one session file or folder."
        case .jobsOutOfRange(let most): return "--jobs: give a number from 1 to \(most)"
        case .timeoutOutOfRange: return "--timeout: give a number of seconds above 0, at most 86400"
        case .replayShardSyntax(let most): return "--shard: give K/N with 1 <= K <= N <= \(most), e.g. 2/4"
        case .replayLiveNeedsEndpoint: return "--live needs --endpoint URL: the server to send the requests to"
        case .replayLiveNeverUpdates:
            return "--live can't be combined with --update (or FORMLINE_SESSIONS=overwrite): a live run checks the server "
                + "against the transcript and never rewrites it; record the session again with fill --record"
        case .replayServerOptionsNeedLive: return "--endpoint, --header and --header-from go with --live"
        case .replayEndpointProblem(let problem): return "--endpoint: \(problem)"
        case .formatTextOrTap: return "--format: give text or tap"
        case .cannotWriteReport(let path, let reason): return "cannot write \(path): \(reason)"

        case .replayUnreadableFile: return "cannot read the file"
        case .replayCannotReadFile(let reason): return "cannot read the file: \(reason)"
        case .replayNotUTF8: return "the file is not UTF-8 text"
        case .replayOpenAPISessionElsewhere(let operation):
            return "an OpenAPI session (#! operation: \(operation)): replay it with formline replay, which builds forms from OpenAPI documents"
        case .clearLineHint: return "(The answer stays on the line to fix: Ctrl-U clears it to type anew)"
        case .replayFormNotLoaded(let path, let problems):
            return "cannot load the form \(path): " + problems.joined(separator: "; ")
        case .replayFormPathRefused(let path, let reason): return "#! form: \(path): \(reason); the file was not read"
        case .replayAnswersPathRefused(let path, let reason): return "#! answers: \(path): \(reason); the file was not read"
        case .replayAnswersNotLoaded(let path, let problems):
            return "cannot load the answers \(path): " + problems.joined(separator: "; ")
        case .replayAnswersRefused(let problems):
            return "the answers end the session before its first prompt: " + problems.joined(separator: "; ")
        case .replayNoDefaultSecret(let line, let name):
            return "line \(line): no default value passes the rules of secret \"\(name)\": add \"#! secret \(name) = VALUE\""
        case .replayNoDefaultPrivate(let line, let name):
            return "line \(line): no value replay makes passes the rules of private field \"\(name)\": add \"#! private \(name) = VALUE\" (a made-up value, never a real one)"
        case .replayNoRefusedSecret(let line, let name):
            return "line \(line): no value could be made that secret \"\(name)\" refuses as the recorded one was (the refusal shown after the line names no rule of the field a value can break)"
        case .replayNotASecretField(let line, let name):
            return "line \(line): the form has no secret field \"\(name)\" (give a value with \"#! secret \(name) = VALUE\")"
        case .replayPromptWithNoInput(let prompt): return "prompt \"\(prompt)\" with no input left"
        case .replayInputLeftOver(let line, let text, let more):
            return "input left over from line \(line): \"\(text)\"" + (more > 0 ? " and \(more) more" : "")
        case .replayRequestWithNoResponse(let method, let path): return "request \(method) \(path) with no response left"
        case .replayResponseNeverUsed(let line, let text, let more):
            return "response never used, line \(line): \"\(text)\"" + (more > 0 ? " and \(more) more" : "")
        case .replayRecordingDoesNotParse(let problem): return "the recording does not parse (a formline bug): \(problem)"
        case .replayOutputDiffers(let line): return "output differs from the transcript at line \(line)"
        case .replayLiveResponseDiffers(let line, let difference, let more):
            return "line \(line): \(difference)" + (more > 0 ? " (and \(more) more answers differ)" : "")
        case .replayCannotUpdate(let reason): return "cannot update the file: \(reason)"
        case .replayTimedOut(let seconds):
            let shown = seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
            return "did not finish within \(shown) seconds (--timeout); abandoned"
        case .replayPassed(let path, let updated): return updated ? "PASS \(path) (updated)" : "PASS \(path)"
        case .replayFailed(let path, let reason): return "FAIL \(path): \(reason)"
        case .replayTally(let passed, let failed): return "\(passed) passed, \(failed) failed"
        case .recordingNotWritten(let path, let reason): return "\(path): cannot write the recording: \(reason)"
        case .sessionPathUnreadable(let path): return "\(path): no such readable file or folder"
        case .tooManySessions(let path, let most): return "\(path): more than \(most) transcripts"
        case .noRecordedResponseLeft: return "no recorded response left"
        case .pathNotOpenAPIDocument: return "not an OpenAPI document (its name ends in .json, .yaml or .yml)"
        case .pathNotFormFile: return "not a form file (a form's name ends in .yaml or .yml)"
        case .pathNotAnswersFile: return "not an answers file (its name ends in .yaml, .yml or .json)"
        case .pathOutsideReplayFolder(let base):
            return "outside \(base), the folder replay runs from (replay from a folder that holds it, or pass --allow-outside)"

        case .headerValueProblem(let name, let problem): return "--header \(name): \(problem)"
        case .headerFromProblem(let problem): return "--header-from: \(problem)"
        case .secretProblem(let problem): return "--secret: \(problem)"
        case .secretSourceSyntax(let syntax): return "must look like \"field=\(syntax)\""
        case .secretValueNotASource(let field, let syntax):
            return "\(field): the value must be \(syntax) (a secret itself never goes on the command line)"
        case .headerSourceSyntax(let syntax): return "must look like \"Name=\(syntax)\" with a valid header name"
        case .headerValueNotASource(let name, let syntax):
            return "\(name): the value must be \(syntax) (the header's value itself never goes on the command line)"

        case .draftNoStateFolder:
            return "cannot save the draft: there is no state folder (HOME and XDG_STATE_HOME are unset or not "
                + "absolute, and formline never keeps state in the working folder): set HOME, or give --draft FILE"
        case .draftNothingToResume(let path): return "\(path): no draft to resume"
        case .draftNotADraft(let path): return "\(path): not a formline draft"
        case .draftCannotSave(let path, let reason): return "\(path): cannot save the draft: \(reason)"
        case .draftCannotRead(let path, let reason): return "\(path): cannot read the draft: \(reason)"

        case .lineTooLong: return "The line is too long (over 64 KiB)"
        case .lineNotUTF8: return "The line is not valid UTF-8 text"
        case .transportTimeout: return "no answer from the server in time"
        case .transportRefused: return "the server refused the connection"
        case .requestCancelled: return "the request was cancelled"
        case .checking: return "checking..."
        case .checkCancelledByOperator: return "the check was cancelled"
        case .unknownOption(let name): return "unknown option \"\(name)\""
        case .optionGivenTwice(let name): return "\(name) is given twice"
        case .optionNeedsValue(let name): return "\(name) needs a value"
        case .optionTakesNoValue(let name): return "\(name) takes no value"
        case .outputTakesTextOrJSON: return "--output takes text or json"
        case .transcriptArgsNotRecorded(let argument, let recorded):
            return "#! args: \"\(argument)\" is not a flag a transcript records (\(recorded))"
        case .transcriptArgsProblem(let problem): return "#! args: " + problem

        case .checkOK(let path, let form, let count): return "\(path): ok (\(form), \(count) field\(count == 1 ? "" : "s"))"
        case .unknownCommandNear(let shown, let name): return "unknown command \"\(shown)\" (did you mean \"\(name)\"?)"
        case .unknownCommand(let shown, let names):
            return "unknown command \"\(shown)\": use \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "fill") (formline --help)"
        case .noOperationWithBody: return "(no operation takes a JSON request body)"
        case .explainStatusOutOfRange(let status): return "--status must be an HTTP status from 100 to 599, not \(status)"
        case .explainContentTypeNeedsStatus: return "--content-type needs --status (a capture file carries its own content_type)"
        case .notACapture: return "not a capture: expected a JSON object with status, content_type and body (or pass --status and the raw body)"
        case .captureStatusNotHTTP: return "the capture's status must be an HTTP status number (100-599)"
        case .captureContentTypeNotString: return "the capture's content_type must be a string or null"
        case .openapiFullyExpressed(let name, let withBody):
            return "\(name): ok (\(withBody) operation\(withBody == 1 ? "" : "s") with a request body, all fully expressed)"
        case .openapiNotFullyExpressed(let name, let affected, let withBody, let documentWide, let problems):
            return "\(name): \(affected) of \(withBody) operation\(withBody == 1 ? "" : "s") with a request body not fully expressed"
                + (documentWide ? ", and problems with the document itself" : "") + " (\(problems) problem\(problems == 1 ? "" : "s"))"
        case .documentChangedWhileRead(let path): return "\(path): the document changed while formline was reading it; run again"
        case .documentCannotRead(let path, let reason): return "\(path): cannot read: \(reason)"
        case .documentNotModifiedToPlainGET(let url): return "\(url): the server said 304 Not Modified to a plain GET"
        case .connectionRefused: return "the connection was refused"
        case .documentKeptCopyUsed(let url, let reason, let age): return "\(url): \(reason); using the copy fetched \(age) ago"
        case .documentCannotFetch(let url, let reason): return "\(url): cannot fetch the document: \(reason)"
        case .recordCannotKeepCopy(let transcript, let copy, let problem):
            return "--record \(transcript): cannot keep the document's copy at \(copy): \(problem)"
        case .recordCopyUnreadable(let transcript, let copy):
            return "--record \(transcript): \(copy) already exists and can't be read; move it away or record under another name"
        case .recordCopyDiffers(let transcript, let copy):
            return "--record \(transcript): \(copy) already exists and is not this document; move it away or record under another name"
        case .documentCopyNotWritten(let path, let reason): return "\(path): cannot write the document's copy: \(reason)"
        case .openapiNeedsOperationShort: return "--openapi needs --operation"
        case .derivedFormDoesNotLoad:
            return "the form built from this operation does not load: please report it (formline import shows the form)"
        case .openapiProblem(let problem): return "--openapi: \(problem)"
        case .documentProblem(let document, let problem): return "\(document): \(problem)"
        case .age(let seconds):
            if seconds < 120 { return "\(max(seconds, 0)) s" }
            if seconds < 7200 { return "\(seconds / 60) min" }
            if seconds < 172_800 { return "\(seconds / 3600) h" }
            return "\(seconds / 86400) days"
        }
    }
}
