#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FormCore
import Testing

/// The wizard's catalogue of sentences (Messages/WizardMessage.swift): every case rendered
/// with sample parameters, and the wizard's sources kept free of sentences written in place.
@Suite struct WizardMessageTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalogue = root.appendingPathComponent("Sources/FormCore/Messages/WizardMessage.swift")
    static let wizardSources = root.appendingPathComponent("Sources/FormCore/Wizard")

    /// One sample of every case, parameters as wide as the call sites let them be (labels cut to
    /// 24-60 columns, typed text to 30). A new case needs its sample here: the count test says so.
    static let samples: [WizardMessage] = [
        .fieldCount(fields: 17, upTo: true, lists: 2),
        .titleCount("up to 17 fields, 2 lists"),
        .draftResumed(kept: 1),
        .draftListOverMax(label: "Medications", most: 3, count: 5, list: "meds"),
        .draftFormChanged,
        .savedAnswerNotKept(shown: "not-a-date", reason: "Must be a date like 2024-05-31"),
        .savedAnswerDoesNotFit,
        .answersGiven(given: 3, refused: 1, asked: 2),
        .noSuchField(suggestion: "email"),
        .secretOnCommandLine(field: "password"),
        .scriptedAnswerRefused(origin: "answers.yaml:3", shown: "abc", reason: "Must be a whole number"),
        .hiddenByCondition(condition: "country is Norway"),
        .requiredSecretAnswer(field: "password"),
        .scalarListOneByOne(type: "text", list: "tags"),
        .tooManyItemsGiven(count: 12, most: 10),
        .groupNeedsMappings(group: "lines"),
        .itemBeyondEnd(number: 11, list: "lines", most: 10),
        .stoppedNoOneToCorrect,
        .required,
        .promptKeep,
        .multilineHint,
        .multilineTooLong,
        .listEndHint,
        .stillMissing(["Name", "Email address", "Country of residence"]),
        .stoppedAtInputLine(line: 12, place: "Email address", reason: "Must be an email address like name@example.org"),
        .stoppedAtReviewPlace,
        .stoppedAtRetryPlace,
        .firstField,
        .secretEditNeedsNumber(range: "1-8"),
        .requiredCannotSkip(label: "Email address"),
        .nothingToRetry,
        .unknownCommandAtSecret,
        .unknownCommand(word: ".nxt", nearest: "next", listed: [], typed: ".nxt"),
        .commandTakesNothing(command: "back", typed: ".back now"),
        .noEntry(number: 12, range: "1-8"),
        .fieldNotAsked(number: 3, label: "Company"),
        .noField(number: 12, range: "1-8"),
        .entryNotItem(number: 2),
        .entryFields(number: 4, count: 3),
        .sayWhichField(range: "1-8"),
        .noFieldNamed(name: "emial", range: "1-8"),
        .commandsHelp(list: "Commands: .back .next .done .review .edit N|name .skip .clear .help (or ?) .cancel"),
        .commandList(usages: [".back", ".next", ".done"]),
        .listCommandsHelp,
        .fieldHelp(label: "Email", help: "Where the receipt goes."),
        .rulesHelp(["required", "at most 80 characters"]),
        .ruleRequired,
        .ruleOptional,
        .ruleAtLeastItems(1),
        .ruleMayBeEmpty,
        .ruleAtMostItems(10),
        .ruleItemsDiffer,
        .ruleLengthBetween(2, 80),
        .ruleLengthAtLeast(2),
        .ruleLengthAtMost(80),
        .ruleSetFormat,
        .ruleClockLowerBound("today-30", exclusive: false),
        .ruleClockUpperBound("today", exclusive: true),
        .ruleDefault("Norway"),
        .defaultShown("Norway"),
        .newItemIsThis(label: "Medications", number: 2),
        .itemAddedInPlace(label: "Medications", number: 3),
        .noListToAddTo,
        .sayWhichList(names: ["meds", "allergies"]),
        .listFull(label: "Medications", most: 10),
        .newItemHasNoField,
        .sayWhichItem(example: "meds.2"),
        .noSuchItem(label: "Medications", number: 4, count: 3),
        .listNeedsItems(label: "Medications", least: 1, number: 1),
        .deletePrompt(item: String(repeating: "m", count: 40)),
        .deleteKept,
        .deleted(item: String(repeating: "m", count: 60)),
        .itemNameAndNumber(label: "Medications", number: 2),
        .tooManyItemsOnLine(label: "Serial numbers", most: 10, parts: 12, from: 1),
        .emptyItemOnLine(number: 3),
        .itemOnLineRefused(number: 2, typed: "abc", reason: "Must be a whole number"),
        .listOverMax(label: "Medications", most: 3, count: 5, list: "meds"),
        .sameAsItem(what: "SKU and Lot", plural: true, earlier: 1),
        .totalAbove(name: "Quantity", sum: "120", most: "100"),
        .totalBelow(name: "Share", sum: "90", least: "100"),
        .emptyList(label: "Medications", list: "meds"),
        .reviewTitle,
        .reviewPrompt,
        .reviewHelp,
        .reviewPressEnter,
        .moreLines(2),
        .atReview(.noField(number: 12, range: "1-8")),
        .unchangedSinceRefusal,
        .submitting,
        .accepted(status: 201, note: "Order 1234 created"),
        .failed,
        .rejected(status: 422),
        .interrupted,
        .moreServerMessages(99_980),
        .stoppedServerRejected,
        .cancelled,
        .checkRefusedValue(status: "404 Not Found"),
        .checkServerAnswered(status: "503 Service Unavailable"),
        .checkAnswerTooLarge(kib: 64),
        .checkNotMade(reason: "the server did not answer in time"),
        .checkNotMadeRefused(reason: "the server did not answer in time"),
        .checkCancelled,
        .lookupShown("Widget, blue, 12-pack"),
        .choicesNotFetched(reason: "the server did not answer in time"),
        .choicesNotAList,
        .choicesChanged,
        .longChoiceList(count: 10_000),
        .longChoiceListInWords(count: 10_000),
        .moreChoices(9_988),
        .retryPrompt,
        .retryPressEnter(inRun: true),
        .retryHelp(inRun: false),
        .queuedNotSent,
        .recordTitle(12),
        .firstRecordHeader,
        .compactReviewPrompt,
        .compactReview(["Ada", "ada@example.org", "Norway"]),
        .goOnPrompt,
        .recordHelp(secret: false),
        .endMidRecord,
        .firstRecordNoDitto,
        .nothingToCopy(record: 3, label: "Email address"),
        .recordAlreadyHas(record: 2, label: "Serial number", value: "SN-1"),
        .titleCountInWords("up to 17 fields, 2 lists"),
        .promptInWords(label: "Country", words: ["required", "default Norway"]),
        .promptCurrent("bob@example.com"),
        .promptSecretNotShown,
        .promptSecretKept,
        .promptYesOrNo,
        .promptRange(from: "-5", to: "120"),
        .promptEndsList,
        .multilineHintInWords,
        .multilineNextLine,
        .fieldError(label: "Username of the account", message: "Must be at least 3 characters"),
        .youTyped("ad"),
        .choiceOnLine(number: 12, choice: "Bosnia and Herzegovina"),
        .reviewSentence(number: 12, label: "Username of the account", value: "bob_smith"),
        .reviewItemSentence(number: 12, label: "Lines 2: 4 x Widget", details: "Lot: A-17"),
        .reviewNoAnswer,
        .reviewSecretGiven,
        .reviewDefaultValue("Norway"),
        .reviewPromptInWords,
        .retryPromptInWords,
        .goOnPromptInWords,
        .firstRecordHeaderInWords,
        .deletePromptInWords(item: "Medications 12"),
        .commandsHelpInWords(list: "Commands: .back .next .done .review .edit N|name .skip .clear .help (or ?) .cancel"),
        .commandListInWords(usages: [".back", ".edit N|name", ".help (or ?)", ".cancel"]),
        .moreLinesInWords(2),
        .listCommandsHelpInWords,
        .reviewHelpInWords,
        .sayWhichFieldInWords(range: "1 to 8"),
        .dateHintInWords,
        .timeHintInWords,
        .dateTimeHintInWords,
        .commaSeparatedHintInWords,
        .accessibleModeHelp(on: false),
        .templateHeader(title: "Sign up", id: "signup"),
        .templateEmptyValueNote,
        .templateGroup(words: ", shown in the review as \"Med 1: <code>\""),
        .templateGroupLabel("Line"),
        .templateGroupShown("Med 1: <code>"),
        .templateMemberSecret(key: "pin"),
        .templateSecret(key: "password"),
        .templateListNote,
        .templateChoices(["Norway", "Sweden", "Denmark"]),
        .templateOnlyWhen("country is Norway"),
    ]

    /// Prompts end in ": ", where the operator types; every other sentence ends on a character.
    static let prompts: Set<String> = [
        "reviewPrompt", "retryPrompt", "compactReviewPrompt", "goOnPrompt", "deletePrompt", "promptInWords", "multilineNextLine",
        "reviewPromptInWords", "retryPromptInWords", "goOnPromptInWords", "deletePromptInWords",
    ]

    /// The case's name, as declared: `noField` for `.noField(number: 1, range: "1-8")`.
    static func caseName(_ message: Any) -> String {
        Mirror(reflecting: message).children.first?.label ?? String(describing: message)
    }

    /// The names declared by `case NAME` lines in a catalogue's source (the `case .NAME`
    /// lines of its renderer are not declarations).
    static func declaredCases(in catalogue: URL = catalogue) throws -> [String] {
        let source = try String(contentsOf: catalogue, encoding: .utf8)
        return source.split(separator: "\n").compactMap { line -> String? in
            var rest = line.drop { $0 == " " }
            if rest.hasPrefix("indirect ") { rest = rest.dropFirst("indirect ".count) }
            guard rest.hasPrefix("case "), let first = rest.dropFirst(5).first, first.isLetter else { return nil }
            return String(rest.dropFirst(5).prefix { $0.isLetter || $0.isNumber })
        }
    }

    /// A server's message ends with its own full stop; ours do not: the stop line has one either way.
    @Test(arguments: ["This username is already taken.", "Required", "Taken!", "Taken?"])
    func aQuotedReasonEndsWithOneStop(reason: String) {
        let english = WizardMessage.stoppedAtInputLine(line: 1, place: "Username", reason: reason).text
        let norwegian = MessageLanguage(code: .nb).speaking {
            WizardMessage.stoppedAtInputLine(line: 1, place: "Username", reason: reason).text
        }
        for text in [english, norwegian] {
            #expect(!text.contains(".."), "\(text)")
            #expect(text.contains(reason == "Required" ? "Required. " : reason + " "))
        }
    }

    @Test func everyCaseHasOneSample() throws {
        let declared = try Self.declaredCases()
        let sampled = Self.samples.map(Self.caseName)
        #expect(declared.count > 100)
        #expect(Set(declared).count == declared.count)
        #expect(Set(sampled) == Set(declared))
        #expect(sampled.count == declared.count)
    }

    @Test func everySentenceIsOneCleanLine() {
        for message in Self.samples {
            let text = message.text
            let name = Self.caseName(message)
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(name) is empty")
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(name) holds a control character")
            if Self.prompts.contains(name) {
                #expect(text.hasSuffix(": ") && !text.hasSuffix("  : "), "\(name) does not end as a prompt does")
            } else {
                #expect(text.last.map { !$0.isWhitespace } ?? false, "\(name) ends with whitespace")
            }
        }
    }

    /// Prompts leave part of an 80-column line to type in; lines shown as they are (titles,
    /// notices, the outcome after "Submitting...") fit in one; the rest is wrapped under `  ! `
    /// within the line width.
    @Test func everySentenceFitsItsLayout() {
        let unwrapped: Set<String> = [
            "titleCount", "recordTitle", "firstRecordHeader", "reviewTitle", "listEndHint", "newItemIsThis",
            "itemAddedInPlace", "deleteKept", "deleted", "submitting", "failed", "rejected", "interrupted", "cancelled",
            "compactReview",
        ]
        for message in Self.samples {
            let name = Self.caseName(message)
            if Self.prompts.contains(name) {
                #expect(TextWrap.columns(message.text) <= Wizard.promptWidth, "\(name) is too wide for a prompt")
            } else if unwrapped.contains(name) {
                #expect(TextWrap.columns(message.text) <= TextWrap.width, "\(name) is wider than a line")
            } else {
                let lines = TextWrap.wrap(message.text, indent: "  ! ", continuation: "    ")
                #expect(lines.allSatisfy { TextWrap.columns($0) <= TextWrap.width }, "\(name) wraps wider than a line")
            }
        }
    }

    /// A few renderings word for word (the transcripts in Tests/Sessions hold the rest).
    @Test func sentencesReadAsBefore() {
        #expect(WizardMessage.fieldCount(fields: 1, upTo: false, lists: nil).text == "1 field")
        #expect(WizardMessage.fieldCount(fields: 17, upTo: true, lists: 1).text == "up to 17 fields, 1 list")
        #expect(WizardMessage.atReview(.noField(number: 12, range: "1-8")).text
            == "No field 12: use a number from the review (1-8); press Enter to submit")
        #expect(WizardMessage.unknownCommand(word: ".frob", nearest: nil, listed: ["back", "next"], typed: ".frob").text
            == "Unknown command .frob (commands: .back .next). To enter a value starting with '.', type '..frob'")
        #expect(WizardMessage.sameAsItem(what: nil, plural: false, earlier: 2).text
            == "This is the same as in item 2: each item must differ")
        #expect(WizardMessage.scriptedAnswerRefused(origin: "--set", shown: nil, reason: "Required").text
            == "The answer from --set was refused: Required")
        #expect(WizardMessage.accepted(status: 200, note: nil).text == " accepted (200)")
    }

    /// No sentence is written in place in the wizard: `refuse("...")`, `OutputLine("...")`,
    /// `errorLine("...")`, `wrapped("...")` and `WizardProblem("...")` take a catalogue case.
    @Test func theWizardWritesNoSentenceInPlace() throws {
        let calls = ["refuse(", "OutputLine(", "errorLine(", "wrapped(", "WizardProblem("]
        let files = try #require(FileManager.default.enumerator(at: Self.wizardSources, includingPropertiesForKeys: nil))
        var found: [String] = []
        var read = 0
        for case let url as URL in files where url.pathExtension == "swift" && url.lastPathComponent != "WizardMessage.swift" {
            read += 1
            let source = try String(contentsOf: url, encoding: .utf8)
            for (n, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.drop { $0 == " " }
                guard !code.hasPrefix("//") else { continue }
                for call in calls {
                    var rest = Substring(line)
                    while let at = rest.range(of: call) {
                        rest = rest[at.upperBound...]
                        if rest.drop(while: { $0 == " " }).first == "\"" { found.append("\(url.lastPathComponent):\(n + 1): \(call)\"") }
                    }
                }
            }
        }
        #expect(read > 20)
        #expect(found == [])
    }
}
