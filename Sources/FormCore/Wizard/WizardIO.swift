/// How a session ended; the raw value is the process exit status (docs/drafts.md, "Exit status").
public enum ExitStatus: Int32, Sendable, Equatable {
    case accepted = 0
    case cancelled = 1
    case usage = 2
    case transportFailed = 3
    case endOfInput = 4
    /// Input was refused (or the server rejected the form) and no operator is there to fix it:
    /// a run without a terminal stops rather than let later lines land on the wrong field.
    case inputRefused = 5
    /// The session ended unfinished and its draft could not be written: work would be lost.
    case draftNotSaved = 6
    /// A run of records (`fill --repeat`) ended by the operator with at least one record not
    /// accepted (rejected, or kept as a draft after a transport failure).
    case recordsNotAllAccepted = 7
    case hangup = 129
    case interrupted = 130
    /// SIGQUIT (Ctrl-\ on a terminal): the draft is saved like for any other signal.
    case quit = 131
    case terminated = 143

    /// The status for a signal that ended the session.
    public static func forSignal(_ signal: Int32) -> ExitStatus {
        switch signal {
        case 1: return .hangup
        case 3: return .quit
        case 15: return .terminated
        default: return .interrupted
        }
    }
}

/// What happens to the wizard. The driver turns terminal input and transport outcomes into these.
public enum WizardEvent: Sendable, Equatable {
    case start
    case line(String)
    /// A line the source could not take (too long, invalid UTF-8), with the reason.
    case unreadable(String)
    case endOfInput
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT.
    case interrupted(signal: Int32)
    case submission(SubmissionResult)
    /// The answer to the server check the wizard asked for (`WizardEffect.check`).
    case checked(CheckOutcome)
}

/// A line (or the start of one) of wizard output. `style` lets the styled face colour it; the text
/// never depends on style, so plain and styled output read the same.
public struct OutputLine: Sendable, Equatable {
    public enum Style: Sendable, Equatable { case title, plain, error, notice, choices, review }

    public var text: String
    public var style: Style
    /// False for a line that the next output completes ("Submitting..." + " accepted (201)").
    public var endsLine: Bool
    /// The lines a transcript writes for this one, when they differ (nil: `text` itself): a
    /// review row showing a private value is recorded with `[name]` put in before wrapping, so
    /// no half of a wrapped value and no short value is written (docs/privacy.md).
    public var recorded: [String]?

    public init(_ text: String, style: Style = .plain, endsLine: Bool = true) {
        self.text = text
        self.style = style
        self.endsLine = endsLine
    }
}

/// A request for one line from the operator: what the wizard asks, and what an editing terminal
/// can offer with it. Line sources take it as is (`LineSource.read`).
public struct Prompt: Sendable, Equatable {
    public enum Completion: Sendable, Equatable {
        case none
        /// Tab completes the whole line from these words.
        case single([String])
        /// Tab completes each comma-separated item from these words.
        case list([String])
    }

    /// The prompt exactly as shown, e.g. "Country [Norway]: ".
    public var text: String
    /// The field asked, nil for the review and retry prompts.
    public var field: String?
    /// Text put on the edit line for editing (a rejected answer, a value being revisited).
    public var prefill: String?
    /// Read without echo, never pre-filled, never in history.
    public var secret: Bool
    public var completion: Completion
    /// For an item's field, its declaration (`lines.qty` for `lines.2.qty`): every item shares
    /// one history, so Up at item 7 offers what was typed at items 1 to 6.
    public var declaration: String?
    /// A private field (docs/privacy.md): echoed and pre-filled as usual, but never in history,
    /// and recorded as `>* [name]`.
    public var isPrivate = false
    /// False for a field with `history: false`: Up-arrow offers nothing and nothing is kept.
    public var keepsHistory = true
    /// What a transcript records for this prompt when it differs from `text`: a private field's
    /// value shown in it is written as the field's name (docs/privacy.md).
    public var recorded: String?

    public init(text: String, field: String? = nil, prefill: String? = nil, secret: Bool = false, completion: Completion = .none,
                declaration: String? = nil, isPrivate: Bool = false, keepsHistory: Bool = true) {
        self.text = text
        self.isPrivate = isPrivate
        self.keepsHistory = keepsHistory
        self.declaration = declaration
        self.field = field
        self.prefill = prefill
        self.secret = secret
        self.completion = completion
    }

    /// Whose history Up-arrow walks: the field's, never a secret's, a private field's or one with
    /// `history: false`; nil for other prompts.
    public var historyKey: String? { secret || isPrivate || !keepsHistory ? nil : (declaration ?? field) }
}

/// One submission attempt. A retry after a transport failure repeats `attempt`, so the transport
/// can reuse its Idempotency-Key; anything edited in between makes a new attempt.
public struct Submission: Sendable, Equatable {
    public var method: String
    public var path: String
    public var payload: JSONValue
    /// The payload with each secret and private value replaced by `[name]`: for transcripts.
    public var transcriptPayload: JSONValue
    /// The payload with each secret replaced by `"[secret]"`: for `--output json`.
    public var displayPayload: JSONValue
    public var attempt: Int
    /// Secret field name -> value, so edges can mask a server that repeats one back.
    public var secrets: [String: String] = [:]
    /// How the payload goes on the wire (the form's `submit.body`).
    public var body = RequestBody()
    /// Private field name -> value as typed: what transcripts and the diagnostic log replace by
    /// `[name]` (the screen and `--output json` show them).
    public var privateValues: [String: String] = [:]
    /// The path with each private or secret value's placeholder filled with `[name]` before
    /// encoding: what transcripts and the diagnostic log show (nil: `path` holds none).
    public var transcriptPath: String?

    /// The path as transcripts and the diagnostic log show it.
    public var recordedPath: String { transcriptPath ?? path }
}

/// What the wizard asks its driver to do.
public enum WizardEffect: Sendable, Equatable {
    case output(OutputLine)
    case prompt(Prompt)
    case submit(Submission)
    /// Make this server check and answer with `.checked` (docs/checks.md). Nothing is asked
    /// meanwhile; the driver may show one `checking...` line when it takes a while.
    case check(CheckRequest)
    /// Non-secret values by field name, for the draft file.
    case saveDraft([String: JSONValue])
    case deleteDraft
    case finish(ExitStatus)
    /// The line just taken was refused (a value that breaks a rule, a command that cannot be
    /// done here): the error line follows, then the prompt asking again. Nothing to show: the
    /// driver may note it (a run without a terminal stops on it inside the wizard already).
    case refused(Refusal)
}

/// Why a line was refused, as data: what stops a run without a terminal (exit 5) is this, never
/// how an output line is styled.
public struct Refusal: Sendable, Equatable {
    /// The error's text, unwrapped.
    public var reason: String
    /// What a transcript writes for `reason` when it differs (nil: `reason` itself): a private
    /// field's value quoted in it as the field's name (docs/privacy.md).
    public var recorded: String?

    public init(reason: String, recorded: String? = nil) {
        self.reason = reason
        self.recorded = recorded
    }
}
