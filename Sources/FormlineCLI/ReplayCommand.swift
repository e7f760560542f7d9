import ArgumentParser
import FormSystem
#if canImport(Glibc)
import Glibc
#endif
import FormSessions

/// `formline replay SESSION... [--update]`: replays transcripts in-process against the real
/// wizard and reports each as PASS or FAIL, with a unified diff on a mismatch.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded sessions.",
        discussion: """
            Each transcript's operator lines are typed into the real wizard and its recorded \
            responses served in order; the output must match the transcript (`[..]` matches any \
            text within a line). A mismatch prints a unified diff and writes NAME.session.actual.

            A transcript's `#! form:` must name a .yaml or .yml file, and its `#! answers:` \
            (a recorded `fill --answers` run) a .yaml, .yml or .json file, inside the current \
            folder (after resolving symbolic links); --allow-outside lifts the folder rule. A \
            session of fill --openapi names the local copy of the document it recorded (.json, \
            .yaml or .yml) and its #! operation:, and the form is built from that copy: replay \
            never fetches.

            Exit status: 0 all passed, 1 any failed, 2 usage error (e.g. a missing file).
            FORMLINE_SESSIONS=overwrite acts like --update.
            """)

    @Argument(help: ArgumentHelp("Session transcripts (.session files).", valueName: "session"))
    var sessions: [String]
    @Flag(help: "Rewrite the transcripts' output lines with what the sessions produce now, keeping operator lines, comments and directives.")
    var update = false
    @Flag(help: "Let a transcript's #! form: and #! answers: name files outside the current folder (by default replay reads forms only inside the folder it runs from).")
    var allowOutside = false

    func validate() throws {
        guard !sessions.isEmpty else { throw ValidationError("Name at least one session file.") }
        for path in sessions where access(path, R_OK) != 0 {
            throw ValidationError("\(path): no such readable file")
        }
    }

    func run() throws {
        let overwrite = ProcessEnvironment.current["FORMLINE_SESSIONS"] == "overwrite"
        var replayer = Replayer(
            update: update || overwrite,
            formPaths: allowOutside ? FormPathPolicy(root: nil) : .currentDirectory())
        replayer.loadOpenAPIForm = OpenAPIReplay.loadForm
        var passed = 0, failed = 0
        for path in sessions {
            let result = replayer.replay(file: path)
            print(result.report)
            if result.passed { passed += 1 } else { failed += 1 }
        }
        print("\(passed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}
