#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FormCore
import Testing

/// The command line's catalogue (Messages/CLIMessage.swift): every case rendered with sample
/// parameters, one clean line each, and a few word for word.
@Suite struct CLIMessageTests {
    static let catalogue = WizardMessageTests.root.appendingPathComponent("Sources/FormCore/Messages/CLIMessage.swift")

    /// One sample of every case. A new case needs its sample here: the count test says so.
    static let samples: [CLIMessage] = [
        .draftSaved(path: "/home/ada/.local/state/formline/drafts/signup-3.json"),
        .recordsSummary(accepted: 3, rejected: 1, drafts: 1, lost: 1),
        .acceptedRecordsLead,
        .andMoreRecords(12),
        .jsonNotWritten(reason: "No space left on device", accepted: true),
        .recordingLost(reason: "session.session: Permission denied"),
        .outboxNotWritten(reason: "No space left on device"),
        .outboxEmpty(folder: "/home/ada/.local/state/formline/outbox"),
        .outboxNothingToSend(folder: "/home/ada/.local/state/formline/outbox"),
        .outboxSent(form: "signup", key: "k-1", status: 201, note: "id=3"),
        .outboxRejected(form: "signup", key: "k-1", status: 400),
        .outboxNotSent(form: "signup", key: "k-1", reason: "the server refused the connection"),
        .outboxBusy(form: "signup", key: "k-1"),
        .outboxFormUnusable(form: "signup", key: "k-1", problem: "Forms/signup.yaml: no such file"),
        .outboxSendSummary(sent: 2, rejected: 1, notSent: 0, busy: 3),
        .outboxJobsOutOfRange,
        .outboxNothingToRepair,
        .outboxNoSuchEntry(key: "k-9"),
        .outboxRepairing(form: "signup", key: "k-1", status: 400),
        .outboxRepaired(form: "signup", key: "k-1"),
        .outboxKeptAsItWas(form: "signup", key: "k-1"),
        .queueWithOpenAPI,
        .batchShardSyntax,
        .batchMaxErrorsOutOfRange,
        .batchCannotRead(path: "records.ndjson", reason: "No such file or directory"),
        .batchCannotWriteReport(path: "out/report.ndjson", reason: "No such file or directory"),
        .batchCannotWriteRejects(path: "out/rejects.ndjson", reason: "No such file or directory"),
        .batchOutputIsInput(option: "--rejects", path: "fixed.ndjson"),
        .batchReportIsRejects(path: "out.ndjson"),
        .draftAnswerCount(2),
        .batchLineTooLong,
        .batchRetriesOutOfRange,
        .batchStopping,
        .batchProgress(done: 1200, notAccepted: 3, perSecond: 410),
        .batchCSVNoHeader(path: "orders.csv"),
        .batchCSVTooManyColumns(most: 10_000),
        .batchCSVEmptyColumnName,
        .batchCSVDuplicateColumn(column: 2),
        .batchCSVColumnConflict(column: 3, name: "address"),
        .batchCSVNotUTF8,
        .batchCSVNotOneRow,
        .batchCSVRowTooWide(cells: 5, columns: 4),
        .batchCSVStrayQuote(line: 7),
        .batchCSVUnclosedQuote(line: 9),
        .batchCSVSemicolons,
        .batchRepairNeedsTerminal,
        .batchRepairWithDryRun,
        .batchRepairRecord(index: 3, count: 7, line: 12),
        .batchRepairSkipped(record: 3),
        .nameAForm,
        .standardInputClosed,
        .recordAsksNothing,
        .recordWithPrivateSet(field: "patient_name"),
        .logNotOpened(path: "logs/formline.log", reason: "no such file or folder"),
        .draftOfAnotherForm(path: "draft.json", draftForm: "order", form: "signup"),
        .moreAnswerProblems(origin: "answers.yaml", count: 80),
        .credentialHeaderOnCommandLine(name: "Authorization"),
        .endpointProblem("not an http(s) URL"),
        .headerSourceProblem(name: "Authorization", problem: "env:TOKEN is not set"),
        .namedDraftExists,
        .draftsExist(count: 3),
        .secretInOpenAnswersFile(problem: "others can read it (mode 644): chmod 600 answers.yaml"),
        .notASecretField,
        .recordToStandardOutput,
        .recordingNotWritable(path: "out/signup.session", problem: "no such folder"),
        .draftNotWritable(path: "drafts/d.json", problem: "no such folder"),
        .recordWithResume,
        .recordWithNoInput,
        .recordWithSecret,
        .repeatWithNoInput,
        .repeatWithDraft,
        .keepAskingWithNoInput,
        .setSyntax,
        .keepAskingWithStopAtRefusal,
        .resumeNumberNeedsResume,
        .resumeNumberOutOfRange(1000),
        .resumeNumberWithDraft,
        .timeoutOutOfBounds,
        .clientCertAndKeyTogether,
        .tlsNeedsEndpoint,
        .headerSyntax,
        .headerFromDescriptorTwice("3"),
        .secretDescriptorTwice("3"),
        .openapiAndForm,
        .openapiNeedsOperation,
        .operationNeedsOpenapi,
        .refreshNeedsOpenapi,
        .operationEmpty,
        .unknownLanguage("de_DE.UTF-8"),
        .discardNeedsForm,
        .noSuchDraft(form: "signup", number: 4),
        .draftDiscarded(form: "signup", number: 2, path: "/home/ada/.local/state/formline/drafts/signup-2.json"),
        .noDraftsOf(form: "signup", folder: "/home/ada/.local/state/formline/drafts"),
        .noDrafts(folder: "/home/ada/.local/state/formline/drafts"),
        .nameFormsToCheck,
        .nameSessions,
        .jobsOutOfRange(most: 64),
        .timeoutOutOfRange,
        .formatTextOrTap,
        .replayShardSyntax(most: 1000),
        .replayLiveNeedsEndpoint,
        .replayLiveNeverUpdates,
        .replayServerOptionsNeedLive,
        .replayEndpointProblem("not an http(s) URL"),
        .cannotWriteReport(path: "report.xml", reason: "Permission denied"),
        .replayUnreadableFile,
        .replayCannotReadFile(reason: "not a regular file"),
        .replayNotUTF8,
        .replayFormNotLoaded(path: "signup.yaml", problems: ["signup.yaml:3:5: unknown key \"lable\"", "and 2 more"]),
        .replayOpenAPISessionElsewhere(operation: "createUser"),
        .clearLineHint,
        .replayFormPathRefused(path: "../forms/signup.yaml", reason: "outside /src/app"),
        .replayAnswersPathRefused(path: "answers.txt", reason: "not an answers file"),
        .replayAnswersNotLoaded(path: "answers.yaml", problems: ["answers.yaml:2: not YAML"]),
        .replayAnswersRefused(problems: ["--set nmae: no such field"]),
        .replayNoDefaultSecret(line: 12, field: "pin"),
        .replayNoDefaultPrivate(line: 6, field: "mrn"),
        .replayNoRefusedSecret(line: 12, field: "pin"),
        .replayNotASecretField(line: 12, field: "email"),
        .replayPromptWithNoInput(prompt: "Email: "),
        .replayInputLeftOver(line: 30, text: "yes", more: 2),
        .replayRequestWithNoResponse(method: "POST", path: "/signup"),
        .replayResponseNeverUsed(line: 40, text: "201 Created", more: 1),
        .replayRecordingDoesNotParse(problem: "line 4: a prompt line with no output before it"),
        .replayOutputDiffers(line: 17),
        .replayLiveResponseDiffers(line: 42, difference: "the body differs from the transcript's", more: 1),
        .replayCannotUpdate(reason: "Permission denied"),
        .replayTimedOut(seconds: 30),
        .replayPassed(path: "Tests/Sessions/signup.session", updated: true),
        .replayFailed(path: "Tests/Sessions/signup.session", reason: "output differs from the transcript at line 17"),
        .replayTally(passed: 49, failed: 1),
        .recordingNotWritten(path: "signup.session", reason: "Permission denied"),
        .sessionPathUnreadable(path: "Tests/Sesions"),
        .tooManySessions(path: "Tests/Sessions", most: 10000),
        .noRecordedResponseLeft,
        .pathNotOpenAPIDocument,
        .pathNotFormFile,
        .pathNotAnswersFile,
        .pathOutsideReplayFolder(folder: "/src/app"),
        .headerValueProblem(name: "X-Trace", problem: "holds a control character"),
        .headerFromProblem("the environment variable TOKEN is not set"),
        .secretProblem("file: needs a path"),
        .secretSourceSyntax(syntax: "env:NAME, file:PATH or fd:N"),
        .secretValueNotASource(field: "account.pin", syntax: "env:NAME, file:PATH or fd:N"),
        .headerSourceSyntax(syntax: "env:NAME, file:PATH or fd:N"),
        .headerValueNotASource(name: "Authorization", syntax: "env:NAME, file:PATH or fd:N"),
        .draftNoStateFolder,
        .draftNothingToResume(path: "d.json"),
        .draftNotADraft(path: "d.json"),
        .draftCannotSave(path: "drafts/d.json", reason: "Permission denied"),
        .draftCannotRead(path: "drafts/d.json", reason: "Permission denied"),
        .lineTooLong,
        .lineNotUTF8,
        .transportTimeout,
        .transportRefused,
        .requestCancelled,
        .checking,
        .checkCancelledByOperator,
        .unknownOption(name: "--colour"),
        .optionGivenTwice(name: "--endpoint"),
        .optionNeedsValue(name: "--endpoint"),
        .optionTakesNoValue(name: "--plain"),
        .outputTakesTextOrJSON,
        .transcriptArgsNotRecorded(argument: "--endpoint", recorded: "--plain, --stop-at-refusal, --repeat, --output text|json"),
        .transcriptArgsProblem("--output takes text or json"),
        .checkOK(path: "forms/signup.yaml", form: "signup", fields: 12),
        .unknownCommandNear(shown: "fil", nearest: "fill"),
        .unknownCommand(shown: "frobnicate", commands: ["fill", "check", "replay", "drafts"]),
        .noOperationWithBody,
        .explainStatusOutOfRange(status: "42"),
        .explainContentTypeNeedsStatus,
        .notACapture,
        .captureStatusNotHTTP,
        .captureContentTypeNotString,
        .openapiFullyExpressed(document: "petstore.yaml", withBody: 4),
        .openapiNotFullyExpressed(document: "petstore.yaml", affected: 2, withBody: 4, documentWide: true, problems: 5),
        .documentChangedWhileRead(path: "petstore.yaml"),
        .documentCannotRead(path: "petstore.yaml", reason: "Permission denied"),
        .documentNotModifiedToPlainGET(url: "https://api.example/openapi.json"),
        .connectionRefused,
        .documentKeptCopyUsed(url: "https://api.example/openapi.json", reason: "the connection was refused", age: "3 days"),
        .documentCannotFetch(url: "https://api.example/openapi.json", reason: "the connection was refused"),
        .recordCannotKeepCopy(transcript: "pets.session", copy: "pets.openapi.json", problem: "no such folder"),
        .recordCopyUnreadable(transcript: "pets.session", copy: "pets.openapi.json"),
        .recordCopyDiffers(transcript: "pets.session", copy: "pets.openapi.json"),
        .documentCopyNotWritten(path: "pets.openapi.json", reason: "No space left on device"),
        .openapiNeedsOperationShort,
        .derivedFormDoesNotLoad,
        .openapiProblem("petstore.yaml: not JSON or YAML"),
        .documentProblem(document: "petstore.yaml", problem: "no operation \"addPet\""),
        .age(seconds: 90),
    ]

