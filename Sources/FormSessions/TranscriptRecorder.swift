import FormCore
import FormRunner
import FormTransport

/// Records a session as a transcript (design.md section 6): the one recorder behind
/// `formline fill --record FILE` and behind replay, so what replay compares is what `--record`
/// writes.
///
/// ```swift
/// let recorder = TranscriptRecorder(formPath: "../../Forms/signup.yaml", args: ["--plain"])
/// let driver = SessionDriver(wizard: wizard, edges: .init(..., recorder: recorder))
/// _ = driver.run()
/// try recorder.write(to: "signup.session")
/// ```
///
/// The file is kept in memory until the end, so a secret that only becomes known at the first
/// submission is still scrubbed from every line written before it (see `SecretScrubber`).
public final class TranscriptRecorder: SessionRecorder {
    /// The form as `#! form:` names it (relative to the transcript's folder).
    public let formPath: String
    /// The flags that change what the operator sees (`--plain`, `--output json`).
    public let args: [String]

    private struct Entry {
        var text: String
        /// Directives and secret lines hold no values; everything else is scrubbed when written.
        var scrubbed: Bool
    }

    private var entries: [Entry] = []
    /// The start of a line that later output completes ("Submitting...").
    private var partial: String?
    private var scrubber = SecretScrubber()

    public init(formPath: String, args: [String] = []) {
        self.formPath = formPath
        self.args = args
        entries.append(Entry(text: TranscriptSyntax.header, scrubbed: false))
        entries.append(Entry(text: "#! form: " + formPath, scrubbed: false))
        if !args.isEmpty { entries.append(Entry(text: "#! args: " + args.joined(separator: " "), scrubbed: false)) }
    }

    /// The flags of a `fill` run that belong in `#! args`: only those that change what the
    /// operator sees. `--record`, `--draft`, `--resume`, `--endpoint` and `--header` never do.
    public static func visibleArgs(plain: Bool, outputJSON: Bool) -> [String] {
        (plain ? ["--plain"] : []) + (outputJSON ? ["--output", "json"] : [])
    }

    /// The transcript so far, one line each, secrets scrubbed. A pending partial line is included.
    public var lines: [String] {
        var all = entries
        if let partial { all.append(outputEntry(partial)) }
        return all.map { $0.scrubbed ? scrubber.scrub($0.text) : $0.text }
    }

    /// The whole file: every line ended by a newline.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// Writes the transcript atomically (temporary file, then rename), readable by the owner only.
    public func write(to path: String) throws {
        try AtomicFile.write(Array(text.utf8), to: path, mode: 0o600)
    }

    // MARK: - SessionRecorder

    public func output(_ line: OutputLine) {
        var pieces = ((partial ?? "") + line.text)
            .split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        if line.endsLine {
            partial = nil
        } else {
            partial = pieces.removeLast()
        }
        for piece in pieces { entries.append(outputEntry(piece)) }
    }

    public func prompt(_ text: String) {
        flushPartial()
        entries.append(outputEntry(text))
    }

    public func input(_ line: String) {
        entries.append(Entry(text: line.isEmpty ? ">" : "> " + line, scrubbed: true))
    }

    public func secretInput(field: String) {
        entries.append(Entry(text: ">* [\(field)]", scrubbed: false))
    }

    public func unreadable(_ reason: String) {
        entries.append(Entry(text: TranscriptSyntax.unreadableLine(reason), scrubbed: false))
    }

    public func request(_ submission: Submission) {
        scrubber.learn(payload: submission.payload, transcriptPayload: submission.transcriptPayload)
        entries.append(Entry(
            text: "=> \(submission.method) \(submission.path) \(submission.transcriptPayload.compactText)",
            scrubbed: true))
    }

    public func response(_ outcome: Result<TransportResponse, TransportFailure>) {
        entries.append(Entry(text: responseLine(outcome), scrubbed: true))
    }

    public func endOfInput() {
        entries.append(Entry(text: "#! eof", scrubbed: false))
    }

    public func interrupted(signal: Int32) {
        let name = TranscriptSyntax.signalName(signal).map { " " + $0 } ?? ""
        entries.append(Entry(text: "#! interrupt" + name, scrubbed: false))
    }

    public func finished(_ status: ExitStatus) {
        flushPartial()
        entries.append(Entry(text: "#! exit \(status.rawValue)", scrubbed: false))
    }

    // MARK: - Lines

    private func flushPartial() {
        if let partial { entries.append(outputEntry(partial)) }
        partial = nil
    }

    private func outputEntry(_ text: String) -> Entry {
        Entry(text: TranscriptSyntax.outputLine(TranscriptSyntax.clean(text)), scrubbed: true)
    }

    private func responseLine(_ outcome: Result<TransportResponse, TransportFailure>) -> String {
        switch outcome {
        case .failure(.timeout): return "<= !timeout"
        case .failure(.refused): return "<= !refused"
        case .failure(.error(let message)): return "<= !error " + TranscriptSyntax.escapeText(message)
        case .success(let response):
            var line = "<= \(response.status)"
            if let location = response.location { line += " -> " + location.filter { !$0.isWhitespace } }
            let type = (response.contentType ?? "").filter { !$0.isWhitespace }
            line += " " + (type.isEmpty ? "-" : type)
            let body = responseBody(response.body)
            if !body.isEmpty { line += " " + body }
            return line
        }
    }

    /// JSON compacted (sorted keys, secrets scrubbed inside strings); anything else as text on
    /// one line with newlines escaped.
    private func responseBody(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "" }
        if let json = JSONValue.parse(bytes) { return scrubber.scrub(json).compactText }
        return TranscriptSyntax.escapeText(String(decoding: bytes, as: UTF8.self))
    }
}
