import FormCore

/// Everything that configures one session's wizard, decided once, before the first prompt:
/// the one set-up that `fill` (one form), `fill --repeat` (every record) and replay build, and
/// the one place a `Wizard` is made for them (`makeWizard`).
///
/// A transcript records it: `#! args` holds `transcriptArgs` and reads back through `Flags`, the
/// answers and the clock have lines of their own, so a replay runs with the set-up of the
/// recorded run (docs/sessions.md, "Replay"; `SessionSetupRoundTripTests`).
///
/// ```swift
/// let setup = SessionSetup(flags: SessionSetup.Flags(plain: true), interactive: true)
/// let (wizard, problems) = setup.makeWizard(spec: spec)
/// ```
public struct SessionSetup: Sendable, Equatable {
    /// `--output`: text, or one JSON document on stdout at every ending (prompts on stderr).
    public enum Output: String, Sendable, CaseIterable { case text, json }

    /// A draft this run continues (`--resume`): its values and whether the form changed since.
    public struct Resumption: Sendable, Equatable {
        public var values: [String: JSONValue]
        public var formChanged: Bool

        public init(values: [String: JSONValue], formChanged: Bool) {
            self.values = values
            self.formChanged = formChanged
        }
    }

    /// The `fill` flags that shape the session (the others say where things come from or go:
    /// the form, the server, the draft file, the recording).
    public struct Flags: Sendable, Equatable {
        public var plain = false
        public var output: Output = .text
        public var stopAtRefusal = false
        public var keepAsking = false
        public var noInput = false
        public var repeats = false
        /// `--accessible` (or `ACCESSIBLE=1`): the accessible presentation.
        public var accessible = false
        /// `--no-checks`: no field's server check is made.
        public var noChecks = false
        /// `--lang`, else the locale's language (docs/languages.md).
        public var language: MessageLanguage = .english

        public init(plain: Bool = false, output: Output = .text, stopAtRefusal: Bool = false, keepAsking: Bool = false,
                    noInput: Bool = false, repeats: Bool = false, accessible: Bool = false, noChecks: Bool = false,
                    language: MessageLanguage = .english) {
            self.noChecks = noChecks
            self.language = language
            self.plain = plain
            self.output = output
            self.stopAtRefusal = stopAtRefusal
            self.keepAsking = keepAsking
            self.noInput = noInput
            self.repeats = repeats
            self.accessible = accessible
        }

        /// Whether the environment asks for the accessible presentation: `ACCESSIBLE` set to
        /// anything but empty or `0` (huh's convention is any non-empty value; `ACCESSIBLE=0`
        /// turning it on would surprise). Read by `fill` at the edge; a transcript records the
        /// result as `--accessible`.
        public static func accessibleRequested(environment: [String: String]) -> Bool {
            guard let value = environment["ACCESSIBLE"] else { return false }
            return !value.isEmpty && value != "0"
        }
    }

    /// Whether the line source edits lines (a terminal): pre-fill is offered, and a transport
    /// failure asks what to do instead of ending the run.
    public var interactive: Bool
    /// No escape sequences and no colour.
    public var plain: Bool
    /// How the wizard words and lays out what it shows (`--accessible`).
    public var presentation: Presentation
    public var output: Output
    /// A refused line ends the run (exit 5) instead of being asked again.
    public var stopsAtRefusal: Bool
    /// Nothing is asked (`--no-input`, or answers without a terminal): every missing or refused
    /// answer is reported at once, else the form is submitted without the review.
    public var asksNothing: Bool
    /// A run of records (`--repeat`): the form starts again after each one.
    public var repeats: Bool
    /// The language of the operator's sentences: every wizard of the session speaks it.
    public var language: MessageLanguage
    /// The answers given up front (`--answers`, then `--secret`, then `--set`), applied to every
    /// record's wizard; nil when none were given (an empty list still counts as given: the run
    /// then asks only what is missing).
    public var answers: [ScriptedAnswer]?
    /// The draft the first wizard continues.
    public var resuming: Resumption?
    /// Fields' server checks are made (docs/checks.md); `--no-checks` turns them off.
    public var runsChecks = true
    /// The local moment `today` / `now` defaults take (`#! clock:` in a transcript); nil: the
    /// form has none, or the clock could not be read.
    public var clock: String?

