import FormCore
import FormFiles
import Testing

/// Lists and repeated groups as the loader reads them, and what it refuses (at FILE:LINE:COL).
@Suite struct ListLoaderTests {
    @Test func theGoodsReceiptExampleLoads() throws {
        let spec = try SampleFormTests.load("goods-receipt")
        let group = try #require(spec.group(named: "lines"))
        #expect(group.label == "Line")
        #expect(group.rule.minItems == 1 && group.rule.maxItems == 200)
        #expect(group.unique == ["sku", "lot"])
        #expect(spec.field(named: "lines.qty")?.group == "lines")
        #expect(spec.field(named: "serials")?.list?.unique == true)
        #expect(spec.field(named: "signed_by_driver")?.send == false)
        // The when inside the item names the same item's lot by its plain name.
        let damaged = spec.concreteFields(itemCounts: ["lines": 2]).first { $0.name == "lines.2.damaged" }
        #expect(damaged?.when == Condition(field: "lines.2.lot", test: .equals("DAMAGED")))
    }

    @Test func aListOfScalarsAndItsBounds() throws {
        let spec = try #require(loadedForm(form("""
              - name: vlans
                type: integer
                min: 1
                max: 4094
                list: { min_items: 1, max_items: 16, unique: true, total: { max: 9000 } }

            """)))
        let rule = try #require(spec.field(named: "vlans")?.list)
        #expect(rule == ListRule(minItems: 1, maxItems: 16, unique: true, totals: [ItemTotal(field: nil, maximum: DecimalText("9000"))]))
    }

    @Test func nonsenseIsRefusedWithItsPosition() {
        #expect(errorLines(form("""
              - group: lines
                fields:
                  - group: inner
                    fields: [{name: a}]

            """)) == ["t.yaml:5:9: a group can't hold another group (lists of lists are not supported): make it a group of its own"])
        #expect(errorLines(form("""
              - group: lines
                fields:
                  - {name: a, list: true}

            """)) == ["t.yaml:5:19: a field in a group can't be a list (lists of lists are not supported): make it a group of its own"])
        #expect(errorLines(form("""
              - group: lines
                max_items: 0
                unique: [skuu]
                fields: [{name: sku}]

            """)) == [
                "t.yaml:4:16: max_items must be at least 1",
                "t.yaml:5:14: unique names unknown field \"skuu\" of group \"lines\" (did you mean \"sku\"?)",
            ])
        #expect(errorLines(form("""
              - {name: tags, type: multichoice, choices: [a, b], list: true}
              - {name: n, type: integer, list: true, default: 3}

            """)) == [
                "t.yaml:3:54: a multichoice field already takes several values: it can't also be a list",
                "t.yaml:4:42: a list can't have a default (each item is typed; an empty one ends the list)",
            ])
        #expect(errorLines(form("""
              - group: lines
                fields: [{name: sku}]
              - {name: after, when: {field: lines.sku, equals: A}}

            """)) == ["t.yaml:5:33: when can't look inside the items of group \"lines\" from outside it (which item?)"])
        #expect(errorLines(form("""
              - {name: n, type: integer, list: true, carry: next}
              - group: lines
                fields: [{name: sku, distinct: true}]

            """)) == [
                "t.yaml:3:42: carry does not apply to a list",
                "t.yaml:5:21: carry and distinct do not apply inside a group (a run of records carries single values)",
            ])
        #expect(errorLines(form("""
              - group: lines
                total: {field: sku, max: 3}
                fields: [{name: sku}]

            """)) == ["t.yaml:4:12: total sums an integer or decimal field: \"sku\" is text"])
        // A placeholder naming no member shows as written on every item's line: `check` warns.
        func warnings(_ yaml: String) -> [String] { FormFileLoader.check(yaml: yaml, path: "t.yaml").warnings.map(\.description) }
        let unknown = form("""
              - group: lines
                label: "Line {n}: {skuu} x {qty}"
                fields: [{name: sku}, {name: qty, type: integer}]

            """)
        #expect(errorLines(unknown).isEmpty)
        #expect(warnings(unknown) == [
            "t.yaml:4:12: label names unknown field \"{skuu}\" of group \"lines\": it is shown as written; use {n} or a field of the group (did you mean \"sku\"?)"
        ])
        let braces = String(repeating: "{", count: 5000) + String(repeating: "}", count: 5000)
        let lines = warnings(form("""
              - group: lines
                label: "\(braces)"
                fields: [{name: sku}]

            """))
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { $0.count < 200 })
    }

    @Test func theTemplateShowsAGroupAsAYAMLListThatReadsBack() throws {
        let spec = try SampleFormTests.load("goods-receipt")
        let template = AnswersTemplate.render(spec)
        #expect(template.contains("lines:\n    # SKU (text): required;"))
        #expect(template.contains("\n  - sku:\n"))
        #expect(template.contains("# Serial numbers (text): may be empty; at most 50 items; items differ; a list: [one, value, per, item]"))
        let filled = template.replacingOccurrences(of: "  - sku:\n", with: "  - sku: ABC-1\n")
            .replacingOccurrences(of: "\nserials:\n", with: "\nserials: [S1, S2]\n")
        let answers = try AnswersFileReader.parse(bytes: Array(filled.utf8), path: "a.yaml").get()
        #expect(answers.contains { $0.path == "lines.1.sku" && $0.text == "ABC-1" })
        #expect(answers.contains { $0.path == "serials" && $0.items?.map(\.text) == ["S1", "S2"] })
    }

    @Test func aGroupWhoseFirstMemberIsASecretStillGivesATemplateThatReadsBack() throws {
        let spec = try #require(loadedForm(form("""
              - group: badges
                fields:
                  - { name: pin, label: PIN, type: secret, min_length: 4 }
                  - { name: holder, label: Holder, type: text }
              - group: keys
                fields:
                  - { name: code, label: Code, type: secret }

            """)))
        let template = AnswersTemplate.render(spec)
        // The secret is a comment; the item's `- ` goes to the first member with a value.
        #expect(template.contains("    # pin: a secret is never written into a template\n"), "\(template)")
        #expect(template.contains("\n  - holder:\n"), "\(template)")
        #expect(!template.contains("{}"))
        #expect(!template.contains("- pin") && !template.contains("\n    pin:") && !template.contains("- code"))
        // It reads back as it is (a group of nothing but secrets is no answer)...
        #expect(try AnswersFileReader.parse(bytes: Array(template.utf8), path: "a.yaml").get().isEmpty)
        // ...and filled in, as the group's items.
        let filled = template.replacingOccurrences(of: "  - holder:\n", with: "  - holder: Ada\n  - holder: Bob\n")
        let answers = try AnswersFileReader.parse(bytes: Array(filled.utf8), path: "a.yaml").get()
        #expect(answers.map(\.path) == ["badges.1.holder", "badges.2.holder"])
        #expect(answers.map(\.text) == ["Ada", "Bob"])
    }

    /// Checks naming fields inside items: what loads (two members of one item; a member and a
    /// field before the group) and each refusal, word for word at its position.
    @Test func checksOnFieldsInsideItems() throws {
        let fields = """
              - {name: received, type: date}
              - group: lines
                fields: [{name: made, type: date}, {name: expires, type: date}]
              - group: boxes
                fields: [{name: sealed, type: date}]
              - {name: vlans, type: integer, list: true}

            """
        let loaded = try #require(loadedForm(form(fields, """
            checks:
              - before: [lines.made, lines.expires]
                field: lines.expires
                message: Expires after made
              - not_after: [lines.made, received]
                field: lines.made
                message: Made by the receipt

            """)))
        #expect(loaded.checks.map(\.field) == ["lines.expires", "lines.made"])
        #expect(loaded.concreteChecks(itemCounts: ["lines": 2]).map(\.field) == ["lines.1.expires", "lines.2.expires", "lines.1.made", "lines.2.made"])
        #expect(errorLines(form(fields, """
            checks:
              - before: [lines.made, boxes.sealed]
                field: lines.made
                message: m

            """)) == ["t.yaml:10:14: a check can't compare fields of two groups (boxes, lines)"])
        #expect(errorLines(form(fields, """
            checks:
              - differ: [vlans, received]
                field: received
                message: m

            """)) == ["t.yaml:10:14: a check can't compare the list \"vlans\": use its unique or total"])
        #expect(errorLines(form(fields, """
            checks:
              - before: [lines.made, received]
                field: received
                message: m

            """)) == ["t.yaml:11:12: a check on a group's fields lands on one of them: field \"received\" is outside the group"])
    }
}
