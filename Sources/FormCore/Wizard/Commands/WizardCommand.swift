/// A line starting with `.` (or exactly `?`): the operator's commands (docs/filling.md,
/// "Commands").
enum WizardCommand: Equatable {
    case back, next, done, review, skip, clear, help, cancel, retry
    /// `.end`: ends a run of records (read only in one, `inRun`).
    case end
    case edit(String)
    /// `.add [LIST]`: one more item at the end of a list.
    case add(String)
    /// `.delete [LIST.N | N]`: delete an item (asks first).
    case delete(String)
    case unknown(String)

    static let names = ["back", "next", "done", "review", "edit", "skip", "clear", "help", "cancel", "retry", "add", "delete"]

    /// nil when the line is a value: it does not start with `.`, or starts with `..` (a literal dot).
    /// At a secret prompt nothing is trimmed first (" .x" is a value there), and everywhere a
    /// command that takes no argument but was given one is unknown, so `.next level` typed as a
    /// password is never taken as `.next`.
    static func parse(_ line: String, secret: Bool = false, inRun: Bool = false) -> WizardCommand? {
        let trimmed = secret ? String(line.reversed().drop { $0.isWhitespace }.reversed()) : line.trimmedWhitespace
        if trimmed == "?" { return .help }
        guard trimmed.hasPrefix("."), !trimmed.hasPrefix("..") else { return nil }
        let body = trimmed.dropFirst()
        let word = body.prefix { !$0.isWhitespace }.lowercased()
        let argument = String(body.dropFirst(word.count)).trimmedWhitespace
        let bare: WizardCommand?
        switch word {
        case "back": bare = .back
        case "next": bare = .next
        case "done": bare = .done
        case "review": bare = .review
        case "skip": bare = .skip
        case "clear": bare = .clear
        case "help": bare = .help
        case "cancel": bare = .cancel
        case "retry": bare = .retry
        case "end": bare = inRun ? .end : nil
        case "edit": return .edit(argument)
        // At a secret prompt an argument could be a password missing its `..`: unknown then.
        case "add": return secret && !argument.isEmpty ? .unknown(trimmed) : .add(argument)
        case "delete": return secret && !argument.isEmpty ? .unknown(trimmed) : .delete(argument)
        default: bare = nil
        }
        guard let bare, argument.isEmpty else { return .unknown(trimmed) }
        return bare
    }

    /// The message for an unknown command: the nearest real one, and how to type a literal dot.
    /// `lists`: the form has lists, so `.add` and `.delete` are among the commands listed.
    static func unknownMessage(_ typed: String, lists: Bool = false) -> String {
        let word = String(typed.dropFirst().prefix { !$0.isWhitespace }.prefix(30)).lowercased()
        let nearest = names.map { ($0, FormCore.editDistance($0, word)) }.min { $0.1 < $1.1 }
        if names.contains(word) && !["edit", "add", "delete"].contains(word) {
            return ".\(word) takes nothing after it. To enter a value starting with '.', type '."
                + TextWrap.truncate(typed, to: 30) + "'"
        }
        var message = "Unknown command " + TextWrap.truncate(String(typed.prefix { !$0.isWhitespace }), to: 30)
        if let (name, distance) = nearest, distance <= 2 {
            message += " (did you mean .\(name)?)"
        } else {
            message += " (commands: .back .next .done .review .edit .skip .clear .help .cancel"
                + (lists ? " .add .delete)" : ")")
        }
        return message + ". To enter a value starting with '.', type '." + TextWrap.truncate(typed, to: 30) + "'"
    }
}

extension Wizard {
    /// What a transcript may show of a line typed at a secret prompt; nil: it is a secret value
    /// (`>* [name]`). An empty line and exact commands are shown as typed. Lines that look like
    /// commands but are not valid there (`.edit NAME`, an unknown `.word`) are shown as a fixed
    /// stand-in: the wizard's reply never repeats them, so the stand-in replays the same way, and
    /// a password typed without its `..` never reaches the file.
    public static func transcriptText(forSecretPromptLine line: String) -> String? {
        if line.isEmpty { return "" }
        switch WizardCommand.parse(line, secret: true) {
        case nil: return nil
        case .unknown?: return ".?"
        case .edit(let target)?: return isFieldNumber(target) ? line : ".edit ?"
        default: return line
        }
    }

    /// One to three ASCII digits: the only `.edit` argument taken at a secret prompt.
    static func isFieldNumber(_ text: String) -> Bool {
        (1...3).contains(text.count) && text.utf8.allSatisfy { (48...57).contains($0) }
    }
}
