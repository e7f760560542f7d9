import Dispatch
import FormCore
import Synchronization

/// Runs one form session: feeds the wizard events from a LineSource and carries out its effects
/// through the renderer, the transport, the recorder and the draft store.
///
/// The CLI, the in-process replayer and the tests all use this one loop with different edges, so
/// a replayed transcript exercises exactly the code an operator runs.
public final class SessionDriver {
    public struct Edges {
        public var source: any LineSource
        public var transport: any Transport
        /// Where wizard output goes (the prompt stream); nil to discard.
        public var write: (String) -> Void
        public var renderer: Renderer
        public var recorder: (any SessionRecorder)?
        /// Called for draft effects; nil when drafts are off (replay).
        public var drafts: DraftHandling?
        /// Called once the form is accepted, with the submission and the server's answer.
        public var onAccepted: ((Submission, TransportResponse) -> Void)?
        /// Makes the Idempotency-Key of an attempt (random in production, fixed in replay).
        public var idempotencyKey: (Int) -> String
        /// Where signals come from; nothing interrupts a replay or a test.
        public var interrupts: any InterruptEdge
        /// Where the driver publishes the wizard for the signal watchdog; nil without one.
        public var snapshots: SessionSnapshots?
        /// Keys of unanswered attempts, kept in drafts for a resumed run; nil without drafts.
        public var attemptKeys: AttemptKeyBook?
        /// `fill --record`: a review number of a form with lists is recorded as the `.edit NAME`
        /// it stood for (`Wizard.recordedEdit`). A replay records what its transcript typed.
        public var recordsEditsByName = false
        /// `fill --log`: what the session did, as data (`DiagnosticEvent`); nil keeps no log.
        public var diagnostics: ((DiagnosticEvent) -> Void)?
        /// Keeps a complete form that could not be sent in the outbox (`fill --repeat`, `--queue`;
        /// docs/outbox-and-batch.md); nil: a failure goes to the retry prompt as before.
        public var outbox: OutboxHandling?
        /// Classifies the server's answer under the form's `submit`, as
        /// `SubmissionClassifier.classify` does; nil: that classifier. Replay passes the
        /// classifications its set-up already made of the recorded answers (`ResponseClassifications`).
        public var classified: ((TransportResponse, SubmitSpec) -> SubmissionResult)?

        public init(
            source: any LineSource, transport: any Transport, write: @escaping (String) -> Void,
            renderer: Renderer = Renderer(face: .plain), recorder: (any SessionRecorder)? = nil,
            drafts: DraftHandling? = nil, interrupts: any InterruptEdge = NoInterrupts(),
            onAccepted: ((Submission, TransportResponse) -> Void)? = nil,
            idempotencyKey: @escaping (Int) -> String = SessionDriver.randomKey,
            snapshots: SessionSnapshots? = nil,
            attemptKeys: AttemptKeyBook? = nil
        ) {
            self.snapshots = snapshots
            self.attemptKeys = attemptKeys
            self.source = source
            self.transport = transport
            self.write = write
            self.renderer = renderer
            self.recorder = recorder
            self.drafts = drafts
            self.onAccepted = onAccepted
            self.idempotencyKey = idempotencyKey
            self.interrupts = interrupts
        }
    }

    /// What to do with drafts: the driver stays ignorant of paths and clocks.
    public struct DraftHandling {
        /// Saves the values; false when the draft could not be written (the closure reports why).
        public var save: ([String: JSONValue]) -> Bool
        public var delete: () -> Void

        public init(saving: @escaping ([String: JSONValue]) -> Bool, delete: @escaping () -> Void) {
            self.save = saving
            self.delete = delete
        }

        /// For a store that cannot fail (tests).
        public init(save: @escaping ([String: JSONValue]) -> Void, delete: @escaping () -> Void) {
            self.init(saving: { save($0); return true }, delete: delete)
        }
    }

    /// What the outbox is handed when a send failed in a way a later send may mend.
    public struct QueuedAttempt {
        public var submission: Submission
        /// The attempt's Idempotency-Key: the outbox sends it again with this one.
        public var key: String
        /// Why it was not sent, one line.
        public var reason: String
        /// The form's non-secret values, as a draft keeps them (for `formline outbox repair`).
        public var values: [String: JSONValue]
    }

