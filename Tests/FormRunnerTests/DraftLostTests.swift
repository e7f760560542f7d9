import FormCore
import FormRunner
import Testing

/// A draft that cannot be saved ends the run with its own status (6), except after a signal,
/// whose status a supervisor relies on (issue 18 item 4).
@Suite("SessionDriver: a lost draft")
struct DraftLostTests {
    func run(_ lines: [String], saves: [Bool]) -> FormCore.ExitStatus {
        var outcomes = saves
        let driver = SessionDriver(
            wizard: Wizard(spec: signup(), interactive: false),
            edges: SessionDriver.Edges(
                source: ScriptLines(lines, interactive: false), transport: FlakyTransport(failures: 0),
                write: { _ in },
                drafts: SessionDriver.DraftHandling(
                    saving: { _ in outcomes.isEmpty ? true : outcomes.removeFirst() }, delete: {})))
        return driver.run()
    }

    @Test func endOfInputWithAFailedSaveIs6() {
        #expect(run(["bob"], saves: [false]) == .draftNotSaved)
        #expect(ExitStatus.draftNotSaved.rawValue == 6)
    }

    @Test func cancelWithAFailedSaveIs6() {
        #expect(run(["bob", ".cancel"], saves: [false]) == .draftNotSaved)
    }

    @Test func aSavedDraftKeepsTheSessionsStatus() {
        #expect(run(["bob"], saves: [true]) == .endOfInput)
    }
}
