import Testing
@testable import FormReadline

@Suite struct ChoiceCompleterTests {
    let countries = ["Norway", "Sweden", "Denmark", "Finland", "Iceland"]

    @Test func wholeLineIgnoresCase() {
        let completer = ChoiceCompleter(words: countries, list: false)
        #expect(completer.matches(for: "den") == ["Denmark"])
        #expect(completer.matches(for: "DEN") == ["Denmark"])
        #expect(completer.matches(for: "") == countries)
        #expect(completer.matches(for: "x") == [])
    }

    @Test func multiWordChoicesAreOneWord() {
        let completer = ChoiceCompleter(words: ["Light Blue", "Light Green", "Dark"], list: false)
        #expect(completer.matches(for: "light ") == ["Light Blue", "Light Green"])
        #expect(completer.matches(for: "light g") == ["Light Green"])
    }

    @Test func listItemsKeepTheirLeadingBlank() {
        let completer = ChoiceCompleter(words: countries, list: true)
        // readline passes the text after the last comma.
        #expect(completer.matches(for: " den") == [" Denmark"])
        #expect(completer.matches(for: "sw") == ["Sweden"])
    }

    @Test func orderIsTheFormsAndDuplicatesGo() {
        let completer = ChoiceCompleter(words: ["b", "a", "b"], list: false)
        #expect(completer.matches(for: "") == ["b", "a"])
    }
}
