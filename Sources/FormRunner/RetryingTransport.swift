import Dispatch
import FormCore

/// A transport that sends a request again, under the same Idempotency-Key, when no usable answer
/// came (`formline batch`, `formline outbox send`; docs/outbox-and-batch.md, "Retries"): a
/// transport failure (no answer, a timeout, a refused connection) or a 429, 502, 503 or 504. It
/// waits 0.5 s, 1 s, 2 s... between tries, or what the server's `Retry-After` asks (capped at
/// `RetryPolicy.longestWait`), at most `policy.retries` times; then the last outcome stands. The
/// same key makes a retry safe: a server that took the first try answers as before.
public struct RetryingTransport: Transport {
    public let base: any Transport
    public let policy: RetryPolicy
    /// True once the run is stopping (Ctrl-C): no further try is started and no wait is begun.
    public let stopping: @Sendable () -> Bool
    /// Seconds since 1970, for a `Retry-After` given as an HTTP-date.
    public let now: @Sendable () -> Int

    public init(base: any Transport, policy: RetryPolicy, stopping: @escaping @Sendable () -> Bool = { false },
                now: @escaping @Sendable () -> Int) {
        self.base = base
        self.policy = policy
        self.stopping = stopping
        self.now = now
    }

    public func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure> {
        var outcome = await base.send(request)
        var retry = 0
        while retry < policy.retries, let wait = policy.wait(after: outcome, retry: retry, now: now()), !stopping() {
            guard await pause(seconds: wait) else { break }
            retry += 1
            outcome = await base.send(request)
        }
        return outcome
    }

    /// Sleeps in short slices so a Ctrl-C is noticed within 0.1 s; false when the run stops.
    private func pause(seconds: Double) async -> Bool {
        var left = seconds
        while left > 0 {
            let slice = min(left, 0.1)
            do { try await Task.sleep(for: .milliseconds(Int64(slice * 1000))) } catch { return false }
            if stopping() { return false }
            left -= slice
        }
        return true
    }
}

/// How many times, and how long apart, `RetryingTransport` tries again.
public struct RetryPolicy: Sendable, Equatable {
    /// Tries after the first (`--retries`, 0 to 10).
    public var retries: Int
    /// The first wait; each next one is twice as long (capped at `longestWait`).
    public var firstWait: Double

    /// The longest wait, whatever `Retry-After` asks: a batch is not held for an hour by one header.
    public static let longestWait = 60.0
    /// Statuses that say "not now" rather than "no": tried again.
    public static let retriedStatuses: Set<Int> = [429, 502, 503, 504]

    public init(retries: Int = 3, firstWait: Double = 0.5) {
        self.retries = retries
        self.firstWait = firstWait
    }

    /// Seconds to wait before try `retry + 2`, or nil when `outcome` is not tried again.
    public func wait(after outcome: Result<TransportResponse, TransportFailure>, retry: Int, now: Int) -> Double? {
        let backoff = min(Self.longestWait, firstWait * Double(1 << min(retry, 16)))
        switch outcome {
        case .failure: return backoff
        case .success(let response):
            guard Self.retriedStatuses.contains(response.status) else { return nil }
            if response.status == 429 || response.status == 503,
               let text = response.retryAfter, let asked = RetryAfter.seconds(text, now: now) {
                return min(Self.longestWait, asked)
            }
            return backoff
        }
    }
}

/// Reads a `Retry-After` header (RFC 9110, 10.2.3): delay-seconds or an IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`).
public enum RetryAfter {
    /// The seconds it asks to wait (0 for a date already past), or nil when it is unreadable.
    public static func seconds(_ text: String, now: Int) -> Double? {
        let trimmed = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        if !trimmed.isEmpty, trimmed.utf8.count <= 10, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(trimmed) {
            return Double(value)
        }
        guard let date = httpDate(trimmed) else { return nil }
        return Double(max(0, date - now))
    }

    /// An IMF-fixdate as seconds since 1970.
    static func httpDate(_ text: String) -> Int? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
              let day = Int(parts[1]), (1...31).contains(day),
              let month = months.firstIndex(of: String(parts[2])),
              let year = Int(parts[3]), (1970...9999).contains(year) else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]), let s = Int(clock[2]),
              (0...23).contains(h), (0...59).contains(m), (0...60).contains(s) else { return nil }
        return daysFromCivil(year: year, month: month + 1, day: day) * 86_400 + h * 3600 + m * 60 + s
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// The same tries and waits for a caller that waits on its own thread (`BlockingTransport`): the
/// base is waited for as the caller would wait for it, and a wait between tries is slept in
/// slices of `interval` milliseconds, each followed by a look at `watch` and `stopping`.
extension RetryingTransport: BlockingTransport {
    package func sendBlocking(_ request: TransportRequest, every interval: Int,
                              watch: () -> TransportWaitStep) -> Result<TransportResponse, TransportFailure> {
        var outcome = TransportWaiting.send(base, request, every: interval, watch: watch)
        var retry = 0
        while retry < policy.retries, let wait = policy.wait(after: outcome, retry: retry, now: now()), !stopping() {
            switch pauseBlocking(seconds: wait, every: interval, watch: watch) {
            case .wait: break
            case .cancel: return outcome
            case .stop(let own): return own
            }
            retry += 1
            outcome = TransportWaiting.send(base, request, every: interval, watch: watch)
        }
        return outcome
    }

    /// `.wait` when the pause ran out and the next try may go; `.cancel` when the run stops or the
    /// caller cancelled (the last outcome stands, as when the async pause is cancelled); `.stop`
    /// with the caller's own outcome.
    private func pauseBlocking(seconds: Double, every interval: Int, watch: () -> TransportWaitStep) -> TransportWaitStep {
        let sleeper = DispatchSemaphore(value: 0)
        let end = DispatchTime.now() + seconds
        while DispatchTime.now() < end {
            _ = sleeper.wait(timeout: min(end, .now() + .milliseconds(max(1, interval))))
            switch watch() {
            case .wait: break
            case .cancel: return .cancel
            case .stop(let own): return .stop(own)
            }
            if stopping() { return .cancel }
        }
        return .wait
    }
}
