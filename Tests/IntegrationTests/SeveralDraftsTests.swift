import Foundation
import Testing

/// Issue 22 item 2: several drafts per form, listed, picked and discarded by command.
@Suite("several drafts per form", .serialized)
struct SeveralDraftsTests {
    /// "Draft saved: PATH" as one string however the 80-column wrap split it.
    private func savedPaths(_ output: String) -> String {
        output.replacingOccurrences(of: "\n  ", with: "").replacingOccurrences(of: "Draft saved: ", with: "Draft saved:")
    }

    @Test("two unfinished runs keep two drafts; drafts lists them; --resume takes the latest, --resume N another; --discard deletes one")
    func severalDraftsPerForm() throws {
        let runner = try BinaryRunner()
        let folder = runner.stateHome + "/formline/drafts"
        let one = try runner.run(["fill", "Forms/signup.yaml"], lines: ["alice_one"])
        #expect(one.status == 4)
        // Whole seconds of mtime tell the latest: the second draft must be later.
        usleep(1_100_000)
        let two = try runner.run(["fill", "Forms/signup.yaml"], lines: ["bob_two", "bob@example.com"])
        #expect(two.status == 4)
        #expect(two.stdout.hasPrefix("A draft of this form exists (add --resume to continue it; formline drafts lists"))
        // A long path is wrapped onto continuation lines indented by two spaces.
        #expect(savedPaths(two.stdout).contains("Draft saved:\(folder)/signup+2.json"))
        #expect(try String(contentsOfFile: folder + "/signup.json", encoding: .utf8).contains("alice_one"), "the first draft is kept")

        let list = try runner.run(["drafts"], input: [])
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("signup  1  ") == true)
        #expect(lines.first?.hasSuffix("  1 answer  \(folder)/signup.json") == true)
        #expect(lines.last?.hasSuffix("  2 answers  \(folder)/signup+2.json") == true)

        // --resume: the latest (bob_two); it only asks what is missing.
        let latest = try runner.run(["fill", "Forms/signup.yaml", "--resume", "--output", "json"],
                                    lines: ["hunter2hunter2", "42", "den", ""])
        #expect(latest.status == 0, "\(latest.stderr)")
        #expect(latest.stdout.contains(#""username":"bob_two""#))
        #expect(!FileManager.default.fileExists(atPath: folder + "/signup+2.json"), "the resumed draft is deleted")
        #expect(FileManager.default.fileExists(atPath: folder + "/signup.json"), "the other stays")

        let three = try runner.run(["fill", "Forms/signup.yaml"], lines: ["carol_three"])
        #expect(savedPaths(three.stdout).contains("Draft saved:\(folder)/signup+2.json"),
                "the lowest free number")
        // --resume 1 picks the older draft.
        let picked = try runner.run(["fill", "Forms/signup.yaml", "--resume", "1", "--output", "json"],
                                    lines: ["alice@example.com", "hunter2hunter2", "42", "den", ""])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.stdout.contains(#""username":"alice_one""#))

        let missing = try runner.run(["fill", "Forms/signup.yaml", "--resume", "7"], lines: [])
        #expect(missing.status == 2)
        #expect(missing.stderr == "formline: \(folder)/signup+7.json: no draft to resume\n")

        let discard = try runner.run(["drafts", "Forms/signup.yaml", "--discard", "2"], input: [])
        #expect(discard.status == 0)
        #expect(discard.stdout == "Discarded draft 2 of signup: \(folder)/signup+2.json\n")
        let again = try runner.run(["drafts", "signup", "--discard", "2"], input: [])
        #expect(again.status == 2)
        #expect(again.stderr == "formline: signup has no draft 2 (formline drafts signup lists them)\n")
        let empty = try runner.run(["drafts"], input: [])
        #expect(empty.stdout == "No drafts in \(folder).\n")
    }

    @Test("--resume N with --draft FILE is a usage error")
    func resumeNumberWithDraftFile() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--resume", "2", "--draft", runner.home.path + "/d.json"], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--resume N picks one of the state folder's drafts: with --draft FILE there is only that file"))
    }
}
