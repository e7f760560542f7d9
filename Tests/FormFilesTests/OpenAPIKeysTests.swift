import FormCore
import FormFiles
import Testing

/// The form-file keys issue 21 added: `uri`/`uuid` types, `exclusive_min`/`exclusive_max`,
/// `nullable`, and `{field}` placeholders in `submit.path`.
@Suite struct OpenAPIKeysTests {
    @Test func theNewKeysLoad() throws {
        let spec = try #require(loadedForm("""
            id: o
            fields:
              - name: id
                type: uuid
              - name: home
                type: uri
                max_length: 100
              - name: price
                type: decimal
                exclusive_min: 0
                max: 10
              - name: nick
                required: false
                nullable: true
            submit: { method: PUT, path: "/things/{id}" }
            """))
        #expect(spec.fields.map(\.type) == [.uuid, .uri, .decimal, .text])
        #expect(spec.fields[1].maxLength == 100)
        #expect(spec.fields[2].minNumber == DecimalText("0") && spec.fields[2].minimumIsExclusive && !spec.fields[2].maximumIsExclusive)
        #expect(spec.fields[3].sendsNullWhenEmpty)
        #expect(spec.submit.pathFieldNames == ["id"])
    }

    @Test func mistakesWithTheNewKeys() {
        #expect(errorLines("""
            id: o
            fields:
              - name: a
                type: decimal
                min: 1
                exclusive_min: 0
              - name: b
                type: integer
                exclusive_min: 5
                exclusive_max: 5
              - name: c
                nullable: true
              - name: d
                exclusive_max: 3
              - name: e
                required: false
            submit: { path: "/x/{e}/{nope}" }
            """) == [
            "t.yaml:6:5: exclusive_min and min can't both be given: keep one",
            "t.yaml:9:20: exclusive_min 5 and exclusive_max 5 leave no value between them",
            "t.yaml:12:5: nullable applies to optional fields (add required: false): an empty answer then sends null",
            "t.yaml:14:5: exclusive_max does not apply to text fields (use min_length and max_length)",
            "t.yaml:17:17: submit path names \"e\", which must be a required single-value field with no when (its value is a path segment)",
            "t.yaml:17:17: submit path names unknown field \"nope\"",
        ])
    }
}
