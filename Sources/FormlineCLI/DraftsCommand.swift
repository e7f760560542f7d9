import FormCore
import ArgumentParser
import FormDrafts
import FormFiles
import FormSystem

/// `formline drafts [FORM] [--discard N]`: the state folder's unfinished forms, and discarding one
/// without reaching for `rm`.
struct DraftsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drafts",
        abstract: "List saved drafts, or discard one.",
        discussion: """
            Lists every draft in the state folder (or those of one form): form, number, when it \
            was saved, how many answers it holds, and its file. `formline fill FORM --resume` \
            continues the latest, `--resume N` draft N. Drafts kept with --draft FILE are not listed.

            Exit status: 0 done, 2 usage error (no such draft, --discard without a form).
            """)

    @Argument(help: ArgumentHelp("A form id, or a form file (its id is read from it).", valueName: "form"))
    var form: String?
    @Option(help: ArgumentHelp("Delete draft N of the form.", valueName: "N"))
    var discard: Int?

    func run() throws {
        let shelf = DraftShelf(environment: ProcessEnvironment.current)
        let formID = try form.map(Self.formID)
        if let number = discard {
            guard let formID else { throw ValidationError(CLIMessage.discardNeedsForm.text) }
            guard let entry = shelf.drafts(of: formID).first(where: { $0.number == number }) else {
                StandardError.write(TextCleaning.visible("formline: " + CLIMessage.noSuchDraft(form: formID, number: number).text) + "\n")
                throw ExitCode(2)
            }
            DraftStore(path: entry.path).delete()
            print(TextCleaning.visible(CLIMessage.draftDiscarded(form: formID, number: number, path: entry.path).text))
            return
        }
        let entries = formID.map(shelf.drafts(of:)) ?? shelf.all()
        guard !entries.isEmpty else {
            print(TextCleaning.visible((formID.map { CLIMessage.noDraftsOf(form: $0, folder: shelf.folder) } ?? .noDrafts(folder: shelf.folder)).text))
            return
        }
        let width = entries.map(\.formID.count).max() ?? 0
        for entry in entries {
            let padded = entry.formID + String(repeating: " ", count: width - entry.formID.count)
            let summary: String
            do {
                let draft = try DraftStore(path: entry.path).load()
                // An optional field answered empty is kept as null: not an answer to count.
                let answers = draft.values.values.filter { $0 != .null }.count
                summary = "\(draft.savedAt)  " + CLIMessage.draftAnswerCount(answers).text
            } catch {
                summary = "(\(error))"
            }
            // File names and a draft's saved_at are anyone's text (issue 33 item 3): escaped.
            print(TextCleaning.visible("\(padded)  \(entry.number)  \(summary)  \(entry.path)"))
        }
    }

    /// The id of a form given as an id or as a form file.
    static func formID(_ text: String) throws -> String {
        guard text.hasSuffix(".yaml") || text.hasSuffix(".yml") else { return text }
        switch FormFileLoader.load(path: text) {
        case .success(let spec): return spec.id
        case .failure(let errors): throw ValidationError(errors.errors.map(\.description).joined(separator: "\n"))
        }
    }
}
