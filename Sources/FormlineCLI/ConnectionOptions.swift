import ArgumentParser
import FormCore

/// The request options every command that talks to a server without a form session shares
/// (`batch`, `outbox send`, `outbox repair`): extra headers, headers read from a secret source,
/// and the answer timeout, declared and validated once. `fill` and `replay` keep their own, as
/// part of the fill flags a transcript records.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .customLong("header"), help: ArgumentHelp("Extra request header (repeatable), as for fill.", valueName: "name: value"))
    var headers: [String] = []
    @Option(name: .customLong("header-from"), help: ArgumentHelp(
        "A header read from env:NAME, file:PATH or fd:N (repeatable), as for fill: its value is never written to the outbox, a report or a log.",
        valueName: "name=source"))
    var headerSources: [String] = []
    @Option(help: ArgumentHelp("Seconds to wait for each answer (0.001 to 3600).", valueName: "seconds"))
    var timeout: Double = 30

    func validate() throws {
        guard FillOptions.timeoutBounds.contains(timeout) else { throw ValidationError(CLIMessage.timeoutOutOfBounds.text) }
        for header in headers where FillOptions.parseHeader(header) == nil {
            throw ValidationError(CLIMessage.headerSyntax.text)
        }
    }

    /// The answer timeout as the HTTP transport takes it.
    var timeoutDuration: Duration { .milliseconds(Int64(timeout * 1000)) }

    /// `--header`, then `--header-from` read now (each marked as a credential, so a server
    /// repeating it never gets it printed).
    func headerList(environment: [String: String]) throws -> OutboxHeaders.List {
        try OutboxHeaders.read(headers: headers, sources: headerSources, environment: environment)
    }
}
