import FormCore
/// A recording (`fill --record FILE`) that could not be written: its own words, never the
/// draft's, so the operator knows which file failed.
package struct RecordingWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    /// The system's reason ("Not a directory").
    package let reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { CLIMessage.recordingNotWritten(path: path, reason: reason).text }
}
