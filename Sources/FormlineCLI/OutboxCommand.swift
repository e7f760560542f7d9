#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Dispatch
import FormCore
import FormDrafts
import FormFiles
import FormSystem
import FormTransport

/// `formline outbox [send|repair]`: the forms that were complete and valid but could not be sent
/// (docs/outbox-and-batch.md).
struct OutboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List, send or repair the forms kept in the outbox.",
        discussion: """
            A form that was complete and valid but could not be sent (no answer, 408, 429, 5xx) \
            in a run of --repeat, or in a fill with --queue, is kept in the outbox with the \
            Idempotency-Key it was sent with. `formline outbox` lists the entries, `formline \
            outbox send` sends them again with their keys (a server that took one before answers \
            as before: no duplicate), `formline outbox repair` walks the rejected ones at a \
            terminal. See docs/outbox-and-batch.md.
            """,
        subcommands: [OutboxListCommand.self, OutboxSendCommand.self, OutboxRepairCommand.self],
        defaultSubcommand: OutboxListCommand.self)
}

/// `formline outbox` (`outbox list`): one line per entry.
struct OutboxListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the outbox: form, when queued, key, state, attempts, the last outcome.",
        discussion: "Exit status: 0.")

    func run() throws {
        let outbox = Outbox(environment: ProcessEnvironment.current)
        let entries = outbox.all()
        guard !entries.isEmpty else {
            print(TextCleaning.visible(CLIMessage.outboxEmpty(folder: outbox.folder).text))
            return
        }
        let width = entries.map(\.entry.formID.count).max() ?? 0
        for (entry, path) in entries {
            let padded = entry.formID + String(repeating: " ", count: width - entry.formID.count)
            let state = entry.rejection.map { "rejected (\($0.status))" } ?? "queued"
            let attempts = entry.attempts.count
            let last = entry.attempts.last?.outcome ?? ""
            // Everything here came from a file anyone may have edited, or from a server: escaped.
            print(TextCleaning.visible("\(padded)  \(entry.queuedAt)  \(entry.idempotencyKey)  \(state)  "
                + "\(attempts) attempt\(attempts == 1 ? "" : "s")  \(TextWrap.truncate(last, to: 80))  \(path)"))
        }
    }
}

/// `formline outbox send [--jobs N]`: every queued entry sent again with its own key.
struct OutboxSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send the queued entries again, each with its own Idempotency-Key.",
        discussion: """
            Each entry goes to the endpoint it was queued for (or --endpoint), with the method, \
            path, payload and Idempotency-Key of its first attempt. An accepted entry is removed \
            and its id printed; a rejected one stays for `formline outbox repair`; one that still \
            cannot be sent stays, its attempt noted. Entries already rejected are not sent again. \
            An entry another formline is sending is skipped.

            Exit status: 0 every entry accepted (or none to send), 3 at least one still not \
            sent, 7 at least one rejected (and every other accepted), 2 usage error.
            """)

    @Option(help: ArgumentHelp("How many entries are sent at once (1 to 64).", valueName: "N"))
    var jobs = 1
    @Option(help: ArgumentHelp("Send every entry to this URL instead of the one it was queued for.", valueName: "url"))
    var endpoint: String?
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError(CLIMessage.outboxJobsOutOfRange.text) }
    }

    func run() throws {
        let environment = ProcessEnvironment.current
        let headerList = try connection.headerList(environment: environment)
        let outbox = Outbox(environment: environment)
        let waiting = outbox.all().filter { $0.entry.rejection == nil }
        guard !waiting.isEmpty else {
            print(TextCleaning.visible(CLIMessage.outboxNothingToSend(folder: outbox.folder).text))
            return
        }
        let sender = OutboxSender(outbox: outbox, headers: headerList, timeout: connection.timeout, endpoint: endpoint)
        let tally = sender.send(waiting.map(\.entry), jobs: jobs)
        print(CLIMessage.outboxSendSummary(sent: tally.sent, rejected: tally.rejected, notSent: tally.notSent, busy: tally.busy).text)
        if tally.notSent > 0 { throw ExitCode(ExitStatus.transportFailed.rawValue) }
        if tally.rejected > 0 { throw ExitCode(ExitStatus.recordsNotAllAccepted.rawValue) }
    }
}

/// The request headers of `outbox send` and `outbox repair`: `--header`, then `--header-from`
/// (each marked as a credential, so a server repeating it never gets it printed).
enum OutboxHeaders {
    struct List: Sendable {
        var headers: [(name: String, value: String)]
        var credentials: Set<String>
    }

    static func read(headers: [String], sources: [String], environment: [String: String]) throws -> List {
        var list = List(headers: headers.compactMap(FillOptions.parseHeader), credentials: [])
        for text in sources {
            switch FillOptions.parseHeaderSource(text) {
            case .failure(let problem): throw ValidationError("\(problem)")
            case .success(let (name, source)):
                do {
                    let value = try source.read(environment: environment)
                    if let problem = CredentialHeaders.valueProblem(value) {
                        throw ValidationError(CLIMessage.headerSourceProblem(name: name, problem: "\(problem)").text)
                    }
                    list.headers.append((name, value))
                    list.credentials.insert(name)
                } catch let error as ValidationError {
                    throw error
                } catch {
                    throw ValidationError(CLIMessage.headerSourceProblem(name: name, problem: "\(error)").text)
                }
            }
        }
        return list
    }
}
