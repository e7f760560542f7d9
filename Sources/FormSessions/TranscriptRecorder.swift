import FormCore
import FormRunner
import FormSystem

/// Records a session as a transcript (docs/sessions.md): the one recorder behind
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
/// Operator lines (`> text`) are never scrubbed: they are what the replay types.
package final class TranscriptRecorder: SessionRecorder {
    /// The form as `#! form:` names it (relative to the transcript's folder).
    package let formPath: String
    /// `#! args`: the session's set-up as flags (`SessionSetup.transcriptArgs`), read back by
    /// replay with `SessionSetup.Flags(transcriptArgs:)`.
    package let args: [String]

    /// One line, kept until the file is written so the secrets learned later are scrubbed too.
    private enum Entry {
        /// Directives and secret lines: they hold no values.
        case fixed(String)
        /// What the operator typed at a non-secret prompt (without `> `): written as typed.
        case typed(String)
        /// An operator line in a version 2 file: escaped (`\\`, `\n`, `\u{1B}`).
        case typedVersion2(String)
        /// Output, requests, responses without a JSON body: secrets replaced in the text.
        case scrubbed(String)
        /// A response with a JSON body: secrets replaced inside its strings (however the server
        /// escaped them), then in the line.
        case jsonResponse(head: String, body: JSONValue)

        func text(_ scrubber: SecretScrubber) -> String {
            switch self {
            case .fixed(let text): return text
            case .typed(let line): return line.isEmpty ? ">" : "> " + line
            case .typedVersion2(let line): return line.isEmpty ? ">" : "> " + TranscriptSyntax.escapeText(line)
            case .scrubbed(let text): return scrubber.scrub(text)
            case .jsonResponse(let head, let body): return scrubber.scrub(head + " " + scrubber.scrub(body).compactText)
            }
        }
    }

    private var entries: [Entry] = []
    /// The start of a line that later output completes ("Submitting...").
    private var partial: String?
    private var scrubber = SecretScrubber()
    /// Private values typed again at another private field: from entry `entry` on, `value` is
    /// written as that field's `placeholder`. The same text refused at the MRN and then at the
    /// birth date is `[mrn]` in the MRN's message and `[birth]` in the birth date's, so a replay,
    /// which types a value of its own at each, reads each message under the field it typed at.
    private var retyped: [(entry: Int, value: String, placeholder: String)] = []
    /// Set once a line holds a control character that only version 2 can write (rule 10e).
    private var needsVersion2 = false
    /// The `--set` values (`#! set:`): in the file already, like operator lines.
    private var setValues: [String] = []

    package typealias OpenAPIOrigin = Transcript.OpenAPIOrigin

    /// - Parameter clock: the moment `today` / `now` defaults were resolved with (`#! clock:`),
    ///   nil when the form has none: a replay resolves them with the same moment.
    /// - Parameter answersPath: the `--answers` file relative to the transcript's folder
    ///   (`#! answers:`); its content is never copied into the transcript.
    /// - Parameter sets: the `--set` answers (`#! set:`), never a secret's (the caller leaves those
    ///   out; a secret is refused on the command line anyway).
    /// - Parameter openAPI: the operation when `formPath` names an OpenAPI document's copy.
    package init(formPath: String, args: [String] = [], clock: String? = nil,
                answersPath: String? = nil, sets: [SetAnswer] = [], openAPI: OpenAPIOrigin? = nil) {
        self.formPath = formPath
        self.args = args
        entries.append(.fixed(TranscriptSyntax.header))
        entries.append(.fixed("#! form: " + formPath))
        if let openAPI {
            entries.append(.fixed("#! operation: " + openAPI.operation))
            if let name = openAPI.documentName { entries.append(.fixed("#! document: " + name)) }
        }
        if let answersPath { entries.append(.fixed("#! answers: " + answersPath)) }
        for set in sets {
            setValues.append(set.value)
            let text = set.name + "=" + set.value
            if TranscriptSyntax.needsVersion2(text) { needsVersion2 = true }
            entries.append(.fixed("#! set: " + TranscriptSyntax.escapeText(text)))
        }
        if !args.isEmpty { entries.append(.fixed("#! args: " + args.joined(separator: " "))) }
        if let clock { entries.append(.fixed("#! clock: " + clock)) }
    }

    /// The transcript so far, one line each, secrets scrubbed. A pending partial line is included.
    ///
    /// A secret the operator also typed at a non-secret prompt is in the file already, in that
    /// operator line; it is left alone everywhere, so the transcript stays true and replays. The
    /// same for a secret that is a `--set` value (`#! set: username=...`): the replay gives that
    /// field the value as written, so a copy scrubbed elsewhere would no longer match.
    package var lines: [String] {
        var all = entries
        if let partial { all.append(outputEntry(partial)) }
        let typed = all.compactMap { entry -> String? in
            if case .typed(let line) = entry { return line }
            return nil
        }
        var scrubber = scrubber.sparing(secretsIn: typed + setValues)
        guard needsVersion2 || !retyped.isEmpty else { return all.map { $0.text(scrubber) } }
        var next = 0
        return all.enumerated().map { index, entry in
            while next < retyped.count, retyped[next].entry <= index {
                scrubber = scrubber.writing(retyped[next].value, as: retyped[next].placeholder)
                next += 1
            }
            guard needsVersion2 else { return entry.text(scrubber) }
            switch entry {
            case .fixed(TranscriptSyntax.header): return TranscriptSyntax.headerVersion2
            case .typed(let line): return Entry.typedVersion2(line).text(scrubber)
            default: return entry.text(scrubber)
            }
        }
    }

    /// The whole file: every line ended by a newline.
    package var text: String { lines.map { $0 + "\n" }.joined() }

    /// Writes the transcript atomically (temporary file, then rename), readable by the owner only.
    package func write(to path: String) throws(RecordingWriteError) {
        do {
            try AtomicFile.write(Array(text.utf8), to: path, mode: 0o600, createFolders: false)
        } catch {
            throw RecordingWriteError(path: path, reason: error.reason)
        }
    }

    // MARK: - SessionRecorder

    package func output(_ line: OutputLine) {
        // The transcript's own copy of the line (a review row with a private value as `[name]`).
        if let recorded = line.recorded, partial == nil, line.endsLine {
            for text in recorded { entries.append(outputEntry(text)) }
            return
        }
        let whole = (partial ?? "") + line.text
        // Most output is one line: no Character split (grapheme breaking) for it.
        var pieces = whole.anyByte({ $0 == UInt8(ascii: "\n") }) ? TranscriptParser.lines(of: whole) : [whole]
        if line.endsLine {
            partial = nil
        } else {
            partial = pieces.removeLast()
        }
        for piece in pieces { entries.append(outputEntry(piece)) }
    }

    package func prompt(_ text: String) {
        flushPartial()
        entries.append(outputEntry(text))
    }

    package func input(_ line: String) {
        if TranscriptSyntax.needsVersion2(line) { needsVersion2 = true }
        entries.append(.typed(line))
    }

    package func secretInput(field: String) {
        entries.append(.fixed(">* [\(field)]"))
    }

    package func privateValue(field: String, value: String) {
        // Trimmed as the wizard keeps it: the review and the request show it so.
        learn(value, as: "[\(field)]")
        let trimmed = value.trimmedWhitespace
        if trimmed != value { learn(trimmed, as: "[\(field)]") }
        // A 7-bit line (`--lang nb.ascii`) shows `Bjørn` as `Bjoern`: that spelling is the value too.
        let plain = MessageLanguage.transliterated(trimmed)
        if plain != trimmed { learn(plain, as: "[\(field)]") }
    }

    /// Learns a private value typed now; one already known under another field's placeholder is
    /// written as this field's from here on (`retyped`).
    private func learn(_ value: String, as placeholder: String) {
        if let known = scrubber.placeholder(of: value) {
            let current = retyped.last { $0.value == value }?.placeholder ?? known
            if current != placeholder { retyped.append((entries.count, value, placeholder)) }
        } else {
            scrubber.learn(value: value, placeholder: placeholder)
        }
    }

    package func formText(_ texts: [String]) {
        scrubber.spare(formText: texts)
    }

    package func refusedSecretInput(field: String) {
        entries.append(.fixed(TranscriptSyntax.refusedSecretLine(field: field)))
    }

    package func refusedByCheck(field: String) {
        let line = ">* [\(field)]"
        guard let index = entries.lastIndex(where: { if case .fixed(line) = $0 { return true } else { return false } }) else { return }
        entries[index] = .fixed(TranscriptSyntax.refusedSecretLine(field: field))
    }

    package func unreadable(_ reason: String) {
        if TranscriptSyntax.needsVersion2(reason) { needsVersion2 = true }
        entries.append(.fixed(TranscriptSyntax.unreadableLine(reason)))
    }

    package func request(_ submission: Submission) {
        scrubber.learn(payload: submission.payload, transcriptPayload: submission.transcriptPayload)
        entries.append(.scrubbed("=> \(submission.method) \(submission.recordedPath) \(submission.transcriptPayload.compactText)"))
    }

    package func response(_ outcome: Result<TransportResponse, TransportFailure>) {
        entries.append(responseEntry(outcome))
    }

    package func endOfInput() {
        entries.append(.fixed("#! eof"))
    }

    package func interrupted(signal: Int32) {
        let name = TranscriptSyntax.signalName(signal).map { " " + $0 } ?? ""
        entries.append(.fixed("#! interrupt" + name))
    }

    package func recordStarts(_ number: Int) {
        flushPartial()
        entries.append(.fixed("#! record \(number)"))
    }

    package func finished(_ status: ExitStatus) {
        flushPartial()
        entries.append(.fixed("#! exit \(status.rawValue)"))
    }

    // MARK: - Lines

    private func flushPartial() {
        if let partial { entries.append(outputEntry(partial)) }
        partial = nil
    }

    private func outputEntry(_ text: String) -> Entry {
        .scrubbed(TranscriptSyntax.outputLine(TranscriptSyntax.clean(text)))
    }

    /// A JSON body is compacted (sorted keys) when written, its strings scrubbed; anything else
    /// goes on the line as text with newlines escaped.
    private func responseEntry(_ outcome: Result<TransportResponse, TransportFailure>) -> Entry {
        switch outcome {
        case .failure(.timeout): return .scrubbed("<= !timeout")
        case .failure(.refused): return .scrubbed("<= !refused")
        case .failure(.error(let message)):
            if TranscriptSyntax.needsVersion2(message) { needsVersion2 = true }
            return .scrubbed("<= !error " + TranscriptSyntax.escapeText(message))
        case .success(let response):
            var line = "<= \(response.status)"
            if let location = response.location { line += " -> " + TranscriptRecorder.withoutWhitespace(location) }
            let type = TranscriptRecorder.withoutWhitespace(response.contentType ?? "")
            line += " " + (type.isEmpty ? "-" : type)
            if response.body.isEmpty { return .scrubbed(line) }
            if let json = JSONValue.parse(response.body) { return .jsonResponse(head: line, body: json) }
            let body = String(decoding: response.body, as: UTF8.self)
            if TranscriptSyntax.needsVersion2(body) { needsVersion2 = true }
            return .scrubbed(line + " " + TranscriptSyntax.escapeText(body))
        }
    }

    /// The text without white space (a header written as one word); the text itself when it has none.
    static func withoutWhitespace(_ text: String) -> String {
        text.containsWhitespace ? text.filter { !$0.isWhitespace } : text
    }
}
