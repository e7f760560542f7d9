import FormCore

/// Observes a session as it happens, for transcripts (`--record`, replay). The driver calls it
/// with exactly what the operator saw and typed, and every exchange with the server; secrets reach
/// it only as the field's name.
public protocol SessionRecorder: AnyObject {
    /// Wizard output, as text without escapes (a line not ending in `endsLine` continues later).
    func output(_ line: OutputLine)
    /// A prompt that now waits for input.
    func prompt(_ text: String)
    /// What the operator typed at that prompt.
    func input(_ line: String)
    /// A secret line was typed for `field`; its value is never passed on.
    func secretInput(field: String)
    /// A secret line for `field` that the wizard refused (too short, say): a replay must type a
    /// value refused the same way, or every later line lands on the wrong prompt.
    func refusedSecretInput(field: String)
    /// A private field's value as typed, just before its `secretInput`/`refusedSecretInput`: not
    /// to be written, but to be replaced by `[field]` wherever the session repeats it.
    func privateValue(field: String, value: String)
    /// Text the form shows everyone that a private value may equal (a private field's choices,
    /// their labels, its bounds): never to be replaced as a private value (docs/privacy.md).
    func formText(_ texts: [String])
    /// The last `secretInput` of `field` was refused after all, by the server check it started
    /// (the check's `=>`/`<=` lines come after it): it becomes a `refusedSecretInput`.
    func refusedByCheck(field: String)
    /// The line source could not read a line (invalid UTF-8, over 64 KiB); `reason` is what it
    /// said, and what the wizard shows. The line itself is never passed on.
    func unreadable(_ reason: String)
    func request(_ submission: Submission)
    func response(_ outcome: Result<TransportResponse, TransportFailure>)
    func endOfInput()
    func interrupted(signal: Int32)
    func finished(_ status: ExitStatus)
    /// Record `number` of a run of records begins (`RecordLoop`, from the second record on, for
    /// a form with a private `distinct` field): a transcript marks it, so that replay can give
    /// each record's private value one of its own.
    func recordStarts(_ number: Int)
}

extension SessionRecorder {
    /// A recorder that does not tell refused secrets apart records them as any secret line.
    public func refusedSecretInput(field: String) { secretInput(field: field) }
    /// A recorder that writes no output has nothing to replace.
    public func privateValue(field: String, value: String) {}
    /// A recorder that writes no output has nothing to spare.
    public func formText(_ texts: [String]) {}
    /// A recorder that does not tell refused secrets apart has nothing to change.
    public func refusedByCheck(field: String) {}
    /// A recorder that writes no transcript has nothing to mark.
    public func recordStarts(_ number: Int) {}
}
