#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FormCore
import Testing

/// The translation tables (Messages/Norwegian/, docs/languages.md): every case of both
/// catalogues has English words and a Norwegian translation that shows the same parameters, the
/// language is chosen as POSIX says, and a 7-bit line gets ASCII.
@Suite struct MessageTranslationTests {
    static let norwegian = MessageLanguage(code: .nb)

    /// The samples' cases that have no Norwegian words, by name: what a new case still needs.
    @Test func everyCaseHasEnglishAndNorwegianWords() {
        let wizardMissing = WizardMessageTests.samples.filter { $0.norwegian == nil }.map(WizardMessageTests.caseName)
        let cliMissing = CLIMessageTests.samples.filter { $0.norwegian == nil }.map(CLIMessageTests.caseName)
        #expect(wizardMissing.isEmpty, "WizardMessage cases without a Norwegian (nb) translation in WizardMessage+Norwegian.swift: \(wizardMissing.joined(separator: ", "))")
        #expect(cliMissing.isEmpty, "CLIMessage cases without a Norwegian (nb) translation in CLIMessage+Norwegian.swift: \(cliMissing.joined(separator: ", "))")
        for message in WizardMessageTests.samples {
            #expect(!message.english.trimmingCharacters(in: .whitespaces).isEmpty, "\(WizardMessageTests.caseName(message)) has no English words")
        }
        for message in CLIMessageTests.samples {
            #expect(!message.english.trimmingCharacters(in: .whitespaces).isEmpty, "\(CLIMessageTests.caseName(message)) has no English words")
        }
    }

    /// The parameters a case carries, as text: strings, numbers, the items of lists.
    static func parameters(_ value: Any) -> [String] {
        switch value {
        case let s as String: return s.isEmpty ? [] : [s]
        case let n as Int: return [String(n)]
        case is Bool, is WizardMessage: return []
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional { return mirror.children.first.map { parameters($0.value) } ?? [] }
            return mirror.children.flatMap { parameters($0.value) }
        }
    }

    /// A parameter the English words show, the Norwegian show too, and no other: a translation
    /// that drops one (or shows one English leaves out) fails here by case and parameter.
    @Test func translationsShowTheSameParameters() {
        var problems: [String] = []
        func check(_ name: String, _ associated: Any?, english: String, norwegian: String) {
            guard let associated else { return }
            for parameter in Self.parameters(associated) where english.contains(parameter) != norwegian.contains(parameter) {
                problems.append("\(name): \"\(parameter)\" is " + (english.contains(parameter) ? "dropped" : "added"))
            }
        }
        for message in WizardMessageTests.samples {
            check(WizardMessageTests.caseName(message), Mirror(reflecting: message).children.first?.value,
                  english: message.english, norwegian: message.text(in: Self.norwegian))
        }
        for message in CLIMessageTests.samples {
            check(CLIMessageTests.caseName(message), Mirror(reflecting: message).children.first?.value,
                  english: message.english, norwegian: message.text(in: Self.norwegian))
        }
        #expect(problems == [])
    }

    /// Norwegian prompts end where the operator types and leave room to type; every other
    /// sentence is one clean line, as the English ones are.
    @Test func norwegianSentencesKeepTheLayout() {
        for message in WizardMessageTests.samples {
            let name = WizardMessageTests.caseName(message)
            let text = message.text(in: Self.norwegian)
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(name) holds a control character")
            if WizardMessageTests.prompts.contains(name) {
                #expect(text.hasSuffix(": ") && TextWrap.columns(text) <= Wizard.promptWidth, "\(name) is not a prompt that fits")
            } else {
                #expect(text.last.map { !$0.isWhitespace } ?? false, "\(name) ends with whitespace")
            }
        }
    }

