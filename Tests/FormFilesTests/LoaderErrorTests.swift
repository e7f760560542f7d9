import FormFiles
import Testing

/// Every loader error, word for word and at its line:column.
@Suite struct LoaderErrorTests {
    // MARK: YAML itself

    @Test func syntaxErrorHasYamsPosition() {
        #expect(errorLines("id: x\nfields:\n  - name: a\n   type: text\n") == [
            "t.yaml:4:4: invalid YAML: did not find expected '-' indicator (while parsing a block collection at line 3, column 3)"
        ])
    }

    @Test func tabIndentationIsASyntaxError() {
        #expect(errorLines("a: 1\n\tb: 2\n") == [
            "t.yaml:2:1: invalid YAML: found a tab character that violates indentation (while scanning a plain scalar at line 1, column 4)"
        ])
    }

    @Test func emptyFile() {
        #expect(errorLines("") == ["t.yaml:1:1: the file is empty: a form needs at least id and fields"])
    }

    @Test func rootMustBeAMapping() {
        #expect(errorLines("- a\n") == ["t.yaml:1:1: a form must be a mapping with id, title and fields, not a list"])
    }

    @Test func duplicateKeysAreAllReportedAtTheSecondOccurrence() {
        let yaml = """
            id: d
            fields:
              - name: a
                label: A
                label: B
              - {name: b, type: text, name: c}
            id: again

            """
        #expect(errorLines(yaml) == [
            "t.yaml:5:5: duplicate key \"label\" (first on line 4)",
            "t.yaml:6:27: duplicate key \"name\" (first on line 6)",
            "t.yaml:7:1: duplicate key \"id\" (first on line 1)",
        ])
    }

    @Test func duplicateKeyDoesNotHideOtherErrors() {
        let yaml = form("  - name: a\n    type: text\n    type: txt\n  - name: b\n    type: emial\n")
        #expect(errorLines(yaml) == [
            "t.yaml:5:5: duplicate key \"type\" (first on line 4)",
            "t.yaml:7:11: unknown field type \"emial\" (did you mean \"email\"?)",
        ])
    }

    @Test func quotedAndPlainSpellingsOfAKeyAreDuplicates() {
        #expect(errorLines(form("  - name: a\n    \"name\": b\n")) == [
            "t.yaml:4:5: duplicate key \"name\" (first on line 3)"
        ])
    }

    // MARK: The form

    @Test func unknownFormKeyWithSuggestion() {
        #expect(errorLines(form("  - name: a\n", "titel: T\n")) == [
            "t.yaml:4:1: unknown key \"titel\" in the form (did you mean \"title\"?)"
        ])
    }

    @Test func unknownKeyWithoutACloseName() {
        #expect(errorLines(form("  - name: a\n", "colour: red\n")) == [
            "t.yaml:4:1: unknown key \"colour\" in the form"
        ])
    }

    @Test func missingIdAndFields() {
        #expect(errorLines("title: T\n") == [
            "t.yaml:1:1: missing \"id\": the form's name for drafts and messages",
            "t.yaml:1:1: missing \"fields\": the questions the form asks",
        ])
    }

    @Test func fieldsMustBeANonEmptyList() {
        #expect(errorLines("id: t\nfields: []\n") == ["t.yaml:2:9: fields must list at least one field"])
        #expect(errorLines("id: t\nfields: name\n") == ["t.yaml:2:9: fields must be a list, not \"name\""])
    }

    @Test func idIsASafeFileName() {
        #expect(errorLines("id: my form\nfields:\n  - name: a\n") == [
            "t.yaml:1:5: id \"my form\" may use only ASCII letters, digits, -, _ and . (not first)"
        ])
        #expect(errorLines("id: ../x\nfields:\n  - name: a\n") == [
            "t.yaml:1:5: id \"../x\" may use only ASCII letters, digits, -, _ and . (not first)"
        ])
    }

    @Test func emptyValue() {
        #expect(errorLines("id:\nfields:\n  - name: a\n") == ["t.yaml:1:1: id needs a value"])
    }

    // MARK: Fields

    @Test func fieldMustBeAMapping() {
        #expect(errorLines(form("  - username\n")) == [
            "t.yaml:3:5: each field must be a mapping with name, type, ..., not \"username\""
        ])
    }

    @Test func unknownFieldKeyWithSuggestion() {
        #expect(errorLines(form("  - name: a\n    lable: A\n")) == [
            "t.yaml:4:5: unknown key \"lable\" in a field (did you mean \"label\"?)"
        ])
        #expect(errorLines(form("  - name: a\n    min_lenght: 3\n")) == [
            "t.yaml:4:5: unknown key \"min_lenght\" in a field (did you mean \"min_length\"?)"
        ])
    }

    @Test func missingName() {
        #expect(errorLines(form("  - label: A\n")) == ["t.yaml:3:5: missing \"name\": the field's payload key"])
    }

    @Test func unknownFieldType() {
        #expect(errorLines(form("  - name: a\n    type: emial\n")) == [
            "t.yaml:4:11: unknown field type \"emial\" (did you mean \"email\"?)"
        ])
        #expect(errorLines(form("  - name: a\n    type: password\n")) == [
            "t.yaml:4:11: unknown field type \"password\" (use text, multiline, secret, email, url, integer, decimal, date, boolean, choice, multichoice, ipv4, ipv6, ip, cidr, hostname, mac, time, datetime, uri, uuid, phone)"
        ])
    }

    @Test func requiredMustBeTrueOrFalse() {
        #expect(errorLines(form("  - name: a\n    required: yes\n")) == [
            "t.yaml:4:15: required must be true or false, not \"yes\""
        ])
        #expect(errorLines(form("  - name: a\n    required: \"true\"\n")) == [
            "t.yaml:4:15: required must be true or false, not \"true\""
        ])
    }

    @Test func lengthsMustBeWholeNumbers() {
        #expect(errorLines(form("  - name: a\n    min_length: three\n")) == [
            "t.yaml:4:17: min_length must be a whole number of 0 or more, not \"three\""
        ])
        #expect(errorLines(form("  - name: a\n    max_length: \"20\"\n")) == [
            "t.yaml:4:17: max_length must be a whole number of 0 or more, not \"20\""
        ])
        #expect(errorLines(form("  - name: a\n    max_length: -1\n")) == [
            "t.yaml:4:17: max_length must be a whole number of 0 or more, not \"-1\""
        ])
    }

    @Test func minLengthAboveMaxLength() {
        #expect(errorLines(form("  - name: a\n    min_length: 10\n    max_length: 5\n")) == [
            "t.yaml:4:17: min_length 10 is more than max_length 5"
        ])
    }

    @Test func numberBounds() {
        #expect(errorLines(form("  - name: a\n    type: integer\n    min: 1.5\n")) == [
            "t.yaml:5:10: min must be a whole number, not \"1.5\""
        ])
        #expect(errorLines(form("  - name: a\n    type: decimal\n    max: 1e3\n")) == [
            "t.yaml:5:10: max must be a number, not \"1e3\""
        ])
        #expect(errorLines(form("  - name: a\n    type: decimal\n    max: \"10\"\n")) == [
            "t.yaml:5:10: max must be a number, not \"10\""
        ])
        #expect(errorLines(form("  - name: a\n    type: integer\n    min: 130\n    max: 120\n")) == [
            "t.yaml:5:10: min 130 is more than max 120"
        ])
    }

    @Test func dateBounds() {
        #expect(errorLines(form("  - name: a\n    type: date\n    min: 2023-02-29\n")) == [
            "t.yaml:5:10: min must be a real date as YYYY-MM-DD, not \"2023-02-29\""
        ])
        #expect(errorLines(form("  - name: a\n    type: date\n    min: 2024-05-01\n    max: 2024-04-30\n")) == [
            "t.yaml:5:10: min 2024-05-01 is after max 2024-04-30"
        ])
    }

    @Test func rulesThatDoNotApplyToTheType() {
        #expect(errorLines(form("  - name: a\n    type: integer\n    min_length: 2\n")) == [
            "t.yaml:5:5: min_length does not apply to integer fields (use min and max)"
        ])
        #expect(errorLines(form("  - name: a\n    type: text\n    max: 2\n")) == [
            "t.yaml:5:5: max does not apply to text fields (use min_length and max_length)"
        ])
        #expect(errorLines(form("  - name: a\n    type: boolean\n    pattern: x\n")) == [
            "t.yaml:5:5: pattern does not apply to boolean fields"
        ])
        #expect(errorLines(form("  - name: a\n    type: text\n    choices: [x]\n")) == [
            "t.yaml:5:5: choices does not apply to text fields"
        ])
    }

    @Test func invalidPatternCarriesTheCompilerMessage() {
        #expect(errorLines(form("  - name: a\n    pattern: \"([a-z]\"\n")) == [
            "t.yaml:4:14: invalid pattern \"([a-z]\": expected ')'"
        ])
    }

    @Test func patternMessageNeedsAPattern() {
        #expect(errorLines(form("  - name: a\n    pattern_message: Letters only\n")) == [
            "t.yaml:4:5: pattern_message needs a pattern"
        ])
    }

    @Test func choiceFieldsNeedChoices() {
        #expect(errorLines(form("  - name: a\n    type: choice\n")) == [
            "t.yaml:3:5: missing \"choices\": a choice field lists its choices (or fetches them with choices_from)"
        ])
        #expect(errorLines(form("  - name: a\n    type: multichoice\n    choices: []\n")) == [
            "t.yaml:5:14: choices must list at least one choice"
        ])
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices: Norway\n")) == [
            "t.yaml:5:14: choices must be a list, not \"Norway\""
        ])
    }

    @Test func duplicateChoices() {
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices: [NO, SE, NO]\n")) == [
            "t.yaml:5:23: duplicate choice \"NO\""
        ])
        #expect(errorLines(form("  - name: a\n    type: choice\n    choices: [Norway, norway]\n")) == [
            "t.yaml:5:23: choice \"norway\" differs from \"Norway\" only in case"
        ])
    }

    @Test func multichoiceChoicesCannotHoldCommas() {
        #expect(errorLines(form("  - name: a\n    type: multichoice\n    choices: [a, \"b, c\"]\n")) == [
            "t.yaml:5:18: choice \"b, c\" can't contain a comma: multichoice answers are comma-separated"
        ])
    }

    @Test func defaultBreakingItsFieldsRuleIsReportedWhereTheDefaultIsWritten() {
        let yaml = form("  - name: age\n    type: integer\n    min: 13\n    max: 120\n    default: 200\n")
        #expect(errorLines(yaml) == [
            "t.yaml:7:14: default \"200\" breaks the field's rule: Must be between 13 and 120"
        ])
        #expect(errorLines(form("  - name: e\n    type: email\n    default: nobody\n")) == [
            "t.yaml:5:14: default \"nobody\" breaks the field's rule: Enter a valid email address"
        ])
        #expect(errorLines(form("  - name: u\n    max_length: 3\n    default: abcd\n")) == [
            "t.yaml:5:14: default \"abcd\" breaks the field's rule: At most 3 characters (this has 4)"
        ])
        #expect(errorLines(form("  - name: d\n    type: date\n    default: 2023-02-29\n")) == [
            "t.yaml:5:14: default \"2023-02-29\" breaks the field's rule: 2023-02-29 is not a real date"
        ])
    }

    @Test func defaultChoiceIsWrittenByItsExactName() {
        #expect(errorLines(form("  - name: c\n    type: choice\n    choices: [Norway, Sweden]\n    default: nor\n")) == [
            "t.yaml:6:14: default \"nor\" is not one of the choices (did you mean \"Norway\"?)"
        ])
        #expect(errorLines(form("  - name: c\n    type: multichoice\n    choices: [a, b]\n    default: [a, c]\n")) == [
            "t.yaml:6:18: default \"c\" is not one of the choices"
        ])
    }

    @Test func secretHasNoDefault() {
        #expect(errorLines(form("  - name: p\n    type: secret\n    default: hunter2\n")) == [
            "t.yaml:5:5: a secret field can't have a default"
        ])
    }

    @Test func duplicateFieldNames() {
        #expect(errorLines(form("  - name: a\n  - name: b\n  - name: a\n")) == [
            "t.yaml:5:11: duplicate field name \"a\" (first on line 3)"
        ])
    }

    @Test func dottedNameCollisions() {
        #expect(errorLines(form("  - name: address\n  - name: address.city\n")) == [
            "t.yaml:4:11: field name \"address.city\" collides with \"address\" on line 3: a name can't hold both a value and nested fields"
        ])
        #expect(errorLines(form("  - name: address.city\n  - name: address\n")) == [
            "t.yaml:4:11: field name \"address\" collides with \"address.city\" on line 3: a name can't hold both a value and nested fields"
        ])
        #expect(errorLines(form("  - name: address.city\n  - name: addresses\n")) == [])
    }

    @Test func dottedNameWithAnEmptyPart() {
        #expect(errorLines(form("  - name: address..city\n")) == [
            "t.yaml:3:11: field name \"address..city\" has an empty part (dotted names nest: address.city)"
        ])
    }

    // MARK: Conditions

    @Test func whenNamingAMissingField() {
        #expect(errorLines(form("  - name: severity\n  - name: pager\n    when: {field: severty, equals: x}\n")) == [
            "t.yaml:5:19: when names unknown field \"severty\" (did you mean \"severity\"?)"
        ])
    }

    @Test func whenMustLookBack() {
        #expect(errorLines(form("  - name: a\n    when: {field: b, equals: x}\n  - name: b\n")) == [
            "t.yaml:4:19: when names \"b\", which is not before this field (a when may only look back)"
        ])
        #expect(errorLines(form("  - name: a\n    when: {field: a, filled: true}\n")) == [
            "t.yaml:4:19: when can't name its own field \"a\""
        ])
    }

    @Test func conditionShape() {
        #expect(errorLines(form("  - name: a\n  - name: b\n    when: {field: a}\n")) == [
            "t.yaml:5:11: a condition needs one of equals, not_equals, in or filled"
        ])
        #expect(errorLines(form("  - name: a\n  - name: b\n    when: {field: a, equals: x, in: [y]}\n")) == [
            "t.yaml:5:33: a condition takes only one of equals, not_equals, in or filled"
        ])
        #expect(errorLines(form("  - name: a\n  - name: b\n    when: {equals: x}\n")) == [
            "t.yaml:5:11: missing \"field\": the field this condition looks at"
        ])
        #expect(errorLines(form("  - name: a\n  - name: b\n    when: {field: a, equal: x}\n")) == [
            "t.yaml:5:11: a condition needs one of equals, not_equals, in or filled",
            "t.yaml:5:22: unknown key \"equal\" in a condition (did you mean \"equals\"?)",
        ])
        #expect(errorLines(form("  - name: a\n  - name: b\n    when: {field: a, filled: yes}\n")) == [
            "t.yaml:5:30: filled must be true or false, not \"yes\""
        ])
    }

    @Test func conditionValueMustBeAbleToMatch() {
        let choice = "  - name: s\n    type: choice\n    choices: [low, critical]\n"
        #expect(errorLines(form(choice + "  - name: p\n    when: {field: s, equals: crit}\n")) == [
            "t.yaml:7:30: equals \"crit\" is not one of the choices of \"s\""
        ])
        #expect(errorLines(form(choice + "  - name: p\n    when: {field: s, in: [low, critcal]}\n")) == [
            "t.yaml:7:32: in \"critcal\" is not one of the choices of \"s\" (did you mean \"critical\"?)"
        ])
        #expect(errorLines(form("  - name: n\n    type: integer\n  - name: p\n    when: {field: n, equals: many}\n")) == [
            "t.yaml:6:30: equals \"many\" can never match \"n\": Enter a whole number, like 42"
        ])
    }

    // MARK: Checks

    @Test func checkNamingMissingFields() {
        let yaml = form("  - name: password\n  - name: username\n", "checks:\n  - differ: [password, usernam]\n    field: pasword\n    message: m\n")
        #expect(errorLines(yaml) == [
            "t.yaml:6:24: check names unknown field \"usernam\" (did you mean \"username\"?)",
            "t.yaml:7:12: check names unknown field \"pasword\" (did you mean \"password\"?)",
        ])
    }

    @Test func unknownCheckKind() {
        let yaml = form("  - name: a\n  - name: b\n", "checks:\n  - diffr: [a, b]\n    field: a\n    message: m\n")
        #expect(errorLines(yaml) == ["t.yaml:6:5: unknown check kind \"diffr\" (did you mean \"differ\"?)"])
        let other = form("  - name: a\n  - name: b\n", "checks:\n  - unlike: [a, b]\n    field: a\n    message: m\n")
        #expect(errorLines(other) == ["t.yaml:6:5: unknown check kind \"unlike\" (use differ, same, before or not_after)"])
        let key = form("  - name: a\n  - name: b\n", "checks:\n  - same: [a, b]\n    field: a\n    mesage: m\n")
        #expect(errorLines(key) == [
            "t.yaml:6:5: missing \"message\": what the operator is told",
            "t.yaml:8:5: unknown key \"mesage\" in a check (did you mean \"message\"?)",
        ])
    }

    @Test func checkNamesTwoFields() {
        let yaml = form("  - name: a\n", "checks:\n  - same: [a]\n    field: a\n    message: m\n")
        #expect(errorLines(yaml) == ["t.yaml:5:11: same must name two fields, like [a, b], not 1"])
    }

    @Test func beforeNeedsOrderedTypes() {
        let yaml = form(
            "  - name: a\n  - name: b\n    type: date\n",
            "checks:\n  - before: [a, b]\n    field: b\n    message: m\n")
        #expect(errorLines(yaml) == ["t.yaml:7:14: before needs numbers, dates, times or datetimes: \"a\" is a text field"])
        let mixed = form(
            "  - name: a\n    type: integer\n  - name: b\n    type: date\n",
            "checks:\n  - before: [a, b]\n    field: b\n    message: m\n")
        #expect(errorLines(mixed) == ["t.yaml:8:17: before can't compare \"a\" (a number) with \"b\" (a date)"])
    }

    // MARK: Submit

    @Test func submitErrors() {
        let yaml = form(
            "  - name: a\n",
            "submit:\n  method: GET\n  path: api/x\n  errors: drff\n  aliases: { a_b: nope, c: a }\n  timeout: 3\n")
        #expect(errorLines(yaml) == [
            "t.yaml:5:11: submit method must be POST, PUT or PATCH, not \"GET\"",
            "t.yaml:6:9: submit path \"api/x\" must start with / and have no spaces",
            "t.yaml:7:11: unknown error dialect \"drff\" (did you mean \"drf\"?)",
            "t.yaml:8:19: alias names unknown field \"nope\"",
            "t.yaml:9:3: unknown key \"timeout\" in submit",
        ])
    }

    @Test func submitMethodSuggestsTheUppercaseSpelling() {
        #expect(errorLines(form("  - name: a\n", "submit:\n  method: post\n")) == [
            "t.yaml:5:11: submit method must be POST, PUT or PATCH, not \"post\" (did you mean \"POST\"?)"
        ])
        #expect(errorLines(form("  - name: a\n", "submit:\n  errors: json\n")) == [
            "t.yaml:5:11: unknown error dialect \"json\" (use auto, drf, laravel, rails, problem, jsonapi, fastapi, aspnet, list)"
        ])
    }

    // MARK: Fake

    @Test func fakeRejectNamingMissingFields() {
        let yaml = form(
            "  - name: username\n",
            "fake:\n  reject:\n    - when: { field: user, in: [admin] }\n      field: usernme\n      message: Taken\n")
        #expect(errorLines(yaml) == [
            "t.yaml:6:22: condition names unknown field \"user\"",
            "t.yaml:7:14: reject rule names unknown field \"usernme\" (did you mean \"username\"?)",
        ])
    }

    @Test func fakeRejectShape() {
        let yaml = form("  - name: a\n", "fake:\n  reject:\n    - code: x\n  accept: []\n")
        #expect(errorLines(yaml) == [
            "t.yaml:6:7: missing \"when\": the condition that rejects",
            "t.yaml:6:7: missing \"message\": the error the fake server sends",
            "t.yaml:7:3: unknown key \"accept\" in fake",
        ])
    }

    // MARK: Many at once

    @Test func everyErrorInOnePassInFileOrder() {
        let yaml = """
            id: t
            titel: T
            fields:
              - name: a
                type: emial
              - name: age
                type: integer
                min: 13
                max: 120
                default: 200
            submit:
              method: GET

            """
        #expect(errorLines(yaml) == [
            "t.yaml:2:1: unknown key \"titel\" in the form (did you mean \"title\"?)",
            "t.yaml:5:11: unknown field type \"emial\" (did you mean \"email\"?)",
            "t.yaml:10:14: default \"200\" breaks the field's rule: Must be between 13 and 120",
            "t.yaml:12:11: submit method must be POST, PUT or PATCH, not \"GET\"",
        ])
    }
}
