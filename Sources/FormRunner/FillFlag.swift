import FormCore
/// Every option of `formline fill`, declared once: its spelling, whether it takes a value, whether
/// it may be given more than once, and whether a transcript's `#! args` records it.
///
/// Three readers go by this list: the fast reader of everyday command lines
/// (`QuickFillArguments`, whose switch over it has no `default:`, so a new case does not compile
/// until it is read), the transcript's `#! args` (`SessionSetup.Flags`), and a test that holds it
/// to the argument-parser declarations of `FillCommand`, both ways (`FillFlagTableTests`).
///
/// ```swift
/// FillFlag(rawValue: "--set")?.takesValue   // true
/// FillFlag.read(["a.yaml", "--plain"])      // .success([.argument("a.yaml"), .option(.plain, nil)])
/// ```
package enum FillFlag: String, CaseIterable, Sendable {
    case openapi = "--openapi"
    case operation = "--operation"
    case refresh = "--refresh"
    case endpoint = "--endpoint"
    case header = "--header"
    case headerFrom = "--header-from"
    case timeout = "--timeout"
    case plain = "--plain"
    case accessible = "--accessible"
    case record = "--record"
    case resume = "--resume"
    /// `--resume N` is rewritten to `--resume --resume-number N` before either reader sees it.
    case resumeNumber = "--resume-number"
    case draft = "--draft"
    case output = "--output"
    case keepAsking = "--keep-asking"
    case stopAtRefusal = "--stop-at-refusal"
    case answers = "--answers"
    case set = "--set"
    case noInput = "--no-input"
    /// Make no field's `server_check` (docs/checks.md): the server decides at submit.
    case noChecks = "--no-checks"
    case secret = "--secret"
    case `repeat` = "--repeat"
    case caFile = "--ca-file"
    case clientCert = "--client-cert"
    case clientKey = "--client-key"
    /// The diagnostic log (docs/privacy.md).
    case log = "--log"
    /// A form that could not be sent goes to the outbox (docs/outbox-and-batch.md).
    case queue = "--queue"
    /// The language of the operator's sentences (docs/languages.md).
    case lang = "--lang"

    /// An option with a value (`--endpoint URL`, `--set=name=value`); the others are flags.
    package var takesValue: Bool {
        switch self {
        case .refresh, .plain, .accessible, .resume, .keepAsking, .stopAtRefusal, .noInput, .noChecks, .repeat, .queue: return false
        case .openapi, .operation, .endpoint, .header, .headerFrom, .timeout, .record, .resumeNumber, .draft,
             .output, .answers, .set, .secret, .caFile, .clientCert, .clientKey, .log, .lang: return true
        }
    }

    /// May be given more than once (each adds one more).
    package var isRepeatable: Bool {
        switch self {
        case .header, .headerFrom, .set, .secret: return true
        default: return false
        }
    }

    /// Written in a transcript's `#! args` (`SessionSetup.transcriptArgs`): the settings that
    /// change what the session shows or how it goes on after a refusal (`--keep-asking` is what a
    /// transcript without `--stop-at-refusal` means). What else configures a
    /// recorded run has lines of its own (`#! form:`, `#! answers:`, `#! set:`, `#! clock:`) or
    /// shows nowhere in a transcript (`--endpoint`, `--draft`, `--record` itself).
    package var inTranscript: Bool {
        switch self {
        case .plain, .accessible, .output, .stopAtRefusal, .noChecks, .repeat, .lang: return true
        default: return false
        }
    }

    /// A word of a `fill` command line, after `fill`.
    package enum Word: Equatable, Sendable {
        /// A word that is no option: the form file.
        case argument(String)
        case option(FillFlag, value: String?)
    }

    /// Why `read` turned a command line down.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }
    }

    /// Reads the words after `fill` by the table: options by their long name, a value after `=`
    /// or as the next word (never empty, never starting with `-`), flags without a value, and an
    /// option that is not repeatable at most once. Stricter than argument-parser (no `--`, no
    /// repeated flag, no value starting with `-`): a line it turns down is left to argument-parser
    /// on the command line, and is not one a transcript holds.
    /// Not generic on purpose: an unspecialized generic call on the start-up path can cost a
    /// scan of the binary's conformance records (docs/PERFORMANCE.md, "First prompt").
    package static func read(_ arguments: [String]) -> Result<[Word], Problem> {
        var words: [Word] = []
        var seen: Set<FillFlag> = []
        var rest = arguments[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else {
                words.append(.argument(word))
                continue
            }
            var name = word
            var inlineValue: String?
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inlineValue = String(word[word.index(after: eq)...])
            }
            guard let flag = FillFlag(rawValue: name) else {
                return .failure(Problem(description: CLIMessage.unknownOption(name: name).text))
            }
            guard flag.isRepeatable || seen.insert(flag).inserted else {
                return .failure(Problem(description: CLIMessage.optionGivenTwice(name: name).text))
            }
            if flag.takesValue {
                guard let value = inlineValue ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else {
                    return .failure(Problem(description: CLIMessage.optionNeedsValue(name: name).text))
                }
                words.append(.option(flag, value: value))
            } else {
                guard inlineValue == nil else { return .failure(Problem(description: CLIMessage.optionTakesNoValue(name: name).text)) }
                words.append(.option(flag, value: nil))
            }
        }
        return .success(words)
    }
}
