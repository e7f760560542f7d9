/// A line starting with `.` (or exactly `?`, or in a run of records exactly `"`): the operator's
/// commands (docs/filling.md, "Commands"). Each command is declared once, in `WizardCommand.table`:
/// its name, what it takes, its word in `?` and in the unknown-command message. The parser, the
/// help line, the suggestions and `CommandTableTests` (which holds docs/filling.md to the table)
/// all read that one list.
enum WizardCommand: Equatable, Sendable {
    case back, next, done, review, skip, clear, help, cancel, retry
    /// `.end`: ends a run of records (read only in one, `inRun`).
    case end
    case edit(String)
    /// `.add [LIST]`: one more item at the end of a list.
    case add(String)
    /// `.delete [LIST.N | N]`: delete an item (asks first).
    case delete(String)
    /// `"` alone in a run of records: the previous record's answer (the DUP key of data-entry
    /// terminals). Never at a secret prompt, where `"` is a password like any other.
    case ditto
    case unknown(String)

    /// What a command takes after its name.
    enum Argument: Equatable, Sendable {
        /// Nothing: anything after it makes the line an unknown command (`.next level` typed as
        /// a password is never taken as `.next`).
        case none
        /// An optional free argument (`.edit 3`, `.edit lines.2`).
        case free
        /// An optional argument that is refused at a secret prompt, where it could be a password
        /// missing its `..`.
        case notAtSecret
    }

    /// Where a command is listed: every form, forms with lists, or nowhere (said where it applies).
    enum Listing: Equatable, Sendable { case always, withLists, unlisted }

    /// One command as the operator meets it.
    struct Entry: Sendable {
        let name: String
        /// How `?` shows it (`.edit N|name`, `.help (or ?)`).
        let usage: String
        let argument: Argument
        let listing: Listing
        /// Offered as "did you mean" for a mistyped command.
        let suggested: Bool
        /// Read only in a run of records (elsewhere the line is an unknown command, as it always was).
        let onlyInRun: Bool
        let make: @Sendable (String) -> WizardCommand
    }

    /// Every command, in the order `?` lists them. A new command is one entry here, its case
    /// above, and its handlers (the compiler names each switch that must decide it).
    static let table: [Entry] = [
        Entry(name: "back", usage: ".back", argument: .none, listing: .always, suggested: true, onlyInRun: false) { _ in .back },
        Entry(name: "next", usage: ".next", argument: .none, listing: .always, suggested: true, onlyInRun: false) { _ in .next },
        Entry(name: "done", usage: ".done", argument: .none, listing: .always, suggested: true, onlyInRun: false) { _ in .done },
        Entry(name: "review", usage: ".review", argument: .none, listing: .always, suggested: true, onlyInRun: false) { _ in .review },
        Entry(name: "edit", usage: ".edit N|name", argument: .free, listing: .always, suggested: true, onlyInRun: false) { .edit($0) },
        Entry(name: "skip", usage: ".skip", argument: .none, listing: .always, suggested: true, onlyInRun: false) { _ in .skip },
        Entry(name: "clear", usage: ".clear", argument: .none, listing: .always, suggested: true, onlyInRun: false) { _ in .clear },
        Entry(name: "help", usage: ".help (or ?)", argument: .none, listing: .always, suggested: true, onlyInRun: false) { _ in .help },
        Entry(name: "cancel", usage: ".cancel", argument: .none, listing: .always, suggested: true, onlyInRun: false) { _ in .cancel },
        Entry(name: "retry", usage: ".retry", argument: .none, listing: .unlisted, suggested: true, onlyInRun: false) { _ in .retry },
        Entry(name: "add", usage: ".add [LIST]", argument: .notAtSecret, listing: .withLists, suggested: true, onlyInRun: false) { .add($0) },
        Entry(name: "delete", usage: ".delete [LIST.N]", argument: .notAtSecret, listing: .withLists, suggested: true, onlyInRun: false) { .delete($0) },
        Entry(name: "end", usage: ".end", argument: .none, listing: .unlisted, suggested: false, onlyInRun: true) { _ in .end },
    ]

    /// The names "did you mean" chooses from.
    static let names = table.filter(\.suggested).map(\.name)

    /// The command named `word` (lower case), in or out of a run of records.
    static func entry(_ word: String, inRun: Bool) -> Entry? {
        table.first { $0.name == word && (inRun || !$0.onlyInRun) }
    }

