/// What the operator has been shown already and need not read again: a serial line pays for each
/// of these once per session (or per run of records), not at every prompt.
struct ShownOnce: Sendable {
    /// Choice fields whose numbered list was printed.
    var listedChoices: Set<String> = []
    /// A long list's matches last printed, by field (`?`, a prefix that starts several): the
    /// numbers the next answer may use (ChoiceNarrowing).
    var lastListedChoices: [String: [String]] = [:]
    /// Lists whose offered item has said that an empty answer ends the list.
    var listEndHinted: Set<String> = []
    /// The notice under the title (a resumed draft, scripted answers), shown at the start.
    var startNotice: String?
    /// Each group item's review words as last made, by list and item number - 1
    /// (WizardItemWords.swift): a cache of what the review shows, reused while unchanged.
    var itemWords: [String: [ItemWords?]] = [:]
}