    /// The outbox's side of the driver.
    public struct OutboxHandling {
        /// Keeps the attempt; false when it was not kept (a secret in it, a write that failed:
        /// the closure says why), and the failure then goes on as without an outbox.
        public var queue: (QueuedAttempt) -> Bool

        public init(queue: @escaping (QueuedAttempt) -> Bool) { self.queue = queue }
    }

    public private(set) var wizard: Wizard
    private var edges: Edges
    private var keys: [Int: String] = [:]
    /// Set when the last draft save failed: the run then ends `.draftNotSaved` (docs/drafts.md,
    /// exit status 6).
    private var draftLost = false
    private var eventsSinceSnapshot = 0
    /// Output lines rendered and not yet written (see `run`).
    private var unwritten = ""
    /// The secret field whose typed line is recorded once the wizard has said whether it took it.
    private var secretAwaitingVerdict: String?
    /// Set while the server check a withheld line started runs: its verdict is the check's.
    private var verdictAwaitsCheck = false
    /// The refusal whose error was just shown, until the prompt that asks again.
    private var pendingRefusal: Refusal?

    public init(wizard: Wizard, edges: Edges) {
        self.wizard = wizard
        self.edges = edges
    }

    /// Runs until the wizard finishes; returns how it ended.
    public func run() -> ExitStatus {
        // The driver's own sentences (`Draft saved: ...`) in the wizard's language too.
        wizard.language.speaking { runInLanguage() }
    }

    private func runInLanguage() -> ExitStatus {
        // Effects still to perform, the next one LAST: popping from the end keeps a long run of
        // effects (a server's 100,000 messages) linear, where removeFirst() copied the rest each time.
        var pending = Array(wizard.handle(.start).reversed())
        publishSnapshot(force: true)
        while let effect = pending.popLast() {
            // Output lines wait for the next other effect and go out in one write: a 200-item
            // review is one system call, not 400 (each a wake-up of whatever reads the pipe or a
            // serial line's driver). Everything is written before a prompt, a submission, a
            // draft or the end, so nothing the operator must see waits on input.
            if case .output = effect {} else { flushOutput() }
            if case .finish(let status) = effect {
                edges.recorder?.finished(status)
                edges.diagnostics?(.finished(finalStatus(status)))
                return finalStatus(status)
            }
            if let event = perform(effect) {
                let effects = wizard.handle(event)
                recordSecretVerdict(effects)
                pending.append(contentsOf: effects.reversed())
                publishSnapshot(force: false)
            }
        }
        // The wizard always ends with .finish; reaching here means it stopped asking.
        flushOutput()
        return .endOfInput
    }

    private func flushOutput() {
        guard !unwritten.isEmpty else { return }
        edges.write(unwritten)
        unwritten = ""
    }

    /// A lost draft outranks cancel, end of input and transport failure (the operator must know
    /// the work is gone); a signal keeps its own status, which supervisors rely on.
    private func finalStatus(_ status: ExitStatus) -> ExitStatus {
        guard draftLost else { return status }
        switch status {
        case .cancelled, .endOfInput, .transportFailed, .usage, .inputRefused, .draftNotSaved: return .draftNotSaved
        case .accepted, .hangup, .interrupted, .quit, .terminated, .recordsNotAllAccepted: return status
        }
    }

    /// Hands the watchdog the wizard as it is now. A publication makes the live wizard copy what it
    /// changes next (O(size of the session)), so it waits until enough events have passed to pay
    /// for that copy (`SessionSnapshots.eventsPerCopiedItem` per item): every event on an ordinary
    /// form, ever more rarely in a huge paste, keeping the whole session linear.
    private func publishSnapshot(force: Bool) {
        guard let snapshots = edges.snapshots else { return }
        eventsSinceSnapshot += 1
        if !force && eventsSinceSnapshot * SessionSnapshots.eventsPerCopiedItem < wizard.sessionSize { return }
        eventsSinceSnapshot = 0
        snapshots.publish(wizard)
    }

    private func perform(_ effect: WizardEffect) -> WizardEvent? {
        switch effect {
        case .output(let line):
            unwritten += edges.renderer.render(line)
            edges.recorder?.output(line)
            return nil
        case .prompt(let prompt):
            return ask(prompt)
        case .submit(let submission):
            return submit(submission)
        case .check(let request):
            return check(request)
        case .saveDraft(let values):
            // The last save decides: a later save that works means nothing is lost.
            if let drafts = edges.drafts { draftLost = !drafts.save(values) }
            return nil
        case .deleteDraft:
            edges.drafts?.delete()
            return nil
        case .finish:
            return nil
        // The error line that follows says it to the operator; a run that stops at refusals
        // has already ended inside the wizard. The source may add a line under the error when
        // it asks again (`LineSource.hint`).
        case .refused(let refusal):
            pendingRefusal = refusal
            return nil
        }
    }

