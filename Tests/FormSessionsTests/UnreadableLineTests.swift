import FormCore
import FormSessions
import FormRunner
import Testing

/// A line the source could not read (invalid UTF-8, over 64 KiB) is recorded as
/// `#! unreadable REASON`, and the replay hands the wizard the same unreadable line there.
@Suite struct UnreadableLineTests {
    static let utf8 = "The line is not valid UTF-8 text"
    static let tooLong = "The line is too long (over 64 KiB)"

    /// The review's repro: `printf 'bo\xffb\nbob\n.cancel\n' | formline fill ... --record`.
    static let recorded = Fixtures.record(Fixtures.signup, lines: [
        .unreadable(utf8), .line("bob"), .unreadable(tooLong), .line(".cancel"),
    ], formPath: "signup.yaml")

    @Test func anUnreadableLineIsRecordedAsADirectiveBeforeTheWizardsError() {
        #expect(Self.recorded.status == .cancelled)
        #expect(Self.recorded.text.hasSuffix("""
            Username:
            #! unreadable The line is not valid UTF-8 text
              ! The line is not valid UTF-8 text
            Username:
            > bob
            Email:
            #! unreadable The line is too long (over 64 KiB)
              ! The line is too long (over 64 KiB)
            Email:
            > .cancel
            #! exit 1

            """))
    }

    @Test func theRecordingReplays() {
        let result = Replayer(loadForm: Fixtures.loadForm).replay(text: Self.recorded.text, path: "t.session")
        #expect(result.passed, "\(result.report)")
    }

    @Test func withoutTheDirectiveTheReplayDiffers() {
        let text = Self.recorded.text.replacing("#! unreadable The line is not valid UTF-8 text\n", with: "")
        let result = Replayer(loadForm: Fixtures.loadForm).replay(text: text, path: "t.session")
        #expect(!result.passed)
        #expect(result.failures.contains { $0.hasPrefix("output differs") })
    }

    @Test func theDirectiveParsesWithAndWithoutAReason() throws {
        let transcript = try TranscriptParser.parse("""
            #! formline-session 1
            #! form: f.yaml
            #! unreadable The line is not valid UTF-8 text
            #! unreadable
            #! unreadable two\\nlines \\\\ here

            """, file: "t.session")
        #expect(transcript.lines.map(\.kind).dropFirst(2) == [
            .unreadable(reason: Self.utf8), .unreadable(reason: ""), .unreadable(reason: "two\nlines \\ here"),
        ])
        #expect(transcript.lines[2].isAnchor && !transcript.lines[2].isProduced)
    }

    @Test func theRecorderEscapesAReasonOntoOneLine() {
        let recorder = TranscriptRecorder(formPath: "f.yaml")
        recorder.unreadable(Self.utf8)
        recorder.unreadable("")
        recorder.unreadable("two\nlines \\ here")
        #expect(Array(recorder.lines.dropFirst(2)) == [
            "#! unreadable The line is not valid UTF-8 text", "#! unreadable", "#! unreadable two\\nlines \\\\ here",
        ])
    }

    @Test func theScriptedSourceReturnsTheUnreadableLine() throws {
        let transcript = try TranscriptParser.parse("""
            #! formline-session 1
            #! form: f.yaml
            #! unreadable The line is too long (over 64 KiB)
            > bob

            """)
        let source = ScriptedLineSource(steps: transcript.lines)
        let request = Prompt(text: "Username: ")
        #expect(source.read(request) == .unreadable(Self.tooLong))
        #expect(source.read(request) == .line("bob"))
        #expect(source.leftOver.isEmpty)
    }
}
