import FormCore
import Testing
@testable import FormlineCLI

/// `fill --lang` (docs/languages.md): it wins over the locale, and a language formline does not
/// speak is a usage error with the reason, by both readers of the command line.
@Suite struct LangOptionTests {
    @Test func langWinsOverTheLocale() throws {
        let options = try #require(QuickFillArguments.parse(["fill", "a.yaml", "--lang", "en"]))
        #expect(options.problem == nil)
        #expect(options.language(environment: ["LANG": "nb_NO.UTF-8"]) == .english)
        let fromLocale = try #require(QuickFillArguments.parse(["fill", "a.yaml", "--plain"]))
        #expect(fromLocale.language(environment: ["LC_ALL": "nb_NO", "LANG": "en_US.UTF-8"])
            == MessageLanguage(code: .nb, asciiOnly: true))
    }

    @Test func anUnspokenLanguageIsAUsageError() {
        let expected = "--lang: formline speaks en and nb (also as a locale: nb_NO.UTF-8, no, nn), not \"de\""
        var options = FillOptions(form: "a.yaml")
        options.lang = "de"
        #expect(options.problem == expected)
        // The fast reader leaves a line with a problem to argument-parser, which says it.
        #expect(QuickFillArguments.parse(["fill", "a.yaml", "--lang", "de"]) == nil)
        #expect(throws: (any Error).self) { try Formline.parseAsRoot(["fill", "a.yaml", "--lang", "de"]) }
        #expect(Formline.fullMessage(for: ValidationErrorProbe.error(["fill", "a.yaml", "--lang", "de"])).contains(expected))
    }
}

/// The error argument-parser throws for a command line it refuses.
private enum ValidationErrorProbe {
    static func error(_ arguments: [String]) -> any Error {
        do {
            _ = try Formline.parseAsRoot(arguments)
            return CancellationError()
        } catch {
            return error
        }
    }
}