    private func ask(_ prompt: Prompt) -> WizardEvent {
        if let refusal = pendingRefusal {
            pendingRefusal = nil
            // Written, not recorded: the hint belongs to this terminal, not to the session.
            if let hint = edges.source.hint(after: refusal, reasking: prompt) { edges.write(edges.renderer.render(hint)) }
        }
        edges.recorder?.prompt(prompt.recorded ?? prompt.text)
        switch edges.source.read(prompt) {
        case .line(let text):
            if prompt.secret, let field = prompt.field {
                if let shown = Wizard.transcriptText(forSecretPromptLine: text, inRun: wizard.record != nil) {
                    edges.recorder?.input(shown)
                } else if edges.recorder != nil {
                    // Recorded with the wizard's verdict, before any of its effects (see run).
                    secretAwaitingVerdict = field
                }
            } else if prompt.isPrivate, let field = prompt.field, edges.recorder != nil {
                // A private value is recorded as `>* [name]`, like a secret; the recorder learns
                // it to replace it in what the screen repeats (docs/privacy.md).
                if let shown = Wizard.transcriptText(forPrivatePromptLine: text, inRun: wizard.record != nil) {
                    edges.recorder?.input(shown)
                } else {
                    spareChoiceText()
                    edges.recorder?.privateValue(field: field, value: text)
                    secretAwaitingVerdict = field
                }
            } else if edges.recorder != nil {
                edges.recorder?.input(edges.recordsEditsByName ? wizard.recordedEdit(forReviewLine: text) ?? text : text)
            }
            return .line(text)
        case .endOfInput:
            edges.recorder?.endOfInput()
            return .endOfInput
        case .interrupted(let signal):
            edges.recorder?.interrupted(signal: signal)
            return .interrupted(signal: signal)
        case .unreadable(let reason):
            edges.recorder?.unreadable(reason)
            return .unreadable(reason)
        }
    }

    /// Records the secret line just handled: refused when the wizard asks that same secret again
    /// or stops at the refusal (a run without a terminal), else as any secret line.
    private func recordSecretVerdict(_ effects: [WizardEffect]) {
        guard let field = secretAwaitingVerdict else { return }
        secretAwaitingVerdict = nil
        let refused = effects.contains { effect in
            switch effect {
            case .prompt(let prompt): return (prompt.secret || prompt.isPrivate) && prompt.field == field
            case .finish(.inputRefused): return true
            default: return false
            }
        }
        let afterCheck = verdictAwaitsCheck
        verdictAwaitsCheck = false
        if afterCheck {
            // Recorded as taken when the check started: a refusal by the check (or the check
            // cancelled) makes it `>* [name: refused]`, which replay types a value for.
            if refused { edges.recorder?.refusedByCheck(field: field); return }
        } else if refused {
            edges.recorder?.refusedSecretInput(field: field)
            return
        } else {
            edges.recorder?.secretInput(field: field)
            let checking = effects.contains { effect in
                if case .check(let request) = effect { return request.field == field }
                return false
            }
            if checking {
                secretAwaitingVerdict = field
                verdictAwaitsCheck = true
                return
            }
        }
        do {
            // A private value as the wizard keeps and shows it (`+47 912 34 567` is kept as
            // `+4791234567`), so the review's copy is replaced too.
            if let recorder = edges.recorder, let kept = wizard.values[field],
               let declared = wizard.fields.first(where: { $0.name == field }), declared.isPrivate {
                spareChoiceText()
                recorder.privateValue(field: field, value: kept.editableText)
                recorder.privateValue(field: field, value: declared.kind.shortDisplay(kept))
            }
        }
    }

