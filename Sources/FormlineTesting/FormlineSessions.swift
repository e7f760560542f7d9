#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormSystem
@_exported import FormSessions
#if canImport(Testing)
import Testing
#endif

/// Replays formline transcripts from a package's own Swift Testing suite: one call per file.
///
/// ```swift
/// import Testing
/// import FormlineTesting
///
/// @Test func signup() {
///     FormlineSessions.assertReplays("Tests/Sessions/signup.session")
/// }
///
/// // Or every transcript in a folder, one test case each:
/// @Test(arguments: FormlineSessions.sessions(in: "Tests/Sessions"))
/// func session(_ path: String) {
///     FormlineSessions.assertReplays(path)
/// }
/// ```
///
/// A failure records an `Issue` whose comment says why (`prompt "Email:" with no input left`,
/// `output differs from the transcript at line 12`, ...) followed by the unified diff, and writes
/// `NAME.session.actual` beside the transcript. Run with `FORMLINE_SESSIONS=overwrite` to rewrite
/// the transcripts' output lines instead (operator lines, comments and directives are kept).
/// Paths are taken from the current directory (`swift test` runs in the package root).
public enum FormlineSessions {
    /// Whether `FORMLINE_SESSIONS=overwrite` is set: replays then update their transcripts.
    public static var overwriteRequested: Bool {
        guard let value = getenv("FORMLINE_SESSIONS") else { return false }
        return String(cString: value) == "overwrite"
    }

    /// Replays one transcript and returns how it went (`.passed`, `.reason`, `.diff`).
    /// `update` defaults to `FORMLINE_SESSIONS=overwrite`; `loadForm` to formline's YAML loader.
    public static func replay(
        _ path: String, update: Bool? = nil,
        loadForm: @escaping @Sendable (String) -> Result<FormSpec, Replayer.FormLoadFailure> = Replayer.loadFormFile
    ) -> ReplayResult {
        Replayer(update: update ?? overwriteRequested, loadForm: loadForm).replay(file: path)
    }

    #if canImport(Testing)
    /// Replays one transcript and records an `Issue` (reason and diff) if it does not pass.
    @discardableResult
    public static func assertReplays(
        _ path: String, update: Bool? = nil,
        loadForm: @escaping @Sendable (String) -> Result<FormSpec, Replayer.FormLoadFailure> = Replayer.loadFormFile,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ReplayResult {
        let result = replay(path, update: update, loadForm: loadForm)
        if !result.passed {
            Issue.record(Comment(rawValue: result.report), sourceLocation: sourceLocation)
        }
        return result
    }
    #endif

    /// The `.session` files directly in `folder`, sorted by name, as `folder/NAME.session`.
    public static func sessions(in folder: String) -> [String] {
        let names = DirectoryListing.names(in: folder, endingWith: ".session")
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted().map { prefix + $0 }
    }
}
