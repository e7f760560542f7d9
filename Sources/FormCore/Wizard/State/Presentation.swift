/// How the wizard words and lays out what it shows: one value, chosen once at session set-up
/// (`--accessible`, `ACCESSIBLE=1`; `SessionSetup`), that the text code consults at its few
/// choke points (the prompt, the error line, the choice list, the review, the record header)
/// instead of a flag tested everywhere. A transcript records it (`#! args: --accessible`), so a
/// replay shows the same words (docs/accessibility.md).
///
/// The standard face packs hints into punctuation (`Country [Norway]:`, `(optional, 13-120)`)
/// and puts a rejected answer back on the edit line; the accessible face is for speech and
/// braille, where punctuation reads poorly, a line once spoken is gone, and a redrawn edit line
/// is read again from its start.
public enum Presentation: String, Sendable, Equatable, CaseIterable {
    case standard
    case accessible

    /// Each error line under a prompt starts with the field's label (`Username: at least 3
    /// characters`): once the prompt has scrolled away, the error alone does not say whose it is.
    var namesFieldInErrors: Bool { self == .accessible }

    /// The prompt says in words what the standard face shows as punctuation: "required",
    /// "optional", "default Norway", "now bob@example.com", and for a secret that it is not shown.
    var promptInWords: Bool { self == .accessible }

    /// Nothing is put on the edit line: a rejected answer is read back (`You typed "ad".`) and the
    /// operator types the value anew; a value being revisited is named in the prompt instead.
    var prefillsEditLine: Bool { self == .standard }

    /// Choices one per line, each with its number, rather than packed into 80 columns.
    var choicesOnePerLine: Bool { self == .accessible }

    /// The review as sentences (`1: Username is bob_smith.`), never the one-line compact review
    /// of later records.
    var reviewAsSentences: Bool { self == .accessible }
}