    /// Tells the recorder the choices and labels of the private fields (fetched ones as they are
    /// now) and their bounds: a private value that is one of them is written `[name]` where the
    /// answer stands, not replaced in the choice list, where its absence would give it away, nor
    /// in the rules `?` shows (`on or after 1900-01-01`), which replay's own value (a bound, the
    /// first choice) would otherwise change (docs/privacy.md).
    private func spareChoiceText() {
        guard let recorder = edges.recorder else { return }
        var texts: [String] = []
        for field in wizard.fields where field.isPrivate {
            texts += field.choices
            texts += field.choiceLabels.values
            if let minimum = field.minimum { texts.append(minimum.description) }
            if let maximum = field.maximum { texts.append(maximum.description) }
        }
        if !texts.isEmpty { recorder.formText(texts) }
    }

    private func submit(_ submission: Submission) -> WizardEvent {
        let key: String
        if let known = keys[submission.attempt] {
            key = known
        } else if let book = edges.attemptKeys {
            key = book.key(for: submission) { edges.idempotencyKey(submission.attempt) }
        } else {
            key = edges.idempotencyKey(submission.attempt)
        }
        let retry = keys[submission.attempt] != nil
        keys[submission.attempt] = key
        spareChoiceText()
        edges.recorder?.request(submission)
        let started = DispatchTime.now().uptimeNanoseconds
        if let log = edges.diagnostics {
            log(.submitting(attempt: submission.attempt, method: submission.method, path: submission.recordedPath, retry: retry,
                            withheld: submission.secrets.merging(submission.privateValues) { a, _ in a }))
        }
        let outcome = sendCancellably(TransportRequest(
            method: submission.method, path: submission.path, payload: submission.payload, idempotencyKey: key,
            body: submission.body))
        edges.recorder?.response(outcome)
        if let log = edges.diagnostics { log(diagnostic(outcome, of: submission, since: started)) }
        if let signal = edges.interrupts.takeSignal() {
            edges.recorder?.interrupted(signal: signal)
            return .interrupted(signal: signal)
        }
        switch outcome {
        case .success(let response):
            edges.attemptKeys?.answered()
            let result = edges.classified?(response, wizard.spec.submit) ?? SubmissionClassifier.classify(
                status: response.status, contentType: response.contentType, body: response.body,
                location: response.location, submit: wizard.spec.submit)
            if case .accepted = result { edges.onAccepted?(submission, response) }
            if case .failed(let reason) = result, Self.mayMendLater(status: response.status),
               queue(submission, key: key, reason: reason) {
                return .submission(.queued(reason: reason))
            }
            return .submission(result)
        case .failure(let failure):
            if queue(submission, key: key, reason: failure.reason) { return .submission(.queued(reason: failure.reason)) }
            return .submission(.failed(reason: failure.reason))
        }
    }

    /// What the log says about an answer: its status and timing, and for a rejection who read
    /// its errors and where the wizard puts them.
    private func diagnostic(_ outcome: Result<TransportResponse, TransportFailure>, of submission: Submission, since started: UInt64) -> DiagnosticEvent {
        let milliseconds = Int((DispatchTime.now().uptimeNanoseconds &- started) / 1_000_000)
        switch outcome {
        case .success(let response):
            let submit = wizard.spec.submit
            var placed: [PlacedServerError] = []
            if case .rejected(_, let errors) = SubmissionClassifier.classify(
                status: response.status, contentType: response.contentType, body: response.body, location: response.location, submit: submit) {
                placed = wizard.placements(of: errors)
            }
            let reading = SubmissionClassifier.errorReading(status: response.status, contentType: response.contentType, body: response.body, submit: submit)
            return .answered(attempt: submission.attempt, status: response.status, milliseconds: milliseconds, reading: reading, placed: placed)
        case .failure(let failure):
            return .failed(attempt: submission.attempt, reason: failure.reason, milliseconds: milliseconds)
        }
    }

    /// A status after which the same request may well be taken later: 408, 429 and 5xx (a server
    /// down, overloaded or being deployed). A redirect or an unreadable 4xx is the form's or the
    /// endpoint's problem: sending it again later would only fail again.
    static func mayMendLater(status: Int) -> Bool {
        status == 408 || status == 429 || (500..<600).contains(status)
    }

    private func queue(_ submission: Submission, key: String, reason: String) -> Bool {
        guard let outbox = edges.outbox else { return false }
        return outbox.queue(QueuedAttempt(submission: submission, key: key, reason: reason, values: wizard.draftValues))
    }

