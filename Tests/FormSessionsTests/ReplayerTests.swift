#if canImport(Glibc)
import Glibc
#endif
import FormCore
import FormRunner
import FormSessions
import Testing

@Suite struct ReplayerTests {
    let replayer = Replayer(loadForm: Fixtures.loadForm)

    /// A real incident session, recorded: multiline input and an accepted submission.
    static let incident = Fixtures.record(Fixtures.incident, lines: .lines(
        "Printer fire", "It caught fire.", "  Again.", ".", ""), formPath: "incident.yaml").text

    /// The signup walk of docs/filling.md ("A session"): a local error, the fake's "already taken",
    /// a new name.
    static let signup = Fixtures.record(Fixtures.signup, lines: .lines(
        "ad", "admin", "admin@example.com", "correct-horse-1", "", "den", "", "admin2", ""), formPath: "signup.yaml").text

    private func lines(_ text: String) -> [String] {
        var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if all.last == "" { all.removeLast() }
        return all
    }

    private func text(_ lines: [String]) -> String { lines.map { $0 + "\n" }.joined() }

    private func replay(_ lines: [String]) -> ReplayResult {
        replayer.replay(text: text(lines), path: "t.session")
    }

    @Test func recordedSessionsReplay() {
        for transcript in [Self.incident, Self.signup] {
            let result = replayer.replay(text: transcript, path: "t.session")
            #expect(result.passed, "\(result.report)")
            #expect(result.diff == "")
        }
        #expect(Self.signup.contains("Submitting... rejected (422)\n"))
        #expect(Self.signup.contains("    ! This username is already taken.\nUsername [admin]:\n> admin2\n"))
        #expect(Self.signup.contains("Submitting... accepted (201) id=1\n#! exit 0\n"))
    }

    @Test func promptingWithNoInputLeftFails() throws {
        var lines = lines(Self.incident)
        let review = try #require(lines.lastIndex(of: ">"))
        lines.removeSubrange(review...)
        let result = replay(lines)
        #expect(result.failures.first == "prompt \"Submit? (Enter = submit, number = edit, .cancel):\" with no input left")
        #expect(result.diff.contains("+#! eof"))
    }

    @Test func inputLeftOverFails() {
        var lines = lines(Self.incident)
        lines += ["> one more", "> and another"]
        let result = replay(lines)
        #expect(result.failures == ["input left over from line \(lines.count - 1): \"> one more\" and 1 more"])
    }

    @Test func aRequestWithNoResponseLeftFails() throws {
        var lines = lines(Self.incident)
        let response = try #require(lines.firstIndex { $0.hasPrefix("<= ") })
        lines.remove(at: response)
        let result = replay(lines)
        #expect(result.failures.first == "request POST /api/incidents with no response left")
        #expect(result.diff.contains("+<= !error no recorded response left"))
    }

    @Test func aResponseNeverUsedFails() {
        var lines = lines(Self.incident)
        lines.append("<= 201 application/json {\"id\":2}")
        let result = replay(lines)
        #expect(result.failures == ["response never used, line \(lines.count): \"<= 201 application/json {\"id\":2}\""])
    }

    @Test func outputMismatchShowsADiffWithLineNumbers() throws {
        var lines = lines(Self.incident)
        let title = try #require(lines.firstIndex(of: "Title:"))
        lines[title] = "Headline:"
        let result = replay(lines)
        #expect(result.failures == ["output differs from the transcript at line \(title + 1)"])
        #expect(result.diff.hasPrefix("--- t.session\n+++ t.session.actual\n@@ -\(title - 2),7 +\(title - 2),7 @@\n"))
        #expect(result.diff.contains("\n-Headline:\n+Title:\n"))
        #expect(result.report.hasPrefix("FAIL t.session: output differs from the transcript at line \(title + 1)\n--- t.session\n"))
    }

    @Test func wildcardsMatchAnyTextInALine() throws {
        var lines = lines(Self.incident)
        let accepted = try #require(lines.firstIndex { $0.hasPrefix("Submitting...") })
        lines[accepted] = "Submitting... accepted ([..]) id=[..]"
        #expect(replay(lines).passed)
        lines[accepted] = "Submitting... rejected [..]"
        #expect(!replay(lines).passed)
    }

    @Test func aSecretDirectiveIsTypedAtTheSecretPrompt() throws {
        var lines = lines(Self.signup)
        // Type a too-short password first: the wizard must say so, then the default is typed.
        let secret = try #require(lines.firstIndex(of: ">* [password]"))
        lines.insert(contentsOf: [">* [password]", "  ! At least 8 characters", "Password:"], at: secret)
        lines.insert("#! secret password = short", at: 2)
        // With the directive, both secret lines type "short": the second fails too.
        let result = replay(lines)
        #expect(!result.passed)
        #expect(result.diff.contains("+  ! At least 8 characters"))
    }

