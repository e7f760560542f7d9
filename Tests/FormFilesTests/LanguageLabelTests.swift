#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FormCore
import FormFiles
import Testing

/// `label` and `help` per language (docs/languages.md): read, chosen by the session's language,
/// and a bad language key reported at its place (so `formline check` reports it).
@Suite struct LanguageLabelTests {
    @Test func labelsAndHelpPerLanguage() throws {
        let spec = try #require(loadedForm(form("""
              - name: name
                label: {en: Name, nb: Navn}
                help:
                  en: Your full name.
                  nb: Fullt navn.
              - name: ward
                label: {nb: Post}
              - name: bed
                label: Bed

            """)))
        #expect(spec.fields.map(\.label) == ["Name", "Post", "Bed"])
        #expect(spec.fields[0].help == "Your full name.")
        let norwegian = spec.speaking(.nb)
        #expect(norwegian.fields.map(\.label) == ["Navn", "Post", "Bed"])
        #expect(norwegian.fields[0].help == "Fullt navn.")
        #expect(spec.speaking(.en) == spec)
        #expect(try #require(loadedForm(form("  - name: b\n    label: {en: Ward, nb: Sengepost på sør}\n")))
            .speaking(.nb, asciiOnly: true).fields[0].label == "Sengepost paa soer")
    }

    @Test func aKeyThatIsNoLanguageIsAnErrorAtItsPlace() {
        #expect(errorLines(form("  - name: a\n    label: {en: A, bn: B}\n")) == [
            "t.yaml:4:20: label: \"bn\" is not a language formline speaks (en, nb)",
        ])
        #expect(errorLines(form("  - name: a\n    help: {nb: [x]}\n")) == [
            "t.yaml:4:16: help.nb must be text, not a list",
        ])
        #expect(errorLines(form("  - name: a\n    label: {}\n")) == [
            "t.yaml:4:12: label must give a text, or a text per language ({en: ..., nb: ...})",
        ])
    }

    /// The shipped signup form speaks Norwegian.
    @Test func theShippedSignupFormHasNorwegianLabels() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let spec = try FormFileLoader.load(path: root.appendingPathComponent("Forms/signup.yaml").path).get()
        #expect(spec.fields.map(\.label) == ["Username", "Email", "Password", "Age", "Country"])
        #expect(spec.speaking(.nb).fields.map(\.label) == ["Brukernavn", "E-post", "Passord", "Alder", "Land"])
        #expect(spec.speaking(.nb).fields[0].help == "Navnet du logger inn med.")
    }
}
