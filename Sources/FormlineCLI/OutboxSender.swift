#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FormCore
import FormDrafts
import FormFiles
import FormRunner
import FormSystem
import FormTransport
import Synchronization

/// Sends outbox entries again, `jobs` at a time, each with the key of its first attempt
/// (docs/outbox-and-batch.md). Each entry is claimed first (`Outbox.claim`) and read again under
/// the claim, so two senders never send one entry, at once or one after the other; the outcome is
/// printed and written back as each answer comes, while the claim is still held.
struct OutboxSender: Sendable {
    struct Tally: Sendable, Equatable {
        var sent = 0
        var rejected = 0
        var notSent = 0
        /// Held by another sender, or sent by one since it was listed: not this run's to count.
        var busy = 0
    }

    let outbox: Outbox
    let headers: OutboxHeaders.List
    let timeout: Double
    /// `--endpoint`: every entry goes there instead of to its own.
    let endpoint: String?

    /// Sends `entries` and returns how they went; blocks until every answer is in.
    func send(_ entries: [OutboxEntry], jobs: Int) -> Tally {
        let result = LockedValue<Tally?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let tally = await self.sendAll(entries, jobs: jobs)
            result.set(tally)
            done.signal()
        }
        done.wait()
        return result.get() ?? Tally()
    }

    /// What one entry's send came to, handled (printed, written back) by the one task that reads
    /// the group's results, so lines never interleave.
    private enum Outcome: Sendable {
        case answered(OutboxEntry, FormSpec, TransportResponse, OutboxClaim)
        case failed(OutboxEntry, String, OutboxClaim)
        case busy(OutboxEntry)
    }

    private func sendAll(_ entries: [OutboxEntry], jobs: Int) async -> Tally {
        var tally = Tally()
        var transports: [String: HTTPTransport] = [:]
        var forms: [String: Result<FormSpec, FormFileErrors>] = [:]
        var prepared: [(OutboxEntry, FormSpec, any Transport)] = []
        for entry in entries {
            let form = forms[entry.formPath] ?? FormFileLoader.load(path: entry.formPath)
            forms[entry.formPath] = form
            let spec: FormSpec
            switch form {
            case .success(let loaded): spec = loaded
            case .failure(let errors):
                report(.outboxFormUnusable(form: entry.formID, key: entry.idempotencyKey,
                                           problem: errors.errors.first.map { "\($0)" } ?? entry.formPath))
                tally.notSent += 1
                continue
            }
            let url = endpoint ?? entry.endpoint
            if transports[url] == nil {
                do {
                    transports[url] = try HTTPTransport(
                        endpoint: url, headers: headers.headers, credentials: headers.credentials,
                        timeout: .milliseconds(Int64(timeout * 1000)),
                        proxy: try ProxyEnvironment.proxy(for: url, environment: TLSFileReader.proxyEnvironment()))
                } catch {
                    report(.outboxNotSent(form: entry.formID, key: entry.idempotencyKey, reason: "\(error)"))
                    tally.notSent += 1
                    continue
                }
            }
            guard let transport = transports[url] else { continue }
            // Tried again like a batch record (RetryingTransport) before it counts as not sent.
            prepared.append((entry, spec, RetryingTransport(base: transport, policy: RetryPolicy(), now: { Int(time(nil)) })))
        }
        let outbox = outbox
        await withTaskGroup(of: Outcome.self) { group in
            var next = prepared.makeIterator()
            func start() -> Bool {
                guard let (entry, spec, transport) = next.next() else { return false }
                group.addTask {
                    guard let claim = outbox.claim(key: entry.idempotencyKey) else { return .busy(entry) }
                    // Listed before it was claimed: another sender may have sent and removed it,
                    // or written a new attempt, since.
                    guard outbox.current(key: entry.idempotencyKey) == entry else {
                        outbox.release(claim)
                        return .busy(entry)
                    }
                    let request = TransportRequest(
                        method: entry.method, path: entry.path, payload: entry.payload,
                        idempotencyKey: entry.idempotencyKey, body: spec.submit.body)
                    switch await transport.send(request) {
                    case .success(let response): return .answered(entry, spec, response, claim)
                    case .failure(let failure): return .failed(entry, failure.reason, claim)
                    }
                }
                return true
            }
            for _ in 0..<jobs where start() {}
            while let outcome = await group.next() {
                handle(outcome, tally: &tally)
                _ = start()
            }
        }
        for transport in transports.values { transport.shutdown() }
        return tally
    }

    private func handle(_ outcome: Outcome, tally: inout Tally) {
        switch outcome {
        case .busy(let entry):
            report(.outboxBusy(form: entry.formID, key: entry.idempotencyKey))
            tally.busy += 1
        case .failed(var entry, let reason, let claim):
            defer { outbox.release(claim) }
            entry.attempts.append(OutboxEntry.Attempt(at: DraftStore.timestamp(), outcome: "failed: " + reason))
            keep(entry)
            report(.outboxNotSent(form: entry.formID, key: entry.idempotencyKey, reason: reason))
            tally.notSent += 1
        case .answered(var entry, let spec, let response, let claim):
            defer { outbox.release(claim) }
            let result = SubmissionClassifier.classify(
                status: response.status, contentType: response.contentType, body: response.body,
                location: response.location, submit: spec.submit)
            switch result {
            case .accepted(let status, let note):
                outbox.remove(key: entry.idempotencyKey)
                report(.outboxSent(form: entry.formID, key: entry.idempotencyKey, status: status, note: note))
                tally.sent += 1
            case .rejected(let status, _):
                entry.attempts.append(OutboxEntry.Attempt(at: DraftStore.timestamp(), outcome: "rejected (\(status))"))
                entry.rejection = OutboxEntry.Rejection(
                    status: status, contentType: response.contentType, body: String(decoding: response.body, as: UTF8.self))
                keep(entry)
                report(.outboxRejected(form: entry.formID, key: entry.idempotencyKey, status: status))
                tally.rejected += 1
            case .failed(let reason), .queued(let reason):
                entry.attempts.append(OutboxEntry.Attempt(at: DraftStore.timestamp(), outcome: "failed: " + reason))
                keep(entry)
                report(.outboxNotSent(form: entry.formID, key: entry.idempotencyKey, reason: reason))
                tally.notSent += 1
            }
        }
    }

    /// Writes the entry back with its new attempt; the entry stays whatever happens. Never one
    /// that is gone: it was removed (accepted), and writing it back would send it again.
    private func keep(_ entry: OutboxEntry) {
        guard outbox.current(key: entry.idempotencyKey) != nil else { return }
        do {
            try outbox.save(entry)
        } catch {
            StandardError.write(TextCleaning.visible("formline: " + CLIMessage.outboxNotWritten(reason: "\(error)").text) + "\n")
        }
    }

    private func report(_ message: CLIMessage) {
        print(TextCleaning.visible(message.text))
    }
}

/// A value handed between threads (a `Mutex` cannot be captured by an escaping closure).
final class LockedValue<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ initial: Value) { value = Mutex(initial) }

    func set(_ newValue: Value) { value.withLock { $0 = newValue } }
    func get() -> Value { value.withLock { $0 } }
}