    static func caseName(_ message: CLIMessage) -> String { WizardMessageTests.caseName(message) }

    @Test func everyCaseHasOneSample() throws {
        let declared = try WizardMessageTests.declaredCases(in: Self.catalogue)
        let sampled = Self.samples.map(Self.caseName)
        #expect(declared.count >= 134)
        #expect(Set(sampled) == Set(declared))
        #expect(sampled.count == declared.count)
    }

    /// One line, no control character, nothing empty, no trailing space except the lead that
    /// the accepted records follow; wrapped as the CLI wraps it, within the line width.
    @Test func everySentenceIsOneCleanLine() {
        for message in Self.samples {
            let text = message.text
            let name = Self.caseName(message)
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(name) is empty")
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(name) holds a control character")
            if name == "acceptedRecordsLead" {
                #expect(text == "Accepted: ")
            } else {
                #expect(text.last.map { !$0.isWhitespace } ?? false, "\(name) ends with whitespace")
            }
            let lines = TextWrap.wrap(text, indent: "formline: ", continuation: "  ")
            #expect(lines.allSatisfy { TextWrap.columns($0) <= TextWrap.width }, "\(name) wraps wider than a line")
        }
    }

    @Test func sentencesReadAsBefore() {
        #expect(CLIMessage.recordsSummary(accepted: 3, rejected: 1, drafts: 1, lost: 0).text
            == "Records: 3 accepted, 1 rejected, 1 kept as a draft.")
        #expect(CLIMessage.recordsSummary(accepted: 0, rejected: 0, drafts: 2, lost: 1).text
            == "Records: 0 accepted, 0 rejected, 2 kept as drafts, 1 lost (draft not saved).")
        #expect(CLIMessage.recordsSummary(accepted: 1, rejected: 0, drafts: 0, lost: 1, queued: 2).text
            == "Records: 1 accepted, 0 rejected, 0 kept as drafts, 1 lost (draft not saved), 2 queued, not sent.")
        #expect(CLIMessage.outboxSent(form: "member", key: "k-1", status: 201, note: "id=3").text
            == "member k-1: sent, accepted (201) id=3, removed from the outbox")
        #expect(CLIMessage.jsonNotWritten(reason: "EPIPE", accepted: false).text
            == "--output json: the document could not be written to standard output: EPIPE")
        #expect(CLIMessage.draftSaved(path: "d.json").text == "Draft saved: d.json")
        #expect(CLIMessage.draftsExist(count: 1).text
            == "A draft of this form exists (add --resume to continue it; formline drafts lists them). This run "
            + "leaves it alone; if this run ends unfinished too, it is kept as another draft.")
        #expect(CLIMessage.noSuchDraft(form: "signup", number: 4).text == "signup has no draft 4 (formline drafts signup lists them)")
    }

    @Test func replayFailuresReadAsBefore() {
        #expect(CLIMessage.replayInputLeftOver(line: 30, text: "yes", more: 0).text == "input left over from line 30: \"yes\"")
        #expect(CLIMessage.replayInputLeftOver(line: 30, text: "yes", more: 2).text == "input left over from line 30: \"yes\" and 2 more")
        #expect(CLIMessage.replayTimedOut(seconds: 30).text == "did not finish within 30 seconds (--timeout); abandoned")
        #expect(CLIMessage.replayTimedOut(seconds: 0.5).text == "did not finish within 0.5 seconds (--timeout); abandoned")
        #expect(CLIMessage.replayFormNotLoaded(path: "f.yaml", problems: ["a", "b"]).text == "cannot load the form f.yaml: a; b")
        #expect(CLIMessage.unknownCommand(shown: "x", commands: ["fill", "check", "replay"]).text
            == "unknown command \"x\": use fill, check or replay (formline --help)")
        #expect(CLIMessage.openapiNotFullyExpressed(document: "d.yaml", affected: 1, withBody: 1, documentWide: false, problems: 1).text
            == "d.yaml: 1 of 1 operation with a request body not fully expressed (1 problem)")
        #expect([59, 90, 600, 7300, 200_000].map { CLIMessage.age(seconds: $0).text } == ["59 s", "90 s", "10 min", "2 h", "2 days"])
        #expect(CLIMessage.checkOK(path: "f.yaml", form: "f", fields: 1).text == "f.yaml: ok (f, 1 field)")
        #expect(CLIMessage.pathOutsideReplayFolder(folder: "/src/app").text
            == "outside /src/app, the folder replay runs from (replay from a folder that holds it, or pass --allow-outside)")
    }

    /// The files converted to the catalogue write no sentence in place: a `return "` or an
    /// `Error("` outside a comment is a sentence that bypasses `CLIMessage`.
    static let convertedSources = [
        "Sources/FormSessions/ReplayFailure.swift",
        "Sources/FormSessions/FormPathPolicy.swift",
        "Sources/FormSessions/ReplayResult.swift",
        "Sources/FormSessions/RecordingWriteError.swift",
        "Sources/FormSessions/SessionFileList.swift",
        "Sources/FormlineCLI/FillOptions.swift",
        "Sources/FormDrafts/DraftStore.swift",
        "Sources/FormRunner/LineSource.swift",
        "Sources/FormRunner/Transport.swift",
        "Sources/FormRunner/SessionDriver.swift",
        "Sources/FormRunner/FillFlag.swift",
        "Sources/FormRunner/SessionSetup.swift",
        "Sources/FormlineCLI/CommandLineAdvice.swift",
        "Sources/FormlineCLI/ExplainCommand.swift",
        "Sources/FormlineCLI/OpenAPICheck.swift",
        "Sources/FormlineCLI/OpenAPISource.swift",
        "Sources/FormlineCLI/OpenAPIReplay.swift",
        "Sources/FormlineCLI/OpenAPIRecording.swift",
        "Sources/FormlineCLI/OpenAPIFormDeriver.swift",
    ]

    @Test func convertedFilesWriteNoSentenceInPlace() throws {
        var found: [String] = []
        for path in Self.convertedSources {
            let source = try String(contentsOf: WizardMessageTests.root.appendingPathComponent(path), encoding: .utf8)
            for (n, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.drop { $0 == " " }
                guard !code.hasPrefix("//") else { continue }
                if ["return \"", "Error(\"", "description: \"", "problem: \"", ".error(\""].contains(where: line.contains) { found.append("\(path):\(n + 1)") }
            }
        }
        #expect(found == [])
    }
}