    /// The set-up of a run from its flags: the one rule for how they combine with whether the
    /// run is at a terminal. Without one, a refused line stops the run unless `--keep-asking`;
    /// answers without a terminal ask nothing, unless it is a run of records (which reads each
    /// record's missing answers from its input).
    public init(flags: Flags, interactive: Bool, answers: [ScriptedAnswer]? = nil, resuming: Resumption? = nil,
                clock: String? = nil) {
        self.interactive = interactive
        plain = flags.plain
        presentation = flags.accessible ? .accessible : .standard
        output = flags.output
        repeats = flags.repeats
        runsChecks = !flags.noChecks
        language = flags.language
        asksNothing = answers != nil && (flags.noInput || (!interactive && !flags.repeats))
        stopsAtRefusal = flags.stopAtRefusal || (!interactive && !flags.keepAsking) || asksNothing
        self.answers = answers
        self.resuming = resuming
        self.clock = clock
    }

    /// The wizard of this session: the first one (`record` nil: resuming the draft, the first
    /// record of a run), or that of a later record of a run. The answers are applied to each;
    /// `problems` are those no prompt can fix (a later record's were the first record's).
    public func makeWizard(spec unresolved: FormSpec, record: RecordContext? = nil) -> (wizard: Wizard, problems: [AnswerProblem]) {
        // What the wizard writes as it is made (a resumed draft's notice) speaks its language too.
        language.speaking { makeWizardInLanguage(spec: unresolved, record: record) }
    }

    /// The wizard as this set-up makes it before its answers: a run of many records (`batch`)
    /// makes it once and each record's wizard from it (`answering`), instead of building the
    /// form's wizard again for every record.
    public func blankWizard(spec unresolved: FormSpec) -> Wizard {
        language.speaking { blankInLanguage(spec: unresolved, record: nil) }
    }

    /// `blank` (from `blankWizard` of a set-up with the same flags) with this set-up's answers
    /// applied: what `makeWizard(spec:)` gives.
    public func answering(_ blank: Wizard) -> (wizard: Wizard, problems: [AnswerProblem]) {
        language.speaking { answeringInLanguage(blank) }
    }

    private func makeWizardInLanguage(spec unresolved: FormSpec, record: RecordContext?) -> (wizard: Wizard, problems: [AnswerProblem]) {
        answeringInLanguage(blankInLanguage(spec: unresolved, record: record))
    }

    private func blankInLanguage(spec unresolved: FormSpec, record: RecordContext?) -> Wizard {
        let spec = resolvingClock(unresolved).speaking(language.code, asciiOnly: language.asciiOnly)
        var wizard: Wizard
        if let record {
            wizard = Wizard(spec: spec, interactive: interactive, record: record)
        } else if let resuming {
            wizard = Wizard(spec: spec, interactive: interactive, resuming: resuming.values, formChanged: resuming.formChanged)
        } else {
            wizard = Wizard(spec: spec, interactive: interactive)
        }
        if record == nil && repeats { wizard.joinRun(RecordContext()) }
        wizard.language = language
        wizard.stopsAtRefusal = stopsAtRefusal
        wizard.presentation = presentation
        wizard.runsServerChecks = runsChecks
        return wizard
    }

    private func answeringInLanguage(_ blank: Wizard) -> (wizard: Wizard, problems: [AnswerProblem]) {
        var wizard = blank
        let problems = answers.map { wizard.apply($0) } ?? []
        if asksNothing { wizard.submitsWithoutReview = true }
        return (wizard, problems)
    }

    /// `spec` with its `today` / `now` defaults at `clock` (unchanged without one).
    public func resolvingClock(_ spec: FormSpec) -> FormSpec {
        guard spec.usesClock, let moment = clock.flatMap(ClockDefault.moment) else { return spec }
        return spec.resolvingClockDefaults(at: moment)
    }

    /// A `--set name=value` answer, as `fill` and a transcript's `#! set:` lines give it.
    public static func setAnswer(name: String, value: String) -> ScriptedAnswer {
        ScriptedAnswer(path: name, text: value, origin: "--set \(name)", fromCommandLine: true)
    }
}

// MARK: - `#! args`

