import FormCore
import Synchronization

/// Loads each form once per run of `formline replay`: 2,000 transcripts of one form read and
/// parsed the same YAML 2,000 times, about a fifth of a replay's work (docs/PERFORMANCE.md,
/// "Replaying transcripts").
///
/// ```swift
/// let cache = FormCache(load: Replayer.loadFormFile)
/// replayer.loadForm = cache.load
/// ```
///
/// Keyed by the path as the transcript resolves it (two spellings of one file load it twice,
/// which is only slower). A failure is kept too: it fails every transcript that names the file
/// the same way. The form is read as it was when the run first needed it; a file changed during
/// the run is not read again. At most `maximumEntries` forms are kept (a run naming more loads
/// the rest each time), so a folder of transcripts naming distinct large forms cannot hold them
/// all in memory.
package final class FormCache: Sendable {
    package typealias Loader = @Sendable (String) -> Result<FormSpec, Replayer.FormLoadFailure>

    package static let maximumEntries = 256

    private let loader: Loader
    private let forms = Mutex<[String: Result<FormSpec, Replayer.FormLoadFailure>]>([:])

    package init(load: @escaping Loader) { loader = load }

    /// The form at `path`, loaded on first use. Two workers asking for the same new path at once
    /// may both load it; one result is kept.
    package func load(_ path: String) -> Result<FormSpec, Replayer.FormLoadFailure> {
        if let known = forms.withLock({ $0[path] }) { return known }
        let loaded = loader(path)
        forms.withLock { forms in
            if forms.count < Self.maximumEntries { forms[path] = loaded }
        }
        return loaded
    }
}
