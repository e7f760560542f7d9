/// What the session reports when it ends (`--output json`, the stop message of a run without a
/// terminal): how far the input got and the errors that ended it.
struct SessionReport: Sendable {
    /// Lines read so far (answers, commands, unreadable lines): the input line number a refusal names.
    var linesRead = 0
    /// The errors that ended the session: the refused line, or every field error of a server
    /// rejection that ended it.
    var endingErrors: [EndingError] = []
}
