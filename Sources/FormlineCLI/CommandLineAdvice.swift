import FormCore

/// What argument-parser would say too vaguely about a command line, said clearly before it reads
/// it: a mistyped subcommand gets the nearest one ("fil" -> "fill"), and a negative number after
/// an option (`--timeout -1`) reaches the option's own check instead of "Missing value".
enum CommandLineAdvice {
    /// The subcommands, from the command itself (a new one cannot be forgotten here), and help.
    static var commands: [String] {
        Formline.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// The message for a first word that is no command (and no option), or nil.
    static func unknownCommand(_ arguments: [String]) -> String? {
        let commands = Self.commands
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) else { return nil }
        let shown = TextWrap.truncate(TextCleaning.withoutControlCharacters(first), to: 30)
        let nearest = commands.map { ($0, editDistance($0, String(first.prefix(30)).lowercased())) }.min { $0.1 < $1.1 }
        if let (name, distance) = nearest, distance <= 2 {
            return CLIMessage.unknownCommandNear(shown: shown, nearest: name).text
        }
        let names = commands.filter { $0 != "help" }
        return CLIMessage.unknownCommand(shown: shown, commands: names).text
    }

    /// `--timeout -1` as `--timeout=-1`: argument-parser takes a word starting with `-` for an
    /// option and reports the value missing; joined, the value reaches the range check, which
    /// says what is wrong. Only a word that is a number is joined.
    static func negativeValuesInline(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var rest = arguments[...]
        while let word = rest.popFirst() {
            if word == "--" {
                return out + [word] + rest
            }
            if word == "--timeout", let next = rest.first, next.hasPrefix("-"), Double(next) != nil {
                rest.removeFirst()
                out.append(word + "=" + next)
            } else {
                out.append(word)
            }
        }
        return out
    }
}