extension SessionSetup {
    /// The set-up's flags as a transcript's `#! args` holds them, read back by
    /// `Flags(transcriptArgs:)`: what the session showed (`--plain`, `--accessible`, `--output json`), whether it
    /// stopped at its first refusal (`--stop-at-refusal`, however it came to: the flag, or a pipe
    /// without `--keep-asking`; without it the run went on after refusals, which reads back as
    /// `--keep-asking`), and `--repeat`. Whether the run was at a terminal shows in the
    /// transcript's lines instead (what it asked after a transport failure).
    package var transcriptArgs: [String] {
        var args: [String] = []
        if plain { args.append(FillFlag.plain.rawValue) }
        if presentation == .accessible { args.append(FillFlag.accessible.rawValue) }
        if output == .json { args += [FillFlag.output.rawValue, Output.json.rawValue] }
        if stopsAtRefusal { args.append(FillFlag.stopAtRefusal.rawValue) }
        if repeats { args.append(FillFlag.repeat.rawValue) }
        if !runsChecks { args.append(FillFlag.noChecks.rawValue) }
        // English is every transcript's language without the flag: those recorded before
        // `--lang` replay as they were, whatever the host's locale.
        if language != .english { args += [FillFlag.lang.rawValue, language.argument] }
        return args
    }
}

extension SessionSetup.Flags {
    /// The flags of a transcript's `#! args`, read by `FillFlag`'s table as `fill` reads them;
    /// only those a transcript records (`FillFlag.inTranscript`). A transcript without
    /// `--stop-at-refusal` went on after refusals: it is read as `--keep-asking`.
    package init(transcriptArgs args: [String]) throws(TranscriptArgsError) {
        // An option `fill` has but a transcript never records is named as such, whatever follows it.
        for word in args where word.hasPrefix("-") {
            let name = String(word.prefix { $0 != "=" })
            guard FillFlag(rawValue: name)?.inTranscript == true else { throw TranscriptArgsError(argument: name, problem: nil) }
        }
        let words: [FillFlag.Word]
        switch FillFlag.read(args) {
        case .success(let read): words = read
        case .failure(let problem): throw TranscriptArgsError(argument: nil, problem: problem.description)
        }
        self.init()
        var languageArgument: String?
        for word in words {
            guard case .option(let flag, let value) = word, flag.inTranscript else {
                let text: String
                switch word {
                case .argument(let name): text = name
                case .option(let flag, _): text = flag.rawValue
                }
                throw TranscriptArgsError(argument: text, problem: nil)
            }
            switch flag {
            case .plain: plain = true
            case .accessible: accessible = true
            case .stopAtRefusal: stopAtRefusal = true
            case .repeat: repeats = true
            case .noChecks: noChecks = true
            case .output:
                guard let output = value.flatMap(SessionSetup.Output.init(rawValue:)) else {
                    throw TranscriptArgsError(argument: nil, problem: CLIMessage.outputTakesTextOrJSON.text)
                }
                self.output = output
            case .lang:
                languageArgument = value
            default:
                throw TranscriptArgsError(argument: flag.rawValue, problem: nil)
            }
        }
        keepAsking = !stopAtRefusal
        if let languageArgument {
            // Never the replaying host's locale: the recorded run's language, and its 7-bit line.
            guard let language = MessageLanguage.chosen(argument: languageArgument, environment: [:], plain: plain) else {
                throw TranscriptArgsError(argument: nil, problem: CLIMessage.unknownLanguage(languageArgument).text)
            }
            self.language = language
        }
    }
}

/// Why a transcript's `#! args` can't be read: an argument no transcript records, or a line the
/// `fill` option table turns down.
package struct TranscriptArgsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The argument that is not a flag a transcript records.
    package var argument: String?
    package var problem: String?

    /// The flags a transcript may record, as messages list them.
    package static var recordedFlags: String {
        let withValues: [FillFlag: String] = [
            .output: "--output text|json",
            .lang: "--lang " + MessageLanguage.Code.allCases.map(\.rawValue).joined(separator: "|"),
        ]
        return FillFlag.allCases.filter(\.inTranscript).map { withValues[$0] ?? $0.rawValue }
            .joined(separator: ", ")
    }

    package var description: String {
        if let argument { return CLIMessage.transcriptArgsNotRecorded(argument: argument, recorded: Self.recordedFlags).text }
        return CLIMessage.transcriptArgsProblem(problem ?? "").text
    }
}
