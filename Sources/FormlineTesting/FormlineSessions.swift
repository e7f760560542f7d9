#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import FormCore
import FormSystem
import FormSessions
#if canImport(Testing)
import Testing
#endif

/// How one transcript replayed: `passed`, `reason`, `failures`, `diff`, `report`.
public typealias ReplayResult = FormSessions.ReplayResult

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
/// Transcripts match as with `formline replay`: `[..]` within a line, ` (re)` whole-line patterns,
/// `...` for any number of lines. A failure records an `Issue` whose comment says why (`prompt "Email:" with no input left`,
/// `output differs from the transcript at line 12`, ...) followed by the unified diff, and writes
/// `NAME.session.actual` beside the transcript. Run with `FORMLINE_SESSIONS=overwrite` to rewrite
/// the transcripts' output lines instead (operator lines, comments and directives are kept).
/// Paths are taken from the current directory (`swift test` runs in the package root).
public enum FormlineSessions {
    /// Why a `loadForm` closure could not load a form: lines for the test log.
    public typealias FormLoadFailure = Replayer.FormLoadFailure

    /// The form-file loader `formline fill` uses: the default `loadForm` of every replay here.
    public static let loadFormFile: @Sendable (String) -> Result<FormSpec, FormLoadFailure> = Replayer.loadFormFile

    /// Whether `FORMLINE_SESSIONS=overwrite` is set: replays then update their transcripts.
    public static var overwriteRequested: Bool {
        guard let value = getenv("FORMLINE_SESSIONS") else { return false }
        return String(cString: value) == "overwrite"
    }

    /// Replays one transcript and returns how it went (`.passed`, `.reason`, `.diff`).
    /// `update` defaults to `FORMLINE_SESSIONS=overwrite`; `loadForm` to formline's YAML loader.
    public static func replay(
        _ path: String, update: Bool? = nil,
        loadForm: @escaping @Sendable (String) -> Result<FormSpec, FormLoadFailure> = FormlineSessions.loadFormFile
    ) -> ReplayResult {
        Replayer(update: update ?? overwriteRequested, loadForm: loadForm).replay(file: path)
    }

    #if canImport(Testing)
    /// Replays one transcript and records an `Issue` (reason and diff) if it does not pass.
    @discardableResult
    public static func assertReplays(
        _ path: String, update: Bool? = nil,
        loadForm: @escaping @Sendable (String) -> Result<FormSpec, FormLoadFailure> = FormlineSessions.loadFormFile,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ReplayResult {
        let result = replay(path, update: update, loadForm: loadForm)
        if !result.passed {
            Issue.record(Comment(rawValue: result.report), sourceLocation: sourceLocation)
        }
        return result
    }
    #endif

    /// The `.session` files under `folder` (recursively; symbolic links not followed out of it),
    /// sorted by path, as `folder/.../NAME.session`; empty when the folder can't be read.
    public static func sessions(in folder: String) -> [String] {
        (try? SessionFileList.expand([folder])) ?? []
    }

    /// Replays transcripts and folders of them (`Tests/Sessions`), `jobs` at a time, and returns
    /// the results in list order. A replay that takes longer than `timeout` seconds is abandoned
    /// and fails as timed out. An argument that names nothing readable comes back as one failed result.
    ///
    /// ```swift
    /// @Test func allSessions() async {
    ///     await FormlineSessions.assertAllReplay(["Tests/Sessions"])
    /// }
    /// ```
    public static func replayAll(
        _ pathsOrFolders: [String], jobs: Int? = nil, timeout: Double? = nil, update: Bool? = nil,
        loadForm: @escaping @Sendable (String) -> Result<FormSpec, FormLoadFailure> = FormlineSessions.loadFormFile
    ) async -> [ReplayResult] {
        var files: [String] = []
        for argument in pathsOrFolders {
            // An argument that names nothing readable stays in the list: its replay fails, named.
            files += (try? SessionFileList.expand([argument])) ?? [argument]
        }
        let forms = FormCache(load: loadForm)
        let replayer = Replayer(update: update ?? overwriteRequested, loadForm: { forms.load($0) })
        let chosen = files
        let workers = jobs ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        // The batch blocks its caller: run it off the cooperative pool.
        let results: [ReplayResult] = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var results: [ReplayResult] = []
                ReplayBatch.run(chosen, jobs: workers, timeout: timeout, replay: { replayer.replay(file: $0) }) { _, outcome in
                    results.append(outcome.result)
                }
                continuation.resume(returning: results)
            }
        }
        return results
    }

    #if canImport(Testing)
    /// `replayAll`, recording one `Issue` (reason and diff) per transcript that does not pass.
    @discardableResult
    public static func assertAllReplay(
        _ pathsOrFolders: [String], jobs: Int? = nil, timeout: Double? = nil, update: Bool? = nil,
        loadForm: @escaping @Sendable (String) -> Result<FormSpec, FormLoadFailure> = FormlineSessions.loadFormFile,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [ReplayResult] {
        let results = await replayAll(pathsOrFolders, jobs: jobs, timeout: timeout, update: update, loadForm: loadForm)
        for result in results where !result.passed {
            Issue.record(Comment(rawValue: result.report), sourceLocation: sourceLocation)
        }
        return results
    }
    #endif
}
