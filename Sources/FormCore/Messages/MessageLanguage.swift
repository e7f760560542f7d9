/// The language the catalogues' sentences are rendered in (docs/languages.md): chosen once at
/// session set-up (`--lang`, else `LC_ALL` / `LC_MESSAGES` / `LANG`), held by the wizard, and
/// bound while it handles an event (and by the command line for its own sentences), so that
/// `WizardMessage.text` and `CLIMessage.text` render in it without every caller passing it on.
///
/// ```swift
/// MessageLanguage.chosen(argument: nil, environment: ["LANG": "nb_NO.UTF-8"], plain: false)  // nb
/// WizardMessage.cancelled.text(in: MessageLanguage(code: .nb))                                // "Avbrutt."
/// ```
public struct MessageLanguage: Sendable, Hashable {
    /// A language formline speaks. English is the fallback of every other.
    public enum Code: String, Sendable, CaseIterable {
        case en, nb

        /// Whether every sentence of this language is 7-bit ASCII (no transliteration needed).
        var writesASCII: Bool { self == .en }
    }

    public var code: Code
    /// `--plain` on a 7-bit line: letters outside ASCII are transliterated (æ → ae, ø → oe,
    /// å → aa), so a serial console or a log shows words instead of broken bytes.
    public var asciiOnly: Bool

    public init(code: Code, asciiOnly: Bool = false) {
        self.code = code
        self.asciiOnly = asciiOnly && !code.writesASCII
    }

    public static let english = MessageLanguage(code: .en)

    /// The language sentences are rendered in now: bound by `Wizard` while it handles an event
    /// (`SessionPolicy.language`), by `SessionSetup.makeWizard`, by replay for each transcript
    /// and by the command line for its whole run. English when nothing bound it (tests, library
    /// callers), whatever the host's locale: only the command line reads the environment.
    @TaskLocal package static var current: MessageLanguage = .english

    /// Renders `body` with this language's sentences.
    public func speaking<Result>(_ body: () throws -> Result) rethrows -> Result {
        // Already this language (a batch record's answers, applied inside its set-up's): no
        // second task-local binding, which allocates.
        if Self.current == self { return try body() }
        return try Self.$current.withValue(self, operation: body)
    }

    // MARK: - Choosing

    /// The language a locale name asks for: `nb_NO.UTF-8`, `nb`, `no` and `nn` (a Nynorsk
    /// reader reads Bokmål far better than English) are Norwegian Bokmål; `en_GB`, `C`, `POSIX`
    /// are English; nil for a language formline does not speak.
    public static func code(forLocale name: String) -> Code? {
        let language = name.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        switch language {
        case "nb", "no", "nn": return .nb
        case "en", "c", "posix": return .en
        default: return nil
        }
    }

    /// Whether a locale name names a character set that is not UTF-8 (`C`, `POSIX`,
    /// `nb_NO.ISO-8859-1`, `nb_NO` without one, `nb.ascii`): such a line is taken as 7-bit.
    /// A name with a UTF-8 charset is not; neither is no name at all (formline writes UTF-8).
    static func namesSevenBitLine(_ name: String) -> Bool {
        let upper = name.uppercased()
        if upper == "C" || upper == "POSIX" { return true }
        guard let dot = upper.firstIndex(of: ".") else { return true }
        let charset = upper[upper.index(after: dot)...].prefix { $0 != "@" }.filter { $0 != "-" && $0 != "_" }
        return charset != "UTF8"
    }

    /// The first of `names` set to something in `environment`, as POSIX reads locale variables.
    static func firstSet(_ names: [String], in environment: [String: String]) -> String? {
        for name in names {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }

    /// This run's language: `--lang` if given (nil when it names a language formline does not
    /// speak: a usage error), else `LC_ALL`, `LC_MESSAGES`, `LANG` (the first one set; a
    /// language formline does not speak is English). Transliterated to ASCII under `--plain`
    /// when the line is 7-bit: `--lang`'s own charset if it names one, else that of `LC_ALL`,
    /// `LC_CTYPE`, `LANG`.
    public static func chosen(argument: String?, environment: [String: String], plain: Bool) -> MessageLanguage? {
        let code: Code
        var charsetName: String?
        if let argument {
            guard let given = Self.code(forLocale: argument) else { return nil }
            code = given
            if argument.contains(".") { charsetName = argument }
        } else {
            code = firstSet(["LC_ALL", "LC_MESSAGES", "LANG"], in: environment).flatMap(Self.code(forLocale:)) ?? .en
        }
        let line = charsetName ?? firstSet(["LC_ALL", "LC_CTYPE", "LANG"], in: environment)
        return MessageLanguage(code: code, asciiOnly: plain && (line.map(namesSevenBitLine) ?? false))
    }

    /// How `#! args` records it (`--lang nb`, `--lang nb.ascii`), read back by `chosen`.
    public var argument: String { code.rawValue + (asciiOnly ? ".ascii" : "") }

    // MARK: - Rendering

    /// `text` as this language shows it: transliterated when the line is 7-bit.
    func shown(_ text: String) -> String { asciiOnly ? Self.transliterated(text) : text }

    /// `text` in 7-bit ASCII: the Norwegian letters as Norwegians write them without them
    /// (æ → ae, ø → oe, å → aa), other Latin letters without their accents, anything else `?`.
    package static func transliterated(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "æ": out += "ae"
            case "Æ": out += "Ae"
            case "ø": out += "oe"
            case "Ø": out += "Oe"
            case "å": out += "aa"
            case "Å": out += "Aa"
            case "é", "è", "ê": out += "e"
            case "É": out += "E"
            case "ó", "ò", "ô": out += "o"
            case "ü": out += "u"
            case "ä": out += "a"
            case "ö": out += "o"
            case "«", "»", "“", "”": out += "\""
            case "‘", "’": out += "'"
            case "–", "—": out += "-"
            case "…": out += "..."
            default: out += "?"
            }
        }
        return out
    }

    // MARK: - Words every language has

    /// The words of a yes/no answer shown in this language (`y/n`, `j/n`).
    package var yesNoHint: String { code == .nb ? "j/n" : "y/n" }
    /// A boolean value as the review and the edit line show it.
    package func word(for value: Bool) -> String {
        switch code {
        case .en: return value ? "yes" : "no"
        case .nb: return value ? "ja" : "nei"
        }
    }

    /// Yes or no in any language formline speaks (`y`, `yes`, `j`, `ja`; `n`, `no`, `nei`),
    /// whatever the session's: an operator's English habit is never refused.
    package static func yesOrNo(_ typed: String) -> Bool? {
        switch typed.lowercased() {
        case "y", "yes", "j", "ja": return true
        case "n", "no", "nei": return false
        default: return nil
        }
    }
}
