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
        abstract: "Fill a form and submit it.",
        discussion: """
            Without --endpoint the form goes to the in-process fake server described in the form's \
            `fake:` section, so this works with no server at all.

            Exit status: 0 accepted, 1 cancelled, 2 usage or form error, 3 transport failure, \
            4 end of input, 130 Ctrl-C, 143 SIGTERM, 129 SIGHUP. Unfinished work is kept as a draft.
            """)

    enum OutputMode: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "The form file (YAML).") var form: String
    @Option(help: ArgumentHelp("Submit to this server (http or https); the form's submit.path is appended.", valueName: "url"))
    var endpoint: String?
    @Option(name: .customLong("header"), help: ArgumentHelp("Extra request header, e.g. \"Authorization: Bearer $TOKEN\" (repeatable; never printed or recorded).", valueName: "name: value"))
    var headers: [String] = []
    @Option(help: ArgumentHelp("How long to wait for the server (connecting, and the whole request).", valueName: "seconds"))
    var timeout: Double = 30
    @Flag(help: "No escape sequences and no colour, for serial consoles and logs.") var plain = false
    @Option(help: ArgumentHelp("Record the session as a transcript.", valueName: "file")) var record: String?
    @Flag(help: "Continue the saved draft of this form.") var resume = false
    @Option(help: ArgumentHelp("Keep the draft in this file instead of the state folder.", valueName: "file")) var draft: String?
    @Option(help: ArgumentHelp("text, or json: prompts go to stderr and stdout gets one JSON result.", valueName: "text|json"))
    var output: OutputMode = .text

    func validate() throws {
        if resume && record != nil {
            // A transcript starts from an empty form: a resumed session could not be replayed.
            throw ValidationError("--record can't be combined with --resume: a recording starts from an empty form")
        }
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
        for header in headers where parseHeader(header) == nil {
            // The text itself is not repeated: a malformed header may still hold a secret.
            throw ValidationError("--header must look like \"Name: value\" with a valid header name")
        }
    }

    func run() throws {
        let status = FillSession(options: self).run()
        if status != .accepted { throw ExitCode(status.rawValue) }
    }

    func parseHeader(_ text: String) -> (name: String, value: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmedWhitespace
        let value = text[text.index(after: colon)...].trimmedWhitespace
        let token = name.utf8.allSatisfy { b in
            (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
        guard !name.isEmpty, token else { return nil }
        return (name, value)
    }
}

extension Substring {
    fileprivate var trimmedWhitespace: String { String(self).trimmedWhitespace }
}
