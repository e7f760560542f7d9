import FormCore
import Testing
import SeededRandom

/// `Payload.build` and the JSON it produces.
@Suite struct PayloadTests {
    let fields = [
        Field(name: "username"),
        Field(name: "age", type: .integer, required: false),
        Field(name: "weight", type: .decimal),
        Field(name: "born", type: .date),
        Field(name: "newsletter", type: .boolean),
        Field(name: "handling", type: .multichoice, choices: ["fragile", "hazardous"]),
        Field(name: "notes", type: .multiline),
        Field(name: "address.city"),
        Field(name: "address.geo.lat", type: .decimal),
        Field(name: "password", type: .secret),
    ]

    @Test func everyTypeEncodes() throws {
        func value(_ name: String, _ input: String) throws -> FieldValue {
            let field = try #require(fields.first { $0.name == name })
            return try field.parse(input).get()
        }
        let values: [String: FieldValue] = [
            "username": try value("username", "admin"),
            "age": try value("age", "+034"),
            "weight": try value("weight", "12.50"),
            "born": try value("born", "2024-02-29"),
            "newsletter": try value("newsletter", "no"),
            "handling": try value("handling", "haz, fra"),
            "notes": try value("notes", "one\n\"two\""),
            "address.city": try value("address.city", "Tromsø"),
            "address.geo.lat": try value("address.geo.lat", "69.6496"),
            "password": try value("password", "s3cret!!"),
        ]
        let json = Payload.build(fields: fields, values: values).compactText
        #expect(json == #"{"address":{"city":"Tromsø","geo":{"lat":69.6496}},"age":34,"born":"2024-02-29","handling":["fragile","hazardous"],"newsletter":false,"notes":"one\n\"two\"","password":"s3cret!!","username":"admin","weight":12.50}"#)
    }

    @Test func fieldsWithoutAValueAreLeftOut() {
        // Hidden and skipped fields are simply not in `values`.
        let json = Payload.build(fields: fields, values: ["username": .text("a"), "address.city": .text("Oslo")]).compactText
        #expect(json == #"{"address":{"city":"Oslo"},"username":"a"}"#)
        #expect(Payload.build(fields: fields, values: [:]).compactText == "{}")
    }

    @Test func valuesForUnknownFieldsAreIgnored() {
        let json = Payload.build(fields: [Field(name: "a")], values: ["a": .text("1"), "b": .text("2")]).compactText
        #expect(json == #"{"a":"1"}"#)
    }

    @Test func transformReplacesSecrets() {
        let json = Payload.build(
            fields: fields, values: ["username": .text("a"), "password": .text("hunter2")],
            transform: { field, value in field.isSecret ? .string("[\(field.name)]") : value.json }
        ).compactText
        #expect(json == #"{"password":"[password]","username":"a"}"#)
    }

    @Test("items: arrays in item order, members with dotted names, an empty item as {}, nullable members, a dotted list name")
    func itemsBuildArrays() {
        var members = [
            Field(name: "order.lines.sku"),
            Field(name: "order.lines.size.width", type: .integer),
            Field(name: "order.lines.note", required: false),
        ]
        members[2].sendsNullWhenEmpty = true
        for i in members.indices { members[i].group = "order.lines" }
        var tags = Field(name: "tags", type: .integer)
        tags.list = ListRule()
        var helper = Field(name: "order.checked", type: .boolean)
        helper.send = false
        let spec = FormSpec(
            id: "p", title: "P", fields: [Field(name: "order.ref")] + members + [tags, helper],
            groups: [RepeatGroup(name: "order.lines", label: "Line", rule: ListRule())])
        let fields = spec.concreteFields(itemCounts: ["order.lines": 3, "tags": 2])
        let values: [String: FieldValue] = [
            "order.ref": .text("R1"),
            "order.lines.1.sku": .text("A"), "order.lines.1.size.width": .number("2"),
            "order.lines.3.sku": .text("C"), "order.lines.3.note": .text("n"),
            "tags.1": .number("7"), "tags.2": .number("8"),
            "order.checked": .boolean(true),
        ]
        let json = Payload.build(fields: fields, values: values, emptyLists: ["empty"]).compactText
        #expect(json == #"{"empty":[],"order":{"lines":[{"note":null,"size":{"width":2},"sku":"A"},{"note":null},{"note":"n","sku":"C"}],"ref":"R1"},"tags":[7,8]}"#)
    }

    @Test func emptyMultichoiceIsAnEmptyArray() {
        #expect(Payload.build(fields: fields, values: ["handling": .list([])]).compactText == #"{"handling":[]}"#)
    }

    @Test func compactTextEscapesAndSortsByBytes() {
        let value = JSONValue.object([
            "b": .string("tab\there\u{1}\u{2028}"), "B": .null, "a": .array([.bool(true), .number("-0.5")]),
        ])
        #expect(value.compactText == #"{"B":null,"a":[true,-0.5],"b":"tab\there\u0001\u2028"}"#)
    }

    @Test func jsonParsesBackWithNumbersAsText() throws {
        let parsed = try #require(JSONValue.parse(#"{"id": 1, "x": [1.5, "s", null, false], "o": {"k": "v"}}"#))
        #expect(parsed["id"] == .number("1"))
        #expect(parsed["x"]?.arrayValue?.count == 4)
        #expect(parsed.value(atDottedPath: "o.k")?.stringValue == "v")
        #expect(JSONValue.parse("{not json") == nil)
    }

    @Test("replacing withheld values in a built payload gives what a build with a transform gives, over generated forms")
    func replacingMatchesATransformedBuild() {
        var random = SplitMix64(seed: 0x5EC2E7)
        for _ in 0..<400 {
            func chance(_ inSix: UInt64) -> Bool { random.next() % 6 < inSix }
            var declared: [Field] = []
            for (n, name) in ["a", "b.c", "b.d", "e.f.g", "lines.sku", "lines.size.width", "tags"].enumerated() {
                var field = Field(name: name, type: n == 1 ? .secret : .text)
                if name.hasPrefix("lines.") { field.group = "lines" }
                if name == "tags" { field.list = ListRule() }
                field.isPrivate = chance(2)
                field.send = !chance(1)
                field.sendsNullWhenEmpty = chance(1)
                declared.append(field)
            }
            let spec = FormSpec(id: "p", title: "P", fields: declared,
                                groups: [RepeatGroup(name: "lines", label: "Line", rule: ListRule())])
            let fields = spec.concreteFields(itemCounts: ["lines": Int(random.next() % 3), "tags": Int(random.next() % 3)])
            var values: [String: FieldValue] = [:]
            for field in fields where chance(4) { values[field.name] = .text("v-\(field.name)") }
            let emptyLists = chance(1) ? ["none"] : []
            let payload = Payload.build(fields: fields, values: values, emptyLists: emptyLists)
            let transformed = Payload.build(fields: fields, values: values, emptyLists: emptyLists) { field, value in
                field.isWithheld ? .string("[\(field.name)]") : value.json
            }
            let replaced = Payload.replacing(in: payload, fields: fields.filter(\.isWithheld), values: values) {
                .string("[\($0.name)]")
            }
            #expect(replaced == transformed, "\(payload.compactText)")
        }
    }
}
