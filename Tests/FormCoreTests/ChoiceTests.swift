import FormCore
import Testing

/// Choice resolution (`ChoiceResolver`) and choice / multichoice fields.
@Suite struct ChoiceTests {
    let countries = ChoiceResolver(["Norway", "Sweden", "Denmark", "Finland", "Iceland"])

    func resolved(_ r: ChoiceResolver, _ input: String) -> String? { try? r.resolve(input).get() }

    func error(_ r: ChoiceResolver, _ input: String) -> String? {
        if case .failure(let e) = r.resolve(input) { return e.message }
        return nil
    }

    @Test func exactNameAnyCaseNumberAndUniquePrefix() {
        #expect(resolved(countries, "Denmark") == "Denmark")
        #expect(resolved(countries, "denmark") == "Denmark")
        #expect(resolved(countries, "3") == "Denmark")
        #expect(resolved(countries, "den") == "Denmark")
        #expect(resolved(countries, "I") == "Iceland")
    }

    @Test func exactNameBeatsPrefix() {
        let r = ChoiceResolver(["Express", "Express Plus"])
        #expect(resolved(r, "Express") == "Express")
        #expect(resolved(r, "express") == "Express")
        #expect(resolved(r, "Express P") == "Express Plus")
    }

    @Test func sameCaseExactBeatsOtherCase() {
        let r = ChoiceResolver(["ab", "AB"])
        #expect(resolved(r, "AB") == "AB")
        #expect(resolved(r, "ab") == "ab")
    }

    @Test func ambiguousPrefixListsTheMatches() {
        let r = ChoiceResolver(["DHL Express", "DHL Economy", "DHL Parcel", "UPS"])
        #expect(error(r, "dhl") == "'dhl' matches DHL Express, DHL Economy and DHL Parcel: type more")
        #expect(error(countries, "") == "'' matches Norway, Sweden, Denmark, Finland and Iceland: type more")
        #expect(error(ChoiceResolver(["Sweden", "Swaziland"]), "Sw") == "'Sw' matches Sweden and Swaziland: type more")
    }

    @Test func noMatchListsTheChoices() {
        #expect(error(countries, "Germany") == "Choose one of: Norway, Sweden, Denmark, Finland, Iceland")
        #expect(error(countries, "6") == "Choose one of: Norway, Sweden, Denmark, Finland, Iceland")
        #expect(error(countries, "0") == "Choose one of: Norway, Sweden, Denmark, Finland, Iceland")
    }

    @Test func digitNamedChoiceBeatsItsNumber() {
        let r = ChoiceResolver(["10", "2", "1"])
        #expect(resolved(r, "2") == "2")   // the name "2", not the second choice ("2" is also #2 here)
        #expect(resolved(r, "1") == "1")   // the name "1", not the first choice "10"
        #expect(resolved(r, "3") == "1")   // no choice is named "3": the third one
    }

    @Test func numbersAreASCIIDigitsOnly() {
        #expect(error(countries, "٣") == "Choose one of: Norway, Sweden, Denmark, Finland, Iceland")
        #expect(error(countries, "+3") == "Choose one of: Norway, Sweden, Denmark, Finland, Iceland")
    }

    @Test func choiceFieldTrimsAndResolves() {
        let f = Field(name: "c", type: .choice, choices: ["Norway", "Sweden"])
        #expect(f.parse("  swe ") == .success(.text("Sweden")))
        #expect(f.parse("x") == .failure(ValueError("Choose one of: Norway, Sweden")))
    }

    @Test func multichoiceKeepsTheFormsOrderAndDropsRepeats() {
        let f = Field(name: "h", type: .multichoice, choices: ["fragile", "keep upright", "refrigerate", "hazardous"])
        #expect(f.parse("haz, fragile") == .success(.list(["fragile", "hazardous"])))
        #expect(f.parse("2,2, keep upright") == .success(.list(["keep upright"])))
        #expect(f.parse("1,4") == .success(.list(["fragile", "hazardous"])))
        #expect(f.parse(" , ") == .success(.list([])))
    }

    @Test func multichoiceReportsTheFirstBadItem() {
        let f = Field(name: "h", type: .multichoice, choices: ["fragile", "frozen", "hazardous"])
        #expect(f.parse("haz, fr") == .failure(ValueError("'fr' matches fragile and frozen: type more")))
        #expect(f.parse("glass") == .failure(ValueError("'glass': Choose one of: fragile, frozen, hazardous")))
    }
}
