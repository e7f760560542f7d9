/// A recording (`fill --record FILE`) that could not be written: its own words, never the
/// draft's, so the operator knows which file failed.
public struct RecordingWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    /// The system's reason ("Not a directory").
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): cannot write the recording: \(reason)" }
}
