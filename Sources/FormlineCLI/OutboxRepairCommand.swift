#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import FormCore
import FormDrafts
import FormFiles
import FormReadline
import FormRunner
import FormSystem
import FormTerminal
import FormTransport
import Synchronization

/// `formline outbox repair [KEY]`: each rejected entry walked like a rejection at the time of
/// filling: the wizard starts from the entry's values, meets the server's stored rejection, asks
/// only the fields it failed (pre-filled, the server's errors under them), and sends the form
/// again (a new attempt: the server answered the first one, so its key is spent).
struct OutboxRepairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Walk the rejected outbox entries: only the failed fields are asked, then sent again.",
        discussion: """
            One entry after another (or only the one with KEY): its rejection is shown as when \
            it came, only the fields the server refused are asked, and the form is sent again. \
            An accepted entry is removed; one that cannot be sent again is queued anew; an entry \
            whose repair is cancelled or ends otherwise stays as it was. Secrets are never \
            queued, so nothing is asked twice. Piped input is read like a terminal's lines.

            Exit status: 0 every entry repaired and accepted (or none to repair), 7 at least one \
            still in the outbox, 2 usage error (no such entry).
            """)

    @Argument(help: ArgumentHelp("The Idempotency-Key of one entry (formline outbox lists them).", valueName: "key"))
    var key: String?
    @Option(help: ArgumentHelp("Send to this URL instead of the entry's own endpoint.", valueName: "url"))
    var endpoint: String?
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let environment = ProcessEnvironment.current
        let headerList = try connection.headerList(environment: environment)
        let outbox = Outbox(environment: environment)
        var entries = outbox.all().map(\.entry).filter { $0.rejection != nil }
        if let key {
            entries = entries.filter { $0.idempotencyKey == key }
            guard !entries.isEmpty else { throw ValidationError(CLIMessage.outboxNoSuchEntry(key: TextCleaning.visible(key)).text) }
        }
        guard !entries.isEmpty else {
            print(TextCleaning.visible(CLIMessage.outboxNothingToRepair.text))
            return
        }
        SignalTrap.install()
        let interrupts = ProcessSignals()
        signal(SIGPIPE, SIG_IGN)
        let output = TerminalOutput(fd: 1)
        let interactive = isatty(0) == 1 && isatty(1) == 1
        let face = Renderer.face(isTerminal: interactive, plainFlag: false, environment: environment)
        let renderer = Renderer(face: face, styles: face == .colour ? TerminfoStyles.styles(environment: environment) : [])
        var left = 0
        for listed in entries {
            // Read again under the claim: another repair may have sent it since it was listed.
            guard let claim = outbox.claim(key: listed.idempotencyKey) else {
                print(TextCleaning.visible(CLIMessage.outboxBusy(form: listed.formID, key: listed.idempotencyKey).text))
                left += 1
                continue
            }
            defer { outbox.release(claim) }
            guard let entry = outbox.current(key: listed.idempotencyKey), entry.rejection != nil else { continue }
            let status = repair(entry, outbox: outbox, headers: headerList, output: output, renderer: renderer,
                                interactive: interactive, interrupts: interrupts, environment: environment)
            switch status {
            case .repaired: break
            case .kept: left += 1
            case .stop(let exit):
                throw ExitCode(exit.rawValue)
            }
        }
        if left > 0 { throw ExitCode(ExitStatus.recordsNotAllAccepted.rawValue) }
    }

    private enum Repair {
        case repaired
        case kept
        /// A signal or the end of input: the run stops with this status, the entry kept.
        case stop(ExitStatus)
    }

    private func repair(_ entry: OutboxEntry, outbox: Outbox, headers: OutboxHeaders.List, output: TerminalOutput,
                        renderer: Renderer, interactive: Bool, interrupts: ProcessSignals,
                        environment: [String: String]) -> Repair {
        let formBytes: [UInt8]
        let spec: FormSpec
        switch FormFileLoader.read(path: entry.formPath).flatMap({ bytes in
            FormFileLoader.load(bytes: bytes, path: entry.formPath).map { ($0, bytes) }
        }) {
        case .success(let (loaded, bytes)):
            spec = loaded
            formBytes = bytes
        case .failure(let errors):
            print(TextCleaning.visible(CLIMessage.outboxFormUnusable(
                form: entry.formID, key: entry.idempotencyKey, problem: errors.errors.first.map { "\($0)" } ?? entry.formPath).text))
            return .kept
        }
        let url = endpoint ?? entry.endpoint
        let http: HTTPTransport
        do {
            http = try HTTPTransport(
                endpoint: url, headers: headers.headers, credentials: headers.credentials,
                timeout: connection.timeoutDuration,
                proxy: try ProxyEnvironment.proxy(for: url, environment: TLSFileReader.proxyEnvironment()))
        } catch {
            print(TextCleaning.visible(CLIMessage.outboxNotSent(form: entry.formID, key: entry.idempotencyKey, reason: "\(error)").text))
            return .kept
        }
        defer { http.shutdown() }
        print(TextCleaning.visible(CLIMessage.outboxRepairing(
            form: entry.formID, key: entry.idempotencyKey, status: entry.rejection?.status).text))
        // The session writes to the descriptor itself: this line must be out before it.
        fflush(nil)

        // The entry's values, then straight to the send: the first answer is the stored rejection,
        // so the walk that follows is the one the operator would have had then.
        // Set up as `fill --resume` is: the run's language, the accessible presentation when the
        // environment asks for it; a refused line is asked again, as the repair is a walk.
        let setup = SessionSetup(
            flags: SessionSetup.Flags(keepAsking: true, accessible: SessionSetup.Flags.accessibleRequested(environment: environment),
                                      language: MessageLanguage.current),
            interactive: interactive,
            resuming: SessionSetup.Resumption(
                values: entry.values,
                formChanged: !entry.formSHA256.isEmpty && entry.formSHA256 != DraftStore.fingerprint(formBytes)))
        var wizard = setup.makeWizard(spec: spec).wizard
        wizard.submitsWithoutReview = true
        let transport = StoredAnswerFirst(stored: entry.rejection.map {
            TransportResponse(status: $0.status, contentType: $0.contentType, body: Array($0.body.utf8))
        }, then: http)
        let queuedAgain = LockedValue(false)
        let requeue = OutboxEdge.handling(spec: spec, formPath: entry.formPath, formBytes: formBytes,
                                          endpoint: entry.endpoint, environment: environment)
        var edges = SessionDriver.Edges(
            source: LineSources.make(interactive: interactive, output: output, interrupts: interrupts,
                                     environment: environment, formID: spec.id),
            transport: transport, write: output.write, renderer: renderer, interrupts: interrupts)
        edges.outbox = SessionDriver.OutboxHandling(queue: { attempt in
            let kept = requeue.queue(attempt)
            if kept { queuedAgain.set(true) }
            return kept
        })
        let status = SessionDriver(wizard: wizard, edges: edges).run()
        switch status {
        case .accepted:
            outbox.remove(key: entry.idempotencyKey)
            print(TextCleaning.visible(CLIMessage.outboxRepaired(form: entry.formID, key: entry.idempotencyKey).text))
            return .repaired
        case .transportFailed where queuedAgain.get():
            // The repaired form is a new entry (a new attempt, a new key): the old one is done.
            outbox.remove(key: entry.idempotencyKey)
            return .kept
        case .endOfInput, .hangup, .interrupted, .quit, .terminated:
            print(TextCleaning.visible(CLIMessage.outboxKeptAsItWas(form: entry.formID, key: entry.idempotencyKey).text))
            return .stop(status)
        default:
            print(TextCleaning.visible(CLIMessage.outboxKeptAsItWas(form: entry.formID, key: entry.idempotencyKey).text))
            return .kept
        }
    }
}

/// Answers the first submission with the stored answer (the rejection an entry waits with), then
/// hands every later one to the real transport.
private final class StoredAnswerFirst: Transport {
    private let stored: Mutex<TransportResponse?>
    private let real: any Transport

    init(stored: TransportResponse?, then real: any Transport) {
        self.stored = Mutex(stored)
        self.real = real
    }

    /// Only the submission gets the stored answer: a field's server check (`check` set) comes
    /// first in a form that has one, and goes to the server.
    func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure> {
        if request.check == nil, let first = stored.withLock({ value -> TransportResponse? in
            defer { value = nil }
            return value
        }) {
            return .success(first)
        }
        return await real.send(request)
    }
}
