/// A line starting with `.` (or exactly `?`): the operator's commands (README "Commands").
enum WizardCommand: Equatable {
    case back, next, done, review, skip, clear, help, cancel, retry
    case edit(String)
    case unknown(String)

    static let names = ["back", "next", "done", "review", "edit", "skip", "clear", "help", "cancel", "retry"]

    /// nil when the line is a value: it does not start with `.`, or starts with `..` (a literal dot).
    static func parse(_ line: String) -> WizardCommand? {
        let trimmed = line.trimmedWhitespace
        if trimmed == "?" { return .help }
        guard trimmed.hasPrefix("."), !trimmed.hasPrefix("..") else { return nil }
        let body = trimmed.dropFirst()
        let word = body.prefix { !$0.isWhitespace }.lowercased()
        let argument = String(body.dropFirst(word.count)).trimmedWhitespace
        switch word {
        case "back": return .back
        case "next": return .next
        case "done": return .done
        case "review": return .review
        case "skip": return .skip
        case "clear": return .clear
        case "help": return .help
        case "cancel": return .cancel
        case "retry": return .retry
        case "edit": return .edit(argument)
        default: return .unknown(String(trimmed))
        }
    }

    /// The message for an unknown command: the nearest real one, and how to type a literal dot.
    static func unknownMessage(_ typed: String) -> String {
        let word = String(typed.dropFirst().prefix { !$0.isWhitespace }).lowercased()
        let nearest = names.map { ($0, editDistance($0, word)) }.min { $0.1 < $1.1 }
        var message = "Unknown command \(typed.prefix { !$0.isWhitespace })"
        if let (name, distance) = nearest, distance <= 2 {
            message += " (did you mean .\(name)?)"
        } else {
            message += " (commands: .back .next .done .review .edit .skip .clear .help .cancel)"
        }
        return message + ". To enter a value starting with '.', type '.\(typed)'"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}

extension Wizard {
    /// Whether a line typed at a secret prompt is not a secret value: empty (keep the value) or a
    /// command the wizard knows (`.cancel`, `.back`, `?`). Transcripts record such lines as typed,
    /// so a replay repeats them; anything else there is recorded as `>* [name]`.
    public static func isNotASecretValue(_ line: String) -> Bool {
        if line.isEmpty { return true }
        switch WizardCommand.parse(line) {
        case nil, .unknown?: return false
        default: return true
        }
    }
}
