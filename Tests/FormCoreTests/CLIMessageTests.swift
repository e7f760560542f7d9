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
        .nameAForm,
        .standardInputClosed,
        .recordAsksNothing,
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
        .cannotWriteReport(path: "report.xml", reason: "Permission denied"),
    ]

    static func caseName(_ message: CLIMessage) -> String {
        Mirror(reflecting: message).children.first?.label ?? String(describing: message)
    }

    @Test func everyCaseHasOneSample() throws {
        let source = try String(contentsOf: Self.catalogue, encoding: .utf8)
        let declared = source.split(separator: "\n").compactMap { line -> String? in
            let rest = line.drop { $0 == " " }
            guard rest.hasPrefix("case "), let first = rest.dropFirst(5).first, first.isLetter else { return nil }
            return String(rest.dropFirst(5).prefix { $0.isLetter || $0.isNumber })
        }
        let sampled = Self.samples.map(Self.caseName)
        #expect(declared.count >= 54)
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
        #expect(CLIMessage.jsonNotWritten(reason: "EPIPE", accepted: false).text
            == "--output json: the document could not be written to standard output: EPIPE")
        #expect(CLIMessage.draftSaved(path: "d.json").text == "Draft saved: d.json")
        #expect(CLIMessage.draftsExist(count: 1).text
            == "A draft of this form exists (add --resume to continue it; formline drafts lists them). This run "
            + "leaves it alone; if this run ends unfinished too, it is kept as another draft.")
        #expect(CLIMessage.noSuchDraft(form: "signup", number: 4).text == "signup has no draft 4 (formline drafts signup lists them)")
    }
}
