import FormCore
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
    /// No generated value passes a private field's rules (docs/privacy.md).
    case noDefaultPrivate(line: Int, field: String)
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
        case .unreadableFile, .cannotReadFile, .notUTF8, .invalidTranscript, .invalidArguments, .formNotLoaded, .formPathRefused, .answersPathRefused, .answersNotLoaded, .answersRefused, .noDefaultSecret, .noDefaultPrivate, .noRefusedSecret,
             .notASecretField, .promptWithNoInput, .inputLeftOver, .requestWithNoResponse, .responseNeverUsed,
             .recordingDoesNotParse, .cannotUpdate, .cannotWriteActual, .timedOut, .liveResponseDiffers:
            return false
        }
    }

    /// The words come from `CLIMessage`; a transcript's own parse errors describe themselves.
    package var description: String {
        switch self {
        case .unreadableFile: return CLIMessage.replayUnreadableFile.text
        case .cannotReadFile(let reason): return CLIMessage.replayCannotReadFile(reason: reason).text
        case .notUTF8: return CLIMessage.replayNotUTF8.text
        case .invalidTranscript(let error): return error.description
        case .invalidArguments(let error): return error.description
        case .formNotLoaded(let path, let messages): return CLIMessage.replayFormNotLoaded(path: path, problems: messages).text
        case .formPathRefused(let path, let reason): return CLIMessage.replayFormPathRefused(path: path, reason: reason).text
        case .answersPathRefused(let path, let reason): return CLIMessage.replayAnswersPathRefused(path: path, reason: reason).text
        case .answersNotLoaded(let path, let messages): return CLIMessage.replayAnswersNotLoaded(path: path, problems: messages).text
        case .answersRefused(let messages): return CLIMessage.replayAnswersRefused(problems: messages).text
        case .noDefaultSecret(let line, let name): return CLIMessage.replayNoDefaultSecret(line: line, field: name).text
        case .noDefaultPrivate(let line, let name): return CLIMessage.replayNoDefaultPrivate(line: line, field: name).text
        case .noRefusedSecret(let line, let name): return CLIMessage.replayNoRefusedSecret(line: line, field: name).text
        case .notASecretField(let line, let name): return CLIMessage.replayNotASecretField(line: line, field: name).text
        case .promptWithNoInput(let prompt): return CLIMessage.replayPromptWithNoInput(prompt: prompt).text
        case .inputLeftOver(let line, let text, let more): return CLIMessage.replayInputLeftOver(line: line, text: text, more: more).text
        case .requestWithNoResponse(let method, let path): return CLIMessage.replayRequestWithNoResponse(method: method, path: path).text
        case .responseNeverUsed(let line, let text, let more): return CLIMessage.replayResponseNeverUsed(line: line, text: text, more: more).text
        case .recordingDoesNotParse(let error): return CLIMessage.replayRecordingDoesNotParse(problem: String(describing: error)).text
        case .outputDiffers(let line): return CLIMessage.replayOutputDiffers(line: line).text
        case .liveResponseDiffers(let line, let difference, let more):
            return CLIMessage.replayLiveResponseDiffers(line: line, difference: difference, more: more).text
        case .cannotUpdate(let reason): return CLIMessage.replayCannotUpdate(reason: reason).text
        case .cannotWriteActual(let path, let reason): return CLIMessage.cannotWriteReport(path: path, reason: reason).text
        case .timedOut(let seconds): return CLIMessage.replayTimedOut(seconds: seconds).text
        }
    }
}
