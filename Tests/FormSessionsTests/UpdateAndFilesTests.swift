#if canImport(Glibc)
import Glibc
#endif
import FormRunner
import FormSystem
import FormSessions
import FormlineTesting
import Testing

/// Replays of files: `.actual` beside a mismatch, `--update` keeping what people wrote.
@Suite struct UpdateAndFilesTests {
    /// A fresh folder under /tmp, removed with its files at the end of the test.
    final class Folder {
        let path: String
        init() {
            var template = Array("/tmp/formline-sessions-XXXXXX".utf8CString)
            path = template.withUnsafeMutableBufferPointer { buffer -> String in
                guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return "/tmp" }
                return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        func write(_ name: String, _ text: String) throws {
            try AtomicFile.write(Array(text.utf8), to: path + "/" + name, mode: 0o644)
        }
        func read(_ name: String) -> String? {
            AtomicFile.read(path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
        }
        deinit {
            for name in ["t.session", "t.session.actual"] { unlink(path + "/" + name) }
            rmdir(path)
        }
    }

    let incident = ReplayerTests.incident

    @Test func aMismatchWritesTheActualFileAndAPassRemovesIt() throws {
        let folder = Folder()
        let wrong = incident.replacingOccurrences("Title:\n", with: "Headline:\n")
        try folder.write("t.session", wrong)
        let failed = FormlineSessions.replay(folder.path + "/t.session", update: false, loadForm: Fixtures.loadForm)
        #expect(!failed.passed)
        #expect(failed.diff.contains("--- \(folder.path)/t.session\n+++ \(folder.path)/t.session.actual\n"))
        #expect(folder.read("t.session.actual") == incident)
        #expect(folder.read("t.session") == wrong)

        try folder.write("t.session", incident)
        #expect(FormlineSessions.replay(folder.path + "/t.session", update: false, loadForm: Fixtures.loadForm).passed)
        #expect(folder.read("t.session.actual") == nil)
    }

    @Test func updateRewritesOutputAndKeepsCommentsDirectivesAndOperatorLines() throws {
        let folder = Folder()
        // Stale output, comments in three places, a wildcard that still matches, a secret directive.
        let edited = incident
            .replacingOccurrences("#! form: incident.yaml\n", with: "#! form: incident.yaml\n# Why this session exists.\n#! secret nothing = here\n")
            .replacingOccurrences("Title:\n", with: "# The title comes first.\nHeadline:\n")
            .replacingOccurrences("Submitting... accepted (201) id=1\n", with: "# Accepted.\nSubmitting... accepted (201) id=[..]\n")
            + "# The end.\n"
        try folder.write("t.session", edited)
        let result = FormlineSessions.replay(folder.path + "/t.session", update: true, loadForm: Fixtures.loadForm)
        #expect(result.passed)
        #expect(result.updated)
        #expect(result.report == "PASS \(folder.path)/t.session (updated)")
        let expected = edited.replacingOccurrences("Headline:\n", with: "Title:\n")
        #expect(folder.read("t.session") == expected)
        #expect(folder.read("t.session.actual") == nil)
        // Now it passes as it is.
        let again = FormlineSessions.replay(folder.path + "/t.session", update: false, loadForm: Fixtures.loadForm)
        #expect(again.passed && !again.updated)
    }

    @Test func updateLeavesATranscriptWhoseInputsDoNotFitAlone() throws {
        let folder = Folder()
        let broken = incident + "> left over\n"
        try folder.write("t.session", broken.replacingOccurrences("Title:\n", with: "Headline:\n"))
        let result = FormlineSessions.replay(folder.path + "/t.session", update: true, loadForm: Fixtures.loadForm)
        #expect(!result.passed)
        #expect(!result.updated)
        #expect(result.failures.first?.hasPrefix("input left over from line") == true)
    }

    @Test func sessionsInAFolderAreListedInOrder() throws {
        let folder = Folder()
        try folder.write("t.session", incident)
        try folder.write("t.session.actual", incident)
        #expect(FormlineSessions.sessions(in: folder.path) == [folder.path + "/t.session"])
    }
}

extension String {
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        replacing(target, with: replacement)
    }
}