    /// nil when the line is a value: it does not start with `.`, or starts with `..` (a literal dot).
    /// At a secret prompt nothing is trimmed first (" .x" is a value there), and everywhere a
    /// command that takes no argument but was given one is unknown, so `.next level` typed as a
    /// password is never taken as `.next`. `inRun`: a record of `fill --repeat`, where `.end`
    /// means something; `ditto`: where a `"` alone copies the last record's answer (a field's
    /// first line in a run, not a secret).
    static func parse(_ line: String, secret: Bool = false, inRun: Bool = false, ditto: Bool = false) -> WizardCommand? {
        // Most lines are answers: one starting with a printable ASCII byte other than `?`, `.`
        // and `"` trims to a text whose first Character is that byte, so it is no command.
        if let first = line.utf8.first, first > 0x20, first < 0x7F,
           first != UInt8(ascii: "?"), first != UInt8(ascii: "."), first != UInt8(ascii: "\"") { return nil }
        let trimmed = secret ? String(line.reversed().drop { $0.isWhitespace }.reversed()) : line.trimmedWhitespace
        if trimmed == "?" { return .help }
        if ditto && !secret && trimmed == "\"" { return .ditto }
        guard trimmed.hasPrefix("."), !trimmed.hasPrefix("..") else { return nil }
        let body = trimmed.dropFirst()
        let word = body.prefix { !$0.isWhitespace }.lowercased()
        let argument = String(body.dropFirst(word.count)).trimmedWhitespace
        guard let entry = entry(word, inRun: inRun) else { return .unknown(trimmed) }
        switch entry.argument {
        case .none: return argument.isEmpty ? entry.make("") : .unknown(trimmed)
        case .free: return entry.make(argument)
        case .notAtSecret: return secret && !argument.isEmpty ? .unknown(trimmed) : entry.make(argument)
        }
    }

    /// `?`'s list of commands: "Commands: .back .next ... .cancel".
    static var helpList: String { WizardMessage.commandList(usages: table.filter { $0.listing == .always }.map(\.usage)).text }

    /// The same list as the accessible face says it: ".edit and a field's number or name".
    static var helpListInWords: String { WizardMessage.commandListInWords(usages: table.filter { $0.listing == .always }.map(\.usage)).text }

    /// The message for an unknown command: the nearest real one, and how to type a literal dot.
    /// `lists`: the form has lists, so `.add` and `.delete` are among the commands listed.
    static func unknownMessage(_ typed: String, lists: Bool = false) -> WizardMessage {
        let word = String(typed.dropFirst().prefix { !$0.isWhitespace }.prefix(30)).lowercased()
        let nearest = names.map { ($0, FormCore.editDistance($0, word)) }.min { $0.1 < $1.1 }
        if let entry = table.first(where: { $0.name == word && $0.suggested }), entry.argument == .none {
            return .commandTakesNothing(command: word, typed: TextWrap.truncate(typed, to: 30))
        }
        let shownWord = TextWrap.truncate(String(typed.prefix { !$0.isWhitespace }), to: 30)
        if let (name, distance) = nearest, distance <= 2 {
            return .unknownCommand(word: shownWord, nearest: name, listed: [], typed: TextWrap.truncate(typed, to: 30))
        }
        let listed = table.filter { $0.listing == .always || (lists && $0.listing == .withLists) }.map(\.name)
        return .unknownCommand(word: shownWord, nearest: nil, listed: listed, typed: TextWrap.truncate(typed, to: 30))
    }
}

extension Wizard {
    /// What a transcript may show of a line typed at a secret prompt; nil: it is a secret value
    /// (`>* [name]`). An empty line and exact commands are shown as typed. Lines that look like
    /// commands but are not valid there (`.edit NAME`, an unknown `.word`) are shown as a fixed
    /// stand-in: the wizard's reply never repeats them, so the stand-in replays the same way, and
    /// a password typed without its `..` never reaches the file.
    /// `inRun`: a record of `fill --repeat`, where `.end` is a command (and is written as typed).
    package static func transcriptText(forSecretPromptLine line: String, inRun: Bool = false) -> String? {
        if line.isEmpty { return "" }
        switch WizardCommand.parse(line, secret: true, inRun: inRun) {
        case nil: return nil
        case .unknown?: return ".?"
        case .edit(let target)?: return isFieldNumber(target) ? line : ".edit ?"
        default: return line
        }
    }

    /// What a transcript shows for a line typed at a private field's prompt: a command (and an
    /// empty line) as typed, a value nil (written `>* [name]`). The prompt reads commands as any
    /// field's does, so `..text` is a value.
    package static func transcriptText(forPrivatePromptLine line: String, inRun: Bool = false) -> String? {
        if line.isEmpty { return "" }
        return WizardCommand.parse(line, secret: false, inRun: inRun, ditto: inRun) == nil ? nil : line
    }

    /// One to three ASCII digits: the only `.edit` argument taken at a secret prompt.
    static func isFieldNumber(_ text: String) -> Bool {
        (1...3).contains(text.count) && text.utf8.allSatisfy { (48...57).contains($0) }
    }
}
