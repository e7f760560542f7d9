import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import FormCore
import FormFiles
import FormRunner
import FormSessions
import FormTerminal
import FormTransport

/// `formline fill FORM`: walk a form at the terminal (or from a pipe) and submit it.
struct FillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fill",
        abstract: "Fill a form (a form file, or an OpenAPI operation) and submit it.",
        discussion: """
            Without --endpoint the form goes to the in-process fake server described in the form's \
            `fake:` section, so this works with no server at all.

            With --openapi DOC --operation OP the form is built from an OpenAPI operation's JSON \
            request body instead of a form file (docs/openapi.md); it is cached in the state folder, \
            and a remote document is fetched again only after 15 minutes or with --refresh.

            Exit status: 0 accepted, 1 cancelled, 2 usage or form error, 3 transport failure, \
            4 end of input, 5 input refused or the form rejected on a run that stops at refusals \
            (no terminal, --stop-at-refusal or --no-input; see --keep-asking), 6 the draft could not be \
            saved, 7 a --repeat run ended with a record kept as a draft after a transport failure, \
            130 Ctrl-C, 143 SIGTERM, 129 SIGHUP, 131 Ctrl-\\ (SIGQUIT). Unfinished work is kept as a \
            draft, also when a signal comes while formline is busy (it ends within a second).
            """)

    @Argument(help: "The form file (YAML); leave it out with --openapi.") var form: String?
    @Option(help: ArgumentHelp("Build the form from this OpenAPI 3.0/3.1 document (a file or an http(s) URL; JSON or YAML); needs --operation. See docs/openapi.md.", valueName: "doc"))
    var openapi: String?
    @Option(help: ArgumentHelp("The document's operation to fill: its operationId or \"METHOD /path\" (formline operations DOC lists them).", valueName: "op"))
    var operation: String?
    @Flag(help: "Fetch the --openapi URL again now, even if the cached copy has not expired (15 minutes).")
    var refresh = false
    @Option(help: ArgumentHelp("Submit to this server (http or https); the form's submit.path is appended.", valueName: "url"))
    var endpoint: String?
    @Option(name: .customLong("header"), help: ArgumentHelp("Extra request header, e.g. \"X-Client: kiosk-3\" (repeatable). Credentials (Authorization, Cookie, *-Key, *-Token, *-Secret) are masked wherever a server repeats them, but belong in --header-from.", valueName: "name: value"))
    var headers: [String] = []
    @Option(name: .customLong("header-from"), help: ArgumentHelp(
        "A header whose value is read from env:NAME, file:PATH (mode 600) or fd:N, never from the command line, which every local user can read in /proc/PID/cmdline (repeatable; always treated as a credential).",
        valueName: "name=source"))
    var headerSources: [String] = []
    @Option(help: ArgumentHelp("The most the whole request may take, from connecting to the last byte of the answer.", valueName: "seconds"))
    var timeout: Double = 30
    @Flag(help: "No escape sequences and no colour, for serial consoles and logs.") var plain = false
    @Flag(help: "For screen readers and braille lines: errors name their field, hints in words, numbered choices, no pre-filled line (also ACCESSIBLE=1).")
    var accessible = false
    @Option(help: ArgumentHelp("Record the session as a transcript.", valueName: "file")) var record: String?
    @Option(help: ArgumentHelp("Append a diagnostic log for support: what formline decided, no private or secret value (also FORMLINE_LOG).", valueName: "file")) var log: String?
    @Flag(help: "Continue the latest draft of this form; --resume N continues draft N (formline drafts lists them).") var resume = false
    @Option(name: .customLong("resume-number"), help: .hidden) var resumeNumber: Int?
    @Option(help: ArgumentHelp("Keep the draft in this file instead of the state folder (a regular file in an existing folder).", valueName: "file")) var draft: String?
    @Option(help: ArgumentHelp("text, or json: prompts go to stderr and stdout gets one JSON document at every ending.", valueName: "text|json"))
    var output: FillOptions.Output = .text
    @Flag(help: "Without a terminal, ask again after a refused line instead of stopping (exit 5).")
    var keepAsking = false
    @Flag(help: "Stop at the first refused line (exit 5) even at a terminal; the default without one.")
    var stopAtRefusal = false
    @Option(help: ArgumentHelp("Answers in YAML or JSON, nested like the payload; only what is missing or refused is asked.", valueName: "file"))
    var answers: String?
    @Option(name: .customLong("set"), help: ArgumentHelp("Answer a field (repeatable; dotted paths; wins over --answers; never a secret).", valueName: "name=value"))
    var sets: [String] = []
    @Flag(help: "Ask nothing: report every missing or refused answer (exit 5), else submit without the review.")
    var noInput = false
    @Flag(help: "Make no field's server_check: answers are checked by the server when the form is sent.")
    var noChecks = false
    @Option(name: .customLong("secret"), help: ArgumentHelp(
        "A secret field's answer read from env:NAME, file:PATH (mode 600) or fd:N, never from the command line, which every local user can read in /proc/PID/cmdline (repeatable).",
        valueName: "field=source"))
    var secretSources: [String] = []
    @Flag(name: .customLong("repeat"), help: "Enter record after record: the form starts again after each one until .end or Ctrl-D at a record's first prompt. Fields marked carry: keep (or count on) the last answer; a line \" copies it.")
    var repeats = false
    @Flag(help: "A complete form that could not be sent (no answer, 408, 429, 5xx) goes to the outbox, to be sent later by formline outbox send; the default in a run of --repeat. Needs --endpoint.")
    var queue = false
    @Option(help: ArgumentHelp("Trust the CA certificates in this PEM file instead of the system's (a private CA).", valueName: "file"))
    var caFile: String?
    @Option(help: ArgumentHelp("Present this PEM client certificate (and its chain) to the server; needs --client-key.", valueName: "file"))
    var clientCert: String?
    @Option(help: ArgumentHelp("The client certificate's unencrypted PEM private key (not readable by others).", valueName: "file"))
    var clientKey: String?
    @Option(help: ArgumentHelp("The language of prompts and messages: en or nb (default: LC_ALL, LC_MESSAGES, LANG). See docs/languages.md.", valueName: "lang"))
    var lang: String?

    /// The parsed command line as the plain value `FillSession` runs on.
    var options: FillOptions {
        var options = FillOptions(form: form ?? "")
        options.openapi = openapi
        options.operation = operation
        options.refresh = refresh
        options.endpoint = endpoint
        options.headers = headers
        options.headerSources = headerSources
        options.timeout = timeout
        options.plain = plain
        options.accessible = accessible
        options.record = record
        options.log = log
        options.resume = resume
        options.resumeNumber = resumeNumber
        options.draft = draft
        options.output = output
        options.keepAsking = keepAsking
        options.stopAtRefusal = stopAtRefusal
        options.answers = answers
        options.sets = sets
        options.noInput = noInput
        options.noChecks = noChecks
        options.secretSources = secretSources
        options.caFile = caFile
        options.clientCert = clientCert
        options.clientKey = clientKey
        options.repeats = repeats
        options.queue = queue
        options.lang = lang
        return options
    }

    func validate() throws {
        if form == nil && openapi == nil {
            throw ValidationError(CLIMessage.nameAForm.text)
        }
        if let problem = options.problem { throw ValidationError(problem) }
    }

    func run() throws {
        let status = FillSession(options: options).run()
        if status != .accepted { throw ExitCode(status.rawValue) }
    }
}

extension FillCommand {
    /// Whether a command line that argument-parser refused asked for `fill --output json`: its
    /// usage error then gets the JSON document too. Read from the words themselves, since the
    /// parse failed (a `--output json` after `--` is a form file's name, not the option).
    static func wantsJSON(_ arguments: [String]) -> Bool {
        guard arguments.first == "fill" else { return false }
        let words = arguments.prefix { $0 != "--" }
        for (i, word) in words.enumerated() {
            if word == "--output=json" { return true }
            if word == "--output", i + 1 < words.count, words[words.startIndex + i + 1] == "json" { return true }
        }
        return false
    }

    /// `{"ending":"usage","errors":[{"field":null,"message":...}],"exit":2}` on stdout.
    static func writeUsageDocument(_ message: String) {
        var text = message.trimmedWhitespace
        if text.hasPrefix("Error: ") { text = String(text.dropFirst(7)) }
        let errors = [EndingError(field: nil, message: TextCleaning.visible(text), line: nil)]
        let document = EndingReport.document(ending: "usage", status: .usage, errors: errors)
        TerminalOutput(fd: 1).write(JSONValue.object(document).compactText + "\n")
    }
}

extension FillOptions.Output: ExpressibleByArgument {}
