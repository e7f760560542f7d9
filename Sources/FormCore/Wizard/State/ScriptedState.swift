/// What became of the scripted answers (`--answers`, `--set`) by field name: refused ones keep
/// their message (listed by `--no-input`) and their text (pre-filled at the field's prompt), and
/// accepted ones where they came from, so a failed cross-field check points there.
struct ScriptedState: Sendable {
    var refusals: [String: AnswerProblem] = [:]
    /// Not secrets, not multiline values: what comes back on the edit line once.
    var refusedText: [String: String] = [:]
    /// `answers.yaml:4`, `--set age`.
    var origins: [String: String] = [:]

    /// Field `name` has its answer now (or none was refused): nothing of an earlier refusal stays.
    mutating func clearRefusal(_ name: String) {
        // Nearly always nothing to clear (a batch record's every answer comes here): no hashing.
        if !refusals.isEmpty { refusals[name] = nil }
        if !refusedText.isEmpty { refusedText[name] = nil }
    }

    /// Every name moved as `renamed` says (an item deleted); nil drops it.
    mutating func rename(_ renamed: (String) -> String?) {
        refusals = refusals.renamingKeys(renamed)
        refusedText = refusedText.renamingKeys(renamed)
    }
}
