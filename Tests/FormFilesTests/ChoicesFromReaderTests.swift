import FormCore
import FormFiles
import Testing

/// `choices_from:` on a choice field (docs/checks.md, "Choices from the API"), read from a form
/// file, and its mistakes at their positions.
@Suite struct ChoicesFromReaderTests {
    @Test func aFetchIsReadWithItsQueryPointerAndFake() throws {
        let spec = try #require(loadedForm(form("""
              - name: warehouse
              - name: dock
                type: multichoice
                choices_from:
                  path: /api/docks
                  query: { warehouse: "{warehouse}" }
                  value: /code
                  timeout: 5
                  fake: [D1, D2]

            """)))
        let from = try #require(spec.fields[1].choicesFrom)
        #expect(spec.fields[1].choices.isEmpty)
        #expect(from.path == "/api/docks")
        #expect(from.value?.description == "/code")
        #expect(from.timeoutSeconds == 5)
        #expect(from.fake == ["D1", "D2"])
        let request = from.request(field: "dock", values: ["warehouse": .text("Oslo & Co")])
        #expect(request.key == "GET /api/docks?warehouse=Oslo%20%26%20Co null")
        #expect(request.fakeChoices == ["D1", "D2"])
    }

    @Test func theListIsReadFromStringsOrObjects() {
        let from = ChoicesFrom(path: "/d", value: JSONPointer("/code"))
        let answer = JSONValue.array([
            .object(["code": .string("A"), "name": .string("Dock A")]), .string("B"), .number("7"),
            .object(["name": .string("no code")]), .string("A"), .string("  "), .bool(true),
        ])
        #expect(from.choices(in: answer) == ["A", "B", "7"])
        #expect(from.choices(in: .object(["docks": .array([])])) == nil)
        #expect(from.choices(in: .array([.object([:])])) == nil)
        #expect(from.choices(in: nil) == nil)
    }

    @Test func aLabelPointerIsReadAndItsLabelsTakenFromObjects() throws {
        let spec = try #require(loadedForm(form("""
              - name: dock
                type: choice
                choices_from:
                  path: /api/docks
                  value: /code
                  label: /name

            """)))
        let from = try #require(spec.fields[0].choicesFrom)
        #expect(from.label?.description == "/name")
        let answer = JSONValue.array([
            .object(["code": .string("D1"), "name": .string("North\ndock")]), .object(["code": .string("D2")]),
            .object(["code": .string("D1"), "name": .string("Again")]), .string("D3"),
        ])
        #expect(from.choices(in: answer) == ["D1", "D2", "D3"])
        #expect(from.labels(in: answer) == ["D1": "North dock"])
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices_from:\n      path: /x\n      value: /code\n      label: name\n")) == [
            "t.yaml:8:14: \"name\" is not a JSON pointer (write /name or /dock/name)",
        ])
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices_from:\n      path: /x\n      label: /name\n")) == [
            "t.yaml:7:7: choices_from label needs value: the pointer to the choice sent (label is only what is shown)",
        ])
    }

    @Test func aConditionMayNameAFetchedFieldAndComparesTheChoiceTaken() throws {
        let spec = try #require(loadedForm(form("""
              - name: dock
                type: choice
                choices_from: { path: /api/docks, fake: [A, B] }
              - name: note
                when: { field: dock, equals: OSL-A }

            """)))
        #expect(spec.fields[1].when == Condition(field: "dock", test: .equals("OSL-A")))
    }

    @Test func mistakesAreReportedWhereTheyAre() {
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices_from:\n      path: api\n")) == [
            "t.yaml:6:13: choices_from path \"api\" must start with / and have no spaces",
        ])
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices_from:\n      path: /x/{b}\n  - name: b\n")) == [
            "t.yaml:6:13: choices_from placeholder {b} names a field after this one (the list may only depend on earlier answers)",
        ])
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices_from:\n      path: /x\n      value: code\n")) == [
            "t.yaml:7:14: \"code\" is not a JSON pointer (write /code or /dock/id)",
        ])
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices: [x]\n    choices_from:\n      path: /x\n")) == [
            "t.yaml:6:5: choices and choices_from can't both be given (the list is either written or fetched)",
        ])
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices_from:\n      path: /x\n      fake: []\n")) == [
            "t.yaml:7:13: choices_from fake must list at least one choice",
        ])
        #expect(errorLines(form("  - name: a\n    type: choice\n")).first?.hasSuffix(
            "a choice field lists its choices (or fetches them with choices_from)") == true)
    }
}
