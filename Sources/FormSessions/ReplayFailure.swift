import FormRunner

/// Why a transcript did not replay. Code decides on the case (`--update` may rewrite a file
/// whose only failure is `.outputDiffers`); `description` is the one place each is worded.
package enum ReplayFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transcript file could not be read (missing, not a regular file, over 8 MiB).
    case unreadableFile
    /// The same, with the reason (`FileReadError.reason`).
    case cannotReadFile(String)
    case notUTF8
    /// The transcript does not parse: the parser's positioned message.
    case invalidTranscript(TranscriptError)
    /// `#! args` holds a flag a transcript never records, or a line `fill`'s option table turns
    /// down (`SessionSetup.Flags(transcriptArgs:)`).
    case invalidArguments(TranscriptArgsError)
    case formNotLoaded(path: String, messages: [String])
    /// `#! form:` names a file replay may not read (outside its folder, or not a form file); the
    /// file was not opened.
    case formPathRefused(path: String, reason: String)
    /// `#! answers:` names a file replay may not read (outside its folder, or not YAML/JSON); the
    /// file was not opened.
    case answersPathRefused(path: String, reason: String)
    /// The answers file (`#! answers:`) could not be read or parsed.
    case answersNotLoaded(path: String, messages: [String])
    /// The answers (`#! answers:`, `#! set:`) end the session before its first prompt, as they
    /// would have ended the recorded run (an unknown or hidden field, a secret in a `#! set:`).
    case answersRefused([String])
    /// A `>* [name]` whose value cannot be made up: no default passes the secret's rules.
    case noDefaultSecret(line: Int, field: String)
    /// `>* [name: refused]` and no value could be made that the field refuses as recorded.
    case noRefusedSecret(line: Int, field: String)
    case notASecretField(line: Int, field: String)
    /// The wizard asked again after the script ran out.
    case promptWithNoInput(String)
    case inputLeftOver(line: Int, text: String, more: Int)
    case requestWithNoResponse(method: String, path: String)
    case responseNeverUsed(line: Int, text: String, more: Int)
    /// What the session recorded does not parse back: a formline bug.
    case recordingDoesNotParse(TranscriptError)
    /// The output departs from the transcript at this line (1-based).
    case outputDiffers(line: Int)
    /// Live replay: the server's answer to a request does not match the `<=` line at `line`
    /// (`difference` says how), and `more` later answers don't either.
    case liveResponseDiffers(line: Int, difference: String, more: Int)
    /// `--update` could not rewrite the transcript.
    case cannotUpdate(reason: String)
    case cannotWriteActual(path: String, reason: String)
    /// The replay did not finish within `--timeout` seconds and was abandoned.
    case timedOut(seconds: Double)

    /// Whether this failure concerns output alone, which `--update` can fix by rewriting it.
    package var isOutputOnly: Bool {
        switch self {
        case .outputDiffers: return true
        case .unreadableFile, .cannotReadFile, .notUTF8, .invalidTranscript, .invalidArguments, .formNotLoaded, .formPathRefused, .answersPathRefused, .answersNotLoaded, .answersRefused, .noDefaultSecret, .noRefusedSecret,
             .notASecretField, .promptWithNoInput, .inputLeftOver, .requestWithNoResponse, .responseNeverUsed,
             .recordingDoesNotParse, .cannotUpdate, .cannotWriteActual, .timedOut, .liveResponseDiffers:
            return false
        }
    }

    package var description: String {
        switch self {
        case .unreadableFile: return "cannot read the file"
        case .cannotReadFile(let reason): return "cannot read the file: \(reason)"
        case .notUTF8: return "the file is not UTF-8 text"
        case .invalidTranscript(let error): return error.description
        case .invalidArguments(let error): return error.description
        case .formNotLoaded(let path, let messages):
            return "cannot load the form \(path): " + messages.joined(separator: "; ")
        case .formPathRefused(let path, let reason): return "#! form: \(path): \(reason); the file was not read"
        case .answersPathRefused(let path, let reason): return "#! answers: \(path): \(reason); the file was not read"
        case .answersNotLoaded(let path, let messages):
            return "cannot load the answers \(path): " + messages.joined(separator: "; ")
        case .answersRefused(let messages):
            return "the answers end the session before its first prompt: " + messages.joined(separator: "; ")
        case .noDefaultSecret(let line, let name):
            return "line \(line): no default value passes the rules of secret \"\(name)\": add \"#! secret \(name) = VALUE\""
        case .noRefusedSecret(let line, let name):
            return "line \(line): no value could be made that secret \"\(name)\" refuses as the recorded one was (the refusal shown after the line names no rule of the field a value can break)"
        case .notASecretField(let line, let name):
            return "line \(line): the form has no secret field \"\(name)\" (give a value with \"#! secret \(name) = VALUE\")"
        case .promptWithNoInput(let prompt): return "prompt \"\(prompt)\" with no input left"
        case .inputLeftOver(let line, let text, let more):
            return "input left over from line \(line): \"\(text)\"" + (more > 0 ? " and \(more) more" : "")
        case .requestWithNoResponse(let method, let path): return "request \(method) \(path) with no response left"
        case .responseNeverUsed(let line, let text, let more):
            return "response never used, line \(line): \"\(text)\"" + (more > 0 ? " and \(more) more" : "")
        case .recordingDoesNotParse(let error): return "the recording does not parse (a formline bug): \(error)"
        case .outputDiffers(let line): return "output differs from the transcript at line \(line)"
        case .liveResponseDiffers(let line, let difference, let more):
            return "line \(line): \(difference)" + (more > 0 ? " (and \(more) more answers differ)" : "")
        case .cannotUpdate(let reason): return "cannot update the file: \(reason)"
        case .cannotWriteActual(let path, let reason): return "cannot write \(path): \(reason)"
        case .timedOut(let seconds):
            let shown = seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
            return "did not finish within \(shown) seconds (--timeout); abandoned"
        }
    }
}
