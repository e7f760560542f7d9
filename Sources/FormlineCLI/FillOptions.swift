import FormCore
import FormRunner
import FormSystem
import FormTransport

/// What `formline fill` was asked to do, however the command line was read: by
/// swift-argument-parser (`FillCommand`) or by the start-up fast path (`QuickFillArguments`).
package struct FillOptions: Equatable, Sendable {
    package typealias Output = SessionSetup.Output

    /// The form file; empty when the form comes from `--openapi`.
    package var form: String
    /// `--openapi DOC`: an OpenAPI document (a file or an http(s) URL) to build the form from.
    package var openapi: String?
    /// `--operation OP`: the document's operation (an operationId, or `"POST /path"`).
    package var operation: String?
    /// `--refresh`: ask the server for the document even when the cached copy has not expired.
    package var refresh = false
    package var endpoint: String?
    package var headers: [String] = []
    /// `Name=SOURCE` (`--header-from`): a header whose value is read from a `SecretSource`.
    package var headerSources: [String] = []
    /// Every command's `--timeout` bounds, in seconds: whole milliseconds reach the HTTP client,
    /// and less than one would become no timeout at all.
    static let timeoutBounds: ClosedRange<Double> = 0.001...3600
    package var timeout: Double = 30
    package var plain = false
    /// `--accessible` (or `ACCESSIBLE=1`, read by `sessionSetup`): the accessible presentation
    /// (docs/accessibility.md).
    package var accessible = false
    package var record: String?
    /// `--log FILE`: the diagnostic log (FORMLINE_LOG when not given; docs/privacy.md).
    package var log: String?
    package var resume = false
    /// `--resume N`: which of the state folder's drafts (nil: the latest).
    package var resumeNumber: Int?
    package var draft: String?
    package var output: Output = .text
    /// Ask again after a refused line even without a terminal (today's loop, for scripts that
    /// type their own corrections).
    package var keepAsking = false
    /// Stop at the first refused line even at a terminal (the default without one). A transcript
    /// of a run that stopped at refusals records this flag, so it replays the same way.
    package var stopAtRefusal = false
    /// `--answers FILE`: answers in YAML or JSON, with the payload's nesting.
    package var answers: String?
    /// `--set name=value`, in order (a later one for the same field wins).
    package var sets: [String] = []
    /// Ask nothing: report every missing or refused answer at once (exit 5), else submit.
    package var noInput = false
    /// `--no-checks`: make no field's server check (docs/checks.md).
    package var noChecks = false
    /// `--secret FIELD=SOURCE`, in order: a secret field's answer read from a `SecretSource`.
    package var secretSources: [String] = []
    /// PEM files for internal servers: a private CA bundle, a client certificate and its key.
    package var caFile: String?
    package var clientCert: String?
    package var clientKey: String?
    /// `--repeat`: a run of records, the form started again after each one
    /// (docs/records.md).
    package var repeats = false
    /// `--queue`: a form that could not be sent goes to the outbox (docs/outbox-and-batch.md).
    package var queue = false

    /// Whether a complete form that could not be sent goes to the outbox: in a run of records
    /// and under `--queue`, when there is an endpoint to send it to later and a form file to read
    /// it with, and the run is not recorded (its replay has no outbox, so it would show otherwise).
    var usesOutbox: Bool {
        (repeats || queue) && endpoint != nil && openapi == nil && record == nil
    }
    /// `--lang`: the language of the operator's sentences, as given (docs/languages.md).
    package var lang: String?

    package init(form: String) { self.form = form }

    /// The flags that shape the session, for `SessionSetup` (the others say where things come
    /// from and go).
    package var sessionFlags: SessionSetup.Flags {
        SessionSetup.Flags(plain: plain, output: output, stopAtRefusal: stopAtRefusal, keepAsking: keepAsking,
                           noInput: noInput, repeats: repeats, accessible: accessible, noChecks: noChecks,
                           language: language(environment: [:]))
    }

    /// This run's language: `--lang`, else the locale `environment` names (LC_ALL, LC_MESSAGES,
    /// LANG); transliterated under `--plain` on a 7-bit line. English for a `--lang` that
    /// `problem` turns down.
    package func language(environment: [String: String]) -> MessageLanguage {
        MessageLanguage.chosen(argument: lang, environment: environment, plain: plain) ?? .english
    }

    /// Answers are given up front (`--answers`, `--set`, `--secret`, or `--no-input`, which
    /// answers with the defaults): without a terminal such a run asks nothing.
    var givesAnswers: Bool { answers != nil || !sets.isEmpty || !secretSources.isEmpty || noInput }

    /// This run's set-up before its answers and draft are read (`FillSession` adds them): given
    /// answers are an empty list until then, so `asksNothing` is known at once.
    /// `ACCESSIBLE` in `environment` turns the accessible presentation on as `--accessible` does.
    func sessionSetup(interactive: Bool, clock: String?, environment: [String: String] = [:],
                      language: MessageLanguage = .english) -> SessionSetup {
        var flags = sessionFlags
        if SessionSetup.Flags.accessibleRequested(environment: environment) { flags.accessible = true }
        flags.language = language
        return SessionSetup(flags: flags, interactive: interactive, answers: givesAnswers ? [] : nil, clock: clock)
    }

    /// Why these options can't run together, or nil. Shared by both readers of the command line,
    /// so they accept exactly the same things.
    package var problem: String? {
        if let problem = sourceProblem { return problem }
        if let lang, MessageLanguage.code(forLocale: lang) == nil { return CLIMessage.unknownLanguage(lang).text }
        if resume && record != nil {
            // A transcript starts from an empty form: a resumed session could not be replayed.
            return CLIMessage.recordWithResume.text
        }
        if record != nil && noInput {
            // A recording is a session at a terminal; a run that asks nothing has none to replay.
            return CLIMessage.recordWithNoInput.text
        }
        if record != nil && !secretSources.isEmpty {
            // A transcript never holds a secret, so its replay could not give the field the
            // value the recorded run had; typed at the prompt it is recorded as `>* [name]`.
            return CLIMessage.recordWithSecret.text
        }
        if repeats && noInput {
            return CLIMessage.repeatWithNoInput.text
        }
        if repeats && draft != nil {
            return CLIMessage.repeatWithDraft.text
        }
        if queue && openapi != nil {
            return CLIMessage.queueWithOpenAPI.text
        }
        if noInput && keepAsking {
            return CLIMessage.keepAskingWithNoInput.text
        }
        for set in sets where Self.parseSet(set) == nil {
            return CLIMessage.setSyntax.text
        }
        if keepAsking && stopAtRefusal {
            return CLIMessage.keepAskingWithStopAtRefusal.text
        }
        if let n = resumeNumber {
            guard resume else { return CLIMessage.resumeNumberNeedsResume.text }
            guard n >= 1, n <= 999 else {
                return CLIMessage.resumeNumberOutOfRange(n).text
            }
            if draft != nil { return CLIMessage.resumeNumberWithDraft.text }
        }
        guard FillOptions.timeoutBounds.contains(timeout) else { return CLIMessage.timeoutOutOfBounds.text }
        if (clientCert == nil) != (clientKey == nil) {
            return CLIMessage.clientCertAndKeyTogether.text
        }
        if endpoint == nil && (caFile != nil || clientCert != nil) {
            return CLIMessage.tlsNeedsEndpoint.text
        }
        for header in headers {
            // The text itself is not repeated: a malformed header may still hold a secret.
            guard let (name, value) = Self.parseHeader(header) else {
                return CLIMessage.headerSyntax.text
            }
            if let problem = CredentialHeaders.valueProblem(value) { return CLIMessage.headerValueProblem(name: name, problem: problem).text }
        }
        var descriptors: Set<Int32> = []
        for text in headerSources {
            let parsed: (name: String, source: SecretSource)
            switch Self.parseHeaderSource(text) {
            case .success(let value): parsed = value
            case .failure(let error): return CLIMessage.headerFromProblem("\(error)").text
            }
            if case .descriptor(let fd) = parsed.source, !descriptors.insert(fd).inserted {
                return CLIMessage.headerFromDescriptorTwice("\(fd)").text
            }
        }
        for text in secretSources {
            let parsed: (field: String, source: SecretSource)
            switch Self.parseSecretSource(text) {
            case .success(let value): parsed = value
            case .failure(let error): return CLIMessage.secretProblem("\(error)").text
            }
            if case .descriptor(let fd) = parsed.source, !descriptors.insert(fd).inserted {
                return CLIMessage.secretDescriptorTwice("\(fd)").text
            }
        }
        return nil
    }

    /// Why the form's source is not one clear thing: a form file, or a document and an operation.
    /// (No source at all is the readers' own check: a missing FORM argument.)
    var sourceProblem: String? {
        switch (form.isEmpty, openapi, operation) {
        case (false, .some, _):
            return CLIMessage.openapiAndForm.text
        case (_, .some, nil):
            return CLIMessage.openapiNeedsOperation.text
        case (_, nil, .some):
            return CLIMessage.operationNeedsOpenapi.text
        case (true, .some, .some), (_, nil, nil):
            break
        }
        if refresh && openapi == nil { return CLIMessage.refreshNeedsOpenapi.text }
        if let operation, operation.trimmedWhitespace.isEmpty { return CLIMessage.operationEmpty.text }
        return nil
    }

    /// `field=env:VAR`, `field=file:PATH` or `field=fd:N`: a field's dotted name and where its
    /// secret answer comes from. Like `--header-from`, the error never repeats the text after `=`
    /// when it is not a source (someone may have typed the secret itself there).
    static func parseSecretSource(_ text: String) -> Result<(field: String, source: SecretSource), SecretSourceError> {
        guard let (field, rest) = parseSet(text) else {
            return .failure(SecretSourceError(CLIMessage.secretSourceSyntax(syntax: SecretSource.syntax).text))
        }
        do {
            return .success((field, try SecretSource.parse(rest)))
        } catch {
            return .failure(SecretSourceError(CLIMessage.secretValueNotASource(field: field, syntax: SecretSource.syntax).text))
        }
    }

    /// `name=value` split at the first `=`, or nil without a name.
    package static func parseSet(_ text: String) -> (name: String, value: String)? {
        guard let eq = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<eq]).trimmedWhitespace
        guard !name.isEmpty else { return nil }
        return (name, String(text[text.index(after: eq)...]))
    }

    /// `Name=env:VAR`, `Name=file:PATH` or `Name=fd:N`: a header name (an RFC 9110 token) and
    /// where its value comes from. The error never repeats the text after `=` when it is not a
    /// source (someone may have typed the secret itself there).
    static func parseHeaderSource(_ text: String) -> Result<(name: String, source: SecretSource), SecretSourceError> {
        guard let eq = text.firstIndex(of: "="), isToken(String(text[..<eq])) else {
            return .failure(SecretSourceError(CLIMessage.headerSourceSyntax(syntax: SecretSource.syntax).text))
        }
        let name = String(text[..<eq])
        do {
            return .success((name, try SecretSource.parse(String(text[text.index(after: eq)...]))))
        } catch {
            return .failure(SecretSourceError(CLIMessage.headerValueNotASource(name: name, syntax: SecretSource.syntax).text))
        }
    }

    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { b in
            (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }

    /// `Name: value` with an RFC 9110 token as the name, or nil.
    static func parseHeader(_ text: String) -> (name: String, value: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = String(text[..<colon]).trimmedWhitespace
        let value = String(text[text.index(after: colon)...]).trimmedWhitespace
        guard isToken(name) else { return nil }
        return (name, value)
    }
}

/// `--resume N` on the command line, spelled for the parsers as `--resume --resume-number N`
/// (argument-parser has no flag with an optional value). Only a word of ASCII digits right after
/// `--resume` in a `fill` command is taken as N, so a form file is never mistaken for one unless
/// it is named like a number. Any such word up to 18 digits (what an Int holds) is taken, so that
/// `--resume 1000` is told there is no such draft rather than "Unexpected argument".
package enum ResumeNumberArgument {
    package static func rewrite(_ arguments: [String]) -> [String] {
        guard arguments.first == "fill", let at = arguments.firstIndex(of: "--resume"),
              at + 1 < arguments.count, !arguments[..<at].contains("--") else { return arguments }
        let next = arguments[at + 1]
        guard (1...18).contains(next.utf8.count), next.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return arguments }
        var out = arguments
        out.insert("--resume-number", at: at + 1)
        return out
    }
}