    @Test func theDefaultSecretPassesTheFieldsRules() throws {
        let password = try #require(Fixtures.signup.field(named: "password"))
        let value = try #require(DefaultSecret.value(for: password))
        #expect(value == "Replay-Secret-42")
        let pin = Field(name: "pin", type: .secret, minLength: 6, maxLength: 6, pattern: try FieldPattern("[0-9]+"))
        #expect(DefaultSecret.value(for: pin) == "424242")
        let long = Field(name: "p", type: .secret, minLength: 20)
        #expect(DefaultSecret.value(for: long) == "Replay-Secret-42Replay-Secret-42")
        let impossible = Field(name: "p", type: .secret, pattern: try FieldPattern("x+y"))
        #expect(DefaultSecret.value(for: impossible) == nil)
    }

    @Test func aSecretWithNoUsableDefaultNamesTheDirective() {
        let form = FormSpec(id: "pin", fields: [Field(name: "pin", type: .secret, pattern: try? FieldPattern("x+y"))])
        let transcript = "#! formline-session 1\n#! form: pin.yaml\npin:\n>* [pin]\n"
        let result = Replayer(loadForm: { _ in .success(form) }).replay(text: transcript, path: "p.session")
        #expect(result.failures == ["line 4: no default value passes the rules of secret \"pin\": add \"#! secret pin = VALUE\""])
    }

    @Test func aMissingFormIsAFailureThatSaysWhere() {
        let result = replayer.replay(text: "#! formline-session 1\n#! form: ../nope.yaml\n", path: "dir/t.session")
        #expect(result.failures == ["cannot load the form nope.yaml: nope.yaml: no such test form"])
    }

    @Test func unknownArgsAreRefused() {
        let result = replayer.replay(text: "#! formline-session 1\n#! form: incident.yaml\n#! args: --record\n", path: "t.session")
        #expect(result.failures == ["#! args: \"--record\" is not a flag a transcript records (--plain, --accessible, --output text|json, --stop-at-refusal, --no-checks, --repeat, --lang en|nb)"])
        // Read by `fill`'s option table: a bad value or a stray word is refused with its reason.
        let xml = replayer.replay(text: "#! formline-session 1\n#! form: incident.yaml\n#! args: --output xml\n", path: "t.session")
        #expect(xml.failures == ["#! args: --output takes text or json"])
        let twice = replayer.replay(text: "#! formline-session 1\n#! form: incident.yaml\n#! args: --plain --plain\n", path: "t.session")
        #expect(twice.failures == ["#! args: --plain is given twice"])
        let stray = replayer.replay(text: "#! formline-session 1\n#! form: incident.yaml\n#! args: --plain json\n", path: "t.session")
        #expect(stray.failures == ["#! args: \"json\" is not a flag a transcript records (--plain, --accessible, --output text|json, --stop-at-refusal, --no-checks, --repeat, --lang en|nb)"])
    }

    /// `#! args` is written back from the set-up replay read: what `fill --record` writes for it.
    @Test func argsAreWrittenBackFromTheSetUp() {
        let recorded = Fixtures.record(Fixtures.incident, lines: .lines("Printer fire"), formPath: "incident.yaml")
        let header = "#! formline-session 1\n#! form: incident.yaml\n"
        #expect(recorded.text.hasPrefix(header + "#! args: --plain\n"))
        let body = String(recorded.text.dropFirst(header.count + "#! args: --plain\n".count))
        #expect(replayer.replay(text: header + "#! args: --stop-at-refusal --plain\n" + body, path: "t.session").diff
            .contains("-#! args: --stop-at-refusal --plain\n+#! args: --plain --stop-at-refusal"))
        #expect(replayer.replay(text: header + "#! args: --plain --stop-at-refusal\n" + body, path: "t.session").passed)
        #expect(replayer.replay(text: header + "#! args: --output text\n" + body, path: "t.session").diff.contains("-#! args: --output text"))
    }

    @Test func anEndOfInputAndAnInterruptReplay() {
        let eof = Fixtures.record(Fixtures.incident, lines: .lines("Printer fire"), formPath: "incident.yaml")
        #expect(eof.status == .endOfInput)
        #expect(eof.text.hasSuffix("What happened (end with a line '.'):\n#! eof\n#! exit 4\n"))
        #expect(replayer.replay(text: eof.text, path: "t.session").passed)

        let interrupt = Fixtures.record(Fixtures.incident, lines: [.line("Printer fire"), .interrupted(2)], formPath: "incident.yaml")
        #expect(interrupt.text.hasSuffix("#! interrupt\n#! exit 130\n"))
        #expect(replayer.replay(text: interrupt.text, path: "t.session").passed)
    }

    @Test func transportFailuresReplay() {
        let failing = ScriptedTransport([{ _ in .failure(.timeout) }])
        let recorded = Fixtures.record(Fixtures.incident, lines: .lines("Printer fire", "It burned.", ".", ""),
                                       transport: failing, formPath: "incident.yaml")
        #expect(recorded.status == .transportFailed)
        #expect(recorded.text.contains("<= !timeout\nSubmitting... failed\n  ! no answer from the server in time\n#! exit 3\n"))
        #expect(replayer.replay(text: recorded.text, path: "t.session").passed)
    }
}
