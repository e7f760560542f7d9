/// Every sentence the wizard shows an operator: prompts, refusals, notices, help, the problems of
/// scripted answers, the comments of the answers template. A handler builds a case with its
/// parameters (labels, numbers, names, already shortened and cleaned where it shows them); `text`
/// renders it, the way swift-argument-parser's `ParserError` is rendered only by its usage
/// generator: `english` is the one place the English words are written, and each other language
/// has its table (`norwegian`, Messages/Norwegian/; docs/languages.md).
///
/// What is not here, on purpose: a field type's fixed refusal texts stay in its file under
/// FieldTypes/ (`ValueError.typeRule`; a field type is one file by design; the ones that show
/// what was typed are `FieldTypeRefusal`) and the shared ones in
/// Values/ValueError.swift; text from the form file (labels, help, patterns' messages) and from
/// servers is the author's or the server's; layout (indents, `  ! `, wrapping) stays with the
/// code that lays lines out. To add a sentence: add a case here, its words in `english` and in
/// `norwegian`, a sample in `WizardMessageTests.samples`, and build the case where it is shown
/// (docs/contributing.md, "A new message").
package enum WizardMessage: Sendable, Equatable {
    // MARK: Starting and resuming
    /// "6 fields", "up to 17 fields, 2 lists": what the form has (the title line's count).
    case fieldCount(fields: Int, upTo: Bool, lists: Int?)
    /// After the title: "  (6 fields; ? for help)".
    case titleCount(String)
    case draftResumed(kept: Int)
    case draftListOverMax(label: String, most: Int, count: Int, list: String)
    case draftFormChanged
    case savedAnswerNotKept(shown: String, reason: String)
    case savedAnswerDoesNotFit
    case answersGiven(given: Int, refused: Int, asked: Int)

    // MARK: Scripted answers (`--answers`, `--set`): problems no prompt can fix
    case noSuchField(suggestion: String?)
    case secretOnCommandLine(field: String)
    case scriptedAnswerRefused(origin: String, shown: String?, reason: String)
    case hiddenByCondition(condition: String?)
    case requiredSecretAnswer(field: String)
    case scalarListOneByOne(type: String, list: String)
    case tooManyItemsGiven(count: Int, most: Int)
    case groupNeedsMappings(group: String)
    case itemBeyondEnd(number: Int, list: String, most: Int)
    case stoppedNoOneToCorrect

    // MARK: Asking a field
    case required
    /// In a secret's prompt when it has a value: `Password [keep]: `.
    case promptKeep
    case multilineHint
    case multilineTooLong
    case listEndHint
    case stillMissing([String])
    case stoppedAtInputLine(line: Int, place: String, reason: String)
    case stoppedAtReviewPlace
    case stoppedAtRetryPlace

    // MARK: Commands at a prompt
    case firstField
    case secretEditNeedsNumber(range: String)
    case requiredCannotSkip(label: String)
    case nothingToRetry
    case unknownCommandAtSecret
    case unknownCommand(word: String, nearest: String?, listed: [String], typed: String)
    case commandTakesNothing(command: String, typed: String)
    case noEntry(number: Int, range: String)
    case fieldNotAsked(number: Int, label: String)
    case noField(number: Int, range: String)
    case entryNotItem(number: Int)
    case entryFields(number: Int, count: Int)
    case sayWhichField(range: String)
    case noFieldNamed(name: String, range: String)
    /// The help line of commands: "Commands: .back ... . Enter keeps ...".
    case commandsHelp(list: String)
    case commandList(usages: [String])
    case listCommandsHelp
    case fieldHelp(label: String, help: String)
    case rulesHelp([String])

    // MARK: Rules, as help and answers templates describe them
    case ruleRequired
    case ruleOptional
    case ruleAtLeastItems(Int)
    case ruleMayBeEmpty
    case ruleAtMostItems(Int)
    case ruleItemsDiffer
    case ruleLengthBetween(Int, Int)
    case ruleLengthAtLeast(Int)
    case ruleLengthAtMost(Int)
    case ruleSetFormat
    /// A `today` bound before a session resolves it (`formline template`), as written.
    case ruleClockLowerBound(String, exclusive: Bool)
    case ruleClockUpperBound(String, exclusive: Bool)
    case ruleDefault(String)
    case defaultShown(String)

    // MARK: Items and lists
    case newItemIsThis(label: String, number: Int)
    case itemAddedInPlace(label: String, number: Int)
    case noListToAddTo
    case sayWhichList(names: [String])
    case listFull(label: String, most: Int)
    case newItemHasNoField
    case sayWhichItem(example: String)
    case noSuchItem(label: String, number: Int, count: Int)
    case listNeedsItems(label: String, least: Int, number: Int)
    case deletePrompt(item: String)
    case deleteKept
    case deleted(item: String)
    case itemNameAndNumber(label: String, number: Int)
    case tooManyItemsOnLine(label: String, most: Int, parts: Int, from: Int)
    case emptyItemOnLine(number: Int)
    case itemOnLineRefused(number: Int, typed: String, reason: String)
    case listOverMax(label: String, most: Int, count: Int, list: String)
    case sameAsItem(what: String?, plural: Bool, earlier: Int)
    case totalAbove(name: String, sum: String, most: String)
    case totalBelow(name: String, sum: String, least: String)
    case emptyList(label: String, list: String)

    // MARK: The review and submission
    case reviewTitle
    case reviewPrompt
    case reviewHelp
    case reviewPressEnter
    /// After a multiline value's first line in the review and lists: "(+2 lines)".
    case moreLines(Int)
    indirect case atReview(WizardMessage)
    case unchangedSinceRefusal
    case submitting
    case accepted(status: Int, note: String?)
    case failed
    case rejected(status: Int)
    case interrupted
    case moreServerMessages(Int)
    case stoppedServerRejected
    case cancelled

    // MARK: Server checks (docs/checks.md)
    /// A 4xx whose body held no message the form's error reader could read.
    case checkRefusedValue(status: String)
    /// A 3xx or 5xx answer to a check.
    case checkServerAnswered(status: String)
    case checkAnswerTooLarge(kib: Int)
    /// `on_failure: accept`: the answer is kept unchecked.
    case checkNotMade(reason: String)
    /// `on_failure: refuse`: the answer is refused until the check can be made.
    case checkNotMadeRefused(reason: String)
    /// Ctrl-C during a check: back at the field.
    case checkCancelled
    /// The lookup shown under the answer: `  = Widget, blue, 12-pack`.
    case lookupShown(String)
    /// `choices_from` gave no list: the field takes free text (docs/checks.md).
    case choicesNotFetched(reason: String)
    /// A 2xx answer to `choices_from` that is not a JSON list of choices.
    case choicesNotAList
    /// Before the review: the answers a `choices_from` names changed, so its list did.
    case choicesChanged
    /// A long list (more than 12 choices) in place of its items: how many, how to narrow.
    case longChoiceList(count: Int)
    /// The same in the accessible presentation, in words.
    case longChoiceListInWords(count: Int)
    /// Under the first matches of a long list: how many were not listed.
    case moreChoices(Int)

    // MARK: After a transport failure
    case retryPrompt
    case retryPressEnter(inRun: Bool)
    case retryHelp(inRun: Bool)
    /// Under the reason of a failure whose form went to the outbox (docs/outbox-and-batch.md).
    case queuedNotSent

    // MARK: Runs of records (`--repeat`)
    case recordTitle(Int)
    case firstRecordHeader
    case compactReviewPrompt
    case compactReview([String])
    case goOnPrompt
    case recordHelp(secret: Bool)
    case endMidRecord
    case firstRecordNoDitto
    case nothingToCopy(record: Int, label: String)
    case recordAlreadyHas(record: Int, label: String, value: String)

    // MARK: The accessible presentation (`--accessible`, docs/accessibility.md)
    /// The title's count in words: "Create an account. 5 fields. Type ? for help."
    case titleCountInWords(String)
    /// A prompt in words: "Country, required, default Norway: ".
    case promptInWords(label: String, words: [String])
    case promptCurrent(String)
    case promptSecretNotShown
    case promptSecretKept
    case promptYesOrNo
    /// A number's inclusive range: "13 to 120".
    case promptRange(from: String, to: String)
    /// The first field of an offered item: "Line 3: SKU, Enter alone ends the list: ".
    case promptEndsList
    case multilineHintInWords
    /// The prompt for each further line of a multiline value.
    case multilineNextLine
    /// An error line naming its field: "Username: at least 3 characters".
    case fieldError(label: String, message: String)
    /// A rejected answer read back, since nothing is put on the edit line.
    case youTyped(String)
    case choiceOnLine(number: Int, choice: String)
    case reviewSentence(number: Int, label: String, value: String)
    case reviewItemSentence(number: Int, label: String, details: String)
    case reviewNoAnswer
    case reviewSecretGiven
    case reviewDefaultValue(String)
    case reviewPromptInWords
    case retryPromptInWords
    case goOnPromptInWords
    case firstRecordHeaderInWords
    case deletePromptInWords(item: String)
    case commandsHelpInWords(list: String)
    /// `?`'s commands said in words: `.edit N|name` and `.help (or ?)` read as punctuation.
    case commandListInWords(usages: [String])
    /// The lists' commands and the review's help without `[LIST]`, `LIST.N.FIELD` or `(or .edit N)`.
    case listCommandsHelpInWords
    case reviewHelpInWords
    case sayWhichFieldInWords(range: String)
    /// A multiline value's further lines after its first: "Back pain, and 1 more line".
    case moreLinesInWords(Int)
    /// The field types' format hints in words (`YYYY-MM-DD`, `HH:MM`, ...), with an example.
    case dateHintInWords
    case timeHintInWords
    case dateTimeHintInWords
    case commaSeparatedHintInWords
    /// In `?` help: how to turn the accessible presentation on, or that it is on.
    case accessibleModeHelp(on: Bool)

    // MARK: The answers template (`formline template FORM`): its comments
    case templateHeader(title: String, id: String)
    case templateEmptyValueNote
    case templateGroup(words: String)
    case templateGroupLabel(String)
    case templateGroupShown(String)
    case templateMemberSecret(key: String)
    case templateSecret(key: String)
    case templateListNote
    case templateChoices([String])
    case templateOnlyWhen(String)

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

    /// The English words. Parameters arrive as they are shown (shortened, cleaned).
    package var english: String {
        switch self {
        case .fieldCount(let fields, let upTo, let lists):
            let fieldText = (upTo ? "up to " : "") + "\(fields) field\(plural(fields))"
            guard let lists else { return fieldText }
            return fieldText + ", \(lists) list\(plural(lists))"
        case .titleCount(let count): return "  (" + count + "; ? for help)"
        case .draftResumed(let kept): return "Resuming a saved draft: \(kept) answer\(plural(kept)) kept."
        case .draftListOverMax(let label, let most, let count, let list):
            return "\(label) now takes at most \(most) item\(plural(most)) and the draft has \(count): all are kept; delete \(count - most) (.delete \(list).N) before submitting."
        case .draftFormChanged: return "The form has changed since; every answer was checked again."
        case .savedAnswerNotKept(let shown, let reason): return "The saved answer '\(shown)' was not kept: \(reason)"
        case .savedAnswerDoesNotFit: return "it does not fit this field any more"
        case .answersGiven(let given, let refused, let asked):
            return "\(given) answer\(plural(given)) given"
                + (refused == 0 ? "" : " (\(refused) refused)")
                + (asked == 0 ? "; nothing to ask." : "; asking the \(asked) still missing or refused.")

        case .noSuchField(let suggestion):
            return "the form has no such field" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
        case .secretOnCommandLine(let field):
            return "a secret is never taken from the command line (other users can read it in the process list); use --secret \(field)=env:NAME (or file:PATH, fd:N), type it at the prompt, or put it in an answers file only you can read (chmod 600)"
        case .scriptedAnswerRefused(let origin, let shown, let reason):
            return "The answer from \(origin)" + (shown.map { " ('\($0)')" } ?? "") + " was refused: \(reason)"
        case .hiddenByCondition(let condition):
            return "this field is hidden by its condition" + (condition.map { " (asked only when \($0))" } ?? "") + ", so it takes no answer"
        case .requiredSecretAnswer(let field):
            return "Required (a secret: --secret \(field)=env:NAME, or an answers file only you can read, chmod 600)"
        case .scalarListOneByOne(let type, let list):
            return "a list of \(type) takes its items one by one (its values may hold commas): \(list).1, \(list).2, ..., or a YAML list"
        case .tooManyItemsGiven(let count, let most): return "\(count) items given; the list takes at most \(most)"
        case .groupNeedsMappings(let group):
            return "\(group) is a group: give its items as a list of mappings (\(group): [{...}, {...}]) or one field at a time (\(group).1.FIELD)"
        case .itemBeyondEnd(let number, let list, let most):
            return "item \(number) is beyond the list's end: \(list) takes at most \(most) item\(plural(most))"
        case .stoppedNoOneToCorrect:
            return "Stopped: this run asks nothing (--no-input, or answers without a terminal), so nobody can correct these answers."

        case .required: return "Required"
        case .promptKeep: return "keep"
        case .multilineHint: return "end with a line '.'"
        case .multilineTooLong: return "This value is at its limit of 1 MiB: that line was not added. End it with a line '.'"
        case .listEndHint: return "  (Enter on an empty answer here ends the list)"
        case .stillMissing(let labels): return "Still missing: \(labels.joined(separator: ", "))"
        case .stoppedAtInputLine(let line, let place, let reason):
            // Worded for both reasons a run stops: a transcript recorded either way replays the same.
            return "Stopped at input line \(line) (\(place)): \(SentenceEnd.closed(reason)) This run stops at the "
                + "first refused line (no terminal, or --stop-at-refusal) so that the next lines never "
                + "land on the wrong fields; without a terminal, --keep-asking asks again."
        case .stoppedAtReviewPlace: return "review"
        case .stoppedAtRetryPlace: return "retry"

        case .firstField: return "This is the first field"
        case .secretEditNeedsNumber(let range): return "At a secret prompt, use .edit with the field's number (\(range))"
        case .requiredCannotSkip(let label): return "\(label) is required and can't be skipped"
        case .nothingToRetry: return "Nothing to retry: .retry follows a failed submission"
        case .unknownCommandAtSecret: return "Unknown command. To enter a value starting with '.', type '..' before it"
        case .unknownCommand(let word, let nearest, let listed, let typed):
            let also = nearest.map { " (did you mean .\($0)?)" } ?? " (commands: " + listed.map { "." + $0 }.joined(separator: " ") + ")"
            return "Unknown command " + word + also + ". To enter a value starting with '.', type '." + typed + "'"
        case .commandTakesNothing(let command, let typed):
            return ".\(command) takes nothing after it. To enter a value starting with '.', type '." + typed + "'"
        case .noEntry(let n, let range): return "No entry \(n): use a number from the review (\(range))"
        case .fieldNotAsked(let n, let label): return "Field \(n) (\(label)) is not asked in this run"
        case .noField(let n, let range): return "No field \(n): use a number from the review (\(range))"
        case .entryNotItem(let n): return "Entry \(n) is not an item: type \(n) to edit it"
        case .entryFields(let n, let count):
            return "Entry \(n) has \(count) field\(plural(count)) to edit: \(count == 1 ? "\(n).1" : "\(n).1-\(n).\(count)")"
        case .sayWhichField(let range): return "Say which field: .edit \(range) or .edit NAME"
        case .noFieldNamed(let name, let range): return "No field '\(name)': use a number from the review (\(range)) or a field name"
        case .commandsHelp(let list): return list + ". Enter keeps the value in [brackets]; start a value with .. to enter a leading '.'"
        case .commandList(let usages): return "Commands: " + usages.joined(separator: " ")
        case .listCommandsHelp:
            return "Lists: an empty first answer of the next item ends the list. "
                + ".add [LIST] adds an item, .delete [LIST.N] deletes one (asks first), .edit LIST.N or "
                + "LIST.N.FIELD edits an item or one of its fields; at the review N.M edits field M of line N."
        case .fieldHelp(let label, let help): return "\(label): \(help)"
        case .rulesHelp(let rules): return "Rules: " + rules.joined(separator: "; ")

        case .ruleRequired: return "required"
        case .ruleOptional: return "optional"
        case .ruleAtLeastItems(let n): return "at least \(n) item\(plural(n))"
        case .ruleMayBeEmpty: return "may be empty"
        case .ruleAtMostItems(let n): return "at most \(n) item\(plural(n))"
        case .ruleItemsDiffer: return "items differ"
        case .ruleLengthBetween(let lo, let hi): return "\(lo)-\(hi) characters"
        case .ruleLengthAtLeast(let lo): return "at least \(lo) characters"
        case .ruleLengthAtMost(let hi): return "at most \(hi) characters"
        case .ruleSetFormat: return "a set format"
        case .ruleClockLowerBound(let bound, let exclusive): return (exclusive ? "after " : "on or after ") + bound
        case .ruleClockUpperBound(let bound, let exclusive): return (exclusive ? "before " : "on or before ") + bound
        case .ruleDefault(let shown): return "default \(shown)"
        case .defaultShown(let shown): return shown + " (default)"

        case .newItemIsThis(let label, let number): return "  \(label) \(number) is the new item."
        case .itemAddedInPlace(let label, let number): return "  \(label) \(number) added: it is asked in its place."
        case .noListToAddTo: return "This form has no list to add an item to"
        case .sayWhichList(let names): return "Say which list: .add \(names.joined(separator: "|"))"
        case .listFull(let label, let most): return "\(label) is full: at most \(most) item\(plural(most))"
        case .newItemHasNoField: return "The new item has no field to ask in this run"
        case .sayWhichItem(let example): return "Say which item: .delete LIST.N (like \(example)), or a review number"
        case .noSuchItem(let label, let number, let count): return "\(label) has no item \(number) (it has \(count))"
        case .listNeedsItems(let label, let least, let number):
            return "\(label) needs at least \(least) item\(plural(least)): change item \(number) instead of deleting it"
        case .deletePrompt(let item): return "Delete \(item)? (y/N): "
        case .deleteKept: return "  Kept."
        case .deleted(let item): return "  Deleted \(item)."
        case .itemNameAndNumber(let label, let number): return "\(label) \(number)"
        case .tooManyItemsOnLine(let label, let most, let parts, let from):
            return "\(label) takes at most \(most) item\(plural(most)); that line has \(parts) from item \(from)"
        case .emptyItemOnLine(let n): return "Item \(n) is empty: separate the items with single commas"
        case .itemOnLineRefused(let n, let typed, let reason): return "Item \(n) ('\(typed)'): \(reason)"
        case .listOverMax(let label, let most, let count, let list):
            return "\(label) takes at most \(most) item\(plural(most)) and has \(count): delete \(count - most) (.delete here, or .delete \(list).N)"
        case .sameAsItem(let what, let plural, let earlier):
            return (what.map { "\($0) \(plural ? "are" : "is")" } ?? "This is") + " the same as in item \(earlier): each item must differ"
        case .totalAbove(let name, let sum, let most): return "\(name) totals \(sum) over all items; at most \(most) in all"
        case .totalBelow(let name, let sum, let least): return "\(name) totals \(sum) over all items; at least \(least) in all"
        case .emptyList(let label, let list): return "\(label): none (.add \(list) adds one)"

        case .reviewTitle: return "Review"
        case .reviewPrompt: return "Submit? (Enter = submit, number = edit, .cancel): "
        case .reviewHelp:
            return "Enter submits the form. A number (or .edit N) edits that field and comes back here. .cancel ends without submitting; what you typed is kept as a draft."
        case .reviewPressEnter: return "Press Enter to submit, type a number to edit, or .cancel"
        case .moreLines(let n): return "(+\(n) line\(n == 1 ? "" : "s"))"
        case .atReview(let message): return message.text + "; press Enter to submit"
        case .unchangedSinceRefusal:
            return "Nothing has changed since the server refused these values, so sending them again would get the same answer. Type a field's number to change it, .retry to send the same values anyway, or .cancel to stop (a draft is kept)."
        case .submitting: return "Submitting..."
        case .accepted(let status, let note): return " accepted (\(status))" + (note.map { " " + $0 } ?? "")
        case .failed: return " failed"
        case .rejected(let status): return " rejected (\(status))"
        case .interrupted: return " interrupted"
        case .moreServerMessages(let more): return "and \(more) more message\(plural(more)) from the server"
        case .stoppedServerRejected:
            return "Stopped: the server rejected the form, and this run asks for no corrections (no terminal, --no-input or --stop-at-refusal)."
        case .cancelled: return "Cancelled."

        case .checkRefusedValue(let status): return "The server refused this value (\(status))"
        case .checkServerAnswered(let status): return "the server answered \(status)"
        case .checkAnswerTooLarge(let kib): return "the answer was larger than \(kib) KiB"
        case .checkNotMade(let reason): return "Not checked (\(reason)): kept; the server decides when the form is sent."
        case .choicesNotFetched(let reason): return "Choices not fetched (\(reason)): type the answer; the server decides when the form is sent."
        case .choicesNotAList: return "the answer is not a list of choices"
        case .choicesChanged: return "The choices changed with an earlier answer: choose again."
        case .longChoiceList(let count): return "\(count) choices: type the first letters, ? lists them"
        case .longChoiceListInWords(let count): return "\(count) choices. Type the first letters, or a question mark to list them."
        case .moreChoices(let count): return "and \(count) more"
        case .checkNotMadeRefused(let reason): return "Could not be checked (\(reason)): try again or change it"
        case .checkCancelled: return "Check cancelled."
        case .lookupShown(let text): return "= " + text

        case .retryPrompt: return "Retry? (Enter = retry, number = edit, .cancel): "
        case .retryPressEnter(let inRun):
            return inRun ? "Press Enter to go on with the next record, .retry to send again, a number to edit, or .end"
                : "Press Enter (or .retry) to try again, a number to edit, or .cancel"
        case .retryHelp(let inRun):
            return inRun
                ? "The record could not be sent and is kept as a draft. Enter goes on with the next record, .retry sends it again (if it is then accepted, its draft is deleted), a number (or .edit N) edits that field, .end ends the run."
                : "The form could not be sent; nothing you typed is lost. Enter or .retry sends the same attempt again. A number (or .edit N) edits that field, then comes back to the review. .cancel ends and keeps a draft."

        case .queuedNotSent:
            return "Queued in the outbox, not sent: formline outbox send sends it with the same Idempotency-Key."

        case .recordTitle(let n): return "Record \(n)"
        case .firstRecordHeader: return "Record 1  (a line \" copies the last record's answer; .end ends the run)"
        case .compactReviewPrompt: return "Submit? (Enter, N = edit, .review): "
        case .compactReview(let shown): return "Review: " + shown.joined(separator: " | ")
        case .goOnPrompt: return "Go on? (Enter = next record, .retry, number = edit, .end): "
        case .recordHelp(let secret):
            let ditto = secret ? "A secret is never copied from the last record. "
                : "A line \" copies the last record's answer (type \"\" for the value \"). "
            return "Record after record: " + ditto + ".end at a record's first prompt ends the run."
        case .endMidRecord:
            return ".end ends the run at a record's first prompt. To stop in the middle of a "
                + "record use .cancel (what you typed is kept as a draft)"
        case .firstRecordNoDitto:
            return "This is the run's first record: there is no previous answer to copy (type \"\" for the value \")"
        case .nothingToCopy(let record, let label): return "Record \(record) has no \(label): nothing to copy"
        case .recordAlreadyHas(let record, let label, let value):
            return "Record \(record) already has \(label) \(value): each record needs its own"

        case .titleCountInWords(let count): return ". " + count.prefix(1).uppercased() + count.dropFirst() + ". Type ? for help."
        case .promptInWords(let label, let words): return ([label] + words).joined(separator: ", ") + ": "
        case .promptCurrent(let shown): return "now \(shown)"
        case .promptSecretNotShown: return "hidden as you type"
        case .promptSecretKept: return "Enter keeps the one given"
        case .promptYesOrNo: return "yes or no"
        case .promptRange(let lo, let hi): return "\(lo) to \(hi)"
        case .promptEndsList: return "Enter alone ends the list"
        case .multilineHintInWords: return "several lines, end with a line holding only a dot"
        case .multilineNextLine: return "Next line: "
        case .fieldError(let label, let message): return "\(label): \(message)"
        case .youTyped(let typed): return "You typed \"\(typed)\"."
        case .choiceOnLine(let number, let choice): return "\(number): \(choice)"
        case .reviewSentence(let number, let label, let value): return "\(number): \(label) is \(value)."
        case .reviewItemSentence(let number, let label, let details):
            return "\(number): \(label)." + (details.isEmpty ? "" : " \(details).")
        case .reviewNoAnswer: return "not answered"
        case .reviewSecretGiven: return "given, not shown"
        case .reviewDefaultValue(let shown): return "\(shown), the default"
        case .reviewPromptInWords: return "Press Enter to submit, type a number to edit, or .cancel: "
        case .retryPromptInWords: return "Press Enter to try again, a number to edit, or .cancel: "
        case .goOnPromptInWords: return "Enter for the next record; or .retry, a number, or .end: "
        case .firstRecordHeaderInWords:
            return "Record 1. A line holding only a double quote copies the last record's answer; .end ends the run."
        case .deletePromptInWords(let item): return "Delete \(item)? y deletes, Enter keeps: "
        case .commandsHelpInWords(let list):
            return list + ". Enter keeps the current value; start a value with two dots to enter a leading dot."
        case .commandListInWords(let usages):
            let said = [".edit N|name": ".edit and a field's number or name", ".help (or ?)": ".help or a question mark",
                        ".add [LIST]": ".add and a list's name", ".delete [LIST.N]": ".delete and an item"]
            return "Commands: " + usages.map { said[$0] ?? $0 }.joined(separator: ", ")
        case .listCommandsHelpInWords:
            return "Lists: an empty first answer of the next item ends the list. "
                + ".add adds an item, to a list you name after it or the one you are in. "
                + ".delete and an item, like .delete lines.2, deletes it after asking. "
                + ".edit lines.2 edits an item, .edit lines.2.qty one of its fields."
        case .reviewHelpInWords:
            return "Enter submits the form. A number, or .edit and the number, edits that field and comes back here. .cancel ends without submitting; what you typed is kept as a draft."
        case .sayWhichFieldInWords(let range): return "Say which field: .edit and a number from \(range), or .edit and a field's name"
        case .moreLinesInWords(let n): return "and \(n) more line\(n == 1 ? "" : "s")"
        case .dateHintInWords: return "a date written year-month-day, like 2026-11-27"
        case .timeHintInWords: return "a time in hours and minutes, like 14:30"
        case .dateTimeHintInWords: return "a date and time, like 2026-11-27T14:30:00Z"
        case .commaSeparatedHintInWords: return "separate several with commas"
        case .accessibleModeHelp(let on):
            return on ? "Accessible mode is on: errors name their field, choices are numbered, nothing is put on the edit line."
                : "For a screen reader or braille line: --accessible or ACCESSIBLE=1."

        case .templateHeader(let title, let id): return "Answers for \"\(title)\" (\(id)): formline fill FORM --answers THIS-FILE"
        case .templateEmptyValueNote: return "An empty value is no answer. Values are read as typed at the prompt."
        case .templateGroup(let words): return "A list of items" + words + ": copy the item below for each one"
        case .templateGroupLabel(let label): return " (\(label))"
        case .templateGroupShown(let shown): return ", shown in the review as \"\(shown)\""
        case .templateMemberSecret(let key): return "\(key): a secret is never written into a template"
        case .templateSecret(let key):
            return "\(key): a secret is never written into a template; add it by hand only to a file no one else can read (chmod 600)"
        case .templateListNote: return "; a list: [one, value, per, item]"
        case .templateChoices(let choices): return "; choices: " + choices.joined(separator: ", ")
        case .templateOnlyWhen(let condition): return "; only when \(condition)"
        }
    }
}

/// "s" unless `n` is one: "1 item", "2 items".
private func plural(_ n: Int) -> String { n == 1 ? "" : "s" }

extension Wizard {
    /// Refuses the line just taken with a sentence of the catalogue.
    func refuse(_ message: WizardMessage) -> [WizardEffect] { refuse(message.text) }

    /// A sentence of the catalogue wrapped within 80 columns, one output line each.
    static func wrapped(_ message: WizardMessage, _ style: OutputLine.Style, indent: String = "  ", continuation: String? = nil) -> [WizardEffect] {
        wrapped(message.text, style, indent: indent, continuation: continuation)
    }
}

extension OutputLine {
    /// A line holding one sentence of the catalogue.
    package init(_ message: WizardMessage, style: Style = .plain, endsLine: Bool = true) {
        self.init(message.text, style: style, endsLine: endsLine)
    }
}

extension WizardProblem {
    init(_ message: WizardMessage) { self.init(message.text) }
}
