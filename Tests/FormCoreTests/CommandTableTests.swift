#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FormCore
import Testing

/// The command table against itself, the parser and docs/filling.md: a command is declared once
/// (`WizardCommand.table`), so what the compiler can't check (a doc row left out, a name the
/// parser reads differently) is checked here.
@Suite struct CommandTableTests {
    static let filling = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/filling.md")

    /// The commands the first cells of the table under "## Commands" name (`.edit N` -> edit).
    func documentedCommands() throws -> Set<String> {
        let text = try String(contentsOf: Self.filling, encoding: .utf8)
        let start = try #require(text.range(of: "\n## Commands\n"))
        var names: Set<String> = []
        var inTable = false
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") { inTable = true } else if inTable { break } else { continue }
            let cell = line.dropFirst().prefix { $0 != "|" }
            // Each `.word` in the first cell is a command (`.help` / `?`).
            for part in cell.split(separator: "`") where part.hasPrefix(".") {
                names.insert(String(part.dropFirst().prefix { $0.isLetter }))
            }
        }
        return names
    }

    @Test func everyCommandIsDocumentedAndEveryDocumentedOneIsACommand() throws {
        let documented = try documentedCommands()
        let declared = Set(WizardCommand.table.map(\.name))
        #expect(documented == declared)
    }

    @Test func namesAreUniqueAndLowerCase() {
        let names = WizardCommand.table.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty })
    }

    /// Each declared command parses to the case its entry makes, upper case and spaces allowed,
    /// and in a run of records where it is read only there.
    @Test func everyEntryParsesToItsCommand() {
        for entry in WizardCommand.table {
            let made = entry.make("")
            #expect(WizardCommand.parse(" ." + entry.name.uppercased() + " ", inRun: true) == made, "\(entry.name)")
            if entry.onlyInRun {
                #expect(WizardCommand.parse("." + entry.name) == .unknown("." + entry.name), "\(entry.name) outside a run")
            } else {
                #expect(WizardCommand.parse("." + entry.name) == made, "\(entry.name)")
            }
            switch entry.argument {
            case .none:
                #expect(WizardCommand.parse("." + entry.name + " x", inRun: true) == .unknown("." + entry.name + " x"))
            case .free:
                #expect(WizardCommand.parse("." + entry.name + " x", secret: true, inRun: true) == entry.make("x"))
            case .notAtSecret:
                #expect(WizardCommand.parse("." + entry.name + " x", inRun: true) == entry.make("x"))
                #expect(WizardCommand.parse("." + entry.name + " x", secret: true, inRun: true) == .unknown("." + entry.name + " x"))
            }
        }
    }

    /// `?` lists the commands every form has, in the table's order.
    @Test func theHelpLineIsTheTablesAlwaysListedCommands() {
        #expect(WizardCommand.helpList == "Commands: .back .next .done .review .edit N|name .skip .clear .help (or ?) .cancel")
    }

    /// The unknown-command message lists `.add .delete` only on a form with lists; "did you mean"
    /// never offers `.end`, which is read only in a run of records.
    @Test func theUnknownMessageReadsTheTable() {
        #expect(WizardCommand.unknownMessage(".zzzzzz").text.contains("(commands: .back .next .done .review .edit .skip .clear .help .cancel)"))
        #expect(WizardCommand.unknownMessage(".zzzzzz", lists: true).text.contains(".cancel .add .delete)"))
        #expect(WizardCommand.unknownMessage(".revew").text.contains("(did you mean .review?)"))
        #expect(!WizardCommand.unknownMessage(".ed").text.contains(".end"))
        #expect(WizardCommand.unknownMessage(".next x").text.hasPrefix(".next takes nothing after it."))
    }

    /// `"` copies only where the caller says it may (a record's field, its first line), never
    /// at a secret prompt.
    @Test func dittoIsReadOnlyWhereAllowed() {
        #expect(WizardCommand.parse("\"", ditto: true) == .ditto)
        #expect(WizardCommand.parse(" \" ", ditto: true) == .ditto)
        #expect(WizardCommand.parse("\"") == nil)
        #expect(WizardCommand.parse("\"", secret: true, ditto: true) == nil)
        #expect(WizardCommand.parse("\"\"", ditto: true) == nil)
    }

    /// `.end` typed at a secret prompt of a record is a command there, written as typed, so the
    /// transcript replays the run's end; elsewhere it stays the stand-in of an unknown command.
    @Test func dotEndAtASecretPromptIsWrittenAsTypedInARun() {
        #expect(Wizard.transcriptText(forSecretPromptLine: ".end", inRun: true) == ".end")
        #expect(Wizard.transcriptText(forSecretPromptLine: ".end") == ".?")
    }
}
