import FormCore
import FormFiles
import FormRunner
import FormSessions
import Foundation
import Testing
@testable import FormlineCLI

/// Issue 27 item 6: `fill`, `fill --repeat` and replay build one `SessionSetup`, and a transcript
/// carries it: for every option a transcript records (`#! args`, `#! answers:`, `#! set:`,
/// `#! clock:`), the set-up `fill` builds from its flags equals the one replay builds from the
/// recording.
@Suite struct SessionSetupRoundTripTests {
    private static let plainForm = """
        id: t
        fields:
          - { name: name, label: Name }
          - { name: age, label: Age, type: integer, required: false }
        submit: { path: /t }

        """
    private static let clockForm = """
        id: t
        fields:
          - { name: name, label: Name }
          - { name: age, label: Age, type: integer, required: false }
          - { name: day, label: Day, type: date, default: today }
        submit: { path: /t }

        """

    private static func spec(_ text: String) throws -> FormSpec {
        try FormFileLoader.load(bytes: Array(text.utf8), path: "t.yaml").get()
    }

    /// The transcript's lines after its header: at a terminal, an answer; without one, a transport
    /// failure that ended the run (a terminal would have asked `Retry?`).
    private static func body(terminal: Bool) -> [String] {
        terminal ? ["Name: ", "> Ada", "#! exit 0"] : ["=> POST /t {}", "<= !refused", "#! exit 3"]
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var flags: [String]
        var terminal: Bool
        var clocked: Bool
        var testDescription: String { "fill \(flags.joined(separator: " "))\(terminal ? "" : " < pipe")\(clocked ? " (today)" : "")" }
    }

    /// Every combination of the recorded options, at a terminal and on a pipe.
    static let cases: [Case] = {
        var all: [Case] = []
        for plain in [[], ["--plain"], ["--accessible"]] {
            for output in [[], ["--output", "json"]] {
                for refusals in [[], ["--stop-at-refusal"], ["--keep-asking"]] {
                    for repeats in [[], ["--repeat"]] {
                        for answers in [[], ["--answers", "answers.yaml"], ["--set", "age=42", "--set", "name=Ada Lovelace"]] {
                            for terminal in [true, false] {
                                // The language with its 7-bit line (which counts only under --plain).
                                let lang = [[], ["--lang", "nb"], ["--lang", "nb.ascii"]][all.count % 3]
                                all.append(Case(flags: plain + output + refusals + repeats + answers + lang, terminal: terminal,
                                                clocked: plain.isEmpty == repeats.isEmpty))
                            }
                        }
                    }
                }
            }
        }
        return all
    }()

    @Test(arguments: cases)
    func fillAndReplayOfItsRecordingBuildTheSameSetUp(_ item: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setup-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let answersFile = folder + "/answers.yaml"
        #expect(FileManager.default.createFile(atPath: answersFile, contents: Data("name: Ada\nage: 36\n".utf8),
                                       attributes: [.posixPermissions: 0o600]))
        let transcriptFile = folder + "/r.session"
        let line = ["fill", folder + "/t.yaml"]
            + item.flags.map { $0 == "answers.yaml" ? answersFile : $0 } + ["--record", transcriptFile]
        // The command line as `fill` reads it (the fast reader; `FillFlagTableTests` holds
        // argument-parser to the same meaning).
        let options = try #require(QuickFillArguments.parse(line))
        let spec = try Self.spec(item.clocked ? Self.clockForm : Self.plainForm)
        let clock = item.clocked ? "2026-11-22T21:30:00+01:00" : nil

        // `fill`: FillSession's steps, in its order.
        var recorded = options.sessionSetup(interactive: item.terminal, clock: clock, language: options.language(environment: [:]))
        if options.record != nil && recorded.asksNothing {
            // `fill` refuses to record a run that asks nothing: there is no replay to compare.
            #expect(!item.terminal && options.givesAnswers && !options.repeats)
            return
        }
        let answersName = options.answers.map { SessionPaths.relative(from: folder, to: $0) }
        if options.givesAnswers {
            guard case .read(let answers, let problems) = FillSession(options: options)
                .readScriptedAnswers(spec: spec, environment: [:], answersName: answersName) else {
                Issue.record("the answers were not read")
                return
            }
            #expect(problems.isEmpty)
            recorded.answers = answers
        }
        let recorder = TranscriptRecorder(formPath: "t.yaml", args: recorded.transcriptArgs, clock: recorded.clock,
                                          answersPath: answersName, sets: options.sets.compactMap(SetAnswer.parse))
        let text = recorder.text + Self.body(terminal: item.terminal).map { $0 + "\n" }.joined()

        // Replay: the transcript parsed, its answers file read as `formline replay` reads it.
        let transcript = try TranscriptParser.parse(text, file: transcriptFile)
        let fileAnswers = try transcript.answersPath.map { written in
            try AnswersFileReader.read(path: SessionPaths.resolve(written, against: folder), name: written).get().answers
        } ?? []
        let replayed = try Replayer.setup(of: transcript, answers: fileAnswers, usesClock: spec.usesClock)
        #expect(replayed == recorded, "\(text)")
        // And both make the same wizard.
        let (fillWizard, fillProblems) = recorded.makeWizard(spec: spec)
        let (replayWizard, replayProblems) = replayed.makeWizard(spec: spec)
        #expect(fillProblems == replayProblems)
        #expect(fillWizard.values == replayWizard.values)
        #expect(fillWizard.stopsAtRefusal == replayWizard.stopsAtRefusal)
        #expect(fillWizard.submitsWithoutReview == replayWizard.submitsWithoutReview)
        #expect(fillWizard.interactive == replayWizard.interactive)
        #expect(fillWizard.language == replayWizard.language && fillWizard.language == recorded.language)
    }

    /// The one rule for how flags combine with a terminal, as `fill` has always applied it.
    @Test func flagsAndTheTerminalCombineByOneRule() {
        let pipe = SessionSetup(flags: SessionSetup.Flags(), interactive: false)
        #expect(pipe.stopsAtRefusal && !pipe.asksNothing)
        #expect(!SessionSetup(flags: SessionSetup.Flags(keepAsking: true), interactive: false).stopsAtRefusal)
        #expect(!SessionSetup(flags: SessionSetup.Flags(), interactive: true).stopsAtRefusal)
        let scripted = SessionSetup(flags: SessionSetup.Flags(), interactive: false, answers: [])
        #expect(scripted.asksNothing && scripted.stopsAtRefusal)
        #expect(!SessionSetup(flags: SessionSetup.Flags(repeats: true), interactive: false, answers: []).asksNothing)
        #expect(SessionSetup(flags: SessionSetup.Flags(noInput: true), interactive: true, answers: []).asksNothing)
        let (wizard, _) = scripted.makeWizard(spec: FormSpec(id: "x", title: "X", fields: [Field(name: "a", label: "A")],
                                                            submit: SubmitSpec(method: .POST, path: "/x")))
        #expect(wizard.submitsWithoutReview && wizard.stopsAtRefusal && !wizard.interactive)
    }
}