    @Test func sentencesReadInNorwegian() {
        #expect(WizardMessage.reviewPrompt.text(in: Self.norwegian) == "Sende inn? (Enter = send, nummer = endre, .cancel): ")
        #expect(WizardMessage.deletePrompt(item: "Medisiner 2").text(in: Self.norwegian) == "Slette Medisiner 2? (j/N): ")
        #expect(WizardMessage.atReview(.noField(number: 12, range: "1-8")).text(in: Self.norwegian)
            == "Ikke noe felt 12: bruk et nummer fra gjennomgangen (1-8); trykk Enter for å sende")
        #expect(WizardMessage.commandList(usages: [".back", ".edit N|name", ".help (or ?)"]).text(in: Self.norwegian)
            == "Kommandoer: .back .edit N|navn .help (eller ?)")
        #expect(CLIMessage.draftSaved(path: "d.json").text(in: Self.norwegian) == "Utkast lagret: d.json")
        // English stays English whatever is bound around it.
        #expect(Self.norwegian.speaking { WizardMessage.cancelled.text(in: .english) } == "Cancelled.")
        #expect(Self.norwegian.speaking { WizardMessage.cancelled.text } == "Avbrutt.")
        #expect(WizardMessage.cancelled.text == "Cancelled.")
    }

    @Test func fieldRefusalsReadInNorwegian() throws {
        let (lo, hi) = (try #require(DecimalText("13")), try #require(DecimalText("120")))
        Self.norwegian.speaking {
            #expect(ValueError.tooShort(minimum: 3).description == "Minst 3 tegn")
            #expect(ValueError.tooLong(maximum: 20, length: 24).description == "Høyst 20 tegn (dette har 24)")
            #expect(ValueError.notBoolean.description == "Svar j eller n")
            #expect(ValueError.aboveMaximum(.number(hi), minimum: .number(lo)).description
                == "Må være mellom 13 og 120")
        }
    }

    /// One of each `FieldTypeRefusal` case (both forms of the one with a flag).
    static let fieldTypeRefusals: [FieldTypeRefusal] = [
        .emailHasSpaces, .emailAtCount(2), .emailNeedsName, .emailDomainNeedsDot(domain: "example"),
        .notRealDate("2023-02-30"), .notRealTime("24:10"), .notRealDateTime("2023-02-30T10:00:00Z"),
        .dateTimeNeedsSeconds(time: "14:30", hasOffset: true),
        .dateTimeNeedsSeconds(time: "14:31", hasOffset: false),
        .hostnameTooLong(length: 260), .hostnameLabelTooLong(label: "aaaaaaaaaaaaaaaaaaa…"),
        .hostnameHyphenAtEnd(label: "-mail"), .hostnameCharacter("_"),
        .ipv4PartCount(3), .ipv4OctetOver255("300"), .ipv4LeadingZero("010"),
        .ipv6GroupTooLong("12345"), .ipv6GroupCount(9), .cidrPrefixOver(prefix: "40", maximum: 32),
        .phoneCharacter("x"), .phoneDigitCount(7), .uriCharacter("ø"),
    ]

    /// Every declared case has a sample, English words, and Norwegian words showing the same
    /// parameters: a new detailed refusal without its translation fails here by name.
    @Test func fieldTypeRefusalsAreTranslatedWithTheirParameters() throws {
        let catalogue = WizardMessageTests.root.appendingPathComponent("Sources/FormCore/Messages/FieldTypeRefusal.swift")
        let declared = try WizardMessageTests.declaredCases(in: catalogue)
        #expect(declared.count > 20)
        #expect(Set(Self.fieldTypeRefusals.map(WizardMessageTests.caseName)) == Set(declared))
        var problems: [String] = []
        for refusal in Self.fieldTypeRefusals {
            let name = WizardMessageTests.caseName(refusal)
            guard let norwegian = refusal.norwegian else { problems.append("\(name) has no Norwegian"); continue }
            #expect(!refusal.english.isEmpty && norwegian != refusal.english, "\(name)")
            let associated = Mirror(reflecting: refusal).children.first?.value
            for parameter in associated.map(Self.parameters) ?? [] where refusal.english.contains(parameter) != norwegian.contains(parameter) {
                problems.append("\(name): \"\(parameter)\" is " + (refusal.english.contains(parameter) ? "dropped" : "added"))
            }
            #expect(MessageLanguage(code: .nb, asciiOnly: true).speaking { ValueError.typeDetail(refusal).description }
                .unicodeScalars.allSatisfy(\.isASCII) || !refusal.english.unicodeScalars.allSatisfy(\.isASCII), "\(name)")
        }
        #expect(problems == [])
    }

    /// Refusals that show what was typed, through the field types, word for word.
    @Test func detailedFieldRefusalsReadInNorwegian() {
        func refusal(_ type: FieldType, _ input: String) -> String? {
            if case .failure(let e) = Field(name: "f", type: type).parse(input) { return e.description }
            return nil
        }
        Self.norwegian.speaking {
            #expect(refusal(.email, "admin@example")
                == "Skriv en gyldig e-postadresse: delen etter @ trenger et punktum, som example.com")
            #expect(refusal(.email, "a@@b.co") == "Skriv en gyldig e-postadresse: en adresse har én @, ikke 2")
            #expect(refusal(.email, "a@b") == "Skriv en gyldig e-postadresse: delen etter @ trenger et punktum, som b.com")
            #expect(refusal(.date, "2023-02-29") == "2023-02-29 er ikke en gyldig dato")
            #expect(refusal(.datetime, "2024-05-01T14:30Z") == "Legg til sekundene i klokkeslettet, som 14:30:00")
            #expect(refusal(.ipv4, "192.0.2.300") == "Oktetten 300 er over 255")
            #expect(FieldType.multiline.kind.shortDisplay(.text("a\nb\nc")) == "a (+2 linjer)")
        }
        // The same refusals stay English outside a Norwegian session.
        #expect(refusal(.email, "a@@b.co") == "Enter a valid email address: an address has one @, not 2")
        #expect(refusal(.date, "2023-02-29") == "2023-02-29 is not a real date")
        // A 7-bit line gets the letters Norwegians write without æ, ø and å.
        MessageLanguage(code: .nb, asciiOnly: true).speaking {
            #expect(refusal(.email, "a@@b.co") == "Skriv en gyldig e-postadresse: en adresse har en @, ikke 2")
        }
    }

    /// Each Norwegian field-type word translates words a type's file writes, word for word: an
    /// English text changed in its file shows here as a key nobody uses.
    @Test func fieldTypeWordsTranslateWordsTheTypesWrite() throws {
        let folder = WizardMessageTests.root.appendingPathComponent("Sources/FormCore/FieldTypes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let sources = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
        #expect(files.count > 10)
        let unused = MessageLanguage.norwegianFieldTypeWords.keys.filter { !sources.contains("\"\($0)\"") }.sorted()
        #expect(unused == [])
    }

    /// POSIX precedence: LC_ALL, then LC_MESSAGES, then LANG, the first one set; `--lang` wins.
    @Test func theLanguageIsChosenAsPOSIXSays() {
        func code(_ environment: [String: String], _ argument: String? = nil) -> MessageLanguage.Code? {
            MessageLanguage.chosen(argument: argument, environment: environment, plain: false)?.code
        }
        #expect(code([:]) == .en)
        #expect(code(["LANG": "nb_NO.UTF-8"]) == .nb)
        #expect(code(["LANG": "no_NO.UTF-8"]) == .nb)
        #expect(code(["LANG": "nn_NO.UTF-8"]) == .nb)
        #expect(code(["LANG": "de_DE.UTF-8"]) == .en)
        #expect(code(["LANG": "nb_NO.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"]) == .en)
        #expect(code(["LANG": "en_US.UTF-8", "LC_MESSAGES": "nb_NO.UTF-8", "LC_ALL": "C"]) == .en)
        #expect(code(["LANG": "en_US.UTF-8", "LC_ALL": ""]) == .en)
        #expect(code(["LC_ALL": "nb_NO.UTF-8", "LANG": "en_US.UTF-8"]) == .nb)
        #expect(code(["LANG": "nb_NO.UTF-8"], "en") == .en)
        #expect(code([:], "nb") == .nb)
        #expect(code([:], "nb_NO.UTF-8") == .nb)
        #expect(code([:], "de") == nil)
    }

    /// A 7-bit line is `--plain` with a locale whose character set is not UTF-8.
    @Test func aSevenBitLineIsPlainWithoutUTF8() {
        func ascii(_ environment: [String: String], _ argument: String? = "nb", plain: Bool = true) -> Bool? {
            MessageLanguage.chosen(argument: argument, environment: environment, plain: plain)?.asciiOnly
        }
        #expect(ascii(["LANG": "nb_NO"]) == true)
        #expect(ascii(["LANG": "nb_NO.ISO-8859-1"]) == true)
        #expect(ascii(["LC_ALL": "C"]) == true)
        #expect(ascii(["LANG": "nb_NO.UTF-8"]) == false)
        #expect(ascii(["LANG": "nb_NO.utf8"]) == false)
        #expect(ascii([:]) == false)
        #expect(ascii(["LANG": "nb_NO"], plain: false) == false)
        #expect(ascii([:], "nb.ascii") == true)
        #expect(ascii(["LANG": "nb_NO"], "nb_NO.UTF-8") == false)
        // English needs no transliteration.
        #expect(ascii(["LANG": "en_US"], nil) == false)
    }

    /// Under a 7-bit line every Norwegian sentence is ASCII: æ, ø and å as Norwegians write
    /// them without the letters.
    @Test func aSevenBitLineGetsASCII() {
        let ascii = MessageLanguage(code: .nb, asciiOnly: true)
        #expect(WizardMessage.required.text(in: ascii) == "Paakrevd")
        #expect(WizardMessage.ruleAtMostItems(3).text(in: ascii) == "hoeyst 3 elementer")
        #expect(MessageLanguage.transliterated("Ærlig, Østre, Åse") == "Aerlig, Oestre, Aase")
        for message in WizardMessageTests.samples {
            #expect(message.text(in: ascii).unicodeScalars.allSatisfy { $0.isASCII }, "\(WizardMessageTests.caseName(message))")
        }
        for message in CLIMessageTests.samples {
            #expect(message.text(in: ascii).unicodeScalars.allSatisfy { $0.isASCII }, "\(CLIMessageTests.caseName(message))")
        }
        ascii.speaking { #expect(ValueError.tooLong(maximum: 20, length: 24).description == "Hoeyst 20 tegn (dette har 24)") }
    }

    /// Yes and no in either language, whatever the session's.
    @Test func yesAndNoInEitherLanguage() {
        for yes in ["y", "Yes", "j", "JA"] { #expect(MessageLanguage.yesOrNo(yes) == true) }
        for no in ["n", "no", "Nei"] { #expect(MessageLanguage.yesOrNo(no) == false) }
        #expect(MessageLanguage.yesOrNo("jo") == nil)
        #expect(MessageLanguage(code: .nb).word(for: true) == "ja")
    }
}