    /// A field's server check (docs/checks.md): recorded as `=>`/`<=` lines like a submission (so
    /// a replay answers it from the transcript), sent within the check's own timeout (the HTTP
    /// transport's `--timeout` caps it), its answer classified with the form's error reader.
    /// Ctrl-C while it runs cancels the check only: the wizard asks the field again.
    private func check(_ request: CheckRequest) -> WizardEvent {
        spareChoiceText()
        edges.recorder?.request(request.recorded)
        let outgoing = TransportRequest(method: request.method, path: request.path, payload: request.payload,
                                        idempotencyKey: "", check: request)
        let (outcome, cancelledByOperator) = sendCheck(outgoing, timeout: .seconds(request.timeoutSeconds))
        edges.recorder?.response(outcome)
        // What was typed while the check ran is not an answer to the prompt that comes next.
        edges.source.discardTypeAhead()
        if let signal = edges.interrupts.takeSignal() {
            edges.recorder?.interrupted(signal: signal)
            return .interrupted(signal: signal)
        }
        if cancelledByOperator { return .checked(.cancelled) }
        switch outcome {
        case .success(let response):
            return .checked(CheckClassifier.classify(
                status: response.status, contentType: response.contentType, body: response.body,
                field: request.field, submit: wizard.spec.submit))
        case .failure(let failure):
            return .checked(.failed(reason: failure.reason))
        }
    }

    /// Waits for a check through `bridge`, and also: after `SessionDriver.checkingAfter` with no
    /// answer, writes one `checking...` line (not recorded: it depends on timing); past
    /// `timeout`, gives up (`.timeout`); on SIGINT at a terminal, cancels the check and takes the
    /// signal (any other signal, and SIGINT without a terminal, is left for the caller: it ends
    /// the session). `cancelledByOperator`: the operator's Ctrl-C cancelled it (the failure is
    /// only what the transcript records).
    private func sendCheck(_ request: TransportRequest, timeout: Duration)
        -> (outcome: Result<TransportResponse, TransportFailure>, cancelledByOperator: Bool) {
        var cancelledByOperator = false
        var shown = false
        let outcome = bridge(request, everyMilliseconds: 10) { waited in
            if edges.interrupts.hasPendingSignal {
                // Only an operator at a terminal is taken back to the field: without one, SIGINT
                // comes from a supervisor or a script, and ends the run as always.
                if edges.source.isInteractive, edges.interrupts.takeInterruptToGoOn() {
                    cancelledByOperator = true
                    return .stop(.failure(.error(CLIMessage.checkCancelledByOperator.text)))
                }
                return .stop(.failure(.error(CLIMessage.requestCancelled.text)))
            }
            if waited >= timeout { return .stop(.failure(.timeout)) }
            if !shown && waited >= SessionDriver.checkingAfter {
                shown = true
                flushOutput()
                edges.write(CLIMessage.checking.text + "\n")
            }
            return .wait
        }
        return (outcome, cancelledByOperator)
    }

    /// How long a check may take before `checking...` is shown: an answer within it shows nothing.
    public static let checkingAfter: Duration = .milliseconds(150)

    /// A submission waits through `bridge` until its answer; Ctrl-C cancels the request's task
    /// (the transport then answers at once) instead of waiting for the timeout.
    private func sendCancellably(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure> {
        bridge(request, everyMilliseconds: 20) { _ in edges.interrupts.hasPendingSignal ? .cancel : .wait }
    }

    /// What the waiting side of `bridge` decides at each look (`TransportWaitStep`).
    private typealias WaitStep = TransportWaitStep

    /// The one bridge from the wizard's synchronous loop to the transport, for submissions and
    /// checks alike: the send runs while this thread waits, asking `watch` every
    /// `everyMilliseconds` (with the time waited so far) whether to go on, so signals, the
    /// `checking...` line and a check's own deadline are looked at while the request runs
    /// (`TransportWaiting`: on this thread for a `BlockingTransport`, else through a task).
    private func bridge(_ request: TransportRequest, everyMilliseconds interval: Int,
                        watch: (Duration) -> WaitStep) -> Result<TransportResponse, TransportFailure> {
        let start = ContinuousClock.now
        return TransportWaiting.send(edges.transport, request, every: interval) { watch(ContinuousClock.now - start) }
    }

    /// A random version-4 UUID string, from the system's random source.
    public static func randomKey(_ attempt: Int) -> String {
        var g = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &g) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { b -> String in
            let s = String(b, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
