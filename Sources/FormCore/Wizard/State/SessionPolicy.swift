/// How this session treats its operator: set by the driver before `.start`, read by the phases.
struct SessionPolicy: Sendable, Equatable {
    /// Whether the line source edits lines: pre-fill offered, and a transport failure asks what to do.
    var interactive: Bool
    /// Stop at the first refused line (exit 5) instead of asking again: set for a run without a
    /// terminal, where a script cannot see the error and every later line would land one field
    /// too late. `--keep-asking` leaves it off.
    var stopsAtRefusal = false
    /// `--no-input`: once every field has a value, submit without the review; a missing answer or
    /// a failed check ends the session (exit 5) instead of asking.
    var submitsWithoutReview = false
    /// `batch --repair`: the first submission goes without the review, but once the server has
    /// refused it the corrected form is reviewed before it goes again.
    var reviewsAfterRejection = false
    /// How prompts, errors, choices and the review are worded and laid out (`--accessible`).
    var presentation: Presentation = .standard
    /// `--no-checks` turns it off: no field's `server_check` is made (the server decides at submit).
    var runsServerChecks = true
    /// The language its sentences are rendered in (docs/languages.md): bound while the wizard
    /// handles an event, so every catalogue case it shows speaks it.
    var language: MessageLanguage = .english
}
